"""The item table of a learned layout: its header line, where each column's values stand,
where it stops, and reading its rows.

Learning finds each confirmed item's line (the one printing its amount with its
quantity or description), then each of its values on that line; a column's
span is where its values stood, row after row (where a value could be in two
places, the place most rows agree on). Values may share a cell ('7,5 ton' is a
quantity and a unit, '[DPM-250] Damp proof membrane' a code and a description):
each word goes to the column its place is in. The header is the line above
the first item that has words over two columns or more; the table stops at the
line that followed the last item ('Subtotaal').

Reading starts under each line that is the header (repeated on later pages),
gives each word, or each number of several words, to the column it stands in,
and makes an item of a line with a quantity and an amount or price; a line of
words under the description only, right under an item, is its description
running on. A line with an amount and no quantity ('Carried forward') is not
an item. What the item lines print in none of the learned columns (a line's
number, a tariff code), or in a cell of none of the item's values (a plant's
common name), is learned as an unused place: nothing standing there later is
an item's value, nor part of a description running on. A line between items
that starts as the learned notes did, or where they all started left of the
descriptions (a group's heading), or with a label and its colon where theirs did
('Route:'), is a note, never a description; so is a line that starts with a number where
the items printed their line's (a form's empty numbered row). Items printed as cards are
learned as the labels their values stand beside, and read by them (cards.py). Pure.
"""

from __future__ import annotations

import re
import statistics
from collections import Counter
from dataclasses import dataclass
from decimal import Decimal

from app import numbers
from app.extract import cards
from app.extract.layout import Line, Word, typical_step
from app.extract.memory import records
from app.extract.memory.places import WEEKDAY, Run, number, runs
from app.extract.memory.words import Frame, fit, norm
from app.extract.tables import FORWARD, annotation, numbering_row

NUMERIC = ("quantity", "unit_price", "discount", "amount")
TEXT = ("item_code", "description", "unit")
# How far (character widths) a value may stand from where its column's values stood.
SLACK = 6.0
# Rows agree on a column's place within this many character widths.
AGREE = 4.0
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


# --- learning -----------------------------------------------------------------------------


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


def _agreed(
    places: list[list[tuple[float, float]]], key: str, rightmost: bool = False
) -> list[tuple[float, float]]:
    """One place a row for a column: the one most rows agree on (numbers by their right edge,
    words by their left); of places as agreed on, the first, or the rightmost."""
    edge = 1 if key in NUMERIC else 0

    def support(x: float) -> tuple[int, float]:
        return sum(any(abs(p[edge] - x) <= AGREE for p in row) for row in places), x * rightmost

    anchor = max((p[edge] for row in places for p in row), key=support)
    return [min(row, key=lambda p: abs(p[edge] - anchor)) for row in places]


def learn(lines: list[Line], items: list[dict], comma: bool) -> list[dict]:
    """The ways the confirmed items may be printed, best first: the table they show, the
    labels of the cards they are printed as, the record of words they are written in
    (records.py); empty when none is found."""
    record = records.learn(lines, items, comma)
    found = [
        _learn_table(lines, items, comma) or _learn_cards(lines, items, comma),
        {"record": record | {"comma": comma}} if record else None,
    ]
    return [table for table in found if table]


def _learn_cards(lines: list[Line], items: list[dict], comma: bool) -> dict | None:
    """Items printed as cards of labelled values: the labels their values stand beside, in
    the document's own words, when the quantities are among them."""
    labels = cards.learn_labels(lines, items, comma) if items else {}
    return {"cards": labels} if "quantity" in labels.values() else None


