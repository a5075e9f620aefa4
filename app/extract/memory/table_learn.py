"""Learning an item table from the confirmed items: the columns their values stood in, the
header line above the first, the places they left unused, the notes between them, how their
descriptions ran on, and the line the table stops at (the first after the last item that
reading would take for none of its rows: table_read.py). Items printed as cards are learned
by their labels (cards.py), items printed as records of words by records.py. Pure.
"""

from __future__ import annotations

import re

from app.extract import cards
from app.extract.layout import Line, Word
from app.extract.memory import records
from app.extract.memory.places import WEEKDAY
from app.extract.memory.table_columns import (
    NUMERIC,
    TEXT,
    Across,
    _annotated,
    _assign,
    _columns_at,
    _in_spot,
    _own_words,
    _spots,
    _tokens,
    _wanted,
    item_line,
)
from app.extract.memory.table_read import (
    _LABELLED,
    _item,
    _note,
    _runs_on,
    _unordered,
)
from app.extract.memory.words import norm

# Rows agree on a column's place within this many character widths.
AGREE = 4.0


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
