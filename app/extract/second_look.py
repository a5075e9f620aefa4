"""A second look at what the OCR read of a table, in the page image it came from.

Sparse-text OCR tends to drop a lone digit: the '3' in a quantity column. For
each item row with an empty number column, the area under that column on
that row is read again as digits only. What it finds is marked as less sure.
A description is read again larger, where it was read (`descriptions_again`;
`placed_descriptions_again` for the rows a learned layout's table read), and
so is a reference (`reference_again`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from difflib import SequenceMatcher

from PIL import Image
from rapidfuzz import fuzz

from app.extract import ocr, validate
from app.extract.layout import Line
from app.extract.model import Item
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
    # descriptions' areas already read again (area -> its readings): a page read more than
    # once (with either decimal mark, without its rules) is read again once, the same way
    again: dict = field(default_factory=dict, compare=False, repr=False)


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
        if not all(_usable(region) for region in regions):
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


# A description read again is kept only where it is this like the first reading (0..100): a
# letter or two misread ('Galvanised pi pe' for 'Galvanised pipe'), not other words.
LIKE_DESCRIPTION = 75


def _usable(region: tuple[int, int, int, int]) -> bool:
    """An area more than a few pixels wide and high: something can be read in it."""
    return region[2] - region[0] > 4 and region[3] - region[1] > 4


def descriptions_again(
    rows: list[RawRow], lines: list[Line], comma: bool
) -> list[tuple[RawRow, str, str]]:
    """Each OCR'd row's description, line by line, read again at two enlargements with the
    Latin-script model (one OCR call a page): where both readings agree and are the first
    but for a letter or two (`_better`), they replace it. Small print is misread as
    look-alike letters ('Portiand' for 'Portland', 'S' for '5') less often when larger, and
    English's model, which reads the page, loses the accents of other languages ('Pisek' for
    'Písek'). What was replaced, as (row, key, text)."""
    pages = {line.page: line.ocr_page for line in lines if line.ocr_page is not None}
    wanted: dict[int, list[tuple[RawRow, dict[int, str], int, tuple[int, int, int, int]]]] = {}
    for row in rows:
        page = pages.get(row.page)
        if page is None:
            continue
        for cells, index, line, x0, x1 in _description_parts(row, lines):
            region = _box(page, line.y, x0 - 0.5, x1 + 0.5, 0.6)
            if _usable(region):
                wanted.setdefault(row.page, []).append((row, cells, index, region))
    return [(row, "description", text) for row, text in _read_parts(wanted, pages, lines)]


def placed_descriptions_again(items: list[Item], lines: list[Line]) -> list[tuple[int, str]]:
    """The descriptions of the items a learned layout's table read on OCR'd lines, read again
    as `descriptions_again` reads the reader's own: each found on the lines as the words it
    was made of (`_placed`), each line's part in Latin letters (`_latin`) read again at two
    enlargements and kept where `_better` keeps it. (index, description) for each put
    right."""
    pages = {line.page: line.ocr_page for line in lines if line.ocr_page is not None}
    ocr_lines = [line for line in lines if line.page in pages]
    wanted: dict[int, list[tuple[int, list[str], int, tuple[int, int, int, int]]]] = {}
    texts: dict[int, list[str]] = {}
    start = 0
    for n, item in enumerate(items):
        found = _placed(item.description.split(), ocr_lines, start)
        if found is None:
            continue
        parts, start = found
        texts[n] = [text for _, text, _, _ in parts]
        for k, (line, text, x0, x1) in enumerate(parts):
            page = pages[line.page]
            region = _box(page, line.y, x0 - 0.5, x1 + 0.5, 0.6)
            if _usable(region) and _latin(text):
                wanted.setdefault(line.page, []).append((n, texts[n], k, region))
    changed = {n for n, _ in _read_parts(wanted, pages, lines)}
    return [(n, " ".join(texts[n])) for n in sorted(changed)]


def _placed(said: list[str], lines: list[Line], start: int):
    """Where a description's words stand on the lines from `start` on: its first words (two
    or more) on a line, the rest on the lines right under it (on its page, a line apart at
    most: NEXT), each line's as (line, its words, where they start and end); with the index
    of the line after its first. None when they are not found so (a description of one word
    is not looked for: it could be any word of the page)."""
    if len(said) < 2:
        return None
    for first in range(start, len(lines)):
        parts, rest = [], said
        for line in lines[first:]:
            if parts and not _next(parts[-1][0], line):
                break
            part = _longest_start(line, rest, least=1 if parts else 2)
            if part is None:
                break
            parts.append(part)
            rest = rest[len(part[1].split()) :]
            if not rest:
                return parts, first + 1
    return None


# How far under a description's line (in line heights) its next line may stand.
NEXT = 1.6


def _next(above: Line, line: Line) -> bool:
    return line.page == above.page and 0 < line.y - above.y <= NEXT


def _longest_start(line: Line, said: list[str], least: int):
    """The most of the words' first ones (at least `least`) that stand one after another on the
    line, as (line, their text, where they start and end)."""
    for size in range(len(said), least - 1, -1):
        where = _words_at(line, said[:size])
        if where is not None:
            return line, " ".join(said[:size]), *where
    return None


def _latin(text: str) -> bool:
    """Words in Latin letters: another script's model read them, and ours would lose them."""
    return bool(re.search(r"[A-Za-z]", text)) and not any(
        ch.isalpha() and ord(ch) > 0x24F for ch in text
    )


