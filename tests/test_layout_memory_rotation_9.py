"""What rotation 9's families, as dev families, showed the layout memory and the checks under
it: a date printed after its day of the week, a value printed twice on the taught document, a
number near a column beside the one printed in it, a company's name with 'Mobile' in it, and a
model number that is no date. Each page is made up here."""

from __future__ import annotations

from decimal import Decimal

from app import numbers
from app.extract import engine, validate
from app.extract.document import ExtractOptions
from app.extract.layout import text_lines
from app.extract.memory import teach

BUYER = "Meridian Construction (Pty) Ltd"
SUPPLIER = "Karsten Steel Traders CC"
OFFICE = {"buyer_names": (BUYER,), "supplier_names": (SUPPLIER,), "today": "2026-12-01"}

ITEMS = """
Code       Description                         Qty  Unit      Rate        Amount
CON-25     Concrete 25 MPa 19 mm stone          12  m3     1 450.00     17 400.00
SND-01     River sand, washed                    4  m3       410.00      1 640.00

                                                          Subtotal      19 040.00
                                                          VAT 15%        2 856.00
                                                          Total         21 896.00
"""
CONFIRMED = {
    "supplier_name": SUPPLIER, "project_code": "CP09", "currency": "ZAR",
    "subtotal": "19040.00", "tax": "2856.00", "total": "21896.00",
    "items": [
        {"item_code": "CON-25", "description": "Concrete 25 MPa 19 mm stone", "quantity": "12",
         "unit": "m3", "unit_price": "1450.00", "amount": "17400.00"},
        {"item_code": "SND-01", "description": "River sand, washed", "quantity": "4",
         "unit": "m3", "unit_price": "410.00", "amount": "1640.00"},
    ],
}  # fmt: skip


def read_learned(taught: str, confirmed: dict, page: str) -> dict:
    layout = teach.learn(text_lines(taught), CONFIRMED | confirmed)
    assert layout is not None
    layout |= {"id": "taught", "learned_from": confirmed["po_number"]}
    payload = engine.read_po(text_lines(page), ExtractOptions(**OFFICE, layouts=(layout,)))
    assert (payload.get("layout") or {}).get("read_with")
    return payload


MAIL = """\
From:     Sunita Pillay <buyer@meridian.example>
Sent:     {sent}
To:       {supplier}
Subject:  Order {number} for site CP09

Please accept this as our order {number}.
Supplier: {supplier}
Project: CP09
{items}
From:     Pieter Smit <sales@karsten.example>
Sent:     {quoted}
Subject:  Quotation QT-7451
"""


def test_a_date_learned_after_its_day_of_the_week_is_read_on_another_day():
    # the weekday was learned as the date's label: on a Saturday the quoted mail's Sunday
    # date was read instead, unflagged
    taught = MAIL.format(
        sent="Sunday, 19 April 2026 09:40", quoted="Friday, 17 April 2026 11:04",
        supplier=SUPPLIER, number="MC-4301", items=ITEMS,
    )  # fmt: skip
    page = MAIL.format(
        sent="Saturday, 25 April 2026 13:38", quoted="Sunday, 19 April 2026 11:04",
        supplier=SUPPLIER, number="MC-4302", items=ITEMS,
    )  # fmt: skip
    payload = read_learned(taught, {"po_number": "MC-4301", "po_date": "2026-04-19"}, page)
    assert payload["po_date"] == "2026-04-25"


CONFIRMATION = """\
KARSTEN STEEL TRADERS                                  ORDER CONFIRMATION
{supplier}                                 Confirmed         {confirmed}
                                                       Your order No.    {number}
                                                       Your order date   {ordered}
Site CP09
{items}"""


def test_a_value_printed_twice_on_the_taught_document_is_learned_where_its_label_names_it():
    # confirmed on the day it was ordered: 'Confirmed', first on the page, was learned for the
    # order's date, and a later confirmation a day late read a day late, unflagged
    taught = CONFIRMATION.format(
        supplier=SUPPLIER, confirmed="8 July 2026", number="MER-36040", ordered="8 July 2026",
        items=ITEMS,
    )  # fmt: skip
    page = CONFIRMATION.format(
        supplier=SUPPLIER, confirmed="25 July 2026", number="MER-31451", ordered="24 July 2026",
        items=ITEMS,
    )  # fmt: skip
    payload = read_learned(taught, {"po_number": "MER-36040", "po_date": "2026-07-08"}, page)
    assert payload["po_date"] == "2026-07-24"
    assert "low_confidence:po_date" not in payload["warnings"]


