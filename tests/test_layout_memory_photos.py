"""A photo of a layout people verified: told as that layout though the OCR lost some of its
words, and its items' descriptions read again as the reader's own are.

The pages of the second part are drawn and read by the real tesseract; only the first
reading's misread is written into the lines, as the OCR would have made it on a worse photo.
"""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image, ImageDraw, ImageFont

from app.extract import engine, second_look
from app.extract.document import ExtractOptions
from app.extract.layout import Line, Word, text_lines
from app.extract.memory import recall, teach, words
from tests.drawn import misread, read_drawn

# A supplier's confirmation printed in two languages, as a photo loses the second one's small
# grey print.
BILINGUAL = """\
KESTREL BOUWMATERIALEN BV                                  ORDERBEVESTIGING
Bouwmaterialen en gereedschap voor de aannemer             Purchase order confirmation
Building materials and tools for the builder
Industrieweg 14 Zwolle                                     Bestelnummer     {number}
Industrial road fourteen Zwolle                            Order number
Telefoon 038 555 0101 Kamer van Koophandel 41020304        Besteldatum      {date}
Phone and chamber of commerce                              Order date
Klantnummer MER01 Afleveradres bouwplaats hoofdingang      Leverdatum       {date}
Customer number and delivery address main gate             Delivery date
Uw referentie en betalingstermijn dertig dagen netto       Verkoper         Jansen
Your reference and payment terms thirty days net           Salesperson
Leveringsvoorwaarden franco werf magazijn Zwolle           Vervoer          eigen
Delivery terms free on site from our warehouse             Carrier          own

Artikel    Omschrijving                     Aantal  Eenheid     Prijs       Bedrag
Item code  Description                      Qty     Unit        Price       Amount
{rows}
                                                        Subtotaal          {subtotal}
                                                        BTW 21%            {tax}
                                                        Totaal             {total}
"""
# what the photo's OCR did not read: the English under each Dutch line
ENGLISH = {
    "purchase", "order", "confirmation", "building", "materials", "and", "tools", "for", "the",
    "builder", "industrial", "road", "fourteen", "number", "phone", "chamber", "of",
    "commerce", "date", "customer", "delivery", "address", "main", "gate", "item", "code",
    "description", "qty", "unit", "price", "amount", "your", "reference", "payment",
    "terms", "thirty", "days", "net", "salesperson", "free", "on", "site", "from", "our",
    "warehouse", "carrier", "own",
}  # fmt: skip


def _bilingual(number: str, rows: list[tuple[str, str, str, str, str, str]]) -> tuple[str, dict]:
    items = [
        {"item_code": code, "description": text, "quantity": quantity, "unit": unit,
         "unit_price": price, "amount": amount}
        for code, text, quantity, unit, price, amount in rows
    ]  # fmt: skip
    subtotal = sum(float(amount) for *_, amount in rows)
    tax, total = round(subtotal * 0.21, 2), round(subtotal * 1.21, 2)
    page = BILINGUAL.format(
        number=number,
        date="14-04-2026",
        rows="\n".join(
            f"{code:<11}{text:<33}{quantity:>6}  {unit:<8}{price:>8}{amount:>13}"
            for code, text, quantity, unit, price, amount in rows
        ),
        subtotal=f"{subtotal:.2f}",
        tax=f"{tax:.2f}",
        total=f"{total:.2f}",
    )
    confirmed = {
        "po_number": number, "po_date": "2026-04-14",
        "supplier_name": "Kestrel Bouwmaterialen BV", "currency": "EUR",
        "subtotal": f"{subtotal:.2f}", "tax": f"{tax:.2f}", "total": f"{total:.2f}",
        "items": items,
    }  # fmt: skip
    return page, confirmed


FIRST = [("KB-1020", "Kalkzandsteen blok 10 cm", "40", "stuk", "2.85", "114.00")]
LATER = [
    ("KB-3120", "Cellenbeton lijm 25 kg", "6", "zak", "11.40", "68.40"),
    ("KB-4250", "Cement CEM II 42,5 N", "20", "zak", "7.95", "159.00"),
]


def _photo(lines: list[Line], lost=frozenset()) -> list[Line]:
    """The lines as a photo's OCR gives them: each word marked as read by OCR, and without
    the words it did not see."""
    return [
        Line(
            [replace(w, ocr=True) for w in line.words if words.norm(w.text) not in lost],
            line.y,
            line.page,
        )
        for line in lines
        if any(words.norm(w.text) not in lost for w in line.words)
    ]


def _taught():
    page, confirmed = _bilingual("KB-20418", FIRST)
    return teach.learn(text_lines(page), confirmed) | {"id": "kestrel", "learned_from": "X"}


def test_a_photo_that_lost_a_second_languages_small_print_is_still_the_layout():
    layout = _taught()
    later, _ = _bilingual("KB-20533", LATER)
    photo = _photo(text_lines(later), ENGLISH)
    matched = words.match(layout["fingerprint"], photo)
    # fewer than half of the fingerprint's words stand on the photo, though many do
    assert matched.score < words.MATCH and matched.found >= words.PHOTO_WORDS
    assert recall.known([layout], photo)[0]["id"] == "kestrel"


