"""A second look at table numbers the OCR missed, in the page image they came from.

Sparse-text OCR tends to drop a lone digit: the '3' in a quantity column. For
each item row with an empty number column, the area under that column on
that row is read again as digits only. What it finds is marked as less sure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from PIL import Image
from rapidfuzz import fuzz

from app.extract import ocr
from app.extract.layout import Line
from app.extract.tables import RawRow, is_number

WANTED = ("quantity", "delivered", "unit_price", "amount")
# A reference read again that is less like the first reading than this (0..100) is of
# something else beside it: one or two letters misread keep a word of eight above 75.
LIKE = 60


@dataclass(frozen=True)
class OcrPage:
    image: Image.Image
    y0: float  # the first line's y on this page, in line heights
    char_w: float  # pixels per character width
    line_h: float  # pixels per line height
    boxes: tuple = ()  # the words the OCR read on it (ocr.Box)


def _region(row: RawRow, index: int, page: OcrPage) -> tuple[int, int, int, int]:
    column = row.columns[index]
    before = [c.x1 for c in row.columns[:index]]
    after = [c.x0 for c in row.columns[index + 1 :]]
    left = max(max(before, default=column.x0 - 6), column.x0 - 5)
    right = min(min(after, default=column.x1 + 2), column.x1 + 2)
    return _box(page, row.y, left, right, 0.4)


def _box(page: OcrPage, y: float, left: float, right: float, half: float):
    """The page's pixels from `left` to `right` (in characters) and `half` a line height
    above and below the line at `y`, within the image."""
    middle = (y - page.y0) * page.line_h
    return (
        max(0, round(left * page.char_w)),
        max(0, round(middle - half * page.line_h)),
        min(page.image.width, round(right * page.char_w)),
        min(page.image.height, round(middle + half * page.line_h)),
    )


def fill_missing_numbers(
    rows: list[RawRow], lines: list[Line], comma: bool
) -> list[tuple[RawRow, str, str]]:
    """Each empty number cell of an OCR'd row read again; what was found, as (row, column
    name, text)."""
    filled = []
    pages = {line.page: line.ocr_page for line in lines if line.ocr_page is not None}
    wanted: dict[int, list[tuple[RawRow, int]]] = {}
    for row in rows:
        page = pages.get(row.page)
        if page is None:
            continue
        for index, column in enumerate(row.columns):
            text = row.cells.get(index, "")
            junk = len(text) <= 2 and not is_number(text, comma)  # '' or a speck like 'u'
            empty = junk and column.x1 > column.x0
            if column.key in WANTED and empty:
                wanted.setdefault(row.page, []).append((row, index))
    for number, cells in wanted.items():
        page = pages[number]
        regions = [_region(row, index, page) for row, index in cells]
        usable = [r for r in regions if r[2] - r[0] > 4 and r[3] - r[1] > 4]
        if len(usable) != len(regions):
            continue
        for (row, index), text in zip(cells, ocr.read_numbers(page.image, regions), strict=True):
            if text and is_number(text, comma):
                row.cells[index] = text
                row.conf = min(row.conf, 0.55)
                filled.append((row, row.columns[index].key, text))
    return filled


def reference_again(lines: list[Line], value: str) -> list[str]:
    """An OCR'd reference (a PO or DN number) read again where the OCR read it, at two
    enlargements; each reading as the value when it reads alike, else as its word most
    like the value. [] when the value is not one word of an OCR'd line."""
    found = None if " " in value else _word_of(lines, value)
    if found is None:
        return []
    line, word = found
    region = _box(line.ocr_page, line.y, word.x0 - 2, word.x1 + 2, 0.6)
    return [_likest(reading, value) for reading in ocr.read_again(line.ocr_page.image, region)]


# What a cell's border or a label's colon leaves at the ends of a word read again.
_MARKS = "|[](){}~_—–-:;,.'\"`‘’“”"


def _word_of(lines: list[Line], value: str):
    """The OCR'd word the value was read from, with its line: one that is the value but for
    a border's marks, else the first that holds it with no letter or digit either side (a
    label run into it: 'No:45127'); never the '451270' of another number."""
    alone = _alone(value)
    within = None
    for line in lines:
        if line.ocr_page is None:
            continue
        for word in line.words:
            if word.text.strip(_MARKS) == value:
                return line, word
            if within is None and alone.search(word.text):
                within = line, word
    return within


def _alone(value: str) -> re.Pattern:
    """The value with no letter or digit either side of it."""
    return re.compile(rf"(?<![A-Za-z0-9]){re.escape(value)}(?![A-Za-z0-9])")


def _likest(reading: str, value: str) -> str:
    """The value when the reading holds it on its own (split at a space, or run into its
    label: 'No:45127'); else the reading's word most like it, without the marks a border
    leaves at its ends; '' when no word is like it at all (the area held something else:
    no evidence)."""
    alone = _alone(value)
    if alone.search(reading) or alone.search("".join(reading.split())):
        return value
    words = [w.strip(_MARKS) for w in re.split(r"[\s:#]+", reading)]
    best = max(words, key=lambda w: fuzz.ratio(w, value), default="")
    return best if fuzz.ratio(best, value) >= LIKE else ""
