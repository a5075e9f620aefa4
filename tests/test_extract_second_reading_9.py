"""Orders a second reading of rotation 9's rules made up to break them, each read as it was
before those rules: a contact person under a supplier's label whose name in capitals stands
beside it, a first name before a date with points, a supplier named 'Euro', a label in two
parts with another label close beside it, a client's or customer's reference on our own
order or our account on the supplier's, and the date of the supplier's quote. Each page is
made up here."""

from __future__ import annotations

import pytest

from app.extract import engine
from tests.test_extract_second_reading_7 import TABLE

BUYER = "Meridian Construction (Pty) Ltd"
OFFICE = {
    "buyer_names": (BUYER,),
    "site_codes": ("CP09", "DBN07"),
    "supplier_names": ("Velmor Trading (Pty) Ltd",),
    "today": "2026-12-01",
}


def read(text: str) -> dict:
    return engine.read_text(text, **OFFICE)


def wrong_unflagged(payload: dict, name: str, right: str | None) -> bool:
    """The field is read, not as `right`, and no warning says so: a silent error."""
    value = payload[name]
    return value not in (None, right) and f"low_confidence:{name}" not in payload["warnings"]


@pytest.mark.parametrize("under", ["Piet Botha", "Paarl Depot", "Trade Counter"])
def test_a_supplier_in_capitals_beside_its_label_is_not_the_line_under_it(under):
    # 'SUPPLIER  BOLAND BRICKS  DELIVER TO': three cells in capitals with no digit, and under
    # the label and the name the contact and the address in small letters. _heading_beside
    # takes the name for the next block's heading and reads the contact as the supplier,
    # proven by its label: a silent error (8583258 read 'BOLAND BRICKS')
    page = f"""\
{BUYER}                                                   PURCHASE ORDER
Order No.   MC-44120                  Date   10/05/2026

SUPPLIER       BOLAND BRICKS          DELIVER TO
{under:<15}14 Marconi Road        Site CP09
{TABLE}"""
    payload = read(page)
    assert not wrong_unflagged(payload, "supplier_name", "BOLAND BRICKS")
    assert payload["supplier_name"] == "BOLAND BRICKS"


def test_a_supplier_in_capitals_beside_its_label_over_another_label_is_kept():
    # 'SUPPLIER  BOLAND BRICKS  PROJECT  CAPE PENINSULA' over 'Attention  Piet Botha ...':
    # the name beside its label is dropped and nothing is read (8583258 read it)
    page = f"""\
{BUYER}                                                   PURCHASE ORDER
ORDER NO       MC-44120               DATE          10/05/2026
SUPPLIER       BOLAND BRICKS          PROJECT       CAPE PENINSULA
Attention      Piet Botha             Reference     Quote 1192
Site  CP09
{TABLE}"""
    assert read(page)["supplier_name"] == "BOLAND BRICKS"


@pytest.mark.parametrize(
    "line", ["Authorised by Ron 10.05.2026", "Ordered by Ron 10.05.26 for site"]
)
def test_a_first_name_before_a_date_with_points_names_no_currency(line):
    # _CODE_BEFORE takes 'Ron 10.05' for an amount in Romanian lei: the page prints no money
    # sign, so the office's own is meant; RON is read unflagged (8583258 read ZAR)
    page = f"""\
{BUYER}                                                   PURCHASE ORDER
Order No.   MC-44120                  Date   10/05/2026
Supplier    Karsten Steel Traders CC
Site        CP09
{TABLE}
{line}
"""
    payload = read(page)
    assert not wrong_unflagged(payload, "currency", "ZAR")
    assert payload["currency"] == "ZAR"


def test_a_supplier_named_euro_is_no_money_from_abroad():
    # _MONEY_IN_WORDS finds 'Euro' in the supplier's name and flags the rand on a page with
    # no sign and nothing else from abroad (8583258 read ZAR unflagged): a false alarm
    page = f"""\
{BUYER}                                                   PURCHASE ORDER
Order No.   MC-44120                  Date   10/05/2026
Supplier    Euro Tiles (Pty) Ltd
Site        CP09
{TABLE}"""
    payload = read(page)
    assert payload["currency"] == "ZAR"
    assert "low_confidence:currency" not in payload["warnings"]


