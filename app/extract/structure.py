"""Reading an item table and its foot in words the engine does not know: from their shape
and their arithmetic.

An order in a language nobody listed still prints its items as lines that
share number columns under a row of words, and its foot as amounts at the
right that add up. `table_by_structure` finds that header row and reads the
lines under it; `by_arithmetic` names the number columns by the sums their
lines keep (quantity x price less discount = amount); `foot_by_sums` takes
the amount the items add up to as the subtotal and the one the charges after
it bring it to as the total. Each is a rule of rules.py: what they find is
guessed, and the proofs treat it so. Pure; never a word of any language here.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from dataclasses import replace
from decimal import Decimal, InvalidOperation

from app import numbers
from app.extract import checks
from app.extract import vocabulary as words
from app.extract.columns import ColumnView
from app.extract.layout import Cell, Line
from app.extract.model import Found, Item
from app.extract.tables import (
    FOOT,
    NUMERIC,
    WITH_UNIT,
    Column,
    RawRow,
    RowReader,
    column_key,
    is_number,
    join_numbers,
    money_text,
    numbering_row,
    strip_line_numbers,
)

_CENTS = re.compile(r"\d[.,]\d{2}$")
# How far apart (in character widths) the right edges of one column's numbers may be.
_ALIGN = 2.0


def _number_edges(line: Line, comma: bool) -> list[float]:
    """The right edges of the line's number cells ('12,5', '1.102,37', '15 %')."""
    cells = [Cell(join_numbers(cell.words)) for cell in line.cells]
    return [c.x1 for c in cells if is_number(c.text.rstrip("%").strip(), comma)]


def _shared(edges: list[float], others: list[float]) -> int:
    return sum(1 for x in edges if any(abs(x - y) <= _ALIGN for y in others))


def _runs(lines: list[Line], step: float, comma: bool) -> list[tuple[int, int]]:
    """Runs of item lines: (first, last) indexes of lines with two or more numbers whose
    right edges line up with the run's first line, a line of a word or two or of one number
    (a wrapped description or code) allowed between them; a row of headings (a tax
    summary's) is not."""
    runs: list[tuple[int, int]] = []
    start = last = None
    for index, line in enumerate(lines):
        edges = _number_edges(line, comma)
        numbered = len(edges) >= 2 and not FOOT.match(line.cells[0].text)
        if start is not None:
            first = lines[start]
            near = line.page == first.page and line.y - lines[last].y <= 3 * step
            if numbered and near and _shared(edges, _number_edges(first, comma)) >= 2:
                last = index
                continue
            if _wrap_like(line, comma, 1) and near and line.y - lines[last].y <= 1.6 * step:
                continue  # a wrapped description or code ('325' of 'CEM-325') between items
            runs.append((start, last))
            start = last = None
        if numbered:
            start = last = index
    if start is not None:
        runs.append((start, last))
    return runs


def _wrap_like(line: Line, comma: bool, numbers: int = 0) -> bool:
    """A line of a word or two with at most `numbers` numbers: an item's description or code
    running on (a row of several headings is not)."""
    return len(_number_edges(line, comma)) <= numbers and len(line.cells) <= 2


def _header_above(lines: list[Line], first: int, step: float, comma: bool) -> int | None:
    """The row of words right above a run of item lines (a section's heading may come between,
    or a header's second line that names only some columns, 'incl. VAT' under two of them):
    three or more cells, no number, and a header cell over or just left of each of the first
    item's numbers."""
    below = lines[first].y
    for index in range(first - 1, max(first - 3, -1), -1):
        line = lines[index]
        if line.page != lines[first].page or below - line.y > 2.6 * step:
            return None
        if numbering_row(line):
            below = line.y  # the header's row of column numbers, under its words
            continue
        if _number_edges(line, comma) or any(c.text.strip().isdigit() for c in line.cells):
            return None
        if len(line.cells) < 3:
            below = line.y  # a section's heading ('A  CONCRETE WORKS') between
            continue
        edges = _number_edges(lines[first], comma)
        headed = sum(1 for x in edges if any(c.x0 <= x + _ALIGN for c in line.cells))
        if headed == len(edges):
            return index
        below = line.y  # a header's second line, under the names of the right-hand columns only
    return None