def test_a_text_pdf_missing_as_many_of_the_words_is_not_the_layout():
    layout = _taught()
    later, _ = _bilingual("KB-20533", LATER)
    text = [
        Line([w for w in line.words if words.norm(w.text) not in ENGLISH], line.y, line.page)
        for line in text_lines(later)
    ]  # a text layer prints all of a layout's words: one that lacks so many is another's
    assert recall.known([layout], [line for line in text if line.words]) is None


# fifty words of a fingerprint, none of them a value: 'ba', 'bb', ... five to a line
FIFTY = [[a + b, 10.0 * (n % 5), float(n // 5)] for n, (a, b) in enumerate(
    (a, b) for a in "bcdefghijk" for b in "aeiou"
)]  # fmt: skip


def _seen(count: int) -> list[Line]:
    """A photo's lines with the first `count` of FIFTY's words in their places."""
    rows: dict[float, list[Word]] = {}
    for text, x, y in FIFTY[:count]:
        rows.setdefault(y, []).append(Word(text, x, x + 2, ocr=True))
    return [Line(found, y, 0) for y, found in rows.items()]


@pytest.mark.parametrize(("count", "known"), [(19, False), (20, True), (24, True)])
def test_a_photo_is_the_layout_by_as_many_words_in_place_as_another_layouts_never_showed(
    count, known
):
    layout = {"id": "fifty", "fingerprint": FIFTY, "anchors": {"table": None}}
    matched = words.match(FIFTY, _seen(count))
    assert words.PHOTO_MATCH <= matched.score < words.MATCH  # (38 % to 48 %)
    assert (recall.known([layout], _seen(count)) is not None) is known


# --- a drawn photo: its descriptions read again --------------------------------------------

MONO = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
needs_ocr = pytest.mark.skipif(
    shutil.which("tesseract") is None or not Path(MONO).exists(),
    reason="needs tesseract and the DejaVu fonts",
)


def _drawn(number: str, rows: list[tuple[str, ...]]) -> tuple[list[Line], dict]:
    """A short order drawn at a size the OCR reads right, and its confirmed values."""
    page, confirmed = _bilingual(number, rows)
    kept = [row for row in page.splitlines() if not set(words.norm(row).split()) <= ENGLISH]
    image = Image.new("L", (1500, 60 + 44 * len(kept)), 255)
    draw = ImageDraw.Draw(image)
    font = ImageFont.truetype(MONO, 22)
    for n, row in enumerate(kept):
        draw.text((30, 30 + 44 * n), row, font=font, fill=0)
    return read_drawn(image), confirmed


@needs_ocr
def test_a_description_the_layouts_table_read_on_a_photo_is_put_right_as_the_readers_are():
    first, confirmed = _drawn("KB-20418", FIRST)
    layout = teach.learn(first, confirmed) | {"id": "kestrel", "learned_from": "KB-20418"}
    assert layout["anchors"]["table"], "the drawn table is learned"
    # the cement's numeral printed with an l, as the OCR reads a worn print: put right by the
    # description rules, as the reader's own descriptions are
    later, _ = _drawn("KB-20533", [LATER[0], ("KB-4250", "Cement CEM Il 42,5 N", *LATER[1][2:])])
    misread(later, "Cellenbeton", "Cellenbcton")
    payload = engine.read_lines(later, ExtractOptions(layouts=(layout,), today="2026-04-20"))
    assert "items" in payload["layout"]["read_with"]["values"]  # the layout's rows, not ours
    assert [item["description"] for item in payload["items"]] == [
        "Cellenbeton lijm 25 kg", "Cement CEM II 42,5 N"
    ]  # fmt: skip
    again = [a for a in payload["rules_applied"] if a["rule"] == "description_second_look"]
    # (the reader's own row was read again too, and is no item: named 'items')
    assert ("items[0].description", "Cellenbeton lijm 25 kg") in [
        (a["field"], a["value"]) for a in again
    ]
    numeral = [a for a in payload["rules_applied"] if a["rule"] == "capital_i_as_l"]
    assert ("items[1].description", "Cement CEM II 42,5 N") in [
        (a["field"], a["value"]) for a in numeral
    ]


# --- where a description a layout's table read stands on the lines -------------------------

TABLE = text_lines("""\
Code   Description                 Qty    Price
PC-50  Portland cement 50kg         10    95.00
BS-1   Building sand per ton         2   410.00
       washed
PC-50  Portland cement 50kg          4    95.00


       washed
""")


@pytest.mark.parametrize(
    ("description", "start", "parts", "after"),
    [
        ("Portland cement 50kg", 0, [(1, "Portland cement 50kg")], 2),
        # the same description again: the one after the last item's line
        ("Portland cement 50kg", 2, [(4, "Portland cement 50kg")], 5),
        ("Building sand per ton washed", 2, [(2, "Building sand per ton"), (3, "washed")], 3),
        # its last word two lines further down, past a gap: not its line
        ("Portland cement 50kg washed", 2, None, None),
        ("Cement", 0, None, None),  # one word: it could be any word of the page
    ],
)
def test_a_description_is_found_where_its_words_stand_from_the_last_items_line_on(
    description, start, parts, after
):
    found = second_look._placed(description.split(), TABLE, start)
    if parts is None:
        assert found is None
        return
    placed, next_start = found
    assert [(round(line.y), text) for line, text, _, _ in placed] == parts
    assert next_start == after
