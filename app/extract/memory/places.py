"""Where a header or foot value sits on a layout, learned from one document and read on the next.

A value's place is one of, in the order they are tried:

- `inline`: inside a cell after the words that name it ('Purchase Order #P04286');
- `label`: in the cell at an offset from a label cell ('Bestelnommer' then the
  value to its right; 'PO#' with the value under it), the label found by its
  words wherever the page puts it;
- `at`: at a fixed position on the first page (an unlabelled vendor address).

A value whose field's check reads only a word of it (a number after its document type's code,
'NE LUA26/395') is read whole at its place (`whole`): that word and as many words before and
after it as the learned value had (`series`, `tail`), not what the cell prints beyond them.

Header values are on the first page; foot values (subtotal, tax, total) are
looked for below the item table, their labels anywhere across, so a longer
table moves them down without losing them. Each value read must pass its
field's check (the engine's, for a header field) before it is used. Pure.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from app import numbers
from app.extract import fields, validate, vocabulary
from app.extract.layout import Cell, Line
from app.extract.memory.words import Frame, norm, top

HEADER = ("po_number", "po_date", "supplier_name", "project_code")
MONEY = ("subtotal", "tax", "total")
# How far (character widths) a cell may stand from its learned place, and a label's
# value from its label on the same line.
NEAR = 3.0
BESIDE = 45.0
# A value's cell over this share of its learned place, and the place over as much of it,
# stands there, though neither of its edges does.
OVER = 0.75
# At most this many words a foot label further than BESIDE from its amount: a label, not a note.
FAR_LABEL = 4

# A number as printed: 'R 3 862,43', '7,5', '(12.50)', '2,5%', '6 971,97 EUR', '- 12.00',
# 'HK$11,988.24', '¥ 52,000', '6.850.776$00' (the escudo's '$' before its centavos); a
# currency by its code or sign only ('Y12' is a code, not 12;
# '1  BAG' a quantity and its unit); Mozambique's 'MT' after an amount with cents only, as
# after a quantity it is the metric tonne ('40 MT').
_CODE = "|".join(numbers.CURRENCY_CODES + numbers.WORDLIKE_CURRENCY_CODES)
_SIGN = r"[A-Z]{1,3}\$|MT|[R$€£¥₹₩₱₦₫₪₺₴₽₡₲₵₸৳฿]"
_NUMBER = re.compile(
    rf"(?P<neg>-\s?)?(?:{_CODE}|{_SIGN})?\s?(?P<num>\(?\d[\d\s.,'\u00a0]*(?:\$\d\d)?\)?)"
    rf"\s?(?P<pct>%)?(?:\s?/[=-])?(?:\s?(?:{_CODE}|€)|(?<=\d[.,]\d\d)\s?MT)?"
)  # ('/=' closing a whole amount: '2,327,340/=')


def number(text: str, comma: bool) -> tuple[Decimal, bool] | None:
    """The number a text prints and whether it is a percentage; None when it is not one."""
    match = _NUMBER.fullmatch(text.strip())
    if not match:
        return None
    try:
        value = numbers.parse_decimal(match.group("num"), decimal_comma=comma)
    except ValueError:
        return None
    return (-value if match.group("neg") else value), bool(match.group("pct"))


@dataclass(frozen=True)
class Run:
    """A number printed on a line: words i..j."""

    i: int
    j: int
    x0: float
    x1: float
    value: Decimal
    percent: bool


def runs(line: Line, comma: bool) -> list[Run]:
    """Every number on a line, from one to four words long ('3 862,43' is three words)."""
    found = []
    words = line.words
    for i in range(len(words)):
        for j in range(i, min(i + 4, len(words))):
            if j > i and words[j].x0 - words[j - 1].x1 > 2:
                break
            read = number(" ".join(w.text for w in words[i : j + 1]), comma)
            if read:
                found.append(Run(i, j, words[i].x0, words[j].x1, *read))
    return found


# --- what each field's value must pass ----------------------------------------------------


@dataclass(frozen=True)
class Judge:
    """What the engine's checks judge a header value against: the office's own names (never
    the supplier), the day a date's plausible window is measured from (None: no window), and
    the suppliers the office knows (what proves a supplier's name read at a learned place)."""

    buyer_names: tuple[str, ...] = ()
    today: date | None = None
    supplier_names: tuple[str, ...] = ()


# Teaching and scoring a layout judge by shape alone: the office's names and today do not
# change where a value sat.
SHAPE_ONLY = Judge()


def checker(name: str, day_first: bool, comma: bool, judge: Judge = SHAPE_ONLY):
    """The check a field's text must pass, giving the value to store (None: not this field):
    the engine's own check for a header field, so a place never lets in what a label would
    not (a label word, our own company, an address, a date out of its window)."""
    if name in MONEY:
        return lambda text: _money(text, comma)
    dated = fields.date_checker(day_first, judge.today)
    return {
        "po_number": fields.reference,
        "po_date": lambda text: dated(boxed_date(text)),
        "supplier_name": fields.supplier_checker(judge.buyer_names),
        "project_code": fields.code,
    }[name]


# The space after a date's separator where each part is printed in a box of its own
# ('08/ 04/ 2026' on a form one character to a box).
_BOXED = re.compile(r"(?<=\d[/.\-])\s+(?=\d)")


def boxed_date(text: str) -> str:
    """A date printed a part to a box as one ('08/ 04/ 2026' -> '08/04/2026')."""
    return _BOXED.sub("", text)


def _money(text: str, comma: bool) -> str | None:
    read = number(text, comma)
    if read is None or read[1]:
        return None
    return numbers.cents_to_text(numbers.parse_money(read[0]))


# --- reading a value at its place -----------------------------------------------------------


@dataclass(frozen=True)
class Region:
    """The lines a field is looked for in, and where their page starts."""

    lines: list[Line]
    origin: float  # the first line's y on the page the positions are measured on
    first: bool  # the first page (positions across and down) or the foot (across only)
    last: Region | None = None  # for a header field, the last page, where it is another
    sheet: Region | None = None  # for a foot field, the first sheet's lines under the table
    above: Region | None = None  # for a foot field, the first page's lines above the table


def region(
    lines: list[Line],
    start: int | None,
    foot: bool,
    sheet: tuple[int, int] | None = None,
    head: int | None = None,
) -> Region:
    """The first page for a header field (and the last, where a place is learned there); for a
    foot field the lines below the table (`start`), or the last page when no table was read,
    and the first sheet's lines under the table (`sheet`, from and to) where it runs on to
    continuation sheets."""
    if not foot:
        page, end = lines[0].page, lines[-1].page
        last = None
        if end != page:
            last = Region([line for line in lines if line.page == end], top(lines, end), True)
        return Region([line for line in lines if line.page == page], top(lines, page), True, last)
    if start is None:
        page = lines[-1].page
        start = next(i for i, line in enumerate(lines) if line.page == page)
    first = Region(lines[sheet[0] : sheet[1]], 0.0, False) if sheet else None
    # (and the lines above the table's head on its page: a foot printed over the items)
    above = None
    if head is not None:
        above = Region([ln for ln in lines[:head] if ln.page == lines[head].page], 0.0, False)
    return Region(lines[start:], 0.0, False, sheet=first, above=above)


def page_before_last(lines: list[Line]) -> Region | None:
    """The page before the last, for a foot field no table led to: a foot may start at the
    foot of one page and end on the next ('Total line items amount' over a page break from
    'Total amount'). None for a page alone."""
    pages = sorted({line.page for line in lines})
    if len(pages) < 2:
        return None
    return Region([line for line in lines if line.page == pages[-2]], 0.0, False)


def strip_context(text: str, place: dict) -> str | None:
    """A cell's text without the words the learned cell had around its value; None when they
    are not there (a title 'Mail - PO 2573 - Duraply Timber' that named the supplier after
    another order's number names no supplier here)."""
    words = text.split()
    before, after = place.get("before", "").split(), place.get("after", "").split()
    if before:
        if not _same_words(words[: len(before)], before):
            return None
        words = words[len(before) :]
    if after:
        tail = _tail(words, after)
        if tail:
            words = words[:-tail]
        elif place.get("after_comma") and "," in " ".join(words):
            # the words after a comma were the value's particulars (a supplier's town): others
            joined = " ".join(words)
            parts = joined.split(",")
            if "commas" in place and len(parts) > place["commas"] + 1:
                joined = ",".join(parts[: place["commas"] + 1])  # as many as the value learned
            else:
                joined = joined.rpartition(",")[0]
            words = joined.split()
        elif place.get("after_dash") and set(words) & DASHES:
            words = _before_dash(words)  # so were those after a dash (a site's name): others
        elif place.get("after_code") and len(words) > 1:
            words = words[:1]  # so were those after a code: others
        else:
            return None
    return " ".join(words)


# Before or after noon, after a time ('11:42 AM').
_MERIDIEM = {"am", "pm", "a.m.", "p.m.", "a.m", "p.m"}

# A dash standing alone between a value and its particulars ('LK-GLE01 - Warehouse complex').
DASHES = {"-", "–", "—"}


def _before_dash(words: list[str]) -> list[str]:
    return words[: next(n for n, word in enumerate(words) if word in DASHES)]


def _tail(words: list[str], after: list[str]) -> int:
    """How many of the words at the end are the learned words after a value, a mark standing
    alone among them aside (a learned 'impôts  dge' kept no word of 'impôts : DGE'); 0 when
    they are not those."""
    count, kept = 0, []
    for word in reversed(words):
        if len(kept) == len(after):
            break
        count += 1
        if norm(word):
            kept.insert(0, word)
    return count if kept and _same_words(kept, after) else 0


def _same_words(got: list[str], learned: list[str]) -> bool:
    """The learned words around a value, but for those with digits (another document's
    values, '/ 01.03.2026' after a PO number, differ where its words do not) and for a
    letter or so the OCR misread ('Supp1ier')."""
    if len(got) != len(learned):
        return False
    return all(_alike(norm(a), b) for a, b in zip(got, learned, strict=True))


def _alike(a: str, b: str) -> bool:
    if a == b or (re.search(r"\d", a) and re.search(r"\d", b)):
        return True
    if a in _MERIDIEM and b in _MERIDIEM:
        return True  # a time's half of the day, as another document's time has the other
    return min(len(a), len(b)) >= 4 and difflib.SequenceMatcher(None, a, b).ratio() >= 0.75


def _distance(place: dict, x: float, y: float, frame: Frame, area: Region) -> float:
    across = abs(x - frame.x(place["x"]))
    return across + (abs(y - area.origin - frame.y(place["y"])) if area.first else 0.0)


def _inline(place: dict, area: Region, frame: Frame) -> list[tuple[str, float]]:
    """What follows the learned words in each cell that starts with them, nearest the
    learned place first ('Purchase Order #P04286' -> 'P04286')."""
    found = []
    taken = len(place["before"].split())
    for line in area.lines:
        for cell in line.cells:
            words = cell.text.split()
            if len(words) > taken and _before_alike(words[:taken], place["before"], cell):
                rest = words[taken:]
                if place.get("after_dash") and set(rest[1:]) & DASHES:
                    rest = rest[:1] + _before_dash(rest[1:])
                elif place.get("after_code"):
                    rest = rest[:1]  # a code, and its particulars
                elif place.get("after_comma") and "," in " ".join(rest):
                    # the words after a comma were the value's particulars: as many commas as
                    # the value learned ('(job GL-082), site manager, by 11th June')
                    parts = " ".join(rest).split(",")
                    rest = ",".join(parts[: place.get("commas", 0) + 1]).split()
                rest = " ".join(rest).lstrip("#:;.- ")
                if re.search(r"\),?$", rest) and "(" not in rest:
                    rest = rest.rstrip(",")[:-1]  # the bracket the words before it opened
                found.append((_distance(place, cell.x0, line.y, frame, area), rest, cell.conf))
    return [(rest, conf) for _, rest, conf in sorted(found)]


def _before_alike(read: list[str], learned: str, cell: Cell) -> bool:
    """The words before a value in its cell are the learned ones, those with digits aside:
    another document's order number stands where the taught one's did ('Your order MBN-4222
    of' for 'MBN-4416 of')."""
    if _same(norm(" ".join(read)), learned, cell):
        return True
    words = learned.split()
    if len(read) != len(words) or not any(re.search(r"\d", word) for word in words):
        return False
    if not any(re.search(r"[^\W\d_]", word) and not re.search(r"\d", word) for word in words):
        return False  # (a word of the context's own, not only numbers)
    return all(
        _same(norm(got), want, cell) or (re.search(r"\d", got) and re.search(r"\d", want))
        for got, want in zip(read, words, strict=True)
    )


def _same(read: str, learned: str, cell: Cell) -> bool:
    """The words read are the learned ones; on a photo or scan, accents aside: the OCR's
    model may read 'Št.' as 'St.' and 'NAROČILNICA' as 'NAROCILNICA'."""
    if read == learned:
        return True
    return cell.ocr and validate.unaccented(read) == validate.unaccented(learned)


def _labelled(place: dict, area: Region, frame: Frame) -> list[tuple[str, float]]:
    """The cell at the learned offset from each cell that reads as the label, nearest first."""
    found = []
    for index, line in enumerate(area.lines):
        for cell in line.cells:
            if not _same(norm(cell.text), place["label"], cell):
                continue
            near = _distance(place, cell.x0, line.y, frame, area)
            value = _offset(area.lines, index, cell, place, frame)
            if value is not None:
                found.append((near, value.text, value.conf))
    return _stripped(found, place)


def _stripped(found: list[tuple[float, str, float]], place: dict) -> list[tuple[str, float]]:
    """The values found, nearest first, each without its learned context; those whose context
    is not there are no readings."""
    out = [(strip_context(text, place), conf) for _, text, conf in sorted(found)]
    return [(text, conf) for text, conf in out if text is not None]


def _offset(lines: list[Line], index: int, label: Cell, place: dict, frame: Frame) -> Cell | None:
    anchor = lines[index]
    want_y = anchor.y + place["dy"] * frame.c
    targets = [
        line
        for line in lines[index : index + 8]
        if line.page == anchor.page
        and (abs(line.y - want_y) <= 0.5 * frame.c or (line is anchor and place.get("or_beside")))
    ]
    x0 = label.x0 + place["dx0"] * frame.a
    x1 = label.x0 + place["dx1"] * frame.a
    best, over = None, None
    for line in targets:
        for cell in line.cells:
            if line is anchor and cell.x0 < label.x1:
                continue
            miss = min(abs(cell.x0 - x0), abs(cell.x1 - x1))
            if miss <= NEAR * frame.a and (best is None or miss < best[0]):
                best = (miss, _with_next(line, cell, place))
            # neither edge where it was, but over most of the place, and the place over most
            # of it (a right-to-left text layer sets a longer value's cell a little aside)
            shared = min(cell.x1, x1) - max(cell.x0, x0)
            if shared >= OVER * max(cell.x1 - cell.x0, x1 - x0) and (
                over is None or shared > over[0]
            ):
                over = (shared, _with_next(line, cell, place))
    if best:
        return best[1]
    return over[1] if over else None


def _with_next(line: Line, cell: Cell, place: dict) -> Cell:
    """The cell, and the cells after it that the learned value ran over ('08/  04/  2026')."""
    more = place.get("cells", 1) - 1
    if not more:
        return cell
    n = next(k for k, c in enumerate(line.cells) if c is cell)
    return Cell([w for c in line.cells[n : n + 1 + more] for w in c.words])


def _at(place: dict, area: Region, frame: Frame) -> list[tuple[str, float]]:
    """The cell at the learned position on the first page; for a value that was a whole cell,
    else the one cell of its line over most of its place (a name whose start moves with its
    length, as a text layer lays out a line set right to left)."""
    found, over = [], []
    x0, x1 = frame.x(place["x"]), frame.x(place["x1"])
    for line in area.lines:
        if abs(line.y - area.origin - frame.y(place["y"])) > 0.5 * frame.c:
            continue
        for n, cell in enumerate(line.cells):
            # (a value over several cells is where its cells together are: its last cell's
            # end is no start of it, 'Ltd' of 'TAME VALLEY FORMWORK HIRE  Ltd', nor is a last
            # cell with fewer after it than the value ran over, 'BYGGVARER' of 'HARDANGER
            # BYGGVARER')
            whole = _with_next(line, cell, place)
            miss = min(abs(whole.x0 - x0), abs(whole.x1 - x1))
            short = n + place.get("cells", 1) > len(line.cells)
            if miss <= NEAR * frame.a and not short:
                found.append((miss, whole.text, whole.conf))
            elif 2 * (min(cell.x1, x1) - max(cell.x0, x0)) >= min(cell.x1 - cell.x0, x1 - x0):
                over.append((miss, cell.text, cell.conf))
    if not found and len(over) == 1 and not place.get("before") and not place.get("after"):
        found = over
    return _stripped(found, place)


READERS = {"inline": _inline, "label": _labelled, "at": _at}


@dataclass(frozen=True)
class Reading:
    """A value read at its place: the value, the text it came from, how sure the OCR was of
    that text (1 for a text layer), whether it was worked out from others, not read, and
    whether it was chosen, of places that read otherwise, for standing right after our order's
    number (a date: our order's, teach._after; recall._one_value)."""

    value: str
    text: str
    conf: float = 1.0
    worked_out: bool = False
    ours: bool = False


def read_place(place: dict, area: Region, frame: Frame, check) -> Reading | None:
    """The first value at this place that passes the check."""
    if place.get("page") == "last":
        if area.last is None:
            return None
        area = area.last
    if place.get("sheet") == "first":
        if area.sheet is None:
            return None
        area = area.sheet
    if place.get("above"):
        if area.above is None:
            return None
        area = area.above
    for text, conf in READERS[place["kind"]](place, area, frame):
        value = check(text)
        if value and place.get("whole"):
            value = _as_learned(text, value, check, place.get("series"), place.get("tail"))
        if value:
            return Reading(value, text, conf)
    return None


def _as_learned(text: str, value: str, check, before: int | None, after: int | None) -> str:
    """The word the check read with as many words before and after it as the learned value
    had around it ('NE LUA26/395', 'PO 2026 0046'); what the cell prints beyond them is no
    part of it ('NE LUA26/395 Original'). A place learned without those counts, or a cell that
    has fewer words around it than the learned value had, gives the cell's whole text."""
    words = text.split()
    at = next((n for n, word in enumerate(words) if check(word) == value), None)
    if at is None or before is None or after is None:
        return " ".join(words)
    if at < before or at + after >= len(words):
        return " ".join(words)
    return " ".join(words[at - before : at + 1 + after])


def read_field(places: list[dict], area: Region, frame: Frame, check) -> Reading | None:
    """A field from the first of its places that gives a value passing its check."""
    for place in places:
        found = read_place(place, area, frame, check)
        if found:
            return found
    return None


# --- learning a value's places -----------------------------------------------------------


@dataclass(frozen=True)
class Spot:
    """Where a confirmed value was found: words i..j of lines[index]."""

    index: int
    i: int
    j: int


def cell_of(line: Line, word_index: int) -> Cell:
    word = line.words[word_index]
    return next(cell for cell in line.cells if any(w is word for w in cell.words))


def cells_of(line: Line, spot: Spot) -> list[Cell]:
    """The cells a value stands in: one, or several when it runs across a gap ('R' and
    '1 234.56' printed two spaces apart)."""
    first, last = cell_of(line, spot.i), cell_of(line, spot.j)
    a = next(n for n, c in enumerate(line.cells) if c is first)
    b = next(n for n, c in enumerate(line.cells) if c is last)
    return line.cells[a : b + 1]


def span_of(line: Line, spot: Spot) -> Cell:
    """The cells of a value as one cell."""
    cells = cells_of(line, spot)
    return cells[0] if len(cells) == 1 else Cell([w for c in cells for w in c.words])


# A day of the week before a date, as printed with it ('Sondag,').
WEEKDAY = re.compile(rf"(?:{vocabulary.WEEKDAYS})\.?,?", re.IGNORECASE)


def _without_weekday(before: str) -> str:
    """The words before a date without the date's own day of the week, last among them
    ('sent: sunday,' -> 'sent:'): it changes with the date, so it is no part of a label."""
    words = before.split()
    if words and WEEKDAY.fullmatch(validate.unaccented(words[-1])):
        words = words[:-1]
    return " ".join(words)


def learn_places(lines: list[Line], spot: Spot, values: set[int], foot: bool) -> list[dict]:
    """The places a value can be read from next time, most telling first. `values` holds the
    ids of the cells that carry a confirmed value (never a label)."""
    line = lines[spot.index]
    cell = span_of(line, spot)
    words = [w.text for w in cell.words]
    first = next(n for n, w in enumerate(cell.words) if w is line.words[spot.i])
    last = next(n for n, w in enumerate(cell.words) if w is line.words[spot.j])
    before, after = norm(" ".join(words[:first])), norm(" ".join(words[last + 1 :]))
    before = _without_weekday(before)
    origin = top(lines, line.page)
    here = {"x": cell.x0, "x1": cell.x1, "y": round(line.y - origin, 2)}
    marks = {}
    if after and words[last].endswith(","):
        marks["after_comma"] = True  # the words after it its own ('Trade Hardware, Cape Town')
        # and how many commas the value itself holds ('Aceros del Este, S.R.L., Santo
        # Domingo'): its particulars may hold more ('«…» HJ, SBB …, 744000, Aşgabat ş., …')
        marks["commas"] = " ".join(words[first : last + 1])[:-1].count(",")
    if after and words[last + 1] in DASHES:
        marks["after_dash"] = True  # the words after it its own ('LK-GLE01 - Warehouse complex')
    elif after and first == last and re.search(r"\d", words[first]):
        # a code and its particulars ('TVO-01 Havnarhúsið á Tvøroyri', 'FTN-02: Francistown'):
        # another document's code has others
        marks["after_code"] = True
    if not foot and line.page != lines[0].page:
        marks["page"] = "last"  # the acceptance a quotation prints on its last page
    if len(cells_of(line, spot)) > 1 and not foot:
        marks["cells"] = len(cells_of(line, spot))  # over boxes ('08/  04/  2026'): all of them
    out = []
    if not foot and re.search(r"[^\W\d_]{2}", before):  # words, not a currency sign
        own = ("after_dash", "after_code", "after_comma", "commas")
        after_own = {k: marks[k] for k in own if k in marks}
        out.append({"kind": "inline", "before": before, **after_own, **here})
    for label, label_line in _labels(lines, spot.index, cell, values, foot):
        # an amount under a label that ends to its left: next time it may be on the label's
        # own line (a text layer takes an amount set a little lower into the line above)
        lower = (
            {"or_beside": True} if foot and label_line is not line and label.x1 <= cell.x0 else {}
        )
        out.append(
            {
                "kind": "label",
                "label": norm(label.text),
                "dx0": round(cell.x0 - label.x0, 2),
                "dx1": round(cell.x1 - label.x0, 2),
                "dy": round(line.y - label_line.y, 2),
                "before": before,
                "after": after,
                **marks,
                **lower,
                "x": label.x0,
                "y": round(label_line.y - origin, 2),
            }
        )
    if foot and not out and re.search(r"[^\W\d_]{2}", before):
        # a foot amount printed in one cell after its label ('Includes VAT 15%: R1,449.04')
        out.append({"kind": "inline", "before": before, **here})
    if not foot:
        out.append({"kind": "at", "before": before, "after": after, **marks, **here})
    return out


def _labels(lines: list[Line], index: int, cell: Cell, values: set[int], foot: bool = False):
    """Label cells for a value cell: the nearest to its left on its line, then the nearest
    above it (up to three lines up, overlapping it across); the ones that read as labels (no
    digits) before the others."""
    line = lines[index]
    left = [
        c
        for c in line.cells
        if c.x1 <= cell.x0 and id(c) not in values and _beside(line, c, cell, foot) and _worded(c)
    ]
    found = [(left[-1], line)] if left else []
    if foot and not left and _row_label(line, cell, values):
        # a summary row's label, its amounts after it column by column ('SUBTOTALES: 0 0
        # 3.455.187'): the amount is the row's, however far from its label
        found.append((line.cells[0], line))
    for other in reversed(lines[max(0, index - 3) : index]):
        if other.page != line.page:
            break
        above = [
            c
            for c in other.cells
            if c.x0 <= cell.x1 + 2 and c.x1 >= cell.x0 - 2 and id(c) not in values and _worded(c)
        ]
        if above:
            found.append((min(above, key=lambda c: abs(c.x0 - cell.x0)), other))
            break
    if foot and not found and line.cells == [cell] and index and lines[index - 1].page == line.page:
        # an amount alone on its line under a label ending to its left, pushed down by its
        # length ('VAT content @ 12.5% (included above)' over '287.76')
        before = [c for c in lines[index - 1].cells if c.x1 <= cell.x0 and id(c) not in values]
        if before and _worded(before[-1]):
            found.append((before[-1], lines[index - 1]))
    return sorted(found, key=lambda pair: bool(re.search(r"\d", pair[0].text)))


def _row_label(line: Line, value: Cell, values: set[int]) -> bool:
    """The line is a summary row: a few words start it, and only numbers, one at least, stand
    between them and the value (not a sentence of notes with nothing between)."""
    first = line.cells[0]
    if first is value or id(first) in values or not _worded(first) or first.x1 > value.x0:
        return False
    between = [c for c in line.cells[1:] if c.x1 <= value.x0]
    numbers_only = all(not re.search(r"[^\W\d_]", c.text) for c in between)
    return bool(between) and numbers_only and len(first.words) <= FAR_LABEL


def _beside(line: Line, label: Cell, value: Cell, foot: bool = False) -> bool:
    """The label is near the value's left, or only marks stand between them, the nearest
    of them near it (labels lined up on their colons: 'Sub Total  :  90,889.30'); at the
    foot, a few words with nothing at all between them (an amount at the right edge of a
    wide page, its label in the middle: 'Total excl. VAT' then 'R 6,363.45' fifty characters
    on), not a sentence of the page's notes far to its left."""
    if value.x0 - label.x1 <= BESIDE:
        return True
    between = [c for c in line.cells if c.x0 >= label.x1 and c.x1 <= value.x0]
    if foot and not between and len(label.words) <= FAR_LABEL:
        return True
    marks = all(not re.search(r"\w", c.text) for c in between)
    return bool(between) and marks and value.x0 - between[-1].x1 <= BESIDE


def _worded(cell: Cell) -> bool:
    """Words that may label a value: not digits, and not a currency's code or sign ('ZAR'
    beside every amount of the foot tells none of them apart)."""
    text = cell.text.strip(" ():")
    if text.upper() in numbers.CURRENCY_CODES or numbers.currency_mark(text):
        return False
    return bool(re.search(r"[^\W\d_]{2}", text))
