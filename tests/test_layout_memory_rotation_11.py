"""What rotation 11's families, as dev families, showed the layout memory: a unit of three capitals
beside its quantity; item lines that print a cell of none of the item's values (a plant's common
name), and headings between the items; a name whose start moves with its length; a project code
before its site's name after a dash; a currency printed by a sign that names another one ('$' for
pesos); items written out in sentences; a date printed a part to a box. Each page is made up
here."""

from __future__ import annotations

from decimal import Decimal

import pytest

from app.extract import engine
from app.extract.document import ExtractOptions
from app.extract.layout import text_lines
from app.extract.memory import recall, teach
from tests.test_layout_memory_rotation_8 import priced_page

SUPPLIER = "Helderberg Wholesale Nursery (Pty) Ltd"

BOXES = """\
Meridian Construction (Pty) Ltd                               CUSTOMER ORDER FORM
YOUR ORDER NO.   {number}       ORDER DATE   19/08/2026
SUPPLIER         {supplier}

LINE  CODE    DESCRIPTION                  QTY  UNIT       PRICE   LINE TOTAL
{rows}
                                                   TOTAL EXCL VAT     {subtotal}
                                                   VAT 15%            {tax}
                                                   TOTAL INCL VAT     {total}
"""


def boxed(number: str, items: list[tuple]) -> tuple[str, dict]:
    """The page and its confirmed values: each unit two spaces after its quantity."""

    def line(n: int, item: tuple, amount: str) -> str:
        code, text, quantity, unit, price = item
        return f"{n:02}    {code:<8}{text:<27}{quantity:>5}  {unit:<6}{price:>10}{amount:>13}"

    return priced_page(BOXES, number, SUPPLIER, items, line)


def test_a_unit_of_three_capitals_after_the_quantity_is_no_currency():
    page, confirmed = boxed("MC132057", [
        ("10032", "CEMENT CEM II 32,5R, 50 KG", "24", "BAG", "90.95"),
        ("50015", "WATERPROOFING COMPOUND, 5 L", "15", "PAIL", "231.05"),
    ])  # fmt: skip
    layout = teach.learn(text_lines(page), confirmed) | {"id": "taught"}
    page, want = boxed("MC132058", [
        ("40550", "TILE ADHESIVE, 20 KG", "1", "BAG", "104.80"),
        ("60800", "PALLET DEPOSIT (RETURNABLE)", "24", "EACH", "191.54"),
    ])  # fmt: skip
    lines = text_lines(page)
    _, matched = recall.known([layout], lines)
    got = recall.read(layout["anchors"], lines, matched.frame)["items"]
    assert [(i["quantity"], i["unit"]) for i in got] == [("1", "BAG"), ("24", "EACH")]
    assert recall.same_items(got, want["items"])


PLANTS = """\
Meridian Construction (Pty) Ltd                               PURCHASE ORDER
Order No.   {number}       Order date   19/08/2026
Supplier    {supplier}

Stock code   Botanical name                  Common name         Qty  Unit       Price      Amount
{rows}
                                                   Subtotal           {subtotal}
                                                   VAT                {tax}
                                                   Total              {total}
"""


def planted(number: str, groups: list[tuple[str, list[tuple]]]) -> tuple[str, dict]:
    """The page and its confirmed values: the items under their group's heading, each plant's
    common name beside its botanical one (no value of the item's)."""
    items = [
        (code, text, quantity, unit, price, common, heading if n == 0 else None)
        for heading, group in groups
        for n, (code, text, common, quantity, unit, price) in enumerate(group)
    ]

    def line(n: int, item: tuple, amount: str) -> str:
        code, text, quantity, unit, price, common, heading = item
        named = f"{text:<32}{common}" if common else text  # a long one reaches under it
        row = f"{code:<13}{named:<49}{quantity:>5}  {unit:<6}{price:>10}{amount:>12}"
        return f" {heading}\n{row}" if heading else row

    return priced_page(PLANTS, number, SUPPLIER, items, line)


def test_a_common_name_where_a_longer_description_reached_is_not_the_descriptions():
    page, confirmed = planted("PO-1001", [
        ("TREES", [("T-VACKAR100", "Vachellia karroo", "Sweet thorn", "2", "each", "1396.04")]),
        ("SHRUBS", [
            ("S-PLUAUR10", "Plumbago auriculata", "Cape leadwort", "12", "each", "90.33"),
            ("S-TECCAP10", "Tecoma capensis", "Cape honeysuckle", "3", "each", "78.51"),
        ]),
        ("SUNDRIES", [
            ("DEL-8T", "Delivery, 8 t truck with tail-lift, per load", "", "4", "load",
             "1741.13"),
        ]),
    ])  # fmt: skip
    layout = teach.learn(text_lines(page), confirmed) | {"id": "taught"}
    page, want = planted("PO-1002", [
        ("SHRUBS", [("S-ROTTRI10", "Rotheca myricoides", "Blue cat's whiskers", "10", "each",
                     "88.95")]),
        ("GROUNDCOVERS AND BULBS", [
            ("G-GAZRIG-T", "Gazania rigens", "Trailing gazania", "5", "tray", "285.28"),
        ]),
        ("SUNDRIES", [
            ("DEL-8T", "Delivery, 8 t truck with tail-lift, per load", "", "1", "load",
             "1533.06"),
        ]),
    ])  # fmt: skip
    lines = text_lines(page)
    _, matched = recall.known([layout], lines)
    got = recall.read(layout["anchors"], lines, matched.frame)["items"]
    assert [i["description"] for i in got] == [i["description"] for i in want["items"]]
    assert recall.same_items(got, want["items"])


