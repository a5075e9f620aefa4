"""Kinds of print rotation 9's families showed, as dev families: a row of block headings in
capitals, a currency's code in small letters before the amounts, another country's money in
words, a total 'VAT inclusive', a label in two languages with its value beside it, a
supplier's own document naming our order ('Your order no.', 'Customer ref.'), and a
supplier's name printed twice. Each page is made up here."""

from __future__ import annotations

from app.extract import engine
from app.extract.document import ExtractOptions
from app.extract.layout import text_lines
from app.extract.memory import teach
from tests.test_extract_second_reading_7 import TABLE

BUYER = "Meridian Construction (Pty) Ltd"
OFFICE = {
    "buyer_names": (BUYER,),
    "site_codes": ("CP09", "DBN07"),
    "supplier_names": ("Velmor Trading (Pty) Ltd",),
    "today": "2026-12-01",
}


def read(text: str, **more) -> dict:
    return engine.read_text(text, **(OFFICE | more))


def test_a_heading_beside_the_supplier_heading_is_not_its_value():
    # 'SUPPLIER  PRINCIPAL  DELIVER TO' over three blocks: 'PRINCIPAL' was the supplier,
    # proven by its label, a silent error
    page = f"""\
Zandor Group Portal                                       PURCHASE ORDER
Order No.   MC-44120                  Date   10/05/2026

SUPPLIER (LISTED)          PRINCIPAL                      DELIVER TO
Karsten Steel Traders CC   {BUYER}   Site CP09
14 Marconi Road            Member No. M-1301              44 Lynnwood Road
{TABLE}"""
    payload = read(page)
    # under its heading, the name ending at its legal form (the principal's name beside it,
    # a wide space apart, was run on to it, and the supplier left unread and flagged)
    assert payload["supplier_name"] == "Karsten Steel Traders CC"


def test_a_supplier_in_capitals_beside_its_label_is_still_its_value():
    page = f"""\
{BUYER}                                                   PURCHASE ORDER
Order No.   MC-44120                  Date   10/05/2026

SUPPLIER          KARSTEN STEEL TRADERS    DELIVER TO
                  14 Marconi Road          Site CP09
{TABLE}"""
    assert read(page)["supplier_name"] == "KARSTEN STEEL TRADERS"


MARKED = """
Code       Description                         Qty  Unit      Rate        Amount
CON-25     Concrete 25 MPa 19 mm stone          12  m3     1 450.00     17 400.00

                                                       Net sales    Xyz 17,400.00
                                                       VAT 15%       Xyz 2,610.00
                                                       Total        Xyz 20,010.00
"""


def test_a_currency_code_in_small_letters_before_the_amounts_names_it():
    page = f"""\
{BUYER}                                                   PURCHASE ORDER
Order No.   MC-44120                  Date   10/05/2026
Supplier    Karsten Steel Traders CC
Site        CP09
{MARKED.replace("Xyz", "Php")}"""
    payload = read(page)
    assert payload["currency"] == "PHP"
    assert payload["total"] == "20010.00"


def test_another_countrys_money_in_words_flags_the_offices_own():
    # no sign or code by the amounts, and the amount in words in pesos: the rand is a guess
    page = f"""\
{BUYER}                                                   PURCHASE ORDER
Order No.   MC-44120                  Date   10/05/2026
Supplier    Karsten Steel Traders CC
Site        CP09
{TABLE}
Amount in words: TWENTY THOUSAND AND TEN PESOS ONLY
"""
    payload = read(page)
    assert payload["currency"] is None or "low_confidence:currency" in payload["warnings"]


def test_a_page_with_no_money_named_is_in_the_offices_own_unflagged():
    page = f"""\
{BUYER}                                                   PURCHASE ORDER
Order No.   MC-44120                  Date   10/05/2026
Supplier    Karsten Steel Traders CC
Site        CP09
{TABLE}"""
    payload = read(page)
    assert payload["currency"] == "ZAR"
    assert "low_confidence:currency" not in payload["warnings"]


