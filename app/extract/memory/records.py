"""Items printed as records of words, not as a table: learned from the confirmed items as the
words that stand between their values, and read by them.

Some layouts print an item with no header row over it: a sentence ('Tie rod DW15, 1.0 m,
product code TIE-DW15: quantity 40 (forty), unit each, at R 128.88 per unit, amounting to
R 5,155.20'), a message's segments one a line ('PIA SA Supplier's article number STN-19',
'QTY 21 Ordered quantity 1 MTQ', ...), a till roll's two lines ('Cable 4mm surfix' over
'CBL-4  24 x 1578.39  37881.36'), an app's card ('Roof screw ...', 'SKU 441205', '10 pack x
R267.24  R2,672.40'). The page is read as one run of words, line after line.

Learning finds each confirmed item's values among the words, in the order the page prints
them (the same order for every item, or nothing is learned), and what stands between two
values: the words every item prints there ('product code', 'x', 'SKU') are kept as they are,
words that change from item to item ('(forty)', '(fifteen)') only as how many there were;
a line that ends there on every item must end there. An item starts at the start of a line.

Reading tries the record at the start of each line: each value where its kind stands (a
number for a quantity, a price or an amount; as many words as the learned values had for a
code or a unit; a description as few words as let the rest follow), each learned word where
it stood. What it reads is an item only where it keeps its quantity x price = amount, as
every learned one did. Pure.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from decimal import Decimal

from app import numbers
from app.extract.layout import Line
from app.extract.memory.places import number
from app.extract.memory.words import Frame, norm
from app.extract.tables import FOOT

NUMERIC = ("quantity", "unit_price", "amount")
TEXT = ("item_code", "description", "unit")
# Words a number may take (a grouped one, '14 965,95'), and a code or a unit.
MOST_NUMBER, MOST_WORDS = 3, 4
# Words either side of an item's description its other values are looked for among.
NEAR = 40
# At most this many ways of placing one item's values are weighed, and steps taken reading
# the record from one line.
MOST_WAYS, MOST_STEPS = 5000, 20000
# An amount of money last on a line, or after a currency's sign: no description runs on there.
_PRICED = re.compile(r"\d[.,]\d\d\s*(?:[A-Z]{3}|[^\w\s])?$|[$€£¥₹]\s?\d")
# The learned document's own frame.
AS_LEARNED = Frame()
# How far (character widths) the items' first values may stand apart and still be in a column.
EDGE = 1.0
# Punctuation a value's word may carry from the sentence it stands in ('TIE-DW15:', '5,155.20.').
_TRAILING = ".,;:"


@dataclass(frozen=True)
class Tok:
    text: str
    line: int  # the index of its line
    first: bool  # the first word of its line
    x0: float = 0.0
    x1: float = 0.0


def tokens(lines: list[Line]) -> list[Tok]:
    return [
        Tok(word.text, index, n == 0, word.x0, word.x1)
        for index, line in enumerate(lines)
        for n, word in enumerate(line.words)
    ]


def _number(toks: list[Tok], comma: bool) -> Decimal | None:
    """The number some words on one line print, a sentence's punctuation after it aside."""
    if len({tok.line for tok in toks}) > 1:
        return None
    text = " ".join(tok.text for tok in toks).rstrip(_TRAILING)
    read = number(text, comma) if text else None
    return read[0] if read and not read[1] else None


def _said(toks: list[Tok]) -> str:
    return norm(" ".join(tok.text for tok in toks))


def _word(tok: Tok) -> str:
    """A word as a record's fixed words are compared: a mark alone ('-', '@') as it is."""
    return norm(tok.text) or tok.text


# --- learning -----------------------------------------------------------------------------


def _wanted(item: dict) -> dict[str, object]:
    """The item's values to find: its numbers, and its words (none that is empty)."""
    wanted: dict[str, object] = {}
    for key in NUMERIC:
        try:
            if item.get(key) not in (None, ""):
                wanted[key] = numbers.parse_decimal(item[key])
        except ValueError:
            continue
    for key in TEXT:
        said = norm(item.get(key) or "")
        if said:
            wanted[key] = said
    return wanted