CENTRED = """\
Meridian Construction Saudi Arabia Ltd.                        PURCHASE ORDER
Order No.   {number}       Order date   19/08/2026

                     Supplier
{supplier:^50}

Code      Description                Qty   Unit        Price      Amount
{row}
                                                   Subtotal           492.50
                                                   VAT                 73.88
                                                   Total              566.38
"""


def test_a_name_whose_start_moves_with_its_length_is_read_at_its_place():
    # the supplier's name set in the middle of its box: it starts and ends elsewhere each time
    row = f"{'PN-1001':<10}{'Cement 50kg':<25}{'5':>5}   {'bag':<6}{'98.50':>11}{'492.50':>12}"
    item = {"item_code": "PN-1001", "description": "Cement 50kg", "quantity": "5", "unit": "bag",
            "unit_price": "98.50", "amount": "492.50"}  # fmt: skip
    money = {"subtotal": "492.50", "tax": "73.88", "total": "566.38"}
    supplier = "Jeddah Blocks and Readymix Factory"
    page = CENTRED.format(number="PO-1001", supplier=supplier, row=row)
    confirmed = {"po_number": "PO-1001", "supplier_name": supplier, "items": [item]} | money
    layout = teach.learn(text_lines(page), confirmed) | {"id": "taught"}
    lines = text_lines(CENTRED.format(number="PO-1002", supplier="Eastern Steel Est.", row=row))
    _, matched = recall.known([layout], lines)
    got = recall.read(layout["anchors"], lines, matched.frame)["fields"]
    assert got["supplier_name"].value == "Eastern Steel Est."


SITE = """\
Meridian Construction (Pty) Ltd                               PURCHASE ORDER
Order No.   {number}       Order date   19/08/2026

SUPPLIER                                DELIVER TO
{supplier:<40}{site}

Code      Description                Qty   Unit        Price      Amount
{rows}
                                                   Subtotal           {subtotal}
                                                   VAT                {tax}
                                                   Total              {total}
"""


@pytest.mark.parametrize(
    ("first", "then", "code"),
    [
        ("LK-GLE01 - Warehouse complex, Koggala EPZ", "LK-CMB07 - Mixed development", "LK-CMB07"),
        ("Job NSC-031 - North Sydney Civic Centre", "Job SYD-207 - 207 Kent Street", "SYD-207"),
    ],
)
def test_a_project_code_before_its_sites_name_after_a_dash_is_read_without_it(first, then, code):
    def page(number: str, site: str, project: str) -> tuple[list, dict]:
        row = f"{'PN-1001':<10}{'Cement 50kg':<25}{'5':>5}   {'bag':<6}{'98.50':>11}{'492.50':>12}"
        money = {"subtotal": "492.50", "tax": "73.88", "total": "566.38"}
        text = SITE.format(number=number, supplier=SUPPLIER, site=site, rows=row, **money)
        values = {"po_number": number, "supplier_name": SUPPLIER, "project_code": project}
        item = {"item_code": "PN-1001", "description": "Cement 50kg", "quantity": "5",
                "unit": "bag", "unit_price": "98.50", "amount": "492.50"}  # fmt: skip
        return text_lines(text), values | money | {"items": [item]}

    lines, confirmed = page("PO-1001", first, first.removeprefix("Job ").split(" ")[0])
    layout = teach.learn(lines, confirmed) | {"id": "taught"}
    lines, _ = page("PO-1002", then, code)
    _, matched = recall.known([layout], lines)
    got = recall.read(layout["anchors"], lines, matched.frame)["fields"]
    assert got["project_code"].value == code


DOLLARS = """\
Meridian Construction NZ Limited                              PURCHASE ORDER
Order No.   {number}       Order date   19/08/2026
Supplier    {supplier}
{note}
Code      Description                Qty   Unit        Price      Amount
{rows}
                                            Order value excl. GST   {subtotal}
                                            GST 15%                 {tax}
                                            Total incl. GST         {total}
"""


