"""A second reading of c0119ee: a heading beside the supplier's label over a name with no
legal form, a currency's code before one amount only, money in words in the singular, a
supplier's sales order with its own number beside ours, a phone's label with a number marker,
a date with one separator misprinted, and a date learned after its day of the week where the
label shares its cell or the day is not in English. Each page is made up here; each test says
what a correct reading gives."""

from __future__ import annotations

from app.extract import engine
from tests.test_extract_second_reading_7 import TABLE
from tests.test_layout_memory_rotation_9 import ITEMS, SUPPLIER, read_learned

BUYER = "Meridian Construction (Pty) Ltd"
OFFICE = {
    "buyer_names": (BUYER,),
    "site_codes": ("CP09", "DBN07"),
    "supplier_names": ("Velmor Trading (Pty) Ltd",),
    "today": "2026-12-01",
}


def read(text: str, **more) -> dict:
    return engine.read_text(text, **(OFFICE | more))


def flagged(payload: dict, name: str) -> bool:
    return f"low_confidence:{name}" in payload["warnings"]


# --- 1. a heading beside the supplier's label ---------------------------------------------


def test_a_heading_beside_the_supplier_heading_is_not_its_value_without_a_legal_form():
    # the block under 'SUPPLIER' is a name with no legal form ('Traders', 'Sdn Bhd'): the
    # heading beside it, 'PRINCIPAL', was read as the supplier, proven (d5609bf read the name)
    for supplier in ("Karsten Steel Traders", "Halden Fixings Sdn Bhd"):
        page = f"""\
Zandor Group Portal                                       PURCHASE ORDER
Order No.   MC-44120                  Date   10/05/2026

SUPPLIER (LISTED)          PRINCIPAL                      DELIVER TO
{supplier:<27}{BUYER}   Site CP09
14 Marconi Road            Member No. M-1301              44 Lynnwood Road
{TABLE}"""
        payload = read(page)
        assert payload["supplier_name"] == supplier or flagged(payload, "supplier_name")
        assert payload["supplier_name"] != "PRINCIPAL"


# --- 2. a currency's code before the amounts ----------------------------------------------


def test_a_code_in_small_letters_before_the_one_total_still_names_the_currency():
    # 'Php 17,400.00' once, on the total: ZAR, unflagged (d5609bf read PHP)
    page = """\
Halden Fixings Inc.                                        PURCHASE ORDER
Order No.   MC-44120                  Date   10/05/2026
Supplier: Halden Fixings Inc.
Makati City, Philippines

Code       Description                         Qty  Unit      Rate        Amount
CON-25     Concrete 25 MPa 19 mm stone          12  m3     1,450.00     17,400.00

                                                     Total Amount Due   Php 17,400.00
"""
    payload = read(page)
    assert payload["currency"] == "PHP" or flagged(payload, "currency")


# --- 3. money in words ---------------------------------------------------------------------


def test_money_in_words_in_the_singular_flags_the_offices_currency():
    # 'Euro' and 'UAE Dirham' in the singular, as amounts in words print them: ZAR, unflagged
    # (d5609bf flagged it)
    for words in (
        "Twenty Thousand and Ten Euro Only",
        "UAE Dirham Twenty Thousand and Ten Only",
    ):
        page = f"""\
Halden Fixings LLC                                        PURCHASE ORDER
Order No.   MC-44120                  Date   10/05/2026
Supplier: Halden Fixings LLC

Amount in words: {words}
{TABLE}"""
        payload = read(page)
        assert payload["currency"] != "ZAR" or flagged(payload, "currency"), words


# --- 5. 'Customer ref.' and 'Ref. date' ----------------------------------------------------


def test_a_sales_orders_own_number_is_not_proven_our_orders():
    # a supplier's sales order: 'Order No.' is its own number, 'Customer ref.' ours; its own
    # was read as the PO number, proven (so on every engine), and its date as ours
    page = f"""\
Velmor Trading (Pty) Ltd                                  SALES ORDER
12 Main Reef Road, Germiston

Customer: {BUYER}
Order No.      SO-88123                 Date           01/05/2026
Customer ref.  MC-44120                 Ref. date      19/04/2026
{TABLE}"""
    payload = read(page)
    assert payload["po_number"] == "MC-44120" or flagged(payload, "po_number")
    assert payload["po_date"] == "2026-04-19" or flagged(payload, "po_date")


