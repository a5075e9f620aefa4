"""What the engine puts right after the OCR, and only when the other numbers prove it.

Tables of cases for the repairs of photo and scan readings: a lost decimal
point in the foot, a misread discount or quantity, a grouped price taken for
a quantity and a price, a size with a letter for a digit, OCR noise in a row,
an item whose numbers the OCR lost, and ruled lines around a lone digit.
"""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from app.extract import engine, items, ocr, tables, totals
from app.extract.fields import Found
from app.extract.layout import Box, Cell, Word, box_lines, text_lines
from app.extract.tables import Column, RawRow


@pytest.mark.parametrize(
    ("foot", "expected"),
    [
        # the OCR lost the point, or spaced it from its cents
        (["Nett Total  R 12 038 03"], "12038.03"),
        (["Nett Total  R 1 805. 70"], "1805.70"),
        (["Nett Total  1 234,56"], "1234.56"),
        # a whole number stays whole: '1 234' is not 12.34
        (["Nett Total  1 234"], "1234.00"),
    ],
)
def test_foot_amounts_with_a_lost_or_spaced_point(foot, expected):
    found = totals.read_foot(text_lines("\n".join(foot)), decimal_comma=False)
    assert found["subtotal"].value == expected


def ocr_item(quantity, price, amount, discount=None) -> dict:
    item = {"quantity": quantity, "unit_price": price, "amount": amount, "confidence": 0.8}
    if discount is not None:
        item["discount"] = discount
    return item


REBAR = {"quantity": "40", "unit_price": "142.89", "discount": "5", "amount": "5429.82"}


@pytest.mark.parametrize(
    ("line", "discounts", "subtotal", "fixed"),
    [
        # '10%' read as '0%' (or not at all) in a table with a discount column
        (ocr_item("4", "590.77", "2126.77"), True, "7556.59", ("4", "590.77", "10", "2126.77")),
        (ocr_item("4", "93.48", "336.53"), True, "5766.35", ("4", "93.48", "10", "336.53")),
        # no discount column: amount over price is the quantity (3.6, a plain quantity)
        (ocr_item("4", "590.77", "2126.77"), False, "7556.59", ("3.6", "590.77", None, "2126.77")),
        # '7.5' read as '83': the amounts add up, so amount over price is the quantity
        (ocr_item("83", "334.91", "2511.83"), False, "7941.65", ("7.5", "334.91", None, "2511.83")),
        # a discount was read (10 %): the quantity, not a new discount, was misread
        (
            ocr_item("2", "100.00", "90.00", "10"),
            True,
            "5519.82",
            ("1", "100.00", "10", "90.00"),
        ),
        # '083' read for 0.83: the same digits, the point where the amount puts it
        (
            ocr_item("3", "83.00", "2.43", "2.5"),
            True,
            "5432.25",
            ("3", "0.83", "2.5", "2.43"),
        ),
        # '25%' read for 2.5 %: the discount's point moves, not the quantity (20, not 26)
        (
            ocr_item("20", "82.23", "1603.49", "25"),
            True,
            "7033.31",
            ("20", "82.23", "2.5", "1603.49"),
        ),
        # the amounts do not add up to the subtotal: nothing is proved, nothing changes
        (ocr_item("83", "334.91", "2511.83"), False, "9999.99", ("83", "334.91", None, "2511.83")),
    ],
)
def test_a_misread_line_is_put_right_only_when_the_sums_prove_it(line, discounts, subtotal, fixed):
    read = (line["quantity"], line["unit_price"], line.get("discount"), line["amount"])
    totals.check([line, dict(REBAR)], {"subtotal": Found(subtotal, 0.9)}, discounts)
    got = (line["quantity"], line["unit_price"], line.get("discount"), line["amount"])
    assert got == fixed
    # a repaired line is flagged for a person; one left alone keeps the OCR's confidence
    assert (line["confidence"] < engine.LOW) == (got != read)