@pytest.mark.parametrize(
    ("label", "value"),
    [
        ("Supplier / Account No.", "Karsten Steel Traders CC / KST001"),
        ("Supplier / Vendor No.", "Karsten Steel Traders CC / 100234"),
        ("Supplier / Currency", "Karsten Steel Traders CC / ZAR"),
    ],
)
def test_a_pair_label_with_another_label_beside_it_still_pairs_with_the_line_under(label, value):
    # 'Supplier / Account No.' with 'Site' 14 characters right of it: paired._value takes
    # any cell within _NEAR (45 characters) for the label's own value and refuses the pair;
    # the supplier is read as the whole line under it, 'Karsten Steel Traders CC / KST001
    # CP09', unflagged (8583258 split the pair and read 'Karsten Steel Traders CC')
    page = f"""\
{BUYER}                                                   PURCHASE ORDER
Order No.   MC-44120                  Date   10/05/2026
{label:<36}Site
{value:<36}CP09
{TABLE}"""
    payload = read(page)
    assert not wrong_unflagged(payload, "supplier_name", "Karsten Steel Traders CC")
    assert payload["supplier_name"] == "Karsten Steel Traders CC"


@pytest.mark.parametrize(
    ("label", "value"),
    [("Client Ref.", "TNPA/2026/118"), ("Customer Ref.", "ACC-00912")],
)
def test_a_client_or_customer_ref_on_our_own_order_is_not_its_number(label, value):
    # a builder's order names its client's contract ('Client Ref.') or the supplier's account
    # for it ('Customer Ref.'); printed above 'Order No.', the new PO-number label wins by
    # coming first, unflagged (8583258 read MC-44120)
    page = f"""\
{BUYER}                                                   PURCHASE ORDER
Client            Transnet SOC Ltd          {label:<14}{value}
Order No.         MC-44120                  Order Date    10/05/2026
Supplier          Karsten Steel Traders CC
Site              CP09
{TABLE}"""
    payload = read(page)
    assert not wrong_unflagged(payload, "po_number", "MC-44120")
    assert payload["po_number"] == "MC-44120"


def test_the_date_of_the_suppliers_quote_is_not_our_orders():
    # 'Your Ref.  Q-1192  Ref. Date  02/04/2026' over 'PO Number  MC-44120  Dated  10/05/2026':
    # 'Ref. date' is now a general date label as 'Dated' is, and comes first: the quote's
    # date is read as the order's, unflagged (8583258 read 2026-05-10)
    page = f"""\
{BUYER}                                                   PURCHASE ORDER
Your Ref.         Q-1192                    Ref. Date     02/04/2026
PO Number         MC-44120                  Dated         10/05/2026
Supplier          Karsten Steel Traders CC
Site              CP09
{TABLE}"""
    payload = read(page)
    assert not wrong_unflagged(payload, "po_date", "2026-05-10")
    assert payload["po_date"] == "2026-05-10"


def test_our_order_number_on_the_suppliers_sales_order_is_not_our_account_ref():
    # a sales order names our account with it as 'Customer ref.' over 'Your order no.':
    # both labels are now of one rank and the first read wins, so our account code is taken
    # for our order's number, unflagged (8583258 read PO263192)
    page = f"""\
VELMOR TRADING                                           SALES ORDER
Velmor Trading (Pty) Ltd                        Sales order     30172070
Unit 4, Montague Park, Montague Gardens 7441    Date            10-Mar-2026
                                                Customer ref.   MERI001
                                                Your order no.  PO263192
                                                Your order date 09-Mar-2026
CUSTOMER                          DELIVERY
{BUYER}   Site CP09
{TABLE}"""
    payload = read(page)
    assert not wrong_unflagged(payload, "po_number", "PO263192")
    assert payload["po_number"] == "PO263192"
