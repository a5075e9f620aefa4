"""Where a line's words stand against a learned item table: where each of a confirmed
item's values is printed on its line, and which learned column each word stands in.

A column is a span across the page ([x0, x1], as learned); `Across` is where a learned
position stands on a later page. Learning finds the line that prints a confirmed item and
its values' places on it (`item_line`, `_spots`); reading gives each word, or each number of
several words, to the column it stands in (`_assign`), unless it stands where the learned
items printed nothing of theirs (`_in_unused`) or in a sidebar beside the table
(`_in_table`). Shared by table_learn.py and table_read.py. Pure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from app import numbers
from app.extract.layout import Line, Word
from app.extract.memory.places import Run, runs
from app.extract.memory.words import Frame, norm
from app.extract.tables import annotation

NUMERIC = ("quantity", "unit_price", "discount", "amount")
TEXT = ("item_code", "description", "unit")
# How far (character widths) a value may stand from where its column's values stood.
SLACK = 6.0
# A word this far (character widths) outside a column stands at its edge: a page matched on a
# scale a hair off the learned one puts a word printed at a column's edge a fraction out of it.
EDGE = 0.5


@dataclass(frozen=True)
class Across:
    """Where a learned position across stands on a page: the layout's frame, moved as far as
    the nearest header word moved (columns sized to their contents move apart, one by one)."""

    frame: Frame = Frame()
    moved: tuple[tuple[float, float], ...] = ()  # (a header word's learned x, how far it moved)

    def x(self, x: float) -> float:
        if not self.moved:
            return self.frame.x(x)
        _, shift = min(self.moved, key=lambda m: abs(m[0] - x))
        return self.frame.x(x) + shift


def _decimal(value) -> Decimal | None:
    try:
        return numbers.parse_decimal(value) if value not in (None, "") else None
    except ValueError:
        return None


def _wanted(item: dict) -> dict[str, Decimal]:
    """An item's numbers as confirmed; a discount the amount shows though none was given."""
    wanted = {key: _decimal(item.get(key)) for key in ("quantity", "unit_price", "amount")}
    wanted["discount"] = _decimal(item.get("discount_percent"))
    q, p, a = wanted["quantity"], wanted["unit_price"], wanted["amount"]
    if wanted["discount"] is None and None not in (q, p, a) and q * p and a != q * p:
        share = (1 - a / (q * p)) * 100
        wanted["discount"] = share.quantize(Decimal("0.01"))
    return {key: value for key, value in wanted.items() if value is not None}


def _number_spots(line: Line, value: Decimal, found: list[Run]) -> list[tuple[float, float]]:
    """Where a number is printed on a line: the shortest runs of words that read as it."""
    equal = [r for r in found if abs(r.value - value) < Decimal("0.006")]
    return [
        (r.x0, r.x1)
        for r in equal
        if not any(o is not r and r.i <= o.i and o.j <= r.j for o in equal)
    ]


def _text_spots(line: Line, text: str, prefix: bool, taken=()) -> list[tuple[float, float]]:
    """Where a text is printed on a line as whole words (for a description, its first words,
    which stop before a word that is another of the item's values: a unit 'sacco' beside
    'Cemento Portland' is not the description's though its next line starts 'sacco da 25')."""
    want = norm(text)
    if not want:
        return []
    spots = []
    words = line.words
    for i in range(len(words)):
        stop = next((k for k in range(i, len(words)) if _in_spot(words[k], taken)), len(words))
        for j in range(stop - 1, i - 1, -1):
            said = norm(" ".join(w.text for w in words[i : j + 1]))
            if said and (said == want or (prefix and want.startswith(said + " "))):
                spots.append((len(said), words[i].x0, words[j].x1))
                break
    # of a description's starts, the longest: 'AP40' in the code's column is only the first
    # word of 'AP40 basecourse', printed in full beside it
    longest = max((size for size, _, _ in spots), default=0)
    return [(x0, x1) for size, x0, x1 in spots if size == longest]


def _in_spot(word: Word, spots) -> bool:
    return any(x0 <= word.x0 and word.x1 <= x1 for x0, x1 in spots)


def _spots(line: Line, item: dict, comma: bool) -> dict[str, list[tuple[float, float]]]:
    found = runs(line, comma)
    spots = {key: _number_spots(line, value, found) for key, value in _wanted(item).items()}
    for key in ("item_code", "unit"):
        spots[key] = _text_spots(line, item.get(key) or "", prefix=False)
    # a value found once on the line is that value's, not the description's
    taken = [places[0] for key, places in spots.items() if len(places) == 1 and key != "item_code"]
    description = item.get("description") or ""
    spots["description"] = _text_spots(line, description, prefix=True, taken=taken)
    return {key: places for key, places in spots.items() if places}


