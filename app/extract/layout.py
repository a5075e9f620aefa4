"""Words with positions, grouped into lines and cells: the page the readers work on.

Text PDFs and OCR both end here, so one set of field and table rules reads
them. Positions are in character widths (x) and line heights (y), whatever
the source measured in: pypdf's layout text is already a character grid, and
OCR boxes are divided by the page's typical character width and line height.
Pure: no files, no PDF or image libraries.
"""

from __future__ import annotations

import bisect
import re
import statistics
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field, replace

# Words closer than this (in character widths) belong to one cell.
CELL_GAP = 1.6
# On an OCR'd page, words closer than this many of the page's usual word spaces belong to
# one cell: a proportional font's space is about 0.8 character widths, so two columns a
# narrow gap apart ('10 emmer', 'Aantal Eenheid') stay apart; a typewriter font's is about
# 1.3, its words up to 1.7 apart ('ref 193'), and its columns two characters or more.
SPACES_APART = 1.6
# The widest gap inside a cell on any OCR'd page, in character widths.
WIDEST_SPACE = 2.2


@dataclass(frozen=True)
class Word:
    text: str
    x0: float
    x1: float
    conf: float = 1.0  # the OCR engine's confidence; 1 for a text layer
    size: float = 1.0  # its letters' width against the page's usual: a title's are wider
    ocr: bool = False  # read by OCR (a photo or scan), not taken from a text layer

    @property
    def center(self) -> float:
        return (self.x0 + self.x1) / 2


@dataclass
class Cell:
    words: list[Word]

    @property
    def text(self) -> str:
        return " ".join(word.text for word in self.words)

    @property
    def x0(self) -> float:
        return self.words[0].x0

    @property
    def x1(self) -> float:
        return self.words[-1].x1

    @property
    def conf(self) -> float:
        return min(word.conf for word in self.words)

    @property
    def ocr(self) -> bool:
        return any(word.ocr for word in self.words)


@dataclass
class Line:
    words: list[Word]
    y: float  # in line heights from the top of the document (pages follow each other)
    page: int
    cells: list[Cell] = field(default_factory=list)
    ocr_page: object = None  # the OCR'd page it was read from (engine.OcrPage), if any

    def __post_init__(self) -> None:
        self.words.sort(key=lambda word: word.x0)
        if not self.cells:
            self.cells = group_cells(self.words)

    @property
    def text(self) -> str:
        return "  ".join(cell.text for cell in self.cells)

    @property
    def ocr(self) -> bool:
        """Read by OCR: its numbers and letters may be misread, unlike a text layer's."""
        return any(word.ocr for word in self.words)


# Signs that compatibility forms would turn into other letters and lose their meaning: the
# ordinal indicators of 'N.º' and 'Ref.ª' (not 'N.o'), the micro sign of '200 µ', the
# squares and cubes of 'm²' and 'm³', the fractions of '¼ de galón' (not '1⁄4'): a
# description says what it says.
_KEPT_SIGNS = re.compile(r"[^\u00aa\u00b5\u00ba\u00b2\u00b3\u00bc-\u00be\u2150-\u215e]+")


def clean(text: str) -> str:
    """Ligatures and odd spaces as plain text: 'ﬁ' -> 'fi', no-break space -> space."""
    plain = _KEPT_SIGNS.sub(lambda part: unicodedata.normalize("NFKC", part.group()), text)
    return plain.replace("\u00a0", " ")


def group_cells(words: list[Word], gap: float = CELL_GAP, widest=max) -> list[Cell]:
    """Words into cells. A gap is measured in the letter widths of its two words (the wider
    by default, so a title's wide letters are not split at their spaces)."""
    cells: list[Cell] = []
    for word in words:
        if cells and word.x0 - cells[-1].x1 < gap * widest(word.size, cells[-1].words[-1].size):
            cells[-1].words.append(word)
        else:
            cells.append(Cell([word]))
    return cells


def _page_gap(rows: list[list[Word]]) -> float:
    """How far apart an OCR'd page's words may be and still share a cell: SPACES_APART of
    its usual space between words (the median gap under three character widths)."""
    gaps = [
        b.x0 - a.x1
        for row in rows
        for a, b in zip(row, row[1:], strict=False)
        if 0 < b.x0 - a.x1 < 3
    ]
    if len(gaps) < 20:
        return CELL_GAP  # too few words to tell the page's spacing
    return min(WIDEST_SPACE, max(1.0, SPACES_APART * statistics.median(gaps)))