COUNT = """\
{buyer}                                                  STORE ISSUE ORDER
Order No.   {number}                  Date   10/05/2026
Supplier    {supplier}
Site        CP09

Code       Description                    Counted   Qty     Rate        Amount
{rows}
                                                        Subtotal   {subtotal:>12}
                                                        VAT 15%    {tax:>12}
                                                        Total      {total:>12}
"""


def count_page(number: str, rows: list[tuple[str, str, str, str, str]]) -> tuple[str, dict]:
    lines = "\n".join(
        f"{code:<11}{text:<31}{counted:>7}{qty:>6}{price:>9}{Decimal(qty) * Decimal(price):>14.2f}"
        for code, text, counted, qty, price in rows
    )
    items = [
        {"item_code": code, "description": text, "quantity": qty, "unit": "",
         "unit_price": price, "amount": f"{Decimal(qty) * Decimal(price):.2f}"}
        for code, text, _, qty, price in rows
    ]  # fmt: skip
    subtotal = sum(Decimal(item["amount"]) for item in items)
    tax = (subtotal * Decimal("0.15")).quantize(Decimal("0.01"))
    money = {"subtotal": f"{subtotal:.2f}", "tax": f"{tax:.2f}", "total": f"{subtotal + tax:.2f}"}
    page = COUNT.format(buyer=BUYER, number=number, supplier=SUPPLIER, rows=lines, **money)
    return page, {"po_number": number, "po_date": "2026-05-10", "items": items, **money}


def test_a_number_near_a_column_does_not_take_it_from_the_number_printed_in_it():
    # a one-digit count right-aligned under 'Counted' stands within reach of 'Qty': first on
    # the line, it took the quantity's column, and no table was learned
    taught, confirmed = count_page(
        "SI-1001",
        [("CEM-50", "Cement 50 kg", "4", "100", "98.50"), ("SND-01", "Sand", "7", "3", "410.00")],
    )
    page, want = count_page(
        "SI-1002",
        [("CEM-50", "Cement 50 kg", "2", "40", "98.50"), ("BRK-01", "Bricks", "9", "12", "3.10")],
    )
    payload = read_learned(taught, confirmed | {"supplier_name": SUPPLIER}, page)
    assert payload["layout"]["read_with"]["values"].get("items") == 2
    assert [item["quantity"] for item in payload["items"]] == ["40", "12"]
    assert payload["total"] == want["total"]


def test_mobile_in_a_companys_name_is_no_phone():
    assert not validate.is_phone("Boland Mobile Cranes (Pty) Ltd")
    assert validate.is_phone("Mobile: 082 555 0199")
    assert validate.is_phone("Tel 021 905 3318")


def test_a_model_number_with_two_separators_is_no_date():
    assert numbers.DATE_IN_TEXT.search("Liebherr LTM 1090-4.2, 50 m boom") is None
    for printed in ("2026-04-19", "19.04.2026", "19/04/26", "2026/4/19"):
        assert numbers.DATE_IN_TEXT.search(f"delivered {printed} on site")


def test_a_known_supplier_in_another_script_is_known_whatever_its_case_and_accents():
    known = ("Καλογερόπουλος Υλικά Α.Ε.", "Петров Материали ООД")
    assert validate.is_known("ΚΑΛΟΓΕΡΟΠΟΥΛΟΣ ΥΛΙΚΑ Α.Ε.", known)
    assert validate.is_known("петров материали ООД", known)
    assert not validate.is_known("ΥΔΡΑΥΛΙΚΑ ΠΑΠΑΔΟΠΟΥΛΟΣ", known)


def test_dates_written_in_words_in_russian_lithuanian_and_georgian_are_dates():
    # kazakh's, lithuanian's and georgian's order dates: no date before, so none was learned
    for printed, iso in (
        ("Заказ поставщику No 2684 от 9 ноября 2026 г.", "2026-11-09"),
        ("2026 m. kovo 2 d.", "2026-03-02"),
        ("თბილისი, 22 მაისი, 2026 წ.", "2026-05-22"),
    ):
        found = numbers.DATE_IN_TEXT.search(printed)
        assert found and numbers.parse_date(found.group()) == iso