def test_a_total_amount_vat_inclusive_is_the_total():
    page = f"""\
{BUYER}                                                   PURCHASE ORDER
Order No.   MC-44120                  Date   10/05/2026
Supplier    Karsten Steel Traders CC
Site        CP09

Code       Description                         Qty  Unit      Rate        Amount
CON-25     Concrete 25 MPa 19 mm stone          12  m3     1 450.00     17 400.00

                                          VAT Amount (15%)                2 610.00
                                          TOTAL AMOUNT (VAT Inclusive)   20 010.00
"""
    payload = read(page)
    assert payload["total"] == "20010.00"
    assert payload["tax"] == "2610.00"


def test_a_label_in_two_languages_with_its_value_beside_it_is_no_pair_over_the_next():
    # 'Zarto ya Velka / PO No.  DSM/PO/3020/26' over 'Melko / Date  05/10/2026': the second
    # line was taken for the first label pair's two values, and both were lost
    page = f"""\
{BUYER}                                            ZARTO YA VELKA / PURCHASE ORDER
                                           Zarto ya Velka / PO No.    DSM/PO/3020/26
                                           Melko / Date               05/10/2026
                                           Kondo / Project            CP09
Supplier    Karsten Steel Traders CC

                                           Sarafu / Currency
                                           EUR
{TABLE.replace("VAT 15%", "VAT 18%")}"""
    payload = read(page)
    assert payload["po_number"] == "DSM/PO/3020/26"
    assert payload["po_date"] == "2026-10-05"
    assert payload["project_code"] == "CP09"
    assert payload["currency"] == "EUR"


THEIRS = """\
VELMOR TRADING                                           SALES ORDER
Tiles and adhesives - trade desk                Sales order     30172070
Velmor Trading (Pty) Ltd                        Date            {date}
Unit 4, Montague Park, Montague Gardens 7441
                                                {label}         PO263192

CUSTOMER                          DELIVERY
{buyer}   Site CP09
"""


def theirs(label: str = "Your order no.", date: str = "10-Mar-2026") -> str:
    return THEIRS.format(label=f"{label:<15}", date=date, buyer=BUYER) + TABLE


def test_a_bare_date_on_the_suppliers_own_document_is_flagged():
    # its 'Date' is its sales order's; our order's date it may not print at all
    payload = read(theirs())
    assert payload["po_number"] == "PO263192"
    assert "low_confidence:po_date" in payload["warnings"]


def test_our_order_date_on_the_suppliers_document_is_read_and_proven():
    page = theirs().replace("CUSTOMER    ", "Your order date  09-Mar-2026\nCUSTOMER    ", 1)
    payload = read(page)
    assert payload["po_date"] == "2026-03-09"
    assert "low_confidence:po_date" not in payload["warnings"]


def test_a_customer_ref_on_the_suppliers_sales_order_is_read_as_our_order_number_flagged():
    # it may be our account's reference there, not our order's: a person checks it
    payload = read(theirs("Customer Ref."))
    assert payload["po_number"] == "PO263192"
    assert "low_confidence:po_number" in payload["warnings"]


def test_a_known_supplier_printed_twice_is_read_with_its_legal_form():
    payload = read(theirs())
    assert payload["supplier_name"] == "Velmor Trading (Pty) Ltd"


def test_a_learned_bare_date_on_the_suppliers_document_stays_flagged():
    # the taught document's sales order and order fell on one day, so the layout learned the
    # 'Date' as the order's: on the next, a day later, it must not be proven
    first = text_lines(theirs(date="09-Mar-2026"))
    confirmed = {
        "po_number": "PO263192", "po_date": "2026-03-09",
        "supplier_name": "Velmor Trading (Pty) Ltd",
        "project_code": "CP09", "currency": "ZAR", "subtotal": "17400.00", "tax": "2610.00",
        "total": "20010.00",
        "items": [{"item_code": "CON-25", "description": "Concrete 25 MPa 19 mm stone",
                   "quantity": "12", "unit": "m3", "unit_price": "1450.00", "amount": "17400.00"}],
    }  # fmt: skip
    layout = teach.learn(first, confirmed)
    assert layout is not None
    layout |= {"id": "taught", "learned_from": "PO263192"}
    options = ExtractOptions(**OFFICE, layouts=(layout,))
    payload = engine.read_po(text_lines(theirs(date="11-Mar-2026")), options)
    assert (payload.get("layout") or {}).get("read_with")
    assert payload["po_date"] == "2026-03-11"
    assert "low_confidence:po_date" in payload["warnings"]