# A rule typed across the page ('-----', '=====', '.....'): a drawn line, not words.
# (and a text table's rule with its corners, '+-----+------+', or drawn in box characters)
_RULE_WORD = re.compile(
    r"[-=_.*~\u2013\u2014\u2500-\u257f]{3,}|\+?(?:[-=\u2500-\u257f]{3,}\+)+[-=]*"
)
# A form's leader run from its label to its value, with no space between them ('Broj:
# ..........067/26'): blank, so the label and the value are words (and cells) of their own.
_LEADER_RUN = re.compile(r"[._·…]{4,}")
# A box's side drawn in characters ('|Nr zamówienia     |Data        |', a line printer's or a
# text report's boxes and tables, '|   1 | DES-SOS-25 | Deska sosnowa'): blank, as the OCR's
# rules are, so each box's words are a cell. Every one on a line that starts or ends with
# one; elsewhere one after a wide space or another side, or before a wide space or the line's
# end; not a stroke between two parts of a line ('… Pty Ltd | ABN 41 … | 9 Hume Court').
_SIDE = "|│┃║╎╏┆┇┊┋"
_BOX_SIDE = re.compile(rf"(?:^|(?<=\s\s)|(?<=[{_SIDE}]))[{_SIDE}]|[{_SIDE}](?=\s\s|\s*$)")
_BOXED_ROW = re.compile(rf"^\s*[{_SIDE}]|[{_SIDE}]\s*$")
_ANY_SIDE = re.compile(rf"[{_SIDE}]")


def _box_sides_blank(row: str) -> str:
    """The row with its boxes' sides blanked (_BOX_SIDE)."""
    sides = _ANY_SIDE if _BOXED_ROW.search(row) else _BOX_SIDE
    return sides.sub(" ", row)


# Letters of the scripts written right to left: Hebrew and Arabic.
_RTL = "\u0590-\u05ff\u0600-\u06ff\u0750-\u077f\ufb1d-\ufdff\ufe70-\ufeff"
_RTL_LETTER = re.compile(f"[{_RTL}]")
# What shows a word's letters come right to left as they are seen, last letter first: a Hebrew
# final letter ('ם', 'ן') at its start, or Arabic's article 'ال' at its end; and the other way.
_SEEN_ORDER = re.compile(r"(?<!\S)[ךםןףץ]|لا(?!\S)")
_READ_ORDER = re.compile(r"[ךםןףץ](?!\S)|(?<!\S)ال")
# A run written left to right inside a right-to-left one: numbers, codes, Latin words (one or
# several, 'Makita DDF 482').
_LTR_RUN = re.compile(r"%?[A-Za-z0-9](?:[A-Za-z0-9./,:\-+'& ]*[A-Za-z0-9])?")
_MIRRORED = str.maketrans("()[]{}<>", ")(][}{><")
# A run of text: words a single space apart, between gaps of two spaces or more.
_RUN = re.compile(r"\S+(?: \S+)*")


def seen_order(text: str) -> bool:
    """Whether a page's right-to-left words come as they are seen, last letter first (a PDF
    that draws each letter where it stands), rather than in the order they are read."""
    return len(_SEEN_ORDER.findall(text)) > len(_READ_ORDER.findall(text))


def read_order(row: str) -> str:
    """A row of a page whose right-to-left words come as seen, in the order they are read:
    each run of text (between gaps of two spaces or more) that holds such a word is turned
    round, its brackets mirrored and its left-to-right runs (numbers, codes) turned back. The
    row keeps its length, and every run its place."""

    def turn(match: re.Match) -> str:
        part = match.group()
        if not _RTL_LETTER.search(part):
            return part
        turned = part[::-1].translate(_MIRRORED)
        return _LTR_RUN.sub(lambda run: run.group()[::-1].translate(_MIRRORED), turned)

    return _RUN.sub(turn, row)


def _rtl_chunks(row: str) -> str:
    """A row of a page written left to right: each run of right-to-left words turned round."""
    return re.sub(f"[{_RTL}'\"]+(?: [{_RTL}'\"]+)*", lambda m: m.group()[::-1], row)


def right_to_left(text: str) -> bool:
    """A page written right to left: more of its letters Hebrew or Arabic than Latin."""
    return len(_RTL_LETTER.findall(text)) > len(re.findall(r"[A-Za-z]", text))


