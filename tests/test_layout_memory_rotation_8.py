"""What rotation 8's families, as dev families, showed the layout memory: item lines that print
more than the confirmed items hold (a line's number before its code, a tariff code beside the
unit). Each page is made up here."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from app.extract.layout import text_lines
from app.extract.memory import recall, teach

SUPPLIER = "Karsten Steel Traders CC"

NUMBERED = """\
Meridian Construction (Pty) Ltd                               PURCHASE ORDER
Order No.   {number}       Order date   19/08/2026
Supplier    {supplier}

No. Code      Description              Tariff       Unit    Qty      Price      Amount
{rows}
                                                   Subtotal           {subtotal}
                                                   VAT                {tax}
                                                   Total              {total}
"""


def priced_page(
    template: str,
    number: str,
    supplier: str,
    items: list[tuple],
    line: Callable,
    rate: str = "0.15",
    discount_at: int | None = None,
) -> tuple[str, dict]:
    """A page of `template` and its confirmed values: each item a (code, description,
    quantity, unit, price, *more) printed by `line(n, item, amount)`, its amount quantity x
    price less the discount percent at `discount_at` in the item (if any), VAT at `rate`."""
    rows, confirmed = [], []
    for n, item in enumerate(items, 1):
        code, text, quantity, unit, price = item[:5]
        off = item[discount_at] if discount_at is not None else ""
        amount = f"{Decimal(quantity) * Decimal(price) * (100 - Decimal(off or 0)) / 100:.2f}"
        rows.append(line(n, item, amount))
        confirmed.append(
            {"item_code": code, "description": text, "quantity": quantity, "unit": unit,
             "unit_price": price, "amount": amount} | ({"discount": off} if off else {})
        )  # fmt: skip
    subtotal = sum(Decimal(item["amount"]) for item in confirmed)
    tax = (subtotal * Decimal(rate)).quantize(Decimal("0.01"))
    money = {"subtotal": f"{subtotal:.2f}", "tax": f"{tax:.2f}", "total": f"{subtotal + tax:.2f}"}
    page = template.format(number=number, supplier=supplier, rows="\n".join(rows), **money)
    return page, {"po_number": number, "supplier_name": supplier, "items": confirmed} | money


def numbered(number: str, items: list[tuple]) -> tuple[str, dict]:
    """The page and its confirmed values: each item line numbered, with its tariff code
    (items as (code, description, tariff, unit, quantity, price))."""
    ordered = [
        (code, text, qty, unit, price, tariff) for code, text, tariff, unit, qty, price in items
    ]

    def line(n: int, item: tuple, amount: str) -> str:
        code, text, quantity, unit, price, tariff = item
        return (
            f"{f'{n}.':<4}{code:<10}{text:<25}{tariff:<12}{unit:<6}{quantity:>5}{price:>11}"
            f"{amount:>12}"
        )

    return priced_page(NUMBERED, number, SUPPLIER, ordered, line)


def test_a_line_s_number_and_a_tariff_code_are_no_item_s_code_or_unit():
    page, confirmed = numbered("PO-1001", [
        ("PN-1001", "Cement 50kg", "2523.29.00", "bag", "5", "98.50"),
        ("PN-2040", "River sand washed", "2505.10.00", "m3", "2", "410.00"),
    ])  # fmt: skip
    layout = teach.learn(text_lines(page), confirmed) | {"id": "taught"}
    page, want = numbered("PO-1002", [
        ("PN-3310", "Hex bolt M12x60", "7318.15.00", "box", "10", "33.70"),
        ("PN-1001", "Cement 50kg", "2523.29.00", "bag", "30", "101.20"),
        ("PN-7001", "Shuttering ply 18mm", "4412.33.00", "sheet", "12", "612.00"),
    ])  # fmt: skip
    lines = text_lines(page)
    _, matched = recall.known([layout], lines)
    got = recall.read(layout["anchors"], lines, matched.frame)["items"]
    assert [(i["item_code"], i["unit"]) for i in got] == [
        ("PN-3310", "box"),
        ("PN-1001", "bag"),
        ("PN-7001", "sheet"),
    ]
    assert recall.same_items(got, want["items"])


DROPS = """\
Meridian Construction (Pty) Ltd                               PURCHASE ORDER
Order No.   {number}       Order date   19/08/2026
Supplier    {supplier}

