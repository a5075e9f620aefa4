"""What rotation 12's families, as dev families, showed the layout memory: a foot amount printed
alone on the line under its label, the label ending to its left (a total that includes the VAT,
the VAT content under it and no subtotal printed); a unit printed after its quantity that is also
its description's last word; the order's details down a sidebar beside the table; a dash printed
for no discount. Each page is made up here."""

from __future__ import annotations

from decimal import Decimal

from app.extract.layout import text_lines
from app.extract.memory import recall, teach
from tests.test_layout_memory_rotation_8 import priced_page

SUPPLIER = "Rewa Valley Hardware Pte Limited"

INCLUDED = """\
Meridian Construction (Pty) Ltd                               PURCHASE ORDER
Order No.   {number}       Order Date   19/08/2026
SUPPLIER
{supplier}

Code      Description                  Qty  Unit      Price VIP   Amount VIP
{rows}
Lines: {count}                     TOTAL VIP (FJD)                   FJ$ {total}
All amounts in Fiji dollars.       VAT content @ 12.5% (incl.){beside}
{under}
Quote our order number on every invoice.
"""


def included(number: str, items: list[tuple], under: bool = True) -> tuple[str, dict]:
    """The page and its confirmed values: prices include the VAT, whose content is printed
    at the amounts' right edge under its label's line (or on it); no subtotal is printed."""
    rows, confirmed = [], []
    for code, text, quantity, unit, price in items:
        amount = f"{Decimal(quantity) * Decimal(price):.2f}"
        rows.append(f"{code:<10}{text:<27}{quantity:>5}  {unit:<8}{price:>9}{amount:>13}")
        confirmed.append(
            {"item_code": code, "description": text, "quantity": quantity, "unit": unit,
             "unit_price": price, "amount": amount}
        )  # fmt: skip
    total = sum(Decimal(item["amount"]) for item in confirmed)
    tax = (total * Decimal("12.5") / Decimal("112.5")).quantize(Decimal("0.01"))
    money = {"subtotal": f"{total - tax:.2f}", "tax": f"{tax:.2f}", "total": f"{total:.2f}"}
    tax = f"{money['tax']:>8}"
    beside, below = ("", f"{tax:>74}") if under else (f"{tax:>11}", "")
    page = INCLUDED.format(
        number=number,
        supplier=SUPPLIER,
        rows="\n".join(rows),
        count=len(rows),
        total=total,
        beside=beside,
        under=below,
    )
    return page, {"po_number": number, "supplier_name": SUPPLIER, "items": confirmed} | money


def test_a_foot_amount_alone_under_its_label_is_read_under_it_or_beside_it():
    page, confirmed = included("SUV/PO/26-1001", [
        ("RB-D12", "Deformed bar D12 x 6 m", "3", "length", "31.90"),
        ("NL-75G", "Flat-head nails 75 mm", "2", "box", "172.04"),
    ])  # fmt: skip
    layout = teach.learn(text_lines(page), confirmed) | {"id": "taught"}
    page, want = included("SUV/PO/26-1002", [
        ("CB-200", "Concrete block 200 series", "40", "each", "4.97"),
        ("FIC-40", "Basic cement 40 kg", "6", "bag", "21.41"),
        ("AG-19", "Aggregate 19 mm, washed", "1.5", "m3", "116.58"),
    ], under=False)  # fmt: skip
    lines = text_lines(page)
    _, matched = recall.known([layout], lines)
    got = recall.read(layout["anchors"], lines, matched.frame)["fields"]
    assert {name: got[name].value for name in ("subtotal", "tax", "total")} == {
        name: want[name] for name in ("subtotal", "tax", "total")
    }


ORDERED = """\
Meridian Construction (Pty) Ltd                               Bestellbestätigung
Ihre Bestellreferenz (PO)   {number}       Bestellt am   19.08.2026
Verkauft von   {supplier}

Pos.  Artikel                                       Menge      Einzelpreis      Gesamt
{rows}
                                                   Summe netto        {subtotal}
                                                   USt. 15 %          {tax}
                                                   Gesamtbetrag       {total}
"""


def ordered(number: str, items: list[tuple]) -> tuple[str, dict]:
    """The page and its confirmed values: each unit printed after its quantity, and some also
    as the description's last word ('je Palette'); the item's code on a line under it."""

    def line(n: int, item: tuple, amount: str) -> str:
        code, text, quantity, unit, price = item
        return (
            f"{n:<6}{text:<44}{quantity:>4} {unit:<8}{price:>12}{amount:>12}\n"
            f"      Art.-Nr. des Verkäufers: {code}"
        )

    return priced_page(ORDERED, number, SUPPLIER, items, line)


def test_a_unit_printed_in_its_description_and_after_its_quantity_is_learned():
    page, confirmed = ordered("MCD-B17001", [
        ("ZE20-40", "Zementestrich ZE 20, 40 kg", "50", "Sack", "7.03"),
        ("VERS-PAL", "Speditionsversand frei Baustelle, je Palette", "2", "Palette", "48.97"),
    ])  # fmt: skip
    layout = teach.learn(text_lines(page), confirmed) | {"id": "taught"}
    page, want = ordered("MCD-B17002", [
        ("HLM-EN397", "Schutzhelm EN 397, weiss", "2", "Stück", "7.98"),
        ("VERS-PAL", "Speditionsversand frei Baustelle, je Palette", "1", "Palette", "48.97"),
    ])  # fmt: skip
    lines = text_lines(page)
    _, matched = recall.known([layout], lines)
    got = recall.read(layout["anchors"], lines, matched.frame)["items"]
    assert recall.same_items(got, [item | {"item_code": ""} for item in want["items"]])


