"""What a second reading of the change for the made-up pages' silent errors found it reading
worse, each on a page made up here and each kept right: a product's 'or approved equivalent'
and a currency's label beside an exchange rate keep their money; feet ('20 Ft', '1,000 Ft
reel') are no forints; a store's number stays in its name; a bearing's 'NTN' and a maker named
under the head place the page in no country; a deposit charged or asked for is no deposit
paid; a date set to its label's right edge is the label's; a carrier under its label is no
supplier."""

from __future__ import annotations

import pytest

from tests.test_extract_rotation_8 import BUYER, flagged, read

_FOOT = """\
                                         Subtotal              800.00
                                         VAT 15%               120.00
                                         Total                 920.00"""
_PLY = "PLY-18    Plywood 18 mm                20 sheet    40.00     800.00"


def _order(lines: str, foot: str = _FOOT, supplier: str = "Algoa Timber (Pty) Ltd") -> str:
    return f"""\
{BUYER}                           PURCHASE ORDER
14 Marine Drive, Paarden Eiland                 PO Number:    4500012345
Cape Town 7405                                  Date:         12/03/2026
Supplier:   {supplier}
Item      Description                   Qty Unit   Unit price     Amount
{lines}
{foot}
"""


@pytest.mark.parametrize(
    "line",
    [
        "DPC-375   DPC 375 mm or approved equivalent   20 roll   € 40.00   € 800.00",
        f"{_PLY}\nCurrency: EUR          Exchange rate: 20.1234",
    ],
)
def test_the_orders_money_is_kept_beside_an_equivalent_or_a_rate(line):
    assert read(_order(line))["currency"] == "EUR"


@pytest.mark.parametrize(
    "line",
    [
        "HIRE-20   Container hire 20 Ft 1.50 m door   1 ea    800.00     800.00",
        "CBL-25    Cable THHN 2.5mm 1,000 Ft reel     1 reel  800.00     800.00",
        "BRG-62    NTN bearing 6205-2RS               20 ea    40.00     800.00",
    ],
)
def test_a_rand_order_with_bare_amounts_stays_the_offices_own(line):
    payload = read(_order(line))
    assert payload["currency"] == "ZAR" and not flagged(payload, "currency")


def test_a_maker_named_under_the_head_places_the_page_in_no_country():
    line = f"{_PLY}\nManufacturer: Jotun Paints (Malaysia) Sdn Bhd - approved brand"
    assert read(_order(line))["currency"] == "ZAR"


def test_a_stores_number_stays_in_its_name():
    assert read(_order(_PLY, supplier="Build It #1024"))["supplier_name"] == "Build It #1024"


@pytest.mark.parametrize(
    "charge, total",
    [
        ("Pallet deposit (2 @ 150.00)    300.00", "1220.00"),
        ("Prepayment required - 50%", "920.00"),
    ],
)
def test_a_deposit_charged_or_asked_for_leaves_the_total_due(charge, total):
    foot = _FOOT.replace("Total                 920.00", f"{charge}\n{' ' * 41}Total due  {total}")
    assert read(_order(_PLY, foot))["total"] == total


def test_a_carrier_under_its_label_is_no_supplier():
    page = f"""\
Ship via: DSV Road (Pty) Ltd
                          SALES ORDER
Your order no.:  PO-26-41008             Date:  13/01/2026
Item      Description                   Qty Unit   Unit price     Amount
{_PLY}
{_FOOT}
"""
    assert read(page)["supplier_name"] != "DSV Road (Pty) Ltd"


def test_a_date_set_to_its_labels_right_edge_under_it_is_the_labels():
    page = f"""\
{BUYER}                           PURCHASE ORDER
                                                                  Order date
PO Number:    4500012345                           Wednesday, 15 July 2026
Supplier:   Algoa Timber (Pty) Ltd
Item      Description                   Qty Unit   Unit price     Amount
{_PLY}
{_FOOT}
"""
    assert read(page)["po_date"] == "2026-07-15"