# --- 7. _PHONE and DATE_IN_TEXT elsewhere --------------------------------------------------


def test_a_phones_label_is_no_po_numbers_marker():
    # 'Tel. No.' with no digit in it is no longer a phone: as a marked label its number gave
    # the PO number '011'. No marked label names the number now ('Zakaz No.' neither): it is
    # left for a person
    page = f"""\
Velmor Trading (Pty) Ltd
12 Main Reef Road, Germiston
Tel. No.     011 555 1234

Zakaz No.    MC-44120                     Date   10/05/2026
Supplier: Velmor Trading (Pty) Ltd
{TABLE}"""
    payload = read(page)
    assert payload["po_number"] is None and flagged(payload, "po_number")


def test_a_date_with_one_separator_misprinted_is_not_passed_over_for_another():
    # '19/04.2026' is no date now: the date the page was printed was read as the order's,
    # unflagged (both older engines read 2026-04-19)
    page = f"""\
Velmor Trading (Pty) Ltd                                  PURCHASE ORDER
PO Number:   MC-44120                     Order Date:   19/04.2026
Supplier: Velmor Trading (Pty) Ltd           Date Printed:  21/04/2026
{TABLE}"""
    payload = read(page)
    assert payload["po_date"] == "2026-04-19" or flagged(payload, "po_date")
    assert payload["po_date"] != "2026-04-21"


# --- 6. the layout memory: a date after its day of the week --------------------------------

# the taught layout and its reading, as tests/test_layout_memory_rotation_9.py has them


def _mail(template: str, sent: str, quoted: str, number: str) -> str:
    return template.format(sent=sent, quoted=quoted, supplier=SUPPLIER, number=number, items=ITEMS)


def _read_on_a_saturday(template: str, days: tuple[str, str, str]) -> dict:
    sunday, friday, saturday = days
    taught = _mail(
        template, f"{sunday}, 19 April 2026 09:40", f"{friday}, 17 April 2026 11:04", "MC-4301"
    )
    page = _mail(
        template, f"{saturday}, 25 April 2026 13:38", f"{sunday}, 19 April 2026 11:04", "MC-4302"
    )
    return read_learned(taught, {"po_number": "MC-4301", "po_date": "2026-04-19"}, page)


def test_a_date_learned_after_its_day_of_the_week_in_the_labels_own_cell():
    # 'Sent: Sunday, 19 April 2026' in one cell: 'sent: sunday,' was learned as the label, and
    # on a Saturday the quoted mail's Sunday date was read, unflagged
    template = """\
From: Sunita Pillay <buyer@meridian.example>
Sent: {sent}
To: {supplier}
Subject: Order {number} for site CP09

Please accept this as our order {number}.
Supplier: {supplier}
Project: CP09
{items}
From: Pieter Smit <sales@karsten.example>
Sent: {quoted}
Subject: Quotation QT-7451
"""
    payload = _read_on_a_saturday(template, ("Sunday", "Friday", "Saturday"))
    assert payload["po_date"] == "2026-04-25" or flagged(payload, "po_date")


def test_a_date_learned_after_its_day_of_the_week_in_another_language():
    # an Afrikaans mail ('Gestuur:  Sondag, 19 April 2026'): 'sondag,' was learned as the
    # label, and on a Saturday the quoted mail's Sunday date was read, unflagged
    template = """\
Van:        Sunita Pillay <buyer@meridian.example>
Gestuur:    {sent}
Aan:        {supplier}
Onderwerp:  Order {number} for site CP09

Please accept this as our order {number}.
Supplier: {supplier}
Project: CP09
{items}
Van:        Pieter Smit <sales@karsten.example>
Gestuur:    {quoted}
Onderwerp:  Quotation QT-7451
"""
    payload = _read_on_a_saturday(template, ("Sondag", "Vrydag", "Saterdag"))
    assert payload["po_date"] == "2026-04-25" or flagged(payload, "po_date")