def _learn_table(lines: list[Line], items: list[dict], comma: bool) -> dict | None:
    """The table as the confirmed items show it, or None when their lines are not found."""
    rows: list[tuple[int, dict, dict]] = []
    start = 0
    for item in items:
        index = item_line(lines, start, item, comma)
        if index is not None:
            rows.append((index, item, _spots(lines[index], item, comma)))
            start = index + 1
    if not rows:
        return None
    leads = _leads(lines, rows)
    for index, _, spots in rows:
        if index in leads:
            spots["description"] = [leads[index][0]]
    columns = {}
    for key in (*TEXT, *NUMERIC):
        places = [spots[key] for _, _, spots in rows if key in spots]
        if len(places) * 2 >= len(rows) or key == "discount" and places:
            chosen = _agreed(places, key)
            columns[key] = [min(p[0] for p in chosen), max(p[1] for p in chosen)]
    if "amount" in columns and columns["amount"] == columns.get("unit_price"):
        # every price read as its amount (one of each): the amount is printed after the price
        chosen = _agreed(
            [spots["amount"] for _, _, spots in rows if "amount" in spots], "amount", True
        )
        columns["amount"] = [min(p[0] for p in chosen), max(p[1] for p in chosen)]
    first, last = rows[0][0], rows[-1][0]
    header = _header(lines, first, columns)
    if header is None or "quantity" not in columns:
        return None
    learned = {"header": header, "columns": columns}
    unused = _unused(lines, rows, columns, comma)
    if unused:
        learned["unused"] = unused
    if leads:
        learned["lead"] = True
    if all(_makes_amount(item) for _, item, _ in rows):
        learned["explained"] = True
    wrap, wrapped = _wraps(lines, rows, learned) if not leads else (None, set())
    if wrap:
        learned["wrap"] = wrap
    above = {n for _, lead in leads.values() for n in lead}
    notes = _notes(lines, rows, wrapped | above, learned, comma)
    # how a note begins, but a number ('1.' of the conditions under a first sheet's items): a
    # description may run on with one ('4 m x 25 m')
    starts = {norm(lines[index].words[0].text) for index in notes}
    starts = {word for word in starts if re.search(r"[^\W\d_]", word)}
    if starts:
        learned["notes"] = sorted(starts)
    # notes that each start with a label and its colon ('At: site', 'Route: N1 / R300'), where
    # no description runs on so: a line under an item so begun is a note, whatever its label
    if any(_LABELLED.match(lines[index].text) for index in notes) and not any(
        _LABELLED.match(lines[index].text) for index in wrapped
    ):
        learned["labelled_notes"] = True
    # where a description would run on is no heading's place
    headings = {round(lines[index].words[0].x0) for index in notes}
    described = columns.get("description", [float("inf")])[0]
    # (one note is enough where it is printed in capitals, as a group's heading is: 'SALE ITEMS')
    enough = len(notes) >= 2 or (len(notes) == 1 and lines[notes[0]].text.isupper())
    if enough and len(headings) == 1 and not wrap and min(headings) < described - 1:
        learned["headings"] = headings.pop()
    learned["stop"] = _stop(lines, last, learned, comma, wrapped)
    return learned


def _makes_amount(item: dict) -> bool:
    """The confirmed item's quantity times its price is its amount, with no discount."""
    wanted = _wanted(item)
    if wanted.get("discount") or not {"quantity", "unit_price", "amount"} <= set(wanted):
        return False
    return records.holds(wanted["quantity"], wanted["unit_price"], wanted["amount"])


def _leads(lines: list[Line], rows: list[tuple[int, dict, dict]]) -> dict[int, tuple]:
    """Where a description starts above its item's line, the numbers standing by its last
    line ('Konstruksjonsvirke 48x198 C24' over '41225567  i lengder på 4,8 m  1  m  84,79'):
    per such item line, the place its description ends at on it (the words no other value
    took) and the line or two above it the description starts on."""
    found: dict[int, tuple] = {}
    above = -1
    for index, item, spots in rows:
        want = norm(item.get("description") or "")
        if "description" not in spots and want:
            for start in (index - 1, index - 2):
                if start <= above or lines[start].page != lines[index].page:
                    break
                head = " ".join(norm(lines[k].text) for k in range(start, index))
                tail = _tail(lines[index], spots, head, want)
                if tail:
                    found[index] = ((tail[0].x0, tail[-1].x1), range(start, index))
                    break
        above = index
    return found