def sidebar(number: str, items: list[tuple], details: list[str]) -> tuple[str, dict]:
    """The page and its confirmed values: the order's details run down a sidebar left of the
    table, a line of them beside each printed line of the table, each description running on
    to a second line or not."""
    rows, confirmed = [], []
    for n, (code, text, more, quantity, unit, price) in enumerate(items, 1):
        amount = f"{Decimal(quantity) * Decimal(price):.2f}"
        rows += [
            f"{n:<4}{code:<12}{text:<30}{quantity:>5}  {unit:<7}{price:>9}{amount:>11}",
            f"{'':<16}{more}",
        ]
        confirmed.append(
            {"item_code": code, "description": f"{text} {more}".strip(), "quantity": quantity,
             "unit": unit, "unit_price": price, "amount": amount}
        )  # fmt: skip
    side = details + [""] * (len(rows) - len(details))
    table = "\n".join(f"{d:<22}{row}".rstrip() for d, row in zip(side, rows, strict=True))
    subtotal = sum(Decimal(item["amount"]) for item in confirmed)
    tax = (subtotal * Decimal("0.13")).quantize(Decimal("0.01"))
    page = f"""\
PURCHASE ORDER                        Meridian Construction Canada Inc.
{number}                              SHIP TO  Barrhaven community centre
VENDOR   {SUPPLIER}

ISSUED                #   SKU         Description                     Qty  UoM      Price    Amount
{table}
                                                              Subtotal          {subtotal:>11}
                                                              HST 13%           {tax:>11}
                                                              Total             {subtotal + tax:>11}
"""
    money = {"subtotal": f"{subtotal:.2f}", "tax": f"{tax:.2f}", "total": f"{subtotal + tax:.2f}"}
    return page, {"po_number": number, "supplier_name": SUPPLIER, "items": confirmed} | money


def test_the_details_down_a_sidebar_beside_the_table_are_no_note_and_no_description():
    page, confirmed = sidebar("MCC-PO-11020", [
        ("SCR-114", "Drywall screw 1-1/4 fine", "5000 per box", "100", "box", "65.38"),
        ("PLY-3412", "Plywood 3/4 T&G 4x8", "", "40", "sheet", "60.39"),
        ("TAP-MESH", "Mesh tape 2 x 300", "self-adhesive", "6", "roll", "10.45"),
    ], ["Sep 17, 2026", "REQUIRED BY", "Oct 6, 2026", "Barrhaven centre", "BUYER"])  # fmt: skip
    layout = teach.learn(text_lines(page), confirmed) | {"id": "taught"}
    page, want = sidebar("MCC-PO-11021", [
        ("GWB-5812", "Drywall 5/8 Type X 4x12", "fire rated", "10", "sheet", "23.90"),
        ("CAU-FS", "Firestop sealant 10.1 oz", "intumescent, red", "2", "tube", "19.59"),
        ("LUM-2410", "SPF 2x4x10 kiln dried", "No. 2 and better", "5", "each", "8.07"),
    ], ["Feb 26, 2026", "Mar 6, 2026", "PROJECT", "Barrhaven centre", "BUYER"])  # fmt: skip
    lines = text_lines(page)
    _, matched = recall.known([layout], lines)
    got = recall.read(layout["anchors"], lines, matched.frame)["items"]
    assert recall.same_items(got, want["items"])


DISCOUNTED = """\
Meridian Construction (UK) Limited                            PURCHASE ORDER
Order No.   {number}       Order date   19/08/2026
Supplier    {supplier}

Ref   Code       Description                    Qty  Unit     List £   Disc %     Nett £
{rows}
                                                   Goods nett         {subtotal:>10}
                                                   VAT 20%            {tax:>10}
                                                   Total              {total:>10}
"""


def discounted(number: str, items: list[tuple]) -> tuple[str, dict]:
    """The page and its confirmed values: a line with no discount prints a dash for it."""

    def line(n: int, item: tuple, amount: str) -> str:
        code, text, quantity, unit, price, off = item
        return (
            f"{n:02}    {code:<11}{text:<29}{quantity:>5}  {unit:<6}{price:>8}"
            f"{off or '-':>9}{amount:>11}"
        )

    return priced_page(DISCOUNTED, number, SUPPLIER, items, line, rate="0.2", discount_at=5)


def test_a_dash_for_no_discount_leaves_the_discount_column_read():
    page, confirmed = discounted("MCU-1001", [
        ("LCK-S64", "Sashlock 64 mm case", "100", "each", "56.60", ""),
        ("SGN-FDKS", "Sign fire door keep shut", "30", "each", "4.28", ""),
        ("SEAL-1504", "Intumescent seal 15 x 4", "40", "set", "11.55", "10"),
    ])  # fmt: skip
    layout = teach.learn(text_lines(page), confirmed) | {"id": "taught"}
    page, want = discounted("MCU-1002", [
        ("SGN-FDKS", "Sign fire door keep shut", "3", "each", "5.23", "5"),
        ("HNG-1027", "Butt hinge 102 x 76 mm", "1", "pr", "11.24", ""),
    ])  # fmt: skip
    lines = text_lines(page)
    _, matched = recall.known([layout], lines)
    got = recall.read(layout["anchors"], lines, matched.frame)["items"]
    assert [item.get("discount") for item in got] == ["5", None]
    assert recall.same_items(got, want["items"])