def dollars(number: str, note: str, items: list[tuple], sign: str = "$") -> tuple[list, dict]:
    """The page's lines and its confirmed values: each amount after its sign."""
    rows, confirmed = [], []
    for code, text, quantity, unit, price in items:
        amount = f"{Decimal(quantity) * Decimal(price):.2f}"
        rows.append(
            f"{code:<10}{text:<25}{quantity:>5}   {unit:<6}{sign + price:>11}{sign + amount:>12}"
        )
        confirmed.append(
            {"item_code": code, "description": text, "quantity": quantity, "unit": unit,
             "unit_price": price, "amount": amount}
        )  # fmt: skip
    subtotal = sum(Decimal(item["amount"]) for item in confirmed)
    tax = (subtotal * Decimal("0.15")).quantize(Decimal("0.01"))
    money = {"subtotal": f"{subtotal:.2f}", "tax": f"{tax:.2f}", "total": f"{subtotal + tax:.2f}"}
    printed = {key: f"{sign}{value}" for key, value in money.items()}
    page = DOLLARS.format(
        number=number, supplier=SUPPLIER, note=note, rows="\n".join(rows), **printed
    )
    values = {"po_number": number, "po_date": "2026-08-19", "supplier_name": SUPPLIER}
    return text_lines(page), values | {"items": confirmed} | money


@pytest.mark.parametrize(
    ("confirmed", "first_note", "note"),
    [
        ("NZD", "", ""),  # the learned page's '$' was the New Zealand dollar: so is the next's
        ("AUD", "All prices in AUD", "Prices in AUD"),  # the next page prints its code
    ],
)
def test_a_currency_sign_that_names_another_is_the_layouts_currency(confirmed, first_note, note):
    items = [("PN-1001", "Cement 50kg", "5", "bag", "98.50")]
    # where the next page prints its code, the learned one named its currency by it only
    page, first = dollars("PO-1001", first_note, items, "" if note else "$")
    layout = teach.learn(page, first | {"currency": confirmed}) | {"id": "taught"}
    page, _ = dollars(
        "PO-1002", note, items + [("PN-2040", "River sand washed", "2", "m3", "410.00")]
    )
    payload = engine.read_po(page, ExtractOptions(layouts=(layout,), today="2026-09-01"))
    assert payload["layout"]["read_with"]["id"] == "taught"
    assert payload["currency"] == confirmed


CLAUSES = """\
MERIDIAN CONSTRUCTION (PTY) LTD
Order No.:  {number}          Our ref.:  COM/CT-031/41
Date:       1 May 2026

ORDER FOR THE SUPPLY OF MATERIALS
1.  PARTIES
1.1 The Supplier: {supplier}, of 14 Neutron Street, Atlantis.
2.  SCOPE OF SUPPLY
The Supplier shall supply the following:
{clauses}
3.  PRICE AND PAYMENT
3.1 The prices are fixed and not subject to escalation.
"""


def clauses(number: str, items: list[tuple]) -> tuple[list, dict]:
    """The page's lines and its confirmed values: each item written out in a sentence."""
    text, confirmed = [], []
    for n, (text_, quantity, price) in enumerate(items, 1):
        amount = f"{Decimal(quantity) * Decimal(price):.2f}"
        text.append(f"2.{n} {text_}: quantity {quantity}, unit each, at R {price} per unit,")
        text.append(f"    amounting to R {amount}.")
        confirmed.append(
            {"item_code": "", "description": text_, "quantity": quantity, "unit": "each",
             "unit_price": price, "amount": amount}
        )  # fmt: skip
    page = CLAUSES.format(number=number, supplier=SUPPLIER, clauses="\n".join(text))
    return text_lines(page), {"po_number": number, "items": confirmed}


def test_items_written_out_in_sentences_are_no_part_of_the_fingerprint():
    lines, confirmed = clauses("MCC/SO/536/26", [
        ("Tie rod DW15, 1.0 m", "40", "128.88"),
        ("Timber formwork beam H20, 3.9 m", "15", "808.29"),
        ("Panel alignment clamp", "24", "386.25"),
        ("Steel-frame wall formwork panel 2.7 x 0.6 m", "50", "3314.19"),
        ("Wing nut DW15 with plate", "15", "74.73"),
        ("PVC chamfer strip 20 mm x 3 m", "10", "19.47"),
    ])  # fmt: skip
    layout = teach.learn(lines, confirmed) | {"id": "taught"}
    lines, _ = clauses("MCC/SO/611/26", [("Release agent, 20 l", "8", "878.71")])
    assert recall.known([layout], lines) is not None


def dated(number: str, day: str, month: str) -> tuple[list, dict]:
    """The form's lines and its confirmed values: its date a part to a box under its label."""
    page, confirmed = boxed(number, [("10032", "CEMENT CEM II 32,5R, 50 KG", "24", "BAG", "90.95")])
    date = f"ORDER DATE (DD/MM/YYYY)\n{day}/  {month}/  2026\n"
    page = page.replace("ORDER DATE   19/08/2026", "").replace("SUPPLIER ", date + "SUPPLIER ")
    return text_lines(page), confirmed | {"po_date": f"2026-{month}-{day}"}


def test_a_date_printed_a_part_to_a_box_is_learned_and_read():
    lines, confirmed = dated("MC132057", "08", "04")
    layout = teach.learn(lines, confirmed) | {"id": "taught"}
    lines, _ = dated("MC132058", "23", "11")
    _, matched = recall.known([layout], lines)
    got = recall.read(layout["anchors"], lines, matched.frame)["fields"]
    assert got["po_date"].value == "2026-11-23"
