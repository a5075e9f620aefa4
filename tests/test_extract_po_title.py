"""A page titled our purchase order ('ORDEN DE COMPRA', 'OBJEDNÁVKA', 'BESTELBON') that no
other company heads is our order, whoever heads it: our group's company abroad, under a name
the office's buyer names do not give; a public body that buys; or nobody, the title first.
The number after its title is the order's, read flagged (rule `number_after_po_title`). A
supplier's letterhead over the same title, or the supplier's own document's title, is not.
Each page is made up here."""

from __future__ import annotations

import pytest

from app.extract import unlabelled
from app.extract.layout import text_lines
from tests.test_extract_rotation_8 import BUYER, OFFICE, flagged, read
from tests.test_extract_second_reading_7 import TABLE

# our group's company abroad, not a name the office's buyer names give
GROUP = f"""\
MERIDIAN CONSTRUCCIONES EL SALVADOR, S.A. DE C.V.        ORDEN DE COMPRA
NIT 0614-150319-102-4   NRC 284512-7                     No.   OC-01207
Calle La Mascota No. 533, San Salvador                   Fecha   27/03/2026
PROVEEDOR
Velmor Trading (Pty) Ltd
{TABLE}"""
# a public body that buys, its name no company's
PUBLIC = f"""\
VILLE DE MONT-CLAIRVAL                                   BON DE COMMANDE
Service de l'approvisionnement                           No   BC260173
1200, boulevard des Érables, Mont-Clairval               Date   2026-03-08
FOURNISSEUR
Velmor Trading (Pty) Ltd
{TABLE}"""
# the title first, our name under a party's label below it
TITLE_FIRST = f"""\
OBJEDNÁVKA          č. OBJ-2026/0975          Strana 1/1
Odberateľ:                                 Dodávateľ:
MERIDIAN STAVBY s.r.o.                     Velmor Trading (Pty) Ltd
Mlynské nivy 48, Bratislava                Priemyselná 12
{TABLE}"""


def _by_rule(payload: dict) -> bool:
    return "number_after_po_title" in (payload["source"].get("po_number") or "")


@pytest.mark.parametrize(
    "page, number",
    [(GROUP, "OC-01207"), (PUBLIC, "BC260173"), (TITLE_FIRST, "OBJ-2026/0975")],
)
def test_the_number_after_our_orders_title_is_read_flagged(page, number):
    payload = read(page)
    assert payload["po_number"] == number
    assert _by_rule(payload)
    assert flagged(payload, "po_number")


@pytest.mark.parametrize(
    "head",
    [
        # a supplier's letterhead, by its legal form, over a title an order may have
        "DISTRIBUIDORA FERRETERA CARABOBO, C.A.                   PEDIDO",
        # one of the office's suppliers heads it, with no legal form printed
        "VELMOR TRADING                                           ORDEN DE COMPRA",
    ],
)
def test_under_another_companys_letterhead_the_number_after_the_title_is_not_ours(head):
    page = f"""\
{head}
Zona Industrial Norte, Valencia                          No.   00073041
Cliente: {BUYER}
{TABLE}"""
    payload = read(page)
    assert payload["po_number"] != "00073041"
    assert not _by_rule(payload)


def test_the_suppliers_own_documents_title_is_no_order_of_ours():
    page = f"""\
CONFIRMACIÓN DE PEDIDO                                   No.   CP-26-0412
Cliente: {BUYER}
Velmor Trading (Pty) Ltd
{TABLE}"""
    payload = read(page)
    assert payload["po_number"] != "CP-26-0412"
    assert not _by_rule(payload)


@pytest.mark.parametrize(
    "head, ours",
    [
        (GROUP, True),
        (PUBLIC, True),
        (TITLE_FIRST, True),
        # a page with no title naming an order
        ("MERIDIAN CONSTRUCCIONES EL SALVADOR, S.A. DE C.V.\nNo. OC-01207", False),
        # another company's, though it starts with a word any company's name may
        ("Construction Supplies (Pty) Ltd    ORDEN DE COMPRA\nNo. OC-01207", False),
        # another company's, its tax number after a colon in its letterhead's cell
        ("HIERROS DEL VALLE S.A.S. NIT: 900123456-1    ORDEN DE COMPRA\nNo. OC-01207", False),
        # Spanish's 'PEDIDO' alone titles a supplier's sales order as often as our order
        ("FERRETERIA LOPEZ    PEDIDO\nNo. PV-20931", False),
        # a page naming our order as a supplier's document names it ('Su pedido') is theirs
        ("ORDEN DE COMPRA    No. OC-01207\nSu pedido:  MC-44120", False),
    ],
)
def test_a_page_titled_our_order_that_no_other_company_heads(head, ours):
    lines = text_lines(head)
    assert unlabelled.titled_ours(lines, (BUYER,), OFFICE["supplier_names"]) is ours


# the title's number run on in its cell, our group's company abroad over it
JOINED = f"""\
MERIDIAN ENTREPRISE ApS                                  Side 1 af 1
Købsordre 106262
Dato   27.03.2026
Leverandør:
Velmor Trading (Pty) Ltd
{TABLE}"""
# the title's number in the series its initials name, nobody's letterhead over it
SERIES = f"""\
Nota de Encomenda NE 2026/0747                           Página 1
Data   27/03/2026
Fornecedor:
Velmor Trading (Pty) Ltd
{TABLE}"""


@pytest.mark.parametrize("page, number", [(JOINED, "106262"), (SERIES, "NE 2026/0747")])
def test_our_orders_title_with_its_number_run_on_is_our_title(page, number):
    payload = read(page)
    assert payload["po_number"] == number
    assert _by_rule(payload)
    assert flagged(payload, "po_number")


@pytest.mark.parametrize(
    "head, ours",
    [
        ("Købsordre 106262\nDato 27.03.2026", True),
        ("Nota de Encomenda NE 2026/0747\nData 27/03/2026", True),
        # Spanish's 'PEDIDO' alone, its number run on: as often a supplier's sales order
        ("Pedido 20931\nFecha 27/03/2026", False),
        # the supplier's own document's title, its number run on
        ("Sales Order 106262\nDate 27/03/2026", False),
        # under another company's letterhead
        ("Construction Supplies (Pty) Ltd\nKøbsordre 106262", False),
    ],
)
def test_a_title_with_its_number_run_on(head, ours):
    lines = text_lines(head)
    assert unlabelled.titled_ours(lines, (BUYER,), OFFICE["supplier_names"]) is ours