def _split_over_numbers(header: Line, first: Line, comma: bool) -> list[Cell]:
    """The header's cells, one that stands over two or more of the first item's numbers split
    between them, each word to the nearest (a photo's OCR ran 'Cena netto' and 'Wartość
    netto' into one cell)."""
    cells = [Cell(join_numbers(c.words)) for c in first.cells]
    numbers = [c for c in cells if is_number(c.text.rstrip("%").strip(), comma)]
    out: list[Cell] = []
    for cell in header.cells:
        under = [n for n in numbers if cell.x0 - 1 <= n.x0 and n.x1 <= cell.x1 + 3]
        if len(under) < 2 or len(cell.words) < 2:
            out.append(cell)
            continue
        groups: dict[int, list] = {}
        for word in cell.words:
            near = min(range(len(under)), key=lambda k: abs(_middle(under[k]) - word.center))
            groups.setdefault(max([near, *groups]), []).append(word)  # keep them in order
        out.extend(Cell(words) for _, words in sorted(groups.items()))
    return out


def _middle(cell: Cell) -> float:
    return (cell.x0 + cell.x1) / 2


def _columns(header: Line, first: Line | None = None, comma: bool = False) -> list[Column]:
    """A column under each header cell, named when its words are a known column name (once);
    the column rules name the rest from what is under them."""
    columns = []
    cells = header.cells if first is None else _split_over_numbers(header, first, comma)
    for cell in cells:
        key = column_key(cell.text)
        columns.append(Column(key, cell.x0, cell.x1, cell.text.lower().strip()))
    for column in columns:
        if [c.key for c in columns].count(column.key) > 1:
            column.key = None
    return columns


def table_by_structure(lines: list[Line], step: float, comma: bool) -> list[RawRow]:
    """No header row in known words: the row of words above the longest run of lines that
    share number columns is the header, and the run under it is read as the table, with the
    runs under the same row printed again on the pages after it (a table over pages repeats
    its header)."""
    headed = [
        (first + numbering_row(lines[first]), last, header)  # the header's numbers are its own
        for first, last in _sections(_runs(lines, step, comma), lines, step, comma)
        if (header := _header_above(lines, first, step, comma)) is not None
        and first + numbering_row(lines[first]) <= last
    ]
    best: list[RawRow] = []
    for at, (first, last, header) in enumerate(headed):
        reading = RowReader(step, comma)
        columns = _columns(lines[header], lines[first], comma)
        page = lines[header].page
        for first_, last_, header_ in [(first, last, header), *headed[at + 1 :]]:
            if header_ != header and not (
                lines[header_].page > page and _same_row(lines[header_], lines[header])
            ):
                continue
            page = lines[header_].page
            reading.under(columns, page, lines[header_].y)
            end = last_ + 1
            while end < len(lines) and _wrap_like(lines[end], comma):
                if _last_amount(lines[end], comma) is not None and (
                    _CENTS.search(lines[end].cells[-1].text)
                    or _MARK_AFTER.search(lines[end].cells[-1].text)
                ):
                    break  # a foot's label and amount ('Total  18 728 944 dr.'), no wrap
                end += 1  # the last item's description may wrap under it
            for line in lines[first_:end]:
                reading.take(line)
        strip_line_numbers(reading.rows)
        if len(reading.rows) > len(best):
            best = reading.rows
    return best


def _sections(
    runs: list[tuple[int, int]], lines: list[Line], step: float, comma: bool
) -> list[tuple[int, int]]:
    """Runs whose numbers line up (three of them, or all the first line has: a foot's rate and
    amount are two), a line or two of a word or two (a section's subtotal, the next one's
    heading) between them on the page, are one run: a table of sections."""
    out: list[tuple[int, int]] = []
    for first, last in runs:
        if out:
            start, end = out[-1]
            between = lines[end + 1 : first]
            near = (
                lines[first].page == lines[end].page and lines[first].y - lines[end].y <= 4 * step
            )
            edges = _number_edges(lines[start], comma)
            if (
                near
                and len(between) <= 2
                and all(_wrap_like(line, comma, 1) for line in between)
                and _shared(_number_edges(lines[first], comma), edges) >= min(3, len(edges))
            ):
                out[-1] = (start, last)
                continue
        out.append((first, last))
    return out