def _tail(line: Line, spots: dict, head: str, want: str) -> list[Word] | None:
    """The run of the line's words that ends the description `head` begins, of those no value
    found once on the line took."""
    sure = [places[0] for places in spots.values() if len(places) == 1]
    words = line.words
    for i in range(len(words)):
        for j in range(i, len(words)):
            run = words[i : j + 1]
            if any(_in_spot(w, sure) for w in run):
                break
            if norm(f"{head} {' '.join(w.text for w in run)}") == want:
                return run
    return None


def _unused(lines: list[Line], rows: list[tuple[int, dict, dict]], columns: dict, comma: bool):
    """Where half the item lines or more print something in none of the columns the confirmed
    items use (a line's number, a tariff code, a delivery date), or a cell of none of their
    values (a common name beside the botanical one, where a longer description reached):
    [x0, x1] each. What stands there on a later document is no item's value, though a column
    may be near."""
    spans = sorted(
        (words[0].x0, words[-1].x1, index)
        for index, _, _ in rows
        for words, _ in _tokens(lines[index], comma)
        if not any(gap == 0 for gap, _ in _columns_at(columns, words[0].x0, words[-1].x1, Across()))
    )
    # not a dash alone, printed for a value the line has none of (no discount: '-')
    spans += [
        (cell.x0, cell.x1, index)
        for index, _, spots in rows
        for cell in lines[index].cells
        if not any(_in_spot(word, places) for word in cell.words for places in spots.values())
        and re.search(r"\w", cell.text)
    ]
    spans.sort()
    groups: list[list] = []
    for x0, x1, index in spans:
        if groups and x0 <= groups[-1][1] + 1:  # the words of one cell, a space apart
            groups[-1][1] = max(groups[-1][1], x1)
            groups[-1][2].add(index)
        else:
            groups.append([x0, x1, {index}])
    return [[x0, x1] for x0, x1, found in groups if 2 * len(found) >= len(rows)]


def _notes(
    lines: list[Line], rows: list[tuple[int, dict, dict]], wrapped: set[int], table, comma: bool
):
    """The notes printed between items ('Note:', a group's heading): lines that are neither an
    item nor its description running on, nor only a column the items do not use running on
    ('crane' under 'P5 Tower'). How such a line begins is learned, and where, when all begin
    at one place left of the descriptions, none running on (a heading 'SHRUBS' over its
    items): a line like it is never taken for a description."""
    taken = {index for index, _, _ in rows} | wrapped
    first, last = rows[0][0], rows[-1][0]
    return [
        index
        for index in range(first + 1, last)
        if index not in taken
        and norm(lines[index].words[0].text)
        and _own_words(table, lines[index], Across())
        and not _unordered(table, lines[index], Across(), comma)
    ]


def _unordered(table: dict, line: Line, across: Across, comma: bool) -> bool:
    """A row of the table that orders nothing: an item code (a word, no label's colon) and a
    description where the items print theirs, something more in the row (a unit, a dash, a
    number right of the description where the items printed none of their values), and no
    price nor amount ('C-03  GUA-NIT9  Guante de nitrilo ...  par  5  10  9  -' on a stock
    report, nothing to reorder). It is neither a note nor where the table stops, nor a
    description running on: the next document may order that very row."""
    if "item_code" not in table["columns"]:
        return False
    values = _assign(table, line, across, comma)[0]
    code = values.get("item_code", "")
    cells = _cell_starts(line)
    right = across.x(table["columns"].get("description", table["columns"]["item_code"])[1])
    # (a number right of the description where the items printed none of their values: a
    # stock figure; not a section's letter in the line numbers' column, 'B  PLUMBING')
    more = set(values) - {"item_code", "description"} or any(
        run is not None
        and words[0].x0 > right
        and _in_unused(table, words, across, cells[id(words[0])])
        for words, run in _tokens(line, comma)
    )
    return (
        bool(values.get("description"))
        and re.fullmatch(r"[^\s:]+", code) is not None
        and bool(more)
        and not {"unit_price", "amount"} & set(values)
        and not _item(values, table["columns"], comma)
    )


