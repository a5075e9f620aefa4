"""On the supplier's own document, our order as it names it: the buyer's order in more
languages ('Pirkėjo užsakymo Nr.', 'Vevői rendelés száma', 'Xaridor buyurtmasi'), 'V/
Requisição', the client's order ('Comanda client', 'O.C. cliente'), and its value with a
number's mark before it or its date after a comma, a space or Slovene's 'z dne', the year's
word after it ('29.07.2026 y.'). Each page is made up here."""

from __future__ import annotations

import pytest

from app.extract.engine import _reference_alone
from tests.test_extract_rotation_8 import BUYER, read
from tests.test_extract_second_reading_7 import TABLE


def _page(title: str, label: str, value: str) -> str:
    return f"""\
Velmor Trading (Pty) Ltd
Industrial Road 12, Velmor
{title}                               No   SO-26-0713
Customer:  {BUYER}
{label}   {value}
{TABLE}"""


@pytest.mark.parametrize(
    "title, label, value, number",
    [
        ("TELLIMUSE KINNITUS", "Teie tellimus", "T2026/0183, 27.04.2026", "T2026/0183"),
        ("ORDER CONFIRMATION", "Vaše naročilo", "NAR-955/26 z dne 12. 9. 2026", "NAR-955/26"),
        (
            "ORDER CONFIRMATION",
            "Sizning buyurtmangiz:",
            "MCU-PO-26/0428, 29.07.2026 y.",
            "MCU-PO-26/0428",
        ),
        (
            "ORDER CONFIRMATION",
            "Xaridor buyurtmasi:",
            "No MCU-B-26/979   22.10.2026 y.",
            "MCU-B-26/979",
        ),
        ("UŽSAKYMO PATVIRTINIMAS", "Pirkėjo užsakymo Nr.", "MS-26/0432", "MS-26/0432"),
        ("VISSZAIGAZOLÁS", "Vevői rendelés száma:", "MEK-2679/068", "MEK-2679/068"),
        ("FACTURA PRÓ-FORMA", "V/ Requisição:", "NE-BGL/2026/0595", "NE-BGL/2026/0595"),
        ("CONFIRMARE DE COMANDA", "Comanda client:", "nr. MC419/26 din 21.09.2026", "MC419/26"),
        ("PEDIDO DE VENTA", "O.C. cliente", "OC-6604", "OC-6604"),
    ],
)
def test_our_order_as_the_suppliers_document_names_it(title, label, value, number):
    assert read(_page(title, label, value))["po_number"] == number


@pytest.mark.parametrize(
    "text, reference",
    [
        ("T2026/0183, 27.04.2026", "T2026/0183"),
        ("NAR-955/26 z dne 12. 9. 2026", "NAR-955/26"),
        ("No MCU-B-26/979 22.10.2026 y.", "MCU-B-26/979"),
        ("nr. MC419/26 din 21.09.2026", "MC419/26"),
        ("MCL-26-0773 vom 09.10.2026", "MCL-26-0773"),
        # what follows it is no date: a sentence, or another label's value
        ("MC-4387 12 pallets", None),
        ("No 5 pallets as quoted", None),
        ("T2026/0183, see our note", None),
    ],
)
def test_a_reference_alone_with_its_mark_and_its_date(text, reference):
    assert _reference_alone(text, lambda date: "2026-01-01") == reference


def test_a_business_systems_buyers_order_titling_the_suppliers_own_document_is_not_ours():
    # 'Xaridor buyurtmasi' (the buyer's order) is how such systems title the supplier's own
    # sales order: its number is theirs, and ours is under 'Sizning buyurtmangiz'
    page = f"""\
Velmor Savdo MChJ
Xaridor buyurtmasi No 124 12.05.2026 y.
Xaridor:  {BUYER}
Sizning buyurtmangiz:   MC-44120
{TABLE}"""
    payload = read(page)
    assert payload["po_number"] == "MC-44120"