def _read_parts(wanted: dict[int, list[tuple]], pages: dict, lines: list[Line]) -> list[tuple]:
    """Each page's parts, (owner, its texts, which of them, the area it was read from), read
    again with the Latin-script model at two enlargements (one OCR call a page, for the areas
    not read again before: kept on the page, `again`); a text is replaced where `_better`
    keeps the new reading. The owners and texts replaced, as (owner, text)."""
    replaced = []
    for number, parts in wanted.items():
        page = pages[number]
        new = list(dict.fromkeys(region for *_, region in parts if region not in page.again))
        if new:
            read = ocr.read_lines_again(page.image, new, language=ocr.LETTERS)
            page.again.update(zip(new, read or [[] for _ in new], strict=True))
        accented = _accented(line for line in lines if line.page == number)
        for owner, texts, index, region in parts:
            text = _better(texts[index], page.again.get(region) or [], accented)
            if text is not None:
                texts[index] = text
                replaced.append((owner, text))
    return replaced


def _accented(lines) -> bool:
    """Some letter of the page's first reading carries an accent: English's model reads
    some of a page's accents ('Stérk' for 'Štěrk'), and none on a page in English."""
    return any(validate.unaccented(word.text) != word.text for line in lines for word in line.words)


# Curly quotes and apostrophes as straight ones: the Latin model reads 'island's' as
# 'island’s' and '15/32"' as '15/32”' where English's read them as printed.
_CURLY = str.maketrans({"‘": "'", "’": "'", "“": '"', "”": '"'})


def _better(first: str, again: list[str], accented: bool = True) -> str | None:
    """The description read again, where it is to replace the first reading: both sizes
    read it alike, with as many words, like the first, and otherwise than it in more than
    capitals ('kVA', 'KVA'); a digit the first read is never read as another ('12', '17':
    no sum proves a size's digits, and a letter is what the larger print sets right). On a
    page with no accent in its first reading (`accented`), one read again is a speck
    ('Wíre'), and goes."""
    said = {" ".join(reading.split()) for reading in again}
    if len(again) < 2 or len(said) != 1:
        return None
    text = said.pop()
    if not accented:
        text = validate.unaccented(text)
    if not any(mark in first for mark in "‘’“”"):
        text = text.translate(_CURLY)  # (a quote the first read straight stays straight)
    if text.lower() == first.lower() or len(text.split()) != len(first.split()):
        return None
    if fuzz.ratio(text, first) < LIKE_DESCRIPTION or _digit_changed(first, text):
        return None
    return text


def _digit_changed(first: str, again: str) -> bool:
    """A digit of the first reading stands where the second reads another digit."""
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, first, again, autojunk=False).get_opcodes():
        if tag == "replace" and re.search(r"\d", first[i1:i2]) and re.search(r"\d", again[j1:j2]):
            return True
    return False


# How many lines under an item's first its description's further lines are looked for.
BELOW = 6


def _description_parts(row: RawRow, lines: list[Line]):
    """The row's description cell on each of its lines (its first, and those it runs on to,
    each on a line under the last), each as (the line's cells, the column's index, the
    page's line, where its words start and end in characters), when the row was read by OCR
    from a page in Latin letters."""
    index = next((i for i, c in enumerate(row.columns) if c.key == "description"), None)
    if index is None or not row.ocr:
        return []
    on_page = [line for line in lines if line.page == row.page and line.y >= row.y]
    if not on_page or on_page[0].y != row.y:
        return []
    parts, below, at = [], on_page[: BELOW + 1], 0
    for n, cells in enumerate([row.cells, *row.more]):
        text = cells.get(index, "")
        if not text.split():
            continue
        usable = _latin(text)
        for k in [0] if n == 0 else range(at + 1, len(below)):
            where = _words_at(below[k], text.split())
            if where is not None:
                if usable:
                    parts.append((cells, index, below[k], *where))
                at = k
                break
    return parts


def _words_at(line: Line, said: list[str]) -> tuple[float, float] | None:
    """Where on the line the words stand one after another, in characters."""
    words = line.words
    for start in range(len(words) - len(said) + 1):
        if [w.text for w in words[start : start + len(said)]] == said:
            return words[start].x0, words[start + len(said) - 1].x1
    return None