Code      Description                Qty   Unit        Price      Amount
Drop 1 at gate 3                                            Drop ref D1
Deliver on {day} Aug 2026 07:00   Contact {contact}
{rows}
                                                   Subtotal           {subtotal}
                                                   VAT                {tax}
                                                   Total              {total}
"""


def dropped(number: str, day: str, contact: str, items: list[tuple]) -> tuple[str, dict]:
    """The page and its confirmed values: its items under the drop's own heading."""
    rows, confirmed = [], []
    for code, text, quantity, unit, price in items:
        amount = f"{Decimal(quantity) * Decimal(price):.2f}"
        rows.append(f"{code:<10}{text:<25}{quantity:>5}   {unit:<6}{price:>11}{amount:>12}")
        confirmed.append(
            {"item_code": code, "description": text, "quantity": quantity, "unit": unit,
             "unit_price": price, "amount": amount}
        )  # fmt: skip
    subtotal = sum(Decimal(item["amount"]) for item in confirmed)
    tax = (subtotal * Decimal("0.15")).quantize(Decimal("0.01"))
    money = {"subtotal": f"{subtotal:.2f}", "tax": f"{tax:.2f}", "total": f"{subtotal + tax:.2f}"}
    page = DROPS.format(
        number=number, supplier=SUPPLIER, day=day, contact=contact, rows="\n".join(rows), **money
    )
    return page, {"po_number": number, "supplier_name": SUPPLIER, "items": confirmed} | money


def test_a_heading_between_the_header_and_the_items_is_not_learned_for_the_header():
    page, confirmed = dropped("PO-1001", "Mon 24", "N. Dlamini 082 555 0125", [
        ("PN-1001", "Cement 50kg", "5", "bag", "98.50"),
        ("PN-2040", "River sand washed", "2", "m3", "410.00"),
    ])  # fmt: skip
    layout = teach.learn(text_lines(page), confirmed) | {"id": "taught"}
    page, want = dropped("PO-1002", "Thu 27", "T. Mokoena 083 555 0193", [
        ("PN-3310", "Hex bolt M12x60", "10", "box", "33.70"),
        ("PN-7001", "Shuttering ply 18mm", "12", "sheet", "612.00"),
    ])  # fmt: skip
    lines = text_lines(page)
    _, matched = recall.known([layout], lines)
    got = recall.read(layout["anchors"], lines, matched.frame)["items"]
    assert recall.same_items(got, want["items"])


SCHEDULE = """\
Meridian Construction (Pty) Ltd                               PURCHASE ORDER
Order No.   {number}       Order date   19/08/2026
Supplier    {supplier}

Code      Description          Glazing       Qty  Unit       Price      Amount
{rows}
                                                   Subtotal           {subtotal}
                                                   VAT                {tax}
                                                   Total              {total}
"""


