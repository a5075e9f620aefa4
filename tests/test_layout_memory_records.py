"""Items printed as records of words (a sentence, a message's segments, a card of lines), no
header row over them: learned from one verified document as the words between their values,
and read on the layout's next documents. Pages drawn here as layout text."""

from decimal import Decimal

from app.extract.layout import text_lines
from app.extract.memory import recall, teach


def order(number: str, items: list[tuple]) -> dict:
    lines = [
        {"item_code": code, "description": text, "quantity": q, "unit": unit, "unit_price": p,
         "amount": f"{Decimal(q) * Decimal(p):.2f}"}
        for code, text, q, unit, p in items
    ]  # fmt: skip
    subtotal = sum(Decimal(line["amount"]) for line in lines)
    tax = (subtotal * Decimal("0.15")).quantize(Decimal("0.01"))
    return {
        "po_number": number, "po_date": "2026-08-19", "supplier_name": "Boland Timber CC",
        "project_code": "CP09", "currency": "ZAR", "items": lines,
        "subtotal": f"{subtotal:.2f}", "tax": f"{tax:.2f}", "total": f"{subtotal + tax:.2f}",
    }  # fmt: skip


FIRST = order("PO-1001", [
    ("SL-38", "Sawn pine 38 x 114 mm, 6.6 m", "40", "length", "96.40"),
    ("NL-75", "Wire nails 75 mm", "5", "box", "118.00"),
])  # fmt: skip
SECOND = order("PO-1002", [
    ("DPC-375", "Damp proof course 375 mm, 20 m roll", "6", "roll", "212.35"),
    ("SL-38", "Sawn pine 38 x 114 mm, 6.6 m", "120", "length", "94.10"),
    ("CEM-42", "Cement CEM II 42,5N", "30", "bag", "104.85"),
])  # fmt: skip


def page(text: str, rows: str, order: dict) -> list:
    return text_lines(text.format(rows=rows, **order))


def learned_and_read(text: str, rows, first: dict, second: dict) -> list[dict]:
    layout = teach.learn(page(text, rows(first), first), first) | {"id": "drawn"}
    later = page(text, rows(second), second)
    known = recall.known([layout], later)
    assert known is not None
    return recall.read(layout["anchors"], later, known[1].frame)["items"]


LETTER = """\
Meridian Construction (Pty) Ltd
41 Voortrekker Road, Bellville

ORDER FOR TIMBER AND FIXINGS                     Order No.: {po_number}
Date: 19/08/2026                                 Supplier: {supplier_name}
Project: {project_code}

1. The Supplier shall deliver the goods below to site.
{rows}
3. The order is worth R {subtotal} before VAT of R {tax}, R {total} in all.
"""


def clauses(order: dict) -> str:
    return "".join(
        f"2.{n} {i['description']}, code {i['item_code']}: {i['quantity']} {i['unit']} at "
        f"R {i['unit_price']} each, in all R {i['amount']}.\n"
        for n, i in enumerate(order["items"], start=1)
    )


def test_items_written_as_clauses_are_learned_and_read():
    got = learned_and_read(LETTER, clauses, FIRST, SECOND)
    assert recall.same_items(got, SECOND["items"])
    assert [i["item_code"] for i in got] == ["DPC-375", "SL-38", "CEM-42"]
    assert got[0]["description"] == "Damp proof course 375 mm, 20 m roll"


MESSAGE = """\
Order message print                                Run 19/08/2026
Order number   {po_number}
Supplier       {supplier_name}
Project        {project_code}

Lines
{rows}
Summary
Total of lines       {subtotal}
Tax                  {tax}
Total                {total}
"""


def segments(order: dict) -> str:
    return "".join(
        f"LIN  {n}\n"
        f"ART  Article number     {i['item_code']}\n"
        f"DSC  Description        {i['description']}\n"
        f"QTY  Quantity           {i['quantity']} {i['unit']}\n"
        f"PRC  Unit price         {i['unit_price']}\n"
        f"AMT  Line amount        {i['amount']}\n"
        for n, i in enumerate(order["items"], start=1)
    )


def test_items_printed_as_a_messages_segments_are_learned_and_read():
    got = learned_and_read(MESSAGE, segments, FIRST, SECOND)
    assert recall.same_items(got, SECOND["items"])
    assert [i["unit"] for i in got] == ["roll", "length", "bag"]


APP = """\
Trade app - Order details
Order {po_number}
Supplier {supplier_name}
Site {project_code}

ITEMS ({count})
{rows}
Items                    R{subtotal}
VAT                      R{tax}
Total                    R{total}
"""


def cards(order: dict) -> str:
    return "".join(
        f"{i['description']}\n"
        f"Ref {i['item_code']}\n"
        f"{i['quantity']} {i['unit']} x R{i['unit_price']}        R{i['amount']}\n"
        for i in order["items"]
    )


