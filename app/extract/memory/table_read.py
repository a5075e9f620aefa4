"""Reading the items with a learned table: the lines that are its header (one a page), then
each line under one as an item, its description running on (below it, or above it where the
learned ones started so), a note, a row that orders nothing, page furniture, or the line the
table stops at. Learning asks the same of the lines under the confirmed items
(table_learn.py). Items learned as cards or as records are read by cards.py and records.py.
Pure.
"""

from __future__ import annotations

import re
import statistics
from collections import Counter
from decimal import Decimal

from app import numbers
from app.extract import cards
from app.extract.layout import Line, typical_step
from app.extract.memory import records
from app.extract.memory.places import number
from app.extract.memory.table_columns import (
    _TENTHS_BY_COMMA,
    NUMERIC,
    TEXT,
    Across,
    _annotated,
    _assign,
    _cell_starts,
    _in_table,
    _in_unused,
    _own_words,
    _tokens,
)
from app.extract.memory.words import Frame, fit, norm
from app.extract.tables import FORWARD, annotation, numbering_row


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


def _stop_key(text: str) -> str:
    """A line's words as where the table stops, any count in it aside ('Order History (2)')."""
    return re.sub(r"\d+", "#", norm(text))


def _described(table: dict, line: Line) -> Line:
    """The line as a description running on is read from it: without its due date beside it
    where the learned document's ran on so (`dated`)."""
    return _annotated(line) if table.get("dated") else line


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