def scheduled(number: str, items: list[tuple]) -> tuple[str, dict]:
    """The page and its confirmed values: each item's description and glazing run on to the
    line under it."""
    rows, confirmed = [], []
    for code, (text, more), (glass, kind), quantity, price in items:
        amount = f"{Decimal(quantity) * Decimal(price):.2f}"
        rows.append(f"{code:<10}{text:<21}{glass:<13}{quantity:>3}  no.{price:>12}{amount:>12}")
        rows.append(f"{'':<10}{more:<21}{kind}")
        confirmed.append(
            {"item_code": code, "description": f"{text} {more}", "quantity": quantity,
             "unit": "no.", "unit_price": price, "amount": amount}
        )  # fmt: skip
    subtotal = sum(Decimal(item["amount"]) for item in confirmed)
    tax = (subtotal * Decimal("0.15")).quantize(Decimal("0.01"))
    money = {"subtotal": f"{subtotal:.2f}", "tax": f"{tax:.2f}", "total": f"{subtotal + tax:.2f}"}
    page = SCHEDULE.format(number=number, supplier=SUPPLIER, rows="\n".join(rows), **money)
    return page, {"po_number": number, "supplier_name": SUPPLIER, "items": confirmed} | money


def test_a_description_running_on_beside_another_column_running_on_is_read_whole():
    page, confirmed = scheduled("PO-1001", [
        ("LV-150", ("Louvre window, 150", "mm blades"), ("4 mm obscure", "glass"), "1", "2021.87"),
        ("S38-TH1", ("Top-hung window", "Series 38"), ("4 mm clear", "float"), "2", "2554.73"),
    ])  # fmt: skip
    layout = teach.learn(text_lines(page), confirmed) | {"id": "taught"}
    page, want = scheduled("PO-1002", [
        ("S38-TH1", ("Top-hung window", "Series 38"), ("6 mm laminated", "safety"), "3", "2612.40"),
        ("SD-2100", ("Sliding door, two", "panels"), ("4 mm clear", "float"), "1", "8450.00"),
    ])  # fmt: skip
    lines = text_lines(page)
    _, matched = recall.known([layout], lines)
    got = recall.read(layout["anchors"], lines, matched.frame)["items"]
    assert [i["description"] for i in got] == [
        "Top-hung window Series 38",
        "Sliding door, two panels",
    ]
    assert recall.same_items(got, want["items"])


POSTS = """\
Meridian Construction (Pty) Ltd                               SERVICE ORDER
Order No.   {number}       Order date   19/08/2026
Supplier    {supplier}

Post       Code      Service                       Qty  Unit          Rate      Amount
{rows}
                                                   Subtotal           {subtotal}
                                                   VAT                {tax}
                                                   Total              {total}
"""


def posted(number: str, items: list[tuple]) -> tuple[str, dict]:
    """The page and its confirmed values: a post's name and an item's description may each run
    on to the line under it."""
    rows, confirmed = [], []
    for (post, more_post), code, (text, more), quantity, price in items:
        amount = f"{Decimal(quantity) * Decimal(price):.2f}"
        rows.append(f"{post:<11}{code:<10}{text:<30}{quantity:>3}  each   {price:>12}{amount:>12}")
        if more_post or more:
            rows.append(f"{more_post:<21}{more}".rstrip())
        confirmed.append(
            {"item_code": code, "description": f"{text} {more}".strip(), "quantity": quantity,
             "unit": "each", "unit_price": price, "amount": amount}
        )  # fmt: skip
    subtotal = sum(Decimal(item["amount"]) for item in confirmed)
    tax = (subtotal * Decimal("0.15")).quantize(Decimal("0.01"))
    money = {"subtotal": f"{subtotal:.2f}", "tax": f"{tax:.2f}", "total": f"{subtotal + tax:.2f}"}
    page = POSTS.format(number=number, supplier=SUPPLIER, rows="\n".join(rows), **money)
    return page, {"po_number": number, "supplier_name": SUPPLIER, "items": confirmed} | money