def test_items_printed_as_cards_of_lines_are_read_and_the_heading_over_them_is_no_description():
    first = FIRST | {"count": 2}
    got = learned_and_read(APP, cards, first, SECOND | {"count": 3})
    assert recall.same_items(got, SECOND["items"])
    # the line over the first item ('ITEMS (3)') is not part of its description
    assert got[0]["description"] == "Damp proof course 375 mm, 20 m roll"


SLIP = """\
Boland Timber CC
Trade Counter, 14 Dock Road, Paarden Eiland
Tel 021 510 4400    VAT No 4001364625
ACCOUNT ORDER                Order No: {po_number}
Date: 19/08/2026             Job: {project_code}
Till: 06                     Cashier: counter two
Account: MER004              Meridian Construction (Pty) Ltd
No  Goods
{rows}
TOTAL          R {total}
"""


def slip_rows(order: dict, split: dict | None = None) -> str:
    """The rows; an item's description in `split` (by its number) printed over two lines."""
    out = ""
    for n, i in enumerate(order["items"], start=1):
        text, more = (split or {}).get(n, (i["description"], ""))
        out += f"{n:<4}{text:<40}{i['quantity']:>5} x {i['unit_price']:>8}  {i['amount']:>9}\n"
        if more:
            out += f"    {more}\n"
    return out


def test_a_description_running_on_under_itself_is_read_whole_and_the_foot_is_not():
    first = FIRST | {"items": [i | {"item_code": "", "unit": ""} for i in FIRST["items"]]}
    second = SECOND | {"items": [i | {"item_code": "", "unit": ""} for i in SECOND["items"]]}
    second["items"][1] |= {"description": "Sawn pine 38 x 114 mm treated, 6.6 m"}
    layout = teach.learn(page(SLIP, slip_rows(first), first), first) | {"id": "drawn"}
    later = page(SLIP, slip_rows(second, {2: ("Sawn pine 38 x 114 mm", "treated, 6.6 m")}), second)
    known = recall.known([layout], later)
    got = recall.read(layout["anchors"], later, known[1].frame)["items"]
    assert [i["description"] for i in got] == [i["description"] for i in second["items"]]
    assert [i["amount"] for i in got] == [i["amount"] for i in second["items"]]


def test_a_line_shaped_like_an_item_that_does_not_add_up_is_none():
    # every learned item kept quantity x price = amount: a clause that does not is no item
    broken = clauses(SECOND).replace("in all R 11292.00", "in all R 11290.00")
    layout = teach.learn(page(LETTER, clauses(FIRST), FIRST), FIRST) | {"id": "drawn"}
    later = page(LETTER, broken, SECOND)
    known = recall.known([layout], later)
    got = recall.read(layout["anchors"], later, known[1].frame)["items"]
    assert "in all R 11290.00" in broken
    assert [i["item_code"] for i in got] == ["DPC-375", "CEM-42"]


def test_a_clause_whose_description_runs_on_to_the_next_line_is_read_whole():
    wrapped = clauses(SECOND).replace(
        "2.1 Damp proof course 375 mm", "2.1 Damp proof course\n375 mm"
    )
    layout = teach.learn(page(LETTER, clauses(FIRST), FIRST), FIRST) | {"id": "drawn"}
    later = page(LETTER, wrapped, SECOND)
    known = recall.known([layout], later)
    got = recall.read(layout["anchors"], later, known[1].frame)["items"]
    assert "Damp proof course\n375 mm" in wrapped
    assert recall.same_items(got, SECOND["items"])


def test_an_items_last_number_ends_its_line_as_the_learned_ones_did():
    # document 1's second item is discounted, so no quantity x price = amount is learned; a
    # size in a later description ('1220 x 2440') is still no quantity and price
    first = FIRST | {"items": [i | {"item_code": "", "unit": ""} for i in FIRST["items"]]}
    first["items"][1] = first["items"][1] | {"amount": "560.50"}
    second = order("PO-1002", [("", "Shutter ply 18 mm 1220 x 2440", "20", "", "489.00")])
    layout = teach.learn(page(SLIP, slip_rows(first), first), first) | {"id": "drawn"}
    later = page(SLIP, slip_rows(second), second)
    known = recall.known([layout], later)
    got = recall.read(layout["anchors"], later, known[1].frame)["items"]
    assert [(i["description"], i["quantity"]) for i in got] == [
        ("Shutter ply 18 mm 1220 x 2440", "20")
    ]


def test_a_first_document_of_single_quantities_teaches_which_is_the_price():
    # every price is its amount on document 1: the learned order must still read document 2
    first = order("PO-1001", [
        ("SL-38", "Sawn pine 38 x 114 mm, 6.6 m", "1", "length", "96.40"),
        ("NL-75", "Wire nails 75 mm", "1", "box", "118.00"),
    ])  # fmt: skip
    got = learned_and_read(MESSAGE, segments, first, SECOND)
    assert recall.same_items(got, SECOND["items"])