def _same_row(line: Line, other: Line) -> bool:
    """The same words in the same places: a header row printed again on another page."""
    cells, others = line.cells, other.cells
    return len(cells) == len(others) and all(
        a.text == b.text and abs(a.x0 - b.x0) <= _ALIGN for a, b in zip(cells, others, strict=True)
    )


# --- naming number columns by their arithmetic ----------------------------------------------


def _bare(text: str) -> str:
    """The number of a value, its unit left off ('2,5 t' is 2,5)."""
    match = WITH_UNIT.fullmatch(text.strip())
    return match.group(1) if match else text


def _decimal(text: str, comma: bool) -> Decimal | None:
    value = money_text(_bare(text).rstrip("%").strip(), comma)
    return None if value is None else Decimal(value)


def _holds(row: RawRow, q: int, p: int, a: int, d: int | None, comma: bool) -> bool | None:
    """Whether quantity x price (less the discount in %) is the amount on this row; None when
    the row lacks one of the three."""
    values = [_decimal(row.cells.get(i, ""), comma) for i in (q, p, a)]
    if None in values:
        return None
    quantity, price, amount = values
    discount = _decimal(row.cells.get(d, ""), comma) if d is not None else None
    item = Item(
        quantity=str(quantity), unit_price=str(price), amount=str(amount),
        discount=str(discount) if discount is not None else None,
    )  # fmt: skip
    try:
        return bool(checks.line_ok(item))
    except (InvalidOperation, ValueError):
        return False


# A number's decimals, two or four of them ('9,80', '11,7500'); three may be a thousands
# separator's ('1.250') or a quantity's in kilograms
_DECIMALS = re.compile(r"\d[.,](\d{2}|\d{4})$")