def test_another_column_running_on_is_no_note_that_ends_a_description():
    page, confirmed = posted("PO-1001", [
        (("P5 Tower", "crane"), "GC-N12", ("Grade C officer, night shift", ""), "4", "14865.08"),
        (("P1 Gate", ""), "GD-WE", ("Grade D officer, weekend", ""), "2", "5608.65"),
    ])  # fmt: skip
    layout = teach.learn(text_lines(page), confirmed) | {"id": "taught"}
    page, want = posted("PO-1002", [
        (("P2 Yard", ""), "GC-N12", ("Grade C officer, night shift", ""), "3", "14865.08"),
        (("P5 Tower", "crane"), "GD-WE", ("Grade D officer, weekend", "06:00-18:00"), "2",
         "5608.65"),
    ])  # fmt: skip
    lines = text_lines(page)
    _, matched = recall.known([layout], lines)
    got = recall.read(layout["anchors"], lines, matched.frame)["items"]
    assert got[-1]["description"] == "Grade D officer, weekend 06:00-18:00"
    assert recall.same_items(got, want["items"])


SLIP = """\
Meridian Construction (Pty) Ltd                               PETTY CASH ORDER
                                                              No.  {number}
DATE            SITE          SHOP
19-08-2026      CP09          {shop}

Description                   Qty  Unit         Price      Amount   Cost code
{rows}
                                                   Subtotal           {subtotal}
                                                   VAT                {tax}
                                                   Total              {total}
"""


def slip(number: str, supplier: str, town: str, items: list[tuple]) -> tuple[str, dict]:
    """The page and its confirmed values: the shop named with its town after a comma."""
    rows, confirmed = [], []
    for text, quantity, unit, price in items:
        amount = f"{Decimal(quantity) * Decimal(price):.2f}"
        rows.append(f"{text:<30}{quantity:>3}  {unit:<6}{price:>12}{amount:>12}   6-120")
        confirmed.append(
            {"item_code": "", "description": text, "quantity": quantity, "unit": unit,
             "unit_price": price, "amount": amount}
        )  # fmt: skip
    subtotal = sum(Decimal(item["amount"]) for item in confirmed)
    tax = (subtotal * Decimal("0.15")).quantize(Decimal("0.01"))
    money = {"subtotal": f"{subtotal:.2f}", "tax": f"{tax:.2f}", "total": f"{subtotal + tax:.2f}"}
    shop = f"{supplier}, {town}"
    page = SLIP.format(number=number, shop=shop, rows="\n".join(rows), **money)
    return page, {"po_number": number, "supplier_name": supplier, "items": confirmed} | money


def read_slip(first: tuple[str, dict], second: tuple[str, dict]) -> dict:
    layout = teach.learn(text_lines(first[0]), first[1]) | {"id": "taught"}
    lines = text_lines(second[0])
    _, matched = recall.known([layout], lines)
    return recall.read(layout["anchors"], lines, matched.frame)


def test_prices_that_were_each_their_amount_are_learned_in_their_own_column():
    # every item of the learned document was one of its kind: its price read as its amount
    first = slip("PCO-6575", "Milnerton Trade Hardware", "Cape Town", [
        ("Bottled water 5 l", "1", "bottle", "32.29"),
        ("Duct tape 48 mm x 25 m", "1", "roll", "68.35"),
    ])  # fmt: skip
    second = slip("PCO-6576", "Milnerton Trade Hardware", "Cape Town", [
        ("Masking tape 24 mm x 40 m", "3", "roll", "24.05"),
        ("Padlock 50 mm brass", "1", "each", "99.36"),
    ])  # fmt: skip
    got = read_slip(first, second)["items"]
    assert [(i["unit_price"], i["amount"]) for i in got] == [("24.05", "72.15"), ("99.36", "99.36")]
    assert recall.same_items(got, second[1]["items"])


def test_a_supplier_named_with_its_town_after_a_comma_is_read_without_another_town():
    items = [("Bottled water 5 l", "2", "bottle", "32.29"), ("Padlock", "1", "each", "99.36")]
    first = slip("PCO-6575", "Milnerton Trade Hardware", "Cape Town", items)
    second = slip("PCO-6576", "Kraaifontein Tool & Paint", "Kraaifontein", items)
    got = read_slip(first, second)["fields"]
    assert got["supplier_name"].value == "Kraaifontein Tool & Paint"