def mirrored(rows: list[str]) -> list[str]:
    """The rows of a page written right to left as if it were written left to right: each run
    of text (between gaps of two spaces or more) moved to where it stands seen from the other
    edge, its words as they are. A label then stands left of its value, an item's number
    first and its amount last, as the readers expect."""
    width = max((len(row.rstrip()) for row in rows), default=0)
    out = []
    for row in rows:
        line = [" "] * width
        for run in _RUN.finditer(row):
            start = width - run.end()
            line[start : start + len(run.group())] = run.group()
        out.append("".join(line).rstrip())
    return out


# A number in Arabic-Indic (or Persian) digits with its marks ('٢٣/٠٤/٢٠٢٦', '١٦٬٦٠٧٫٧٠٠'),
# and those digits and marks as the readers know them.
_INDIC_NUMBER = re.compile(
    r"[\u0660-\u0669\u06f0-\u06f9](?:[\u0660-\u066c\u06f0-\u06f9/.,:\-]*[\u0660-\u0669\u06f0-\u06f9])?"
)
_INDIC_DIGITS = str.maketrans(
    "\u0660\u0661\u0662\u0663\u0664\u0665\u0666\u0667\u0668\u0669\u066b\u066c"
    "\u06f0\u06f1\u06f2\u06f3\u06f4\u06f5\u06f6\u06f7\u06f8\u06f9",
    "0123456789.,0123456789",
)


def western_digits(row: str, turned: bool) -> str:
    """A row with its numbers in Arabic-Indic or Persian digits written in the digits 0-9
    (their decimal and thousands marks as a point and a comma, the percent sign as '%');
    `turned` where they came last digit first (a page whose right-to-left words come in the
    order they are read: pypdf gives such a number as drawn, '٦٢٠٢/٤٠/٣٢' for 23/04/2026).
    The row keeps its length."""

    def western(match: re.Match) -> str:
        number = match.group()[::-1] if turned else match.group()
        return number.translate(_INDIC_DIGITS)

    return _INDIC_NUMBER.sub(western, row).replace("\u066a", "%")  # (Arabic's percent sign)


def text_lines(text: str, page_no: int = 0, y0: float = 0.0) -> list[Line]:
    """One page of pypdf layout-mode text: one Line per text row, x = character column; right-
    to-left words that come as seen are put in the order they are read."""
    lines: list[Line] = []
    cleaned = clean(text)
    if _RTL_LETTER.search(cleaned):  # most pages have no Hebrew or Arabic letter
        written = right_to_left(cleaned)
        if _INDIC_NUMBER.search(cleaned):
            turned = not seen_order(cleaned)
            text = "\n".join(western_digits(row, turned) for row in text.splitlines())
            cleaned = clean(text)
        if seen_order(cleaned):
            # turned before a ligature of two letters ('ﻹ') is written as the two; on a page
            # written left to right only the runs of right-to-left words are turned
            turned = read_order if written else _rtl_chunks
            cleaned = clean("\n".join(turned(row) for row in text.splitlines()))
        if written:
            cleaned = "\n".join(mirrored(cleaned.splitlines()))
    for n, row in enumerate(cleaned.splitlines()):
        words = [
            Word(match.group(), float(match.start()), float(match.end()))
            for match in re.finditer(r"\S+", _box_sides_blank(_LEADER_RUN.sub(_blank, row)))
            if not _RULE_WORD.fullmatch(match.group())
        ]
        if words:
            lines.append(Line(words, y0 + n, page_no))
    return lines


def _blank(match: re.Match) -> str:
    return " " * len(match.group())