def item_line(lines: list[Line], start: int, item: dict, comma: bool) -> int | None:
    """The first line from `start` that prints the item: its amount (or price) with its
    quantity or the start of its description."""
    for index in range(start, len(lines)):
        spots = _spots(lines[index], item, comma)
        priced = "amount" in spots or ("unit_price" in spots and "amount" not in _wanted(item))
        if priced and ({"quantity", "description"} & set(spots)):
            return index
    return None


def described_line(lines: list[Line], item: dict) -> int | None:
    """The first line that prints the item's description."""
    description = item.get("description") or ""
    return next((n for n, line in enumerate(lines) if _text_spots(line, description, False)), None)


def _columns_at(columns: dict, x0: float, x1: float, across: Across) -> list[tuple[float, str]]:
    """The columns a span stands in or near (within SLACK), best first, with how far off."""
    scored = []
    for key, (c0, c1) in columns.items():
        left, right = across.x(c0), across.x(c1)
        overlap = min(x1, right) - max(x0, left)
        gap = max(left - x1, x0 - right, 0.0)
        if gap < EDGE * across.frame.a:  # at the column's edge, but for the page's scale
            gap = 0.0
        scored.append((gap, -overlap, key))
    scored.sort()
    return [(gap, key) for gap, _, key in scored if gap <= SLACK * across.frame.a]


def _column_for(
    columns: dict,
    words: list[Word],
    run,
    across: Across,
    filled: set[str],
    taken: frozenset[str] = frozenset(),
) -> str | None:
    """The column a word (or a number) belongs to: the one it stands most inside; but a
    number goes to a column of numbers, and a word to a column of words, where their places
    overlap or touch (as in '60.00 roll', right-aligned under Qty and Unit), and a column of
    numbers takes one number a line. Off every column, the nearest of its kind within SLACK;
    never a column another number of the line stands inside (`taken`)."""
    near = _columns_at(columns, words[0].x0, words[-1].x1, across)
    kind = NUMERIC if run is not None else TEXT
    if run is not None and run.percent:
        return next((key for _, key in near if key == "discount"), None)
    open_ = [
        (gap, key) for gap, key in near if key not in filled and (gap == 0 or key not in taken)
    ]
    inside = [key for gap, key in open_ if gap == 0]
    if inside and inside[0] in kind:
        return inside[0]
    touching = [key for gap, key in open_ if key in kind and gap <= 2 * across.frame.a]
    if inside:
        return touching[0] if touching else inside[0]
    return next((key for _, key in open_ if key in kind), None)


def _tokens(line: Line, comma: bool) -> list[tuple[list[Word], Run | None]]:
    """A line's words, a number of several words ('3 862,43') kept together."""
    longest: dict[int, Run] = {}
    for run in runs(line, comma):
        if run.i not in longest or run.j > longest[run.i].j:
            longest[run.i] = run
    out, i = [], 0
    while i < len(line.words):
        run = longest.get(i)
        j = run.j if run else i
        out.append((line.words[i : j + 1], run))
        i = j + 1
    return out


def _assign(table: dict, line: Line, across: Across, comma: bool) -> tuple[dict[str, str], int]:
    """Each word (or number) of a line to its column: the texts, and how many fit none (what
    stands where the learned items printed nothing of theirs is another column's, no stray)."""
    columns = table["columns"]
    texts: dict[str, list[str]] = {}
    strays = 0
    before, end = None, None
    filled: set[str] = set()
    tokens = _tokens(line, comma)
    # the columns of numbers each number stands inside: one only near a column ('1.44' under
    # 'm2/box' beside 'Qty') does not take it from the number printed in it
    inside = [
        {
            key
            for gap, key in _columns_at(columns, words[0].x0, words[-1].x1, across)
            if gap == 0 and key in NUMERIC
        }
        if run is not None and not run.percent
        else set()
        for words, run in tokens
    ]
    cells = _cell_starts(line)
    keys: list[str | None] = []
    unused = [_in_unused(table, words, across, cells[id(words[0])]) for words, _ in tokens]
    for n, (words, run) in enumerate(tokens):
        taken = frozenset().union(*(near for m, near in enumerate(inside) if m != n))
        key = (
            None
            if unused[n]
            else _column_for(columns, words, run, across, filled, taken if run else frozenset())
        )
        if run is None and not comma and _comma_quantity(columns, words, across):
            key = "quantity"  # '0,75' m3 beside '50 121' ariary: a quantity's decimal comma
        if key in NUMERIC:
            filled.add(key)
        if key is None and before in TEXT and words[0].x0 - end <= 2:
            key = before  # a description longer than any learned runs on in its cell
        before, end = key, words[-1].x1
        keys.append(key)
    for n in range(1, len(tokens) - 1):
        # what no column takes between two words of a description is the description's: the
        # '10' of 'Varão de ferro nervurado 10 mm', longer than any learned
        text = " ".join(w.text for w in tokens[n][0])
        flanked = keys[n - 1] == keys[n + 1] == "description"
        if keys[n] is None and flanked and not unused[n] and re.search(r"\w", text):
            keys[n] = "description"
    for (words, _), key, aside in zip(tokens, keys, unused, strict=True):
        if key is None:
            strays += not aside
            continue
        texts.setdefault(key, []).append(" ".join(w.text for w in words))
    return {key: " ".join(parts) for key, parts in texts.items()}, strays