def test_a_text_layer_line_that_does_not_add_up_is_the_documents_own():
    line = {"quantity": "4", "unit_price": "590.77", "amount": "2126.77"}  # no OCR confidence
    _, failed = totals.check([line, dict(REBAR)], {"subtotal": Found("7556.59", 0.9)}, True)
    assert (line["quantity"], line.get("discount"), failed) == ("4", None, ["line_amounts"])


@pytest.mark.parametrize(
    ("item", "quantity"),
    [
        # the amount was rounded to the cent: 1 x 117.64 less 2.5 % = 114.699
        ({"unit_price": "117.64", "discount": "2.5", "amount": "114.70"}, "1"),
        ({"unit_price": "1160.91", "discount": "5", "amount": "2205.73"}, "2"),
        ({"unit_price": "10.00", "amount": "25.00"}, "2.5"),
        # no plain quantity gives this amount: left for a person
        ({"unit_price": "3.00", "amount": "10.00"}, None),
        # under 1.00 a two-decimal quantity fits any amount: that proves nothing
        ({"unit_price": "0.85", "amount": "12.34"}, None),
    ],
)
def test_a_lost_quantity_is_worked_out_from_price_and_amount(item, quantity):
    item = {"quantity": None, **item}
    totals.complete_items([item])
    assert item["quantity"] == quantity


def row(columns: list[str], cells: list[str], conf: float = 0.8) -> RawRow:
    return RawRow(
        [Column(key, 0, 0) for key in columns],
        {i: text for i, text in enumerate(cells) if text},
        conf=conf,
    )


@pytest.mark.parametrize(
    ("cells", "quantity", "price"),
    [
        # '3 064,30' beside nothing: one grouped price (5 x 3064.30 is the amount)
        (["Maxi brick NFP", "3 064,30", "15 321,50"], "5", "3064.30"),
        # '20 45,47': a quantity that sat beside its price (20 x 45.47 is the amount)
        (["Structural timber", "20 45,47", "909,40"], "20", "45.47"),
        # '2 500,00' less 10 % is 900: 2 x 500 (not 0.4 x 2500)
        (["Gate valve", "2 500,00", "900,00", "10"], "2", "500.00"),
    ],
)
def test_a_price_cell_with_two_numbers(cells, quantity, price):
    keys = ["description", "unit_price", "amount", "discount"][: len(cells)]
    got = items.to_items([row(keys, cells)], True)
    totals.complete_items(got)
    assert (got[0]["quantity"], got[0]["unit_price"]) == (quantity, price)


@pytest.mark.parametrize(
    ("text", "fixed"),
    [
        ("Cement S0kg bag", "Cement 50kg bag"),
        ("PVC pipe 1O0mm", "PVC pipe 100mm"),
        ("Gate valve l5mm", "Gate valve 15mm"),
        # words and codes are left alone: two letters, no digit, or no unit after it
        ("SS10mm bolt", "SS10mm bolt"),
        ("Sol 10mm", "Sol 10mm"),
        ("Oil 5l", "Oil 5l"),
        ("Hex bolt M8x40", "Hex bolt M8x40"),
        ("Cable 2.5mm", "Cable 2.5mm"),
    ],
)
def test_sizes_with_a_letter_for_a_digit(text, fixed):
    assert items.fix_misread_sizes(text) == fixed


def test_ocr_noise_in_a_row_is_left_out_not_added_to_the_description():
    columns = [
        Column("description", 27, 38),
        Column("quantity", 79, 83),
        Column("amount", 108, 118),
    ]
    cells = [
        Cell([Word("Plaster", 27, 34, 0.97), Word("sand", 35, 39, 0.96)]),
        Cell([Word("k", 79, 80, 0.0)]),  # a smudge the OCR itself did not believe
        Cell([Word("7.5", 82, 84, 0.9)]),
        Cell([Word("2511.83", 112, 118, 0.95)]),
    ]
    placed = tables._assign(cells, columns)
    assert placed == {0: "Plaster sand", 1: "7.5", 2: "2511.83"}
    cells[1] = Cell([Word("k", 79, 80, 0.9)])  # read with confidence: it is kept
    assert "k" in " ".join(tables._assign(cells, columns).values())