def pages_of_sheet(lines: list[Line], column_key: Callable[[str], str | None]) -> list[list[Line]]:
    """A sheet printed with two pages side by side (two to a sheet) as its two pages, left
    then right, the right one moved to where the left one stands; else the sheet as it is.
    Its first line and one more at least print one heading twice, its copy as far right of it
    on each (the letterhead each page repeats, not two signatures' labels), and no line runs
    across the split (one page whose two address blocks each start with our name has its
    table across it); two copies of one page side by side, the same on most lines, are one
    page. `column_key` tells the cells of a table's header (tables.column_key)."""
    splits = []
    for line in lines:
        texts = [cell.text for cell in line.cells]
        half = len(texts) // 2
        if half and len(texts) % 2 == 0 and texts[:half] == texts[half:]:
            splits.append(line.cells[half].x0 - line.cells[0].x0)  # the second page's offset
        elif not splits:
            return [lines]  # the sheet's first line is no heading printed twice
    if len(splits) < 2 or max(splits) - min(splits) > 2:
        return [lines]
    at = statistics.median(splits)
    if any(_across(line, at, column_key) for line in lines):
        return [lines]
    left, right, same, both = [], [], 0, 0
    for line in lines:
        words = [w for w in line.words if (w.x0 + w.x1) / 2 < at]
        moved = [replace(w, x0=w.x0 - at, x1=w.x1 - at) for w in line.words if w not in words]
        if words:
            left.append(Line(words, line.y, line.page, ocr_page=line.ocr_page))
        if moved:
            right.append(Line(moved, line.y, line.page, ocr_page=line.ocr_page))
        if words and moved:
            both += 1
            same += [w.text for w in words] == [w.text for w in moved]
    if 2 * same > both:
        return [lines]
    return [_closed_up(left, right), _closed_up(right, left)]


def _across(line: Line, at: float, column_key: Callable[[str], str | None]) -> bool:
    """A line printed across the split at `at`, as one page's line is and no line of two
    pages side by side: a cell that runs over it (beyond the 2 columns the pages' offset is
    read to), or one table's header naming its columns on both sides of it (two pages'
    headers side by side name each column twice)."""
    if any(cell.x0 < at - 2 and cell.x1 > at + 2 for cell in line.cells):
        return True
    sides = [
        [column_key(cell.text) for cell in line.cells if ((cell.x0 + cell.x1) / 2 < at) is left]
        for left in (True, False)
    ]
    named = [key for side in sides for key in side if key]
    # a header names three columns or more, each once, and most of its cells on each side
    headed = all(2 * sum(bool(key) for key in side) > len(side) for side in sides)
    return headed and len(named) >= 3 and len(set(named)) == len(named)


def _closed_up(page: list[Line], other: list[Line]) -> list[Line]:
    """A page's lines without the rows only the other page of its sheet printed on: an item's
    wrapped description stays right under it."""
    theirs = sorted({line.y for line in other} - {line.y for line in page})
    return [replace(line, y=line.y - bisect.bisect(theirs, line.y)) for line in page]


@dataclass(frozen=True)
class Box:
    """One OCR word in pixels."""

    text: str
    left: float
    top: float
    width: float
    height: float
    conf: float


# What OCR reads from a table's ruling lines: '|', '[', '—', '=' around or instead of words.
_RULES = "|[]{}()_=—–~‘’`\"'"


# An inch mark after a size belongs to it ('16"', '3/4”'); a foot's or a quote's mark may
# be a rule's stroke, or a Swiss amount's thousands mark parted from it ("1' 140.00").
_INCHES = re.compile(r"(\d+(?:/\d+)?)[\"”″]")


def _ocr_text(text: str) -> str:
    text = clean(text).strip()
    size = _INCHES.fullmatch(text.lstrip(_RULES))
    if size:
        return size.group(1) + '"'
    stripped = text.strip(_RULES)
    if not stripped or all(ch in _RULES + "-.,:;" for ch in stripped):
        return ""
    # keep a bracket that belongs to the text: '(Pty)', '(12.50)'
    return text if text.count("(") == text.count(")") and "(" in text else stripped


# A ruling line read into a word, between two values: 'Qty|UOM', '25)tin', '2}roll'.
_RULE_INSIDE = re.compile(r"(?<=\S)\|+(?=\S)|(?<=\d)[)}\]](?=[A-Za-z])")


def _split_at_rules(box: Box) -> list[Box]:
    """A word that OCR ran across a column rule, as the two words either side of it."""
    out, start = [], 0
    per_char = box.width / max(len(box.text), 1)
    opened = "(" in box.text or "[" in box.text or "{" in box.text  # '(12.50)ea': its own
    rules = [m for m in _RULE_INSIDE.finditer(box.text) if m.group()[0] == "|" or not opened]
    for match in [*rules, None]:
        end = match.start() if match else len(box.text)
        if end > start:
            left = box.left + start * per_char
            width = (end - start) * per_char
            out.append(Box(box.text[start:end], left, box.top, width, box.height, box.conf))
        start = match.end() if match else end
    return out