def _wraps(lines: list[Line], rows: list[tuple[int, dict, dict]], table: dict):
    """Where a description running on to the next lines stands (it may start left of the
    description column, under a code printed in the same cell): [x0, x1] or None, and the
    lines it runs on to. Another column running on beside it, where the items use none, is
    not the description's ('float' under '4 mm clear'). Where a description ran on beside its
    line's due date, the table is marked `dated`: the next documents' are read so."""
    spans, wrapped, dated = [], set(), False
    for index, item, spots in rows:
        shown = ""  # a description may start on its item's line, or only under it
        if "description" in spots:
            x0, x1 = spots["description"][0]
            words = lines[index].words
            shown = norm(" ".join(w.text for w in words if x0 <= w.x0 and w.x1 <= x1))
        rest = norm(item.get("description") or "")[len(shown) :].strip()
        for below, line in enumerate(lines[index + 1 : index + 4], start=index + 1):
            for printed in (line, _annotated(line)):  # as printed; else with its due date aside
                own = _own_words(table, printed, Across())
                text = norm(" ".join(w.text for w in own))
                if rest and text and (rest == text or rest.startswith(text + " ")):
                    break
            else:
                break
            dated |= printed is not line
            rest = rest[len(text) :].strip()
            spans.append((own[0].x0, own[-1].x1))
            wrapped.add(below)
    if dated:
        table["dated"] = True
    if not spans:
        return None, wrapped
    return [min(x0 for x0, _ in spans), max(x1 for _, x1 in spans)], wrapped


def _header(lines: list[Line], first: int, columns: dict) -> list[list] | None:
    """The line above the first item with words over two columns or more; of several, the one
    whose cells head the most columns (a group's heading printed between the header and the
    items, 'Deliver on: Mon 24 Aug 2026  Contact: ...', heads fewer), the nearest of those."""
    best = None
    for line in reversed(lines[max(0, first - 4) : first]):
        if line.page != lines[first].page:
            break
        over = {key for w in line.words for gap, key in _columns_at(columns, w.x0, w.x1, Across())}
        worded = [w for w in line.words if any(ch.isalpha() for ch in w.text)]
        if len(over) >= 2 and len(worded) >= 2:
            headed = len(_headed(line, columns))
            if best is None or headed > best[0]:
                best = (headed, line)
    if best is None:
        return None
    words = best[1].words
    return [
        [norm(w.text), w.x0, w.x1]
        for n, w in enumerate(words)
        if norm(w.text) and not _dated(words, n)
    ]


def _dated(words: list[Word], n: int) -> bool:
    """A header word that is a date or a number, or the day of the week before one: a roster's
    columns ('Fri 18/09', 'Week 37') are other days on the next document."""
    if re.search(r"\d", words[n].text):
        return True
    after = words[n + 1].text if n + 1 < len(words) else ""
    return bool(re.search(r"\d", after)) and bool(WEEKDAY.fullmatch(norm(words[n].text)))


def _headed(line: Line, columns: dict) -> set[str]:
    """The columns a cell of the line stands over, each cell counted for the one it is most
    over: a sentence across the page heads one column, a header's labels one each."""
    heads = set()
    for cell in line.cells:
        inside = [key for gap, key in _columns_at(columns, cell.x0, cell.x1, Across()) if gap == 0]
        heads |= set(inside[:1])
    return heads


def _stop_key(text: str) -> str:
    """A line's words as where the table stops, any count in it aside ('Order History (2)')."""
    return re.sub(r"\d+", "#", norm(text))


def _stop(lines: list[Line], last: int, table: dict, comma: bool, wrapped=frozenset()) -> str:
    """The first line after the last item that is not its description running on: where
    descriptions are known to run on (`wrapped`, the confirmed ones' lines), a line past them
    that would run on as well is no description's ('Order History (2)' under the last one)."""
    last_y = lines[last].y
    for index, line in enumerate(lines[last + 1 :], start=last + 1):
        if wrapped and index not in wrapped and _runs_on(table, line, last_y, Across(), comma):
            return norm(line.cells[0].text)
        if _runs_on(table, line, last_y, Across(), comma):
            last_y = line.y
            continue
        if _unordered(table, line, Across(), comma):
            last_y = line.y
            continue
        values = _assign(table, line, Across(), comma)[0]
        if _note(table, line, Across()) and not _item(values, table["columns"], comma):
            # printed under each item (a cost split): not where it ends; but a line that
            # reads as an item is ('Total qty  16 ... 19 040.00  Due 15/12/2026')
            last_y = line.y
            continue
        if set(values) - {"description"}:
            return norm(line.cells[0].text)
        if line.y - lines[last].y > 6:
            return ""
    return ""