def test_an_item_whose_numbers_were_lost_stands_unless_a_second_look_finds_none():
    keys = ["description", "quantity"]
    first = row(keys, ["Hard hat white SABS approved", "25"])
    found = row(keys, ["Elbow 50mm 90 degree", "5"])
    found.maybe = True
    assert tables.settle_maybe_rows([first, found], False) == [first, found]
    first = row(keys, ["Hard hat white SABS approved", "25"])
    empty = row(keys, ["delivered to site stores", ""])
    empty.maybe = True
    settled = tables.settle_maybe_rows([first, empty], False)
    assert len(settled) == 1
    assert settled[0].text("description") == "Hard hat white SABS approved delivered to site stores"


def test_ruled_lines_are_painted_over_and_the_digit_beside_them_kept():
    page = Image.new("L", (800, 600), 230)
    draw = ImageDraw.Draw(page)
    draw.line((50, 300, 750, 300), fill=20, width=2)  # a table's rule across
    draw.line((400, 100, 400, 500), fill=20, width=2)  # and down
    draw.rectangle((385, 310, 395, 330), fill=20)  # a digit against the rule
    clean = ocr.remove_rules(page)
    assert clean.getpixel((200, 300)) == 230 and clean.getpixel((400, 200)) == 230
    assert clean.getpixel((390, 320)) == 20
    blank = Image.new("L", (800, 600), 230)
    assert ocr.remove_rules(blank) is blank  # nothing to remove: the page itself


@pytest.mark.parametrize(
    ("read", "words"),
    [
        # a column rule read into the word between two values
        ("Qty|UOM", ["Qty", "UOM"]),
        ("25)tin", ["25", "tin"]),
        ("2}roll", ["2", "roll"]),
        ("5||bag", ["5", "bag"]),
        # brackets that belong to the text stay
        ("(Pty)", ["(Pty)"]),
        ("Y12)", ["Y12"]),
        ("1/1000", ["1/1000"]),
    ],
)
def test_a_word_read_across_a_column_rule_is_two_words(read, words):
    (line,) = box_lines([Box(read, 100, 50, 10 * len(read), 20, 0.9)])
    assert [word.text for word in line.words] == words
    assert all(a.x1 <= b.x0 for a, b in zip(line.words, line.words[1:], strict=False))


CODES_UNHEADED = """\
            Description              Qty      Price      Amount
GLV-25      Galvanised pipe 25mm       3     125.76      377.28
GL-NIT      Nitrile coated gloves     50      29.06     1453.00
HB-M8       Hex bolt M8x40             2       0.67        1.34
"""
CENTRED_HEADER = """\
                 Description         Qty      Price      Amount
Galvanised pipe 25mm                   3     125.76      377.28
Nitrile coated gloves                 50      29.06     1453.00
"""


@pytest.mark.parametrize(
    ("text", "codes", "descriptions"),
    [
        # the OCR lost the 'Code' header: the codes get a column, not the descriptions
        (
            CODES_UNHEADED,
            ["GLV-25", "GL-NIT", "HB-M8"],
            ["Galvanised pipe 25mm", "Nitrile coated gloves", "Hex bolt M8x40"],
        ),
        # a centred header over descriptions that start further left: no column is made
        (CENTRED_HEADER, ["", ""], ["Galvanised pipe 25mm", "Nitrile coated gloves"]),
    ],
)
def test_a_code_column_whose_header_was_lost(text, codes, descriptions):
    lines = text_lines(text)
    raw = tables.find_table(lines, 1.0, False)
    items.name_columns(raw, False)
    got = items.to_items(raw, False)
    assert [item["item_code"] for item in got] == codes
    assert [item["description"] for item in got] == descriptions