def _median(values: list[str], comma: bool) -> float:
    """The middle of a column's values, as numbers (0 when none reads as one)."""
    read = sorted(v for v in (_decimal(t, comma) for t in values) if v is not None)
    return float(read[len(read) // 2]) if read else 0.0


def _priced(values: list[str]) -> int:
    """How many values print cents ('9,80', '12.50', or to four places '11,7500'), as prices
    do and quantities seldom."""
    return sum(1 for v in values if _DECIMALS.search(v.strip()))


def _percentages(rows: list[RawRow], index: int, comma: bool) -> bool:
    """The column's values are all above 0 and under 100, as discounts in % are."""
    values = [_decimal(r.cells[index], comma) for r in rows if r.cells.get(index, "").strip()]
    return bool(values) and all(v is not None and 0 < v < 100 for v in values)


TRIPLE = ("quantity", "unit_price", "amount")


def arithmetic_keys(columns: list[Column], rows: list[RawRow], comma: bool) -> dict[int, str]:
    """The number columns whose lines keep quantity x price (less discount) = amount, in most
    rows that print all three (a photo may lose a number) and in at least two (or the only
    one): {index: key}. Of the two factors, the one further right is the price, unless the
    other prints cents in most of its values and more often than it ('18,25' among whole
    quantities is a quantity's decimals)."""

    def numeric(text: str) -> bool:
        return is_number(_bare(text).rstrip("%").strip(), comma)

    # the lines with three numbers or more: a foot's line read into the table ('Sub-total'
    # under a number column) does not make that column words, nor do a tax summary's lines
    # of labels and amounts ('MwSt. 22' over the quantities): fewer than the items
    lined = [r for r in rows if sum(numeric(v) for v in r.cells.values()) >= 3] or rows
    free = [
        i
        for i, c in enumerate(columns)
        if c.key in NUMERIC | {None, "unit"}  # numbers under 'Unit' are its prices
        and (values := [r.cells[i] for r in lined if i in r.cells])
        and 2 * sum(numeric(v) for v in values) > len(values)
    ]
    best, score = {}, (0, 0, False)
    for q, p, a in itertools.permutations(free, 3):
        if q > p or a < max(q, p):  # the factors in page order, the amount after them
            continue
        for d in [None, *(i for i in free if i not in (q, p, a))]:
            held = [_holds(row, q, p, a, d, comma) for row in rows]
            good, told = held.count(True), len(held) - held.count(None)
            # as many lines holding with a column of percentages between the price and the
            # amount as without it: that column is the discount (a photo's '25' for 2,5 %
            # holds on no line, and the repairs put its point back)
            # the one the header's names agree with first (a cutting list's pieces x length =
            # metres holds as well as metres x rate = amount)
            keys = [columns[i].key for i in (q, p, a)]
            agree = sum(k == n for k, n in zip(keys, TRIPLE, strict=True))
            ranked = (agree, good, d is not None and p < d < a and _percentages(rows, d, comma))
            if ranked > score and good >= min(2, len(rows)) and 2 * good > told:
                best, score = {q: "quantity", p: "unit_price", a: "amount"}, ranked
                if d is not None:
                    best[d] = "discount"
    if not best:
        return {}
    q, p = (i for i, key in best.items() if key in ("quantity", "unit_price"))
    values = {i: [r.cells[i] for r in rows if i in r.cells] for i in (q, p)}
    if _priced(values[q]) > _priced(values[p]) and (
        2 * _priced(values[q]) > len(values[q])
        or _median(values[q], comma) > _median(values[p], comma)
    ):
        best[q], best[p] = "unit_price", "quantity"
    return best


def by_arithmetic(view: ColumnView) -> str | None:
    """A number column under no known header: quantity, price, discount or amount, as the
    lines' arithmetic says; numbers under a 'Unit' header are no units ('Unit' as the price,
    or 'unit.' of 'Preciu unit.' read as a column's name)."""
    if view.column.key is not None and not (view.column.key == "unit" and view.numeric):
        return None
    return arithmetic_keys(view.columns, view.rows, view.decimal_comma).get(view.index)


# --- the foot by its sums -----------------------------------------------------------------


def _last_amount(line: Line, comma: bool) -> int | None:
    """The amount a foot line ends in: a line of a label and one amount, a rate between them
    allowed ('IVA | 22% | 419,19', or '229' where a photo read the % as a 9); None for a line
    of several amounts."""
    if len(line.cells) < 2:
        return None
    before = [Cell(join_numbers(cell.words)).text for cell in line.cells[:-1]]
    if any(is_number(t.rstrip("%").strip(), comma) and _CENTS.search(t) for t in before):
        return None
    text = line.cells[-1].text.replace("€", "").replace("$", "").strip()
    value = money_text(_MARK_BEFORE.sub("", _MARK_AFTER.sub("", text)), comma)
    return None if value is None else numbers.parse_money(value)


# A currency's mark after an amount, whichever it is: letters ('1 733,99 Kč', a word of four
# in another script) or a currency sign ('5,863,380.01₮').
_MARK_AFTER = re.compile(r"(?<=\d)\s?(?:[^\W\d_]{1,4}\.?|[\u20a0-\u20cf\u058f$£¥])$")
# Or before it: letters with their stops ('ج.م 538,286.59', 'Kč 12,00') or a currency sign.
_MARK_BEFORE = re.compile(r"^(?:(?:[^\W\d_]\.?){1,4}|[\u20a0-\u20cf\u058f£¥])\s?(?=\d)")


def _in_block(line: Line, x0: float) -> Line | None:
    """The part of a line from x0 rightwards, where the foot stands beside another block (a
    tax recapitulation's rows at its left); None when nothing of it is there."""
    words = [w for cell in line.cells if cell.x1 > x0 - 2 for w in cell.words]
    return Line(words, line.y, line.page) if words else None


# A total's word on the line the sums end on ('Order total', 'Total DKK', 'Att betala').
_TOTAL_WORD = re.compile(rf"\btotal|{words.FOOT['total']}", re.IGNORECASE)


def foot_by_sums(
    lines: list[Line], items_sum: int | None, after: tuple[int, float], step: float, comma: bool
) -> dict[str, Found]:
    """Under the items (`after`: the last item line's page and place), a line whose amount is
    what the items add up to is the subtotal; the amounts on the lines right under it, up to
    the first that the subtotal and those before it add up to, are the charges (the tax)
    and the total. Empty when no amounts add up so."""
    if items_sum is None:
        return {}
    below = [line for line in lines if (line.page, line.y) > after]
    for index, line in enumerate(below):
        if _last_amount(line, comma) != items_sum:
            continue
        charges: list[tuple[Line, int]] = []
        previous, x0 = line, line.cells[-2].x0
        for whole in below[index + 1 :]:
            other = _in_block(whole, x0)
            if whole.y - previous.y > 3.2 * step:  # a form's blocks stand a line or two apart
                break
            if other is None:
                continue
            amount = _last_amount(other, comma)
            if amount is None:
                break
            # (charges of nothing make a sum only with a total's word: the items' sum again
            # under them is else a taxable base's line, 'Importe gravado 15%  15,314.40'
            # under 'Importe exento  0.00', no total)
            charged = any(c for _, c in charges) or _TOTAL_WORD.search(other.text)
            if items_sum + sum(c for _, c in charges) == amount and charges and charged:
                return _foot(line, charges, other, items_sum, amount)
            charges.append((other, amount))
            previous = other
        if (tax := _included(charges, items_sum, line)) is not None:
            return _inclusive_foot(line, tax[0], items_sum, tax[1])
    return _summary_row(below, items_sum, comma)


def _included(
    charges: list[tuple[Line, int]], total: int, total_line: Line
) -> tuple[Line, int] | None:
    """The tax the total includes, among the charges under it: the only one, at a rate; or one
    of the first two at a rate, the other the net that it and the tax add up to ('Итого:
    33 779,85', 'В том числе НДС (20%): 5 629,98', 'Сумма без НДС: 28 149,87'; or 'KDV
    Matrahı' before 'Hesaplanan KDV %20')."""

    def at_a_rate(tax: tuple[Line, int]) -> bool:
        whole = not any(_CENTS.search(line.cells[-1].text) for line in (total_line, tax[0]))
        return included_at_a_rate(total, tax[1], _printed_rate(tax[0]), whole=whole)

    if len(charges) == 1 and at_a_rate(charges[0]):
        return charges[0]
    for tax, net in (charges[:2], charges[1::-1]) if len(charges) > 1 else ():
        if tax[1] + net[1] == total and at_a_rate(tax):
            return tax
    return None


# A rate as a tax's line prints it ('TVSH 20%:', 'MwSt. 19,0 %', 'QST 9.975%').
RATE_PRINTED = re.compile(r"(\d{1,2}(?:[.,]\d{1,3})?)\s*%")


def _printed_rate(line: Line) -> tuple[Decimal, ...]:
    """The one rate a tax's line prints, the only one its tax may be included at ('TVSH 20%:
    8 257,13' is no tax included at 25 % in 41 285,64). Empty where it prints none, or more
    than one ('GST 5% + QST 9.975%', 'VAT 15% on 80%'): those say no one rate."""
    rates = RATE_PRINTED.findall(" ".join(c.text for c in line.cells[:-1]))
    return (Decimal(rates[0].replace(",", ".")),) if len(rates) == 1 else ()


def included_at_a_rate(
    total: int, tax: int, rates: tuple[Decimal, ...] = (), whole: bool = False
) -> bool:
    """Whether `tax` is the tax included in `total` at one of `rates` (percentages; by
    default a whole rate of 1 to 30 %): the total less it, times the rate, is it but for the
    tax's rounding to the cent (all in cents; the tax worked out of the total is off by half a
    cent at most, and the net with it; by half a unit where both are printed in whole units,
    `whole`: 'Total TVAC 8.333.644 FBu', 'dont TVA 18 % 1.271.234 FBu')."""
    net = total - tax
    unit = 100 if whole else 1
    return 0 < tax < total and any(
        abs(100 * tax - net * rate) <= 50 * unit * (100 + rate) / 100
        for rate in rates or range(1, 31)
    )


def _inclusive_foot(line: Line, tax_line: Line, total: int, tax: int) -> dict[str, Found]:
    """Prices with the tax in them: the items add up to the total, the line under it is the
    tax included, and the subtotal is the total less it."""
    found = _foot(line, [(tax_line, tax)], line, total - tax, total)
    found["subtotal"] = replace(found["subtotal"], source=LESS_INCLUDED)
    return found


# The subtotal's source when the foot's sums show the prices include the tax.
LESS_INCLUDED = "the total less the tax included"


def sums_included(foot: dict[str, Found]) -> bool:
    """Whether the foot was read by its sums as prices with the tax in them."""
    subtotal = foot.get("subtotal")
    return subtotal is not None and subtotal.source.endswith(f"({LESS_INCLUDED})")


def _amounts(line: Line, comma: bool) -> list[tuple[Cell, int]]:
    """The line's amounts in cents, each with its cell: numbers with cents only."""
    out = []
    for cell in (Cell(join_numbers(c.words)) for c in line.cells):
        text = re.sub(r"[^\d.,' \u00a0]", "", cell.text).strip()
        value = money_text(text, comma) if _CENTS.search(text) else None
        if value is not None:
            out.append((cell, numbers.parse_money(value)))
    return out


def _summary_row(below: list[Line], items_sum: int, comma: bool) -> dict[str, Found]:
    """A foot printed as one row of the tax summary's totals ('Razem | 22 469,06 | 2 547,86 |
    25 016,92'): its first amount is what the items add up to and its last is that and the
    amounts between: the subtotal, the tax and the total; or the subtotal and the tax, and the
    total on a line of its own under it; or, where the prices include the tax, its last amount
    is what the items add up to, and the net and the tax before it add up to that ('Razem |
    9 197,06 | 1 708,84 | 10 905,90'). The tax's source is the words
    over its amount, where a header row stands over them."""
    for index, line in enumerate(below):
        amounts = _amounts(line, comma)
        gross = len(amounts) >= 3 and amounts[-1][1] == items_sum  # prices with the tax in them
        if gross and amounts[0][1] + sum(c for _, c in amounts[1:-1]) == items_sum:
            found = _foot(line, [], line, amounts[0][1], items_sum)
            found["tax"] = replace(
                found["tax"], source=_charges_source(below[:index], amounts[1:-1])
            )
            return found
        if len(amounts) < 2 or amounts[0][1] != items_sum:
            continue
        total, charges = line, amounts[1:-1]
        if len(amounts) == 2:
            # its total on a line of its own under it ('Razem | 14 771,17 | 1 909,91' over
            # 'Do zapłaty: 16 681,08 zł')
            charges = [amounts[1]]
            total = _total_under(below[index + 1 : index + 3], items_sum + amounts[1][1], comma)
            if total is None:
                continue
            amounts = [*amounts, (total.cells[-1], items_sum + amounts[1][1])]
        if items_sum + sum(c for _, c in charges) != amounts[-1][1]:
            continue
        found = _foot(line, [], total, items_sum, amounts[-1][1])
        found["tax"] = replace(found["tax"], source=_charges_source(below[:index], charges))
        return found
    return {}


def _charges_source(above: list[Line], charges: list[tuple[Cell, int]]) -> str:
    """The charges' amounts, each after the words over it where a header row stands there."""
    heads = [_head_over(above, cell) for cell, _ in charges]
    return " + ".join(
        f"{h} {c.text}" if h else c.text for h, (c, _) in zip(heads, charges, strict=True)
    )


def _total_under(under: list[Line], total: int, comma: bool) -> Line | None:
    """The line among `under` that ends in `total` and prints no other amount with cents
    before it (the sum of two amounts printed apart proves it, whatever its label's words)."""
    for line in under:
        if _last_amount(line, comma) == total:
            return line
    return None


def _head_over(above: list[Line], cell: Cell) -> str:
    """The words printed over a cell on the nearest line above that has any there."""
    for line in reversed(above[-3:]):
        for other in line.cells:
            if other.x0 <= cell.x1 and other.x1 >= cell.x0 and not _CENTS.search(other.text):
                return other.text
    return ""


def _foot(sub: Line, charges: list[tuple[Line, int]], total: Line, s: int, t: int) -> dict:
    conf = 0.8 * (0.6 + 0.4 * min(c.conf for line in (sub, total) for c in line.cells))
    ocr = any(line.ocr for line in (sub, total, *(line for line, _ in charges)))

    def found(cents: int, source: str) -> Found:
        return Found(numbers.cents_to_text(cents), round(conf, 3), source, None, ocr)

    tax_source = " + ".join(line.text.strip() for line, _ in charges)
    return {
        "subtotal": found(s, sub.text.strip()),
        "tax": found(t - s, tax_source),
        "total": found(t, total.text.strip()),
    }


def decimal_mark_by_lines(comma: bool, holding: Callable[[bool], int]) -> bool | None:
    """The other decimal mark than the one the page's numbers suggest (`comma`: a decimal
    comma), where more item lines keep quantity x price = amount read with it (`holding`
    counts them under a mark); else None."""
    return (not comma) if holding(not comma) > holding(comma) else None