def box_scale(boxes: list[Box]) -> tuple[float, float]:
    """Pixels per character width and per line height on an OCR page."""
    boxes = [b for b in boxes if _ocr_text(b.text)]
    if not boxes:
        return 1.0, 1.0
    char_w = statistics.median(b.width / max(len(_ocr_text(b.text)), 1) for b in boxes) or 1.0
    return char_w, statistics.median(b.height for b in boxes) * 1.5 or 1.0


# Below this the OCR's letters are no word at all: a dot leader or a dashed rule read as
# letters ('Saieats', 'fate bres' between 'ORDER NO' and its value).
GARBLED = 0.05
# A line every word of which the OCR doubts this much, and none with a digit, is a dashed
# or dotted rule read as letters ('aa ee Gees ee Ewes'), not text.
DOUBTED_LINE = 0.45


def _noise(row: list[Box]) -> list[Box]:
    """The row without what the OCR read from rules and leaders: words of letters it was
    not at all sure of, or the whole row when it doubted every word and none has a digit."""
    digits = [b for b in row if any(ch.isdigit() for ch in b.text)]
    if not digits and all(b.conf < DOUBTED_LINE for b in row):
        return []
    return [b for b in row if b.conf >= GARBLED or not b.text.isalpha()]


def _word(box: Box, char_w: float) -> Word:
    """An OCR box as a word, in character widths."""
    size = max(1.0, box.width / max(len(box.text), 1) / char_w)
    return Word(box.text, box.left / char_w, (box.left + box.width) / char_w, box.conf, size, True)


def box_lines(boxes: list[Box], page_no: int = 0, y0: float = 0.0) -> list[Line]:
    """One page of OCR words: rows by vertical overlap, x in character widths."""
    boxes = [
        Box(_ocr_text(part.text), part.left, part.top, part.width, part.height, part.conf)
        for b in boxes
        for part in _split_at_rules(b)
        if _ocr_text(part.text)
    ]
    if not boxes:
        return []
    char_w, line_h = box_scale(boxes)
    rows: list[list[Box]] = []
    for box in sorted(boxes, key=lambda b: b.top + b.height / 2):
        middle = box.top + box.height / 2
        if rows:
            last = rows[-1]
            top = statistics.median(b.top for b in last)
            bottom = statistics.median(b.top + b.height for b in last)
            if top - box.height * 0.1 <= middle <= bottom + box.height * 0.1:
                last.append(box)
                continue
        rows.append([box])
    rows = [kept for row in rows if (kept := _noise(row))]
    rows_of_words = [sorted((_word(b, char_w) for b in row), key=lambda w: w.x0) for row in rows]
    gap = _page_gap(rows_of_words)
    lines = []
    for row, words in zip(rows, rows_of_words, strict=True):
        middle = statistics.median(b.top + b.height / 2 for b in row)
        # the narrower of two words' letters: a wide 'emmer' beside '10' must not bridge
        # the gap between two columns
        cells = group_cells(words, gap, min)
        lines.append(Line(words, y0 + middle / line_h, page_no, cells))
    return lines


def typical_step(lines: list[Line]) -> float:
    """The usual distance between neighbouring lines, to tell a wrap from a gap."""
    steps = [b.y - a.y for a, b in zip(lines, lines[1:], strict=False) if 0 < b.y - a.y < 4]
    return statistics.median(steps) if steps else 1.0


# A numeric date standing on its own: not part of a code ('B-10-14-200') or a longer number.
_NUMERIC_DATE = re.compile(
    r"(?<![\w./-])(\d{1,2})(?:[/\-]|\.\s?)(\d{1,2})(?:[/\-]|\.\s?)\d{2,4}(?![\w/-]|\.\d)"
)


def date_order(lines: list[Line]) -> bool | None:
    """What the document's own numeric dates say of their order: a date that only reads one
    way ('21/02/2026' is day first, '02/21/2026' month first) says so for every date on it;
    with none that does, dates written with dots ('01.08.2026') are day first, as everywhere
    that writes them so; None when nothing says, or the dates say both."""
    firsts, seconds, dotted = set(), set(), False
    for line in lines:
        for match in _NUMERIC_DATE.finditer(line.text):
            firsts.add(int(match[1]))
            seconds.add(int(match[2]))
            dotted = dotted or "." in match.group()
    day, month = any(n > 12 for n in firsts), any(n > 12 for n in seconds)
    if day == month:
        return True if dotted and not day else None
    return day