def _spans(
    toks: list[Tok], lo: int, hi: int, key: str, want, comma: bool, first: bool = False
) -> list[tuple]:
    """Where a value is printed among the words lo..hi: (first, after last) each; the first
    place only, when `first`."""
    found = []
    longest = (
        MOST_NUMBER
        if key in NUMERIC
        else (len(str(want).split()) + 3 if key == "description" else MOST_WORDS)
    )
    for i in range(lo, hi):
        for j in range(i + 1, min(hi, i + longest) + 1):
            part = toks[i:j]
            if key in NUMERIC:
                value = _number(part, comma)
                if value is not None and abs(value - want) < Decimal("0.006"):
                    found.append((i, j))
            elif _said(part) == want:
                found.append((i, j))
            if first and found:
                return found
    return found


def _placings(toks: list[Tok], item: dict, lo: int, hi: int, comma: bool) -> list[dict]:
    """The ways the item's values can stand among the words lo..hi, each value once, none over
    another: {key: (first, after last)}."""
    wanted = _wanted(item)
    if "description" not in wanted:
        return []
    options = {key: _spans(toks, lo, hi, key, want, comma) for key, want in wanted.items()}
    options = {key: spans for key, spans in options.items() if spans}
    if "description" not in options:
        return []
    keys = sorted(options)
    ways = []
    for combo in itertools.islice(itertools.product(*(options[k] for k in keys)), MOST_WAYS):
        spans = sorted(combo)
        if all(a[1] <= b[0] for a, b in itertools.pairwise(spans)):
            ways.append(dict(zip(keys, combo, strict=True)))
    return ways


def _order(way: dict) -> tuple[str, ...]:
    return tuple(sorted(way, key=lambda key: way[key][0]))


def _reach(way: dict) -> int:
    return max(end for _, end in way.values()) - min(start for start, _ in way.values())


def learn(lines: list[Line], items: list[dict], comma: bool) -> dict | None:
    """The record the confirmed items are printed as, or None when they are not found each
    with the same values in the same order, each starting a line."""
    if not items:
        return None
    toks = tokens(lines)
    # each item's description, one after the other: where its other values are looked for
    anchors, start = [], 0
    for item in items:
        want = norm(item.get("description") or "")
        spans = _spans(toks, start, len(toks), "description", want, comma, True) if want else []
        if not spans:
            return None
        anchors.append(spans[0])
        start = spans[0][1]
    all_ways = []
    for n, item in enumerate(items):
        lo = max(anchors[n - 1][1] if n else 0, anchors[n][0] - NEAR)
        hi = min(anchors[n + 1][0] if n + 1 < len(items) else len(toks), anchors[n][1] + NEAR)
        ways = [w for w in _placings(toks, item, lo, hi, comma) if w["description"] == anchors[n]]
        if not ways:
            return None
        all_ways.append(ways)
    # the values every item prints, in one order (of several, the one keeping them closest)
    shared = set.intersection(*(set(ways[0]) for ways in all_ways))
    if "quantity" not in shared or not {"amount", "unit_price"} & shared:
        return None
    best = None
    # of orders that keep them alike close, the one with the amount furthest on (a price equal
    # to its amount, quantity 1, reads either way round)
    orders = {_order({k: w[k] for k in shared}) for w in all_ways[0]}
    for order in sorted(orders, key=lambda o: (-o.index("amount") if "amount" in o else 0, o)):
        placed = []
        for ways in all_ways:
            fits = [
                {k: w[k] for k in shared}
                for w in ways
                if _order({k: w[k] for k in shared}) == order
            ]
            if not fits:
                break
            placed.append(min(fits, key=_reach))
        else:
            reach = sum(_reach(way) for way in placed)
            if best is None or reach < best[0]:
                best = (reach, order, placed)
    if best is None:
        return None
    _, order, placed = best
    # each item starts a line: what stands before its first value on that line
    starts = []
    for way in placed:
        begin = way[order[0]][0]
        while begin > 0 and not toks[begin].first:
            begin -= 1
        starts.append(begin)
    if any(b <= a for a, b in itertools.pairwise(starts)):
        return None
    gaps = [_gap([toks[s : way[order[0]][0]] for s, way in zip(starts, placed, strict=True)])]
    for key, after in itertools.pairwise(order):
        parts = [toks[way[key][1] : way[after][0]] for way in placed]
        ended = [toks[way[key][1] - 1].line != toks[way[after][0]].line for way in placed]
        gaps.append(_gap(parts, all(ended)))
    sizes = {
        key: [
            min(w[key][1] - w[key][0] for w in placed),
            max(w[key][1] - w[key][0] for w in placed),
        ]
        for key in order
    }
    over = max(toks[w["description"][1] - 1].line - toks[w["description"][0]].line for w in placed)
    first = toks[starts[0]].line
    return {
        "edge": _edge([toks[w[order[0]][0] : w[order[0]][1]] for w in placed]),
        "before": _line_key(lines[first - 1]) if first else None,
        "order": list(order),
        "gaps": gaps,
        "sizes": sizes,
        "description_lines": over,
        "arithmetic": all(_keeps(item) for item in items),
        # every item's last value ended its line
        "ends_line": all(
            way[order[-1]][1] >= len(toks)
            or toks[way[order[-1]][1]].line != toks[way[order[-1]][1] - 1].line
            for way in placed
        ),
    }