# --- reading ------------------------------------------------------------------------------


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


def _described(table: dict, line: Line) -> Line:
    """The line as a description running on is read from it: without its due date beside it
    where the learned document's ran on so (`dated`)."""
    return _annotated(line) if table.get("dated") else line


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


def _header_at(header: list[list], line: Line, frame: Frame) -> Across | None:
    """How this line stands against the learned header, if it is the header: each of its
    words found near its learned place, and how far it moved. Where it stands is fitted on
    the words both print once: a text layer may lay a later page's characters out on a
    narrower grid, its columns drawn together the further right they are."""
    here: dict[str, list[float]] = {}
    for word in line.words:
        here.setdefault(norm(word.text), []).append(word.x0)
    shifts = [x - frame.x(hx) for text, hx, _ in header for x in here.get(text, ())]
    if not shifts:
        return None
    where = _header_fit(header, here, frame, statistics.median(shifts))
    moved = []
    for text, hx, _ in header:
        near = [x - frame.x(hx) for x in here.get(text, ()) if abs(x - where(hx)) <= 3]
        if near:
            moved.append((hx, min(near, key=lambda shift: abs(frame.x(hx) + shift - where(hx)))))
    if len(moved) < max(2, 0.6 * len(header)):
        return None
    return Across(frame, tuple(moved))


def _header_fit(header: list[list], here: dict[str, list[float]], frame: Frame, middle: float):
    """Where each learned header word should stand on this line: on the line through the
    words printed once in both (the median shift when fewer than two are)."""
    counts = Counter(text for text, _, _ in header)
    pairs = [
        (frame.x(hx), here[text][0])
        for text, hx, _ in header
        if counts[text] == 1 and len(here.get(text, ())) == 1
    ]
    fitted = fit(pairs, 10.0) if len(pairs) >= 2 else None
    if fitted is None:
        return lambda hx: frame.x(hx) + middle
    slope, offset = fitted
    return lambda hx: slope * frame.x(hx) + offset


def headers(table: dict, lines: list[Line], frame: Frame) -> dict[int, Across]:
    """The lines that are the table's header (one a page), each with how its columns stand;
    for items printed as cards, the lines that print a learned label."""
    if "cards" in table:
        labels = table["cards"]
        return {i: Across(frame) for i, line in enumerate(lines) if cards.labelled(line, labels)}
    if "record" in table:  # the lines its items start at
        return {i: Across(frame) for i in records.starts(table["record"], lines, frame)}
    heads = {}
    for index, line in enumerate(lines):
        across = _header_at(table["header"], line, frame)
        if across is not None:
            heads[index] = across
    return heads


def first_sheet(table: dict, lines: list[Line], frame: Frame) -> tuple[int, int] | None:
    """The lines under the table's first header to the end of its page (from, to), when the
    table runs on under its header printed again on a later page: where an order printed on
    continuation sheets gives its foot, on the first sheet under its items."""
    if "cards" in table or "record" in table:
        return None
    heads = headers(table, lines, frame)
    if len({lines[index].page for index in heads}) < 2:
        return None
    first = min(heads)
    page = lines[first].page
    stop = next((n for n in range(first, len(lines)) if lines[n].page != page), len(lines))
    return first + 1, stop


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