QUOTE = """\
Karsten Steel Traders CC                                       QUOTATION
Quoted to                                      Quote No.   QT26-{number}
Meridian Construction (Pty) Ltd                Date        03 Mar 2026

Code      Description                    Qty  Unit        Price      Amount
{rows}
                                                   Subtotal           {subtotal}
                                                   VAT                {tax}
                                                   Total              {total}
"""
ACCEPTANCE = """\
ACCEPTANCE OF QUOTATION
I/We accept the quotation and the conditions of sale, and order the goods as quoted.
Customer          Meridian Construction (Pty) Ltd
Your order No.    {order}
Signed
"""


def quoted(number: str, order: str, items: list[tuple]) -> tuple[list, dict]:
    """The lines of a quotation whose last page our buyer signs, writing our order number in."""
    rows, confirmed = [], []
    for code, text, quantity, price in items:
        amount = f"{Decimal(quantity) * Decimal(price):.2f}"
        rows.append(f"{code:<10}{text:<31}{quantity:>3}  each{price:>13}{amount:>12}")
        confirmed.append(
            {"item_code": code, "description": text, "quantity": quantity, "unit": "each",
             "unit_price": price, "amount": amount}
        )  # fmt: skip
    subtotal = sum(Decimal(item["amount"]) for item in confirmed)
    tax = (subtotal * Decimal("0.15")).quantize(Decimal("0.01"))
    money = {"subtotal": f"{subtotal:.2f}", "tax": f"{tax:.2f}", "total": f"{subtotal + tax:.2f}"}
    one = text_lines(QUOTE.format(number=number, rows="\n".join(rows), **money))
    two = text_lines(ACCEPTANCE.format(order=order), 1, one[-1].y + 4)
    return one + two, {"po_number": order, "supplier_name": SUPPLIER, "items": confirmed} | money


def test_our_order_number_written_in_on_a_quotation_s_last_page_is_learned_there():
    lines, confirmed = quoted("19456", "MC/4838", [("ED-100", "Edging 100 x 200", "6", "26.96")])
    layout = teach.learn(lines, confirmed) | {"id": "taught"}
    lines, _ = quoted("19501", "MC/4902", [("CP-450", "Concrete pipe 450 mm", "24", "2088.13")])
    _, matched = recall.known([layout], lines)
    got = recall.read(layout["anchors"], lines, matched.frame)["fields"]
    assert got["po_number"].value == "MC/4902"


def sectioned(number: str, section: str, items: list[tuple]) -> tuple[str, dict]:
    """The numbered page with a section's title, lettered in the number column, after its first
    item."""
    page, confirmed = numbered(number, items)
    first = page.splitlines().index(next(r for r in page.splitlines() if r.startswith("1.")))
    rows = page.splitlines()
    rows.insert(first + 1, f"B   {section}")
    return "\n".join(rows) + "\n", confirmed


def test_a_section_s_title_lettered_where_the_items_are_numbered_is_a_note():
    page, confirmed = sectioned("PO-1001", "PLUMBING AND DRAINAGE", [
        ("PN-1001", "Cement 50kg", "2523.29.00", "bag", "5", "98.50"),
        ("PN-2040", "River sand washed", "2505.10.00", "m3", "2", "410.00"),
    ])  # fmt: skip
    layout = teach.learn(text_lines(page), confirmed) | {"id": "taught"}
    page, want = sectioned("PO-1002", "ELECTRICAL", [
        ("PN-3310", "Hex bolt M12x60", "7318.15.00", "box", "10", "33.70"),
        ("PN-1001", "Cement 50kg", "2523.29.00", "bag", "30", "101.20"),
    ])  # fmt: skip
    lines = text_lines(page)
    _, matched = recall.known([layout], lines)
    got = recall.read(layout["anchors"], lines, matched.frame)["items"]
    assert recall.same_items(got, want["items"])