def _edge(values: list[list[Tok]]) -> list | None:
    """Where every item's first value stands, if they all stand there (a column's left edge,
    or right edge for numbers set right): ["x0" or "x1", where]."""
    for side in ("x0", "x1"):
        at = [getattr(part[0] if side == "x0" else part[-1], side) for part in values]
        if max(at) - min(at) <= EDGE:
            return [side, sorted(at)[len(at) // 2]]
    return None


def _line_key(line: Line) -> str:
    """A line as compared with the one learned before the first item, any count in it aside
    ('ITEMS (3)')."""
    return re.sub(r"\d+", "#", norm(line.text))


def _keeps(item: dict) -> bool:
    """A confirmed item has all three of quantity, price and amount, and they hold."""
    try:
        q, p, a = (numbers.parse_decimal(item.get(k)) for k in NUMERIC)
    except (ValueError, TypeError):
        return False
    return holds(q, p, a)


def holds(quantity: Decimal, price: Decimal, amount: Decimal) -> bool:
    """Quantity x price = amount, within a cent either way (a price printed to the cent of a
    quantity in parts). The record's items carry no discount: an item that has one does not
    hold, and the record then learns no arithmetic."""
    return abs(quantity * price - amount) <= Decimal("0.011")


def _gap(parts: list[list[Tok]], ends_line: bool = False) -> dict:
    """What stands between two values on every item: the same words, or the words they all
    begin and end with and how many between; and whether a line ends there on every item."""
    said = [[_word(tok) for tok in part] for part in parts]
    gap: dict = {"ends_line": ends_line}
    if all(words == said[0] for words in said):
        gap["words"] = said[0]
        return gap
    head = 0
    while all(len(w) > head and w[head] == said[0][head] for w in said):
        head += 1
    tail = 0
    while all(len(w) - tail > head and w[-1 - tail] == said[0][-1 - tail] for w in said):
        tail += 1
    middle = [len(w) - head - tail for w in said]
    gap |= {
        "words": said[0][:head],
        "after": said[0][len(said[0]) - tail :] if tail else [],
        "between": [min(middle), max(middle) + 2],
    }
    return gap


# --- reading ------------------------------------------------------------------------------


class _Out(Exception):
    """Too many steps reading one record."""


def read(
    record: dict, lines: list[Line], comma: bool, frame: Frame = AS_LEARNED
) -> tuple[list[dict], int]:
    """The items the page prints as the learned record, and the index of the line after the
    last (where the foot begins)."""
    found = _records(record, lines, tokens(lines), comma, frame)
    end = found[-1][2] + 1 if found else len(lines)
    return [item for item, _, _ in found], end


def starts(record: dict, lines: list[Line], frame: Frame = AS_LEARNED) -> list[int]:
    """The indexes of the lines the page's items start at."""
    found = _records(record, lines, tokens(lines), record["comma"], frame)
    return [start for _, start, _ in found]


def _records(
    record: dict, lines: list[Line], toks: list[Tok], comma: bool, frame: Frame
) -> list[tuple[dict, int, int]]:
    """Each item read, with the index of its first line and its last. No item's words take in
    the line printed before the learned document's first item (a header, 'ITEMS (3)')."""
    before = {n for n, line in enumerate(lines) if _line_key(line) == record.get("before")}
    firsts = {tok.line: n for n, tok in reversed(list(enumerate(toks)))}
    out, at = [], 0
    while at < len(toks):
        # a match is an item already (its last slot is proven by _item)
        found = _match(record, toks, at, comma, before) if toks[at].first else None
        if found is None or not _at_edge(record, found[0], frame):
            at += 1
            continue
        values, after = found
        last = toks[after - 1].line
        for _ in range(2):  # the description running on under itself
            below = _runs_on(values, toks, last, lines, firsts, after)
            if below is None or below in before:
                break
            again = _match(record, toks, firsts[below], comma, before)
            if again is not None and _at_edge(record, again[0], frame):
                break
            after = _line_end(toks, firsts[below])
            values["description"] = list(values["description"]) + toks[firsts[below] : after]
            last = below
        item = _item(values, record, comma)
        if item is not None:
            out.append((item, toks[at].line, last))
        at = after
    return out


def _line_end(toks: list[Tok], start: int) -> int:
    """The index after the last word of the line whose first word is `start`."""
    stop = start + 1
    while stop < len(toks) and toks[stop].line == toks[start].line:
        stop += 1
    return stop


def _at_edge(record: dict, values: dict, frame: Frame) -> bool:
    """The item's first value stands where every learned item's did, if they all stood alike."""
    if not record.get("edge"):
        return True
    side, at = record["edge"]
    part = values[record["order"][0]]
    here = part[0].x0 if side == "x0" else part[-1].x1
    return abs(here - frame.x(at)) <= 2 * EDGE * frame.a


def _runs_on(values: dict, toks: list[Tok], last: int, lines, firsts, after: int) -> int | None:
    """The line under the item that is its description running on, if it is: where the
    description ends the item's last line, right under it, in words standing under the
    description only (left of the value after it on its line)."""
    described = values.get("description") or []
    below = last + 1
    if not described or described[-1].line != last or below >= len(lines):
        return None
    if lines[below].y - lines[last].y > 1.5 or below not in firsts:
        return None
    left = min(tok.x0 for tok in described if tok.line == last)
    right = toks[after].x0 if after < len(toks) and toks[after].line == last else float("inf")
    words = lines[below].words
    if words[0].x0 < left - 1 or words[-1].x1 > right - 0.5:
        return None
    if not any(ch.isalpha() for word in words for ch in word.text):
        return None
    if FOOT.match(lines[below].text) or _PRICED.search(lines[below].text):
        return None  # the foot's first line ('Subtotal  $178.82')
    return below


def _match(record: dict, toks: list[Tok], at: int, comma: bool, before: set[int]):
    steps = [0]
    if toks[at].line in before:
        return None
    try:
        got = _part(record, toks, at, 0, {}, comma, steps, before)
    except _Out:
        return None
    if got is None:
        return None
    values, after = got
    return dict(values), after


def _part(record, toks, at, n, values, comma, steps, before):
    """Slot n of the record (its gap before, then its value) from word `at` on."""
    steps[0] += 1
    if steps[0] > MOST_STEPS:
        raise _Out
    order = record["order"]
    if n == len(order):
        item = _item(values, record, comma)
        return (values, at) if item is not None else None
    for start in _gap_ends(record["gaps"][n], toks, at, n == 0):
        key = order[n]
        low, high = record["sizes"][key]
        if key == "description":
            lengths = range(1, max(high * 2, high + 8) + 1)
        elif key in NUMERIC:
            lengths = range(1, MOST_NUMBER + 1)
        else:
            lengths = range(low, high + 1)
        for size in lengths:
            stop = start + size
            if stop > len(toks):
                break
            part = toks[start:stop]
            if key == "description":
                # as many lines as the learned ones ran over; one more where another value
                # stands before it (where it starts is not in doubt)
                # (or where words stand before it on the line it starts: they say where)
                most = record["description_lines"] + (n > 0 or _prefixed(record))
                if part[-1].line - part[0].line > most or part[-1].line in before:
                    break
                if part[-1].first and n > 0 and part[-1].x0 < part[0].x0 - 2 * EDGE:
                    break  # running on to a line, it stands under itself
            elif key in NUMERIC:
                if _number(part, comma) is None:
                    continue
            elif part[-1].line != part[0].line:
                break
            if _not_ending(record, toks, n, key, stop, part[-1].line):
                continue
            got = _part(record, toks, stop, n + 1, values | {key: part}, comma, steps, before)
            if got is not None:
                return got
    return None


def _prefixed(record: dict) -> bool:
    """Every learned item printed words before its first value on the line it starts (a
    clause's number, 'Item:')."""
    gap = record["gaps"][0]
    return bool(gap["words"] or gap.get("after") or (gap.get("between") or [0])[0])


def _not_ending(record: dict, toks: list[Tok], n: int, key: str, stop: int, line: int) -> bool:
    """Words read for value n end where they may not: words last in the record stand to the
    end of their line, and a value every learned item ended its line with ends it."""
    order = record["order"]
    goes_on = stop < len(toks) and toks[stop].line == line
    if n + 1 == len(order):
        return goes_on and (key in TEXT or record.get("ends_line", False))
    return n + 1 < len(order) and record["gaps"][n + 1]["ends_line"] and goes_on


def _gap_ends(gap: dict, toks: list[Tok], at: int, first: bool):
    """Where the value after a gap can start, the gap's words standing from `at`."""
    words, start = gap["words"], at
    if at + len(words) > len(toks) or [_word(t) for t in toks[at : at + len(words)]] != words:
        return
    at += len(words)
    if "between" not in gap:
        if not first or (at < len(toks) and toks[at].line == toks[start].line):
            yield at
        return
    low, high = gap["between"]
    after = gap["after"]
    for skip in range(low, high + 1):
        here = at + skip
        if here + len(after) > len(toks):
            return
        if [_word(t) for t in toks[here : here + len(after)]] == after:
            value = here + len(after)
            if first and (value >= len(toks) or toks[value].line != toks[start].line):
                continue  # an item's first value is on the line it starts
            yield value


def _item(values: dict, record: dict, comma: bool) -> dict | None:
    """An item from the words read for each value; None unless its numbers read as numbers,
    with a quantity and an amount or price, keeping quantity x price = amount where every
    learned item did."""
    read = {key: _number(values[key], comma) if key in values else None for key in NUMERIC}
    if any(key in values and read[key] is None for key in NUMERIC):
        return None
    q, p, a = read["quantity"], read["unit_price"], read["amount"]
    if q is None or (a is None and p is None):
        return None
    if record.get("arithmetic") and None not in (q, p, a) and not holds(q, p, a):
        return None

    def text(key: str) -> str:
        # a sentence's comma after a description ('Tie rod DW15, 1.0 m, product code ...'),
        # its colon after a code ('TIE-DW15: quantity 40'); an abbreviation's point stays
        said = " ".join(t.text for t in values.get(key, ())).strip(",;: ")
        return said.rstrip(".") if key == "item_code" else said

    def money(value: Decimal | None) -> str | None:
        return None if value is None else numbers.cents_to_text(numbers.parse_money(value))

    return {
        "item_code": text("item_code").strip("()[]{}#*|"),
        "description": text("description"),
        "quantity": numbers.parse_quantity(q),
        "unit": text("unit"),
        "unit_price": money(p),
        "amount": money(a),
    }