def _item(values: dict[str, str], columns: dict, comma: bool) -> dict | None:
    """An item from a line's values; None unless it has a quantity and an amount or price."""
    read = {key: number(values[key], comma) if key in values else None for key in NUMERIC}
    if (
        read["quantity"] is None
        and not comma
        and _TENTHS_BY_COMMA.fullmatch(values.get("quantity", ""))
    ):
        # a quantity with a decimal comma on a layout whose whole amounts learned no mark
        # ('18,25' m3 beside '2 018 085' ariary): no thousands are grouped in twos
        read["quantity"] = number(values["quantity"], True)
    if read["quantity"] is None or read["quantity"][1]:
        return None
    priced = [key for key in ("amount", "unit_price") if key in columns]
    if priced and all(read[key] is None for key in priced):
        return None

    def money(key: str) -> str | None:
        return numbers.cents_to_text(numbers.parse_money(read[key][0])) if read[key] else None

    item = {
        "item_code": values.get("item_code", "").strip(":;,.#*()[]{}|"),
        "description": values.get("description", ""),
        "quantity": numbers.parse_quantity(read["quantity"][0]),
        "unit": values.get("unit", ""),
        "unit_price": money("unit_price"),
        "amount": money("amount"),
    }
    if read["discount"] and read["discount"][0]:
        item["discount"] = numbers.parse_quantity(read["discount"][0])
    return item


def _explained(item: dict, table: dict, line: Line, across: Across, comma: bool) -> dict:
    """The item with the quantity its amount is for: on a layout whose confirmed items each
    made their amount (`explained`), where the quantity read at the learned place times the
    price is not the amount, another number between the description and the amount that is
    ('Qty req. 2  Qty conf. 1  191.81  191.81': the two were alike on the learned document).
    As read otherwise."""
    if not table.get("explained") or item.get("discount"):
        return item
    try:
        quantity, price, amount = (
            Decimal(item[key]) for key in ("quantity", "unit_price", "amount")
        )
    except (KeyError, TypeError, ArithmeticError):
        return item
    if records.holds(quantity, price, amount):
        return item
    columns = table["columns"]
    after = across.x(columns.get("description", columns["quantity"])[1])
    before = across.x(columns["amount"][0]) if "amount" in columns else float("inf")
    for _, run in _tokens(line, comma):
        if run is None or run.percent or not after < run.x0 < run.x1 < before:
            continue
        if run.value and records.holds(run.value, price, amount):
            return item | {"quantity": numbers.parse_quantity(str(run.value))}
    return item


def _note(table: dict, line: Line, across: Across) -> bool:
    """A note line: one that starts as the learned document's notes did, or where they all
    started (a group's heading), or a line about the item's delivery (a release date, a batch
    or serial number) that any print may add."""
    own = _in_table(table, line, across)  # a date down a sidebar beside it is no annotation
    if norm(line.words[0].text) in table.get("notes", ()) or annotation(
        Line(own, line.y, line.page) if own else line
    ):
        return True
    if table.get("labelled_notes") and _LABELLED.match(line.text):
        return True
    at = table.get("headings")
    return at is not None and abs(line.words[0].x0 - across.x(at)) <= 0.5 * across.frame.a


# A label of a word or two and its colon, first on a line ('Route: N1 / R300', 'On site: offload').
_LABELLED = re.compile(r"[^\W\d_]+(?: [^\W\d_]+)?\s?:\s")


# A page's own words under its last item ('Continued on page 3', 'Carried forward'), which a
# later document of the layout prints where the learned one had none: no description's.
_FURNITURE = re.compile(rf"continued\b|page\s+\d+\b|{FORWARD.pattern}", re.IGNORECASE)


def _furniture(line: Line) -> bool:
    return bool(_FURNITURE.match(line.cells[0].text.strip()))


def _empty_row(table: dict, line: Line, across: Across) -> bool:
    """A row of its own with no item on it: it starts with a number left of the items'
    columns, where they printed none of their values (their line's number), as a form's empty
    numbered rows do ('4  Click or tap here to enter text.')."""
    first = line.words[0]
    left = across.x(min(c0 for c0, _ in table["columns"].values()))
    return (
        bool(re.fullmatch(r"\d{1,3}\.?", first.text))
        and first.x1 <= left
        and _in_unused(table, [first], across)
    )


