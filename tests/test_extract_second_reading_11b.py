"""A second reading of 08f8326's money, dates and unlabelled numbers: a rarer currency's code,
or one that is also a word or a unit, printed in the page's words beside no amount read as
money ('Gross weight 1,250.00 KGS', 'TMT 12.00 mm rebar', 'SDG 6', 'PVC BND 110') is no sure
currency. Each page is made up here; each test says what a correct reading gives."""

from __future__ import annotations

import pytest

from tests.test_extract_rotation_10 import BUYER, flagged, read
from tests.test_extract_second_reading_7 import TABLE

# --- 1. a rarer or word-like currency code beside no money --------------------------------


@pytest.mark.parametrize(
    "words",
    [
        "Gross weight 1,250.00 KGS",  # a weight, beside an amount-like number
        "Reinforcement: TMT 12.00 mm bars to SANS 920",  # a bar's grade and size
        "Project: SDG 6 clean water for schools",  # a donor's goal
        "Fittings: PVC BND 110 x 45 deg to be supplied with the pipes",  # a bend
    ],
)
def test_a_rare_or_wordlike_code_beside_no_money_is_no_sure_currency(words):
    # 08f8326 read KGS, TMT, SDG, BND as the currency, unflagged (b6297a3 read ZAR)
    page = f"""\
{BUYER}                                                   PURCHASE ORDER
Order No.   MC-44120                  Date   10/05/2026
Supplier    Karsten Steel Traders CC
Site        CP09
{words}
{TABLE}"""
    payload = read(page)
    assert payload["currency"] == "ZAR" or flagged(payload, "currency")


def test_a_rare_code_beside_the_amounts_or_a_money_word_is_still_sure():
    by_price_head = f"""\
{BUYER}                                                   PURCHASE ORDER
Order No.   MC-44120                  Date   10/05/2026
Supplier    Karsten Steel Traders LLC
Site        CP09

Code       Description                         Qty  Unit   Rate (OMR)   Amount (OMR)
CON-25     Concrete 25 MPa 19 mm stone          12  m3     1 450.00     17 400.00

                                                          Subtotal      17 400.00
                                                          VAT 5%           870.00
                                                          Total         18 270.00
"""
    payload = read(by_price_head)
    assert payload["currency"] == "OMR" and not flagged(payload, "currency")
    by_total = by_price_head.replace("(OMR)", "     ").replace(
        "Total         18 270.00", "Total     OMR 18 270.00"
    )
    payload = read(by_total)
    assert payload["currency"] == "OMR" and not flagged(payload, "currency")
    by_total_label = by_total.replace("Total     OMR 18 270.00", "Total (OMR)   18 270.00")
    payload = read(by_total_label)
    assert payload["currency"] == "OMR" and not flagged(payload, "currency")


# --- 2. a total's label over the charges ---------------------------------------------------

PRICED = """
Code       Description                         Qty  Unit      Rate        Amount
CON-25     Concrete 25 MPa 19 mm stone          12  m3     1 450.00     17 400.00
"""


@pytest.mark.parametrize(
    "charge", ["VAT 15%                   2 610.00", "Delivery to site            850.00"]
)
def test_a_total_order_value_over_its_charges_is_the_goods_total_not_the_orders(charge):
    # 'Total order value' (a total's label since 08f8326) over the VAT and an 'Amount
    # payable' no label names: 08f8326 read the total as 17 400.00, flagged, where b6297a3
    # read the foot by its sums (17 400.00 + the charge)
    amount = "20 010.00" if charge.startswith("VAT") else "18 250.00"
    page = f"""\
{BUYER}                                                   PURCHASE ORDER
Order No.   MC-44120                  Date   10/05/2026
Supplier    Karsten Steel Traders CC
Site        CP09
{PRICED}
                                          Total order value        17 400.00
                                          {charge}
                                          Amount payable           {amount}
"""
    payload = read(page)
    assert payload["subtotal"] == "17400.00"
    assert payload["total"] == amount.replace(" ", "")


def test_a_rare_code_that_is_the_items_unit_is_no_currency():
    # 'BND', a bundle: 08f8326 read the currency as BND, unflagged (b6297a3 read ZAR)
    page = f"""\
{BUYER}                                                   PURCHASE ORDER
Order No.   MC-44120                  Date   10/05/2026
Supplier    Karsten Steel Traders CC
Site        CP09

Code       Description                         Qty  Unit      Rate        Amount
RB-12      Rebar Y12 6 m lengths                12  BND     1 450.00     17 400.00
RB-16      Rebar Y16 6 m lengths                 4  BND     2 100.00      8 400.00

                                                          Subtotal      25 800.00
                                                          VAT 15%        3 870.00
                                                          Total         29 670.00
"""
    payload = read(page)
    assert payload["currency"] == "ZAR" and not flagged(payload, "currency")
    assert not flagged(payload, "po_date")


# --- 3. the CFA franc beside the euro it is pegged to --------------------------------------


def test_a_page_in_cfa_francs_naming_the_euro_peg_is_not_surely_in_euros():
    # 'Montants en francs CFA (1 EUR = 655,957 FCFA)': 08f8326 read EUR, unflagged
    page = f"""\
{BUYER}                                                   BON DE COMMANDE
N° Commande   BC-05780                Date   21/02/2026
Fournisseur   Quincaillerie du Port SARL, Tél. +237 233 42 18 55
Chantier      CP09
{TABLE}
Montants en francs CFA (1 EUR = 655,957 FCFA)
"""
    payload = read(page)
    assert payload["currency"] in ("XAF", None) or flagged(payload, "currency")


# --- 4. only a total, its label saying the tax is in it ------------------------------------


@pytest.mark.parametrize("label", ["Total (incl. VAT)", "Total amount VAT inclusive"])
def test_only_a_total_with_the_tax_in_it_gets_no_tax_of_nothing(label):
    # 08f8326's total_alone gave the tax as 0.00 (flagged) where the label says it is in the
    # total: the tax is left unread
    page = f"""\
{BUYER}                                                   PURCHASE ORDER
Order No.   MC-44120                  Date   10/05/2026
Supplier    Karsten Steel Traders CC
Site        CP09
{PRICED}
                                          {label}        17 400.00
"""
    payload = read(page)
    assert payload["total"] == "17400.00"
    assert payload["tax"] != "0.00"


# --- 5. a PO quoted twice and printed nowhere else -----------------------------------------


def test_a_po_the_words_quote_twice_and_the_page_prints_nowhere_else_is_not_ours():
    # 'This order replaces PO 44120-B ... against PO 44120-B': 08f8326 took the cancelled
    # order's number as the page's (flagged); its rule asks for the number printed again
    page = f"""\
{BUYER}                                                   Purchase Order
Facilities division                                                  MC-88120
Supplier    Karsten Electrical Supplies
Site        CP09
{TABLE}
This order replaces PO 44120-B, cancelled. Do not deliver against PO 44120-B.
"""
    assert read(page)["po_number"] != "44120-B"


def test_a_total_mass_in_kgs_is_no_currency():
    # 'Total KGS 1,250.00', a steel order's mass: 08f8326 read KGS, unflagged
    page = f"""\
{BUYER}                                                   PURCHASE ORDER
Order No.   MC-44120                  Date   10/05/2026
Supplier    Karsten Steel Traders CC
Site        CP09
{TABLE}
Total KGS 1,250.00
"""
    payload = read(page)
    assert payload["currency"] == "ZAR" or flagged(payload, "currency")