def _own_words(table: dict, line: Line, across: Across) -> list[Word]:
    """The line's words but those standing where the learned items printed nothing of theirs,
    and those beside the table."""
    cells = _cell_starts(line)
    return [
        w
        for w in _in_table(table, line, across)
        if not _in_unused(table, [w], across, cells[id(w)])
    ]


def _annotated(line: Line) -> Line:
    """The line without a cell of its due date, where it has other words: a description
    running on may print the date the line is due beside it ('PLASTIC, BAG OF 500   Due
    14/03/26'), which is no part of the description."""
    kept = [cell for cell in line.cells if not _due(cell, line)]
    if not kept or len(kept) == len(line.cells):
        return line
    words = [word for cell in kept for word in cell.words]
    return Line(words, line.y, line.page, cells=kept, ocr_page=line.ocr_page)


def _due(cell, line: Line) -> bool:
    """A cell that is a date after a word ('Due 14/03/26', 'ETA: 02.04.2026')."""
    shape = re.fullmatch(r"[^\W\d_]+[.:]?\s+(\S+)", cell.text.strip())
    return (
        shape is not None
        and numbers.DATE_IN_TEXT.fullmatch(shape[1]) is not None
        and annotation(Line(list(cell.words), line.y, line.page))
    )


def _in_table(table: dict, line: Line, across: Across) -> list[Word]:
    """The line's words but those of a cell wholly left of the items' columns that starts where
    they printed nothing: the order's details down a sidebar beside the table ('Barrhaven
    community centre', 'Mar 6, 2026' beside a description running on)."""
    beside = across.x(min(c0 for c0, _ in table["columns"].values()))
    sidebar = [(across.x(u0), across.x(u1)) for u0, u1 in table.get("unused", ())]
    out = []
    for cell in line.cells:
        starts = any(u0 - across.frame.a <= cell.x0 <= u1 for u0, u1 in sidebar)
        if not (starts and cell.x1 < beside - across.frame.a):
            out += cell.words
    return out


def _cell_starts(line: Line) -> dict[int, float]:
    """Where the cell of each word of the line (by its id) starts."""
    return {id(word): cell.x0 for cell in line.cells for word in cell.words}


def _in_unused(table: dict, words: list[Word], across: Across, cell: float | None = None) -> bool:
    """The words stand in a place the learned items left unused: inside none of their columns,
    or in a cell that starts there (`cell`, where it starts), though a column reaches there (a
    common name where only a longer description reached)."""
    x0, x1 = words[0].x0, words[-1].x1
    inside = any(gap == 0 for gap, _ in _columns_at(table["columns"], x0, x1, across))
    for u0, u1 in table.get("unused", ()):
        left, right = across.x(u0), across.x(u1)
        if min(x1, right) <= max(x0, left):
            continue
        if not inside or (cell is not None and cell >= left - across.frame.a):
            return True
    return False


# A number with one or two digits after a comma ('18,25', '0,5'): a decimal comma's.
_TENTHS_BY_COMMA = re.compile(r"\s*\d+,\d{1,2}\s*")


def _comma_quantity(columns: dict, words: list[Word], across: Across) -> bool:
    """One word with a decimal comma ('0,75') standing inside the quantity column, on a layout
    whose amounts taught no mark (whole ariary, '50 121'): the quantity, no thousands being
    grouped in twos."""
    if len(words) != 1 or "quantity" not in columns:
        return False
    if not _TENTHS_BY_COMMA.fullmatch(words[0].text):
        return False
    inside = [k for gap, k in _columns_at(columns, words[0].x0, words[0].x1, across) if gap == 0]
    return "quantity" in inside
