"""On our own order, with no label naming a PO, the reference under a label naming the
document's own number ('Document number', Croatian's 'Broj dokumenta', Turkish's 'Fiş No') is
the order's, read flagged (rule `number_under_documents_label`); on a supplier's document
it is the supplier's own and is not taken. Each page is made up here."""

from __future__ import annotations

import pytest

from tests.test_extract_rotation_8 import BUYER, flagged, read
from tests.test_extract_second_reading_7 import TABLE


def _by_rule(payload: dict) -> bool:
    return "number_under_documents_label" in (payload["source"].get("po_number") or "")


@pytest.mark.parametrize(
    "head, label, number",
    [
        (f"{BUYER}                          PURCHASE ORDER", "Document number", "DOC-72037"),
        # our group's company in Croatia, its order to a supplier
        (
            "MERIDIAN GRADNJA d.o.o.            NARUDŽBA DOBAVLJAČU",
            "Broj dokumenta:",
            "2610-001894",
        ),
        # our group's company in Turkey, its purchase order
        ("MERİDİAN İNŞAAT LTD. ŞTİ.          SATINALMA SİPARİŞİ", "Belge No", "SAS-2026-000918"),
    ],
)
def test_on_our_own_order_the_documents_number_is_the_orders_flagged(head, label, number):
    page = f"""\
{head}
14 Dock Road, Cape Town
{label}   {number}          Date   10/11/2026
Supplier: Velmor Trading (Pty) Ltd
Site CP09
{TABLE}"""
    payload = read(page)
    assert payload["po_number"] == number
    assert _by_rule(payload)
    assert flagged(payload, "po_number")


def test_on_the_suppliers_document_its_documents_number_is_its_own():
    page = f"""\
Velmor Trading (Pty) Ltd                    ORDER CONFIRMATION
Industrial Road 12, Velmor
Document number   SO-55120        Date   10/11/2026
Customer: {BUYER}
{TABLE}"""
    payload = read(page)
    assert payload["po_number"] != "SO-55120"
    assert not _by_rule(payload)


def test_an_amount_under_the_label_is_no_number():
    page = f"""\
{BUYER}                          PURCHASE ORDER
14 Dock Road, Cape Town
Document number   51 094,00       Date   10/11/2026
Supplier: Velmor Trading (Pty) Ltd
{TABLE}"""
    payload = read(page)
    assert payload["po_number"] not in ("51", "51 094,00", "094,00")
    assert not _by_rule(payload)


def test_a_forms_own_control_number_with_its_revision_is_not_the_orders():
    page = f"""\
{BUYER}                          PURCHASE ORDER
Doc. No.   QF-PUR-001       Rev 02       Page 1 of 1
14 Dock Road, Cape Town
Supplier: Velmor Trading (Pty) Ltd
{TABLE}"""
    payload = read(page)
    assert payload["po_number"] != "QF-PUR-001"
    assert not _by_rule(payload)