def _runs_on(table: dict, line: Line, last_y: float, across: Across, comma: bool) -> bool:
    """Words where descriptions run on (under the description column, or where the learned
    document's ran on), right under the item above: its description, continued (its due date
    beside it aside, where the learned document's ran on so)."""
    line = _described(table, line)
    if line.y - last_y > 2.5 * across.frame.c:
        return False
    if "wrap" in table:
        left, right = table["wrap"]
        beyond = [c0 for c0, _ in table["columns"].values() if c0 >= right - 1]
        room = min(beyond, default=float("inf"))
        own = _own_words(table, line, across)
        if not own:
            return False
        # a text grid places the same column a character or two apart from one print to the next
        inside = across.x(left) - 2 * across.frame.a <= own[0].x0
        return inside and own[-1].x1 <= across.x(max(right, room))
    values, strays = _assign(table, line, across, comma)
    if strays or not values:
        return False
    if set(values) == {"description"}:
        return True
    # a description printed in one cell with its code ('[WM-193] Welded mesh') runs on under
    # the code: nothing in the number columns, right under the item
    near = line.y - last_y <= 1.6 * across.frame.c
    return near and set(values) <= {"description", "item_code"}


def read(table: dict, lines: list[Line], frame: Frame, comma: bool) -> tuple[list[dict], int]:
    """The items under each of the table's headers, and the index of the line the table
    ended at (where the foot begins)."""
    if "cards" in table:
        return _read_cards(table, lines, comma)
    if "record" in table:
        return records.read(table["record"], lines, comma, frame)
    heads = headers(table, lines, frame)
    items: list[dict] = []
    if not heads:
        return items, len(lines)
    head_pages = {lines[index].page for index in heads}
    reading, across, page, last_y, end = False, Across(frame), None, None, None
    leading: list[str] = []  # a description's lines above its item's (a learned `lead`)
    for index, line in enumerate(lines):
        if index in heads:
            reading, across, page, leading = True, heads[index], line.page, []
            continue
        if not reading:
            continue
        if line.page != page:
            page, reading, leading = line.page, line.page not in head_pages, []
            if not reading:
                continue
        if table["stop"] and _stop_key(line.cells[0].text) == _stop_key(table["stop"]):
            if any(head > index and lines[head].page > line.page for head in heads):
                # where the learned document's items ended ('Fortsættes på side 2'), the
                # table goes on: its header is printed again on a later page
                reading = False
                continue
            end = index
            break
        values, _ = _assign(table, line, across, comma)
        item = None if numbering_row(line) else _item(values, table["columns"], comma)
        if item:
            item = _explained(item, table, line, across, comma)
            if leading:  # the description started on the lines above
                item["description"] = " ".join([*leading, item["description"]]).strip()
                leading = []
            items.append(item)
            last_y, end = line.y, index + 1
        elif (
            table.get("lead")
            and set(values) == {"description"}
            and not _note(table, line, across)
            and not _furniture(line)
        ):
            # (at most the two lines right above an item, as the learned ones were)
            leading = [*leading, values["description"]][-2:]
        elif (
            items
            and not leading
            and not _unordered(table, line, across, comma)
            and not _note(table, described := _described(table, line), across)
            and not _furniture(line)
            and not _empty_row(table, line, across)
            and _runs_on(table, line, last_y, across, comma)
        ):
            words = " ".join(w.text for w in _own_words(table, described, across))
            code = items[-1].get("item_code") or ""
            if code.endswith("-") and " " not in words:  # 'CEM-' over '325': the code runs on
                items[-1]["item_code"] = code + words
            else:
                items[-1]["description"] = f"{items[-1]['description']} {words}".strip()
            last_y = line.y
        else:  # a note, a row that orders nothing...: no description starts above it
            leading = []
    return items, end if end is not None else len(lines)


def _read_cards(table: dict, lines: list[Line], comma: bool) -> tuple[list[dict], int]:
    """The items printed as cards, by the labels the learned document printed."""
    rows, end = cards.read_cards(lines, typical_step(lines), comma, table["cards"])
    out = []
    for row in rows:
        item = {key: row.text(key) for key in TEXT}
        item["quantity"] = numbers.parse_quantity(row.text("quantity"), comma)
        for key in ("unit_price", "amount"):
            text = row.text(key)
            item[key] = numbers.cents_to_text(numbers.parse_money(text, comma)) if text else None
        if row.text("discount"):
            item["discount"] = numbers.parse_quantity(row.text("discount").rstrip("%"), comma)
        out.append(item)
    return out, end
