"""A number after a number marker that follows the purchase order's title, with no label the
engine knows naming it, is our order's only on a page our own company heads: a document's
own number is its issuer's, and a supplier's 'SALES ORDER No.' or 'CONFIRMATION DE
COMMANDE N°' numbers the supplier's own document. Rule `number_after_our_title`; what it
finds is flagged. With it, purchase orders' titles and number marks in more languages.
Each page is made up here."""

from __future__ import annotations

import pytest

from app.extract import unlabelled
from app.extract.layout import text_lines
from tests.test_extract_rotation_8 import BUYER, after_title, flagged, read
from tests.test_extract_second_reading_7 import TABLE

OURS = "MERIDIAN CONSTRUCTION (PTY) LTD"
# the marker and its number under the title, at the page's right
MARKED = f"""\
{OURS}                        BON DE COMMANDE
Route de Delmas, Delmas 48, no 12                      N°   BC-26-04766
Port-au-Prince, Haïti
Tél. +509 2816-4400                                    Date : 30/10/2026

FOURNISSEUR                               LIVRAISON
Velmor Trading (Pty) Ltd                  Chantier PAP-05 - Centre de santé
{TABLE}"""
# a row of heads under the title, the number's first, each value under its head
HEADS = f"""\
{OURS}        BON DE COMMANDE
SAS au capital de 250 000 €            Numéro        Date          Code fournisseur
ZI de Collery, 14 rue des Ébénistes    BC2606-0434   07/11/2026    401LARIV
97300 Cayenne

Velmor Trading (Pty) Ltd
{TABLE}"""

# our order's own head under the title, its value under it
OWN_HEAD = f"""\
{OURS}                         PURCHASE ORDER
Rail Division · Pride Park House, Derby DE24 8HY        PO Number
                                                        RPO-124691
PO Date  2026-11-14

Velmor Trading (Pty) Ltd
{TABLE}"""


def _by_rule(payload: dict) -> bool:
    return "number_after_our_title" in (payload["source"].get("po_number") or "")


@pytest.mark.parametrize("page, number", [(MARKED, "BC-26-04766"), (HEADS, "BC2606-0434")])
def test_on_our_own_page_the_number_after_the_orders_title_is_read_flagged(page, number):
    payload = read(page)
    assert payload["po_number"] == number
    assert _by_rule(payload)
    assert flagged(payload, "po_number")


@pytest.mark.parametrize(
    "supplier, customer",
    [
        # our name under a label: a customer block
        ("Velmor Trading", f"Client : {BUYER}"),
        # our name under the supplier's letterhead
        ("Velmor Trading (Pty) Ltd", BUYER),
    ],
)
def test_a_suppliers_own_number_after_its_title_is_not_ours(supplier, customer):
    page = MARKED.replace(OURS, supplier).replace("Port-au-Prince, Haïti", customer)
    payload = read(page)
    assert payload["po_number"] != "BC-26-04766"
    assert not _by_rule(payload)


def test_a_head_naming_another_documents_number_under_the_title_is_not_ours():
    page = f"""\
{OURS}                     PURCHASE ORDER
14 Dock Road, Cape Town                             Quotation No.     Date
Tel 021 555 0101                                    Q-7781            30/10/2026
Supplier: Velmor Trading (Pty) Ltd
Site CP09
{TABLE}"""
    assert read(page)["po_number"] != "Q-7781"


def test_our_orders_own_head_under_the_title_is_no_other_documents():
    # 'PO Number' under the title names our order's number, not another document's
    assert after_title(OWN_HEAD) == "RPO-124691"
    assert after_title(OWN_HEAD.replace("PO Number", "Quotation No.")) is None


def test_a_house_number_above_a_title_alone_on_its_line_is_not_the_orders():
    page = f"""\
{OURS}
No 14      Jalan Ampang, 50450 Kuala Lumpur
                       PESANAN PEMBELIAN
Supplier: Velmor Trading (Pty) Ltd
{TABLE}"""
    assert read(page)["po_number"] != "14"


def test_our_untitled_order_keeps_its_own_number_under_a_group_name():
    # the stricter test of our own page is the new rule's alone: on our untitled order under
    # our group's name, 'Order No.' is still ours and the client's 'PO Number' is not
    page = f"""\
Meridian Group Holdings Ltd
{BUYER}                                  Order No.    MC-44120
14 Dock Road, Cape Town                              Date         10/11/2026
                                                     PO Number    WC-PO-7781
Supplier: Velmor Trading (Pty) Ltd
Site CP09
{TABLE}"""
    assert read(page)["po_number"] == "MC-44120"


@pytest.mark.parametrize(
    "head, ours",
    [
        (f"{BUYER}    PURCHASE ORDER", True),
        (f"M    {BUYER}", True),  # a logo's letter before our name
        (f"{BUYER}: Purchasing Department", True),  # our name before a colon is still ours
        (f"Velmor Trading (Pty) Ltd    BON DE COMMANDE\n{BUYER}", False),
        (f"Velmor Trading    BON DE COMMANDE\nDelivery to: {BUYER}", False),
        (f"VELMOR TRADING    BON DE COMMANDE\nBill To\n{BUYER}", False),
        (f"{BUYER}    SALES ORDER", False),  # the supplier's own document, by its title
    ],
)
def test_our_own_page_only_under_our_letterhead(head, ours):
    assert unlabelled.ours_alone(text_lines(head), (BUYER,)) is ours


@pytest.mark.parametrize(
    "head, number",
    [
        # Serbian's order form, 'бр.' (broj) run on in the title's cell
        ("                 НАРУЏБЕНИЦА бр. 537/2026\n", "537/2026"),
        # Czech's order, 'č.' (číslo)
        ("OBJEDNÁVKA  č. OV26-0161\n", "OV26-0161"),
        # Vietnamese's purchase order over 'Số:' (number)
        (
            "                 ĐƠN ĐẶT HÀNG\n                 Số: 0842/2026/ĐĐH-MRD\n",
            "0842/2026/ĐĐH-MRD",
        ),
        # Maltese's purchase order over 'Nru.'
        ("                 ORDNI TA' XIRI\n                 Nru. OX/26/431\n", "OX/26/431"),
        # Tagalog's purchase order, 'Blg.:' (bilang) beside it on the next line
        (
            "                 KAUTUSAN SA PAGBILI\n                 Blg.:  BTG-26-0927\n",
            "BTG-26-0927",
        ),
    ],
)
def test_titles_and_number_marks_in_more_languages(head, number):
    page = f"""\
{BUYER}
{head}
Supplier: Velmor Trading (Pty) Ltd
Datum / Date: 12/05/2026
{TABLE}"""
    payload = read(page)
    assert payload["po_number"] == number
    assert flagged(payload, "po_number")
