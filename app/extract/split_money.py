"""Amounts printed in two columns, the whole units in one and the cents in the next.

A ruled ledger or a bill of quantities may head its money columns with a line of their
units under the header ('£  p  £  p', 'KSHS  CTS'), and print each amount as two
numbers, '94' under the pounds and '00' under the pence. `join_cents` makes each such
pair one amount ('94.00') before anything reads the page, so the table's and the
foot's readers see an amount where the page prints one. A dinar's page does the same
with its thousandths ('K.D.  Fils', '6  500'); amounts are kept in cents, so only
thousandths that are whole cents are joined ('6.50'; '6  505' is left as printed). Pure:
lines in, lines out.
"""

from __future__ import annotations

import re
from dataclasses import replace

from app.extract.layout import Cell, Line, Word

# A money column's unit over its whole units, and its cents' over the cents ('£ p', 'R c',
# 'KSHS CTS', 'Rs Ps', '$ ¢'); a dinar's thousandths ('K.D.  Fils').
# (a dinar's only where the engine knows the currency by the head: Kuwait's 'K.D.', as other
# heads would leave amounts in cents that no sign names)
_UNITS = re.compile(r"(?i)£|\$|€|R|Rs\.?|K?shs?\.?|ksh\.?|[ut]shs?\.?|N\$|₦|Le|Nu\.?|K\.?D\.?")
_CENTS = re.compile(r"(?i)p|c|ct|cts|¢|ps|cents?|pence|thebe|ngwee")
_THOUSANDTHS = re.compile(r"(?i)fils")
# The whole units of an amount, grouped or not ('80,887', '1 250', '94'), and its cents.
_WHOLE = re.compile(r"\d{1,3}(?:([,.' ])\d{3})*|\d+")
_TWO_DIGITS = re.compile(r"\d\d")
_THREE_DIGITS = re.compile(r"\d\d0")  # thousandths in whole cents only: no amount holds less
# A dash for no whole units ('-  180' under 'K.D.  Fils').
_NONE = "-"
# How far (in character widths) a number may sit from its column's head.
_NEAR = 3.0


def join_cents(lines: list[Line]) -> list[Line]:
    """The lines, each amount printed as whole units and cents in two columns under a
    line of the columns' units made one cell ('80,887  32' under 'KSHS  CTS' is 80,887.32),
    on the rest of that page."""
    out = list(lines)
    for index, line in enumerate(lines):
        pairs = _unit_pairs(line)
        if not pairs:
            continue
        for later in range(index + 1, len(out)):
            if out[later].page != line.page:
                break
            out[later] = _joined(out[later], pairs)
    return out


def _unit_pairs(line: Line) -> list[tuple[Cell, Cell]]:
    """The (units, cents) heads of a line that holds nothing but such heads, in pairs."""
    cells = line.cells
    if not cells or len(cells) % 2 or len(cells) > 8:
        return []
    pairs = list(zip(cells[::2], cells[1::2], strict=True))
    for units, cents in pairs:
        part = cents.text.strip()
        if not (_UNITS.fullmatch(units.text.strip()) and _parts_of(part)):
            return []
    return pairs


def _parts_of(head: str) -> re.Pattern | None:
    """What a number under a column of parts of the unit prints: two digits for cents, three
    for thousandths ('180' fils)."""
    if _CENTS.fullmatch(head):
        return _TWO_DIGITS
    return _THREE_DIGITS if _THOUSANDTHS.fullmatch(head) else None


def _joined(line: Line, pairs: list[tuple[Cell, Cell]]) -> Line:
    """The line with each whole number (or a dash for none) and the cents or thousandths
    right after it, under a pair of heads, made one amount."""
    cells = list(line.cells)
    changed = False
    for units, cents in pairs:
        digits = _parts_of(cents.text.strip())
        for n in range(len(cells) - 1):
            whole, part = cells[n], cells[n + 1]
            if not (_WHOLE.fullmatch(whole.text) or whole.text == _NONE):
                continue
            if not digits.fullmatch(part.text):
                continue
            # the cents under their head, right-aligned to it ('18' under 'p'; not a
            # quantity in the next column, a few characters on)
            under_cents = cents.x0 - _NEAR <= part.x0 <= cents.x1 + 1
            under_units = units.x0 - _NEAR * 4 <= whole.x1 <= cents.x0 + _NEAR
            if under_cents and under_units:
                cells[n : n + 2] = [_one_amount(whole, part)]
                changed = True
                break
    if not changed:
        return line
    words = [word for cell in cells for word in cell.words]
    return replace(line, words=words, cells=cells)


def _one_amount(whole: Cell, part: Cell) -> Cell:
    """The two numbers as one amount, its decimal mark the one the whole units do not group
    with ('1.250' and '00' make '1.250,00'), in cents ('-' and '180' fils make '0.18')."""
    units = "0" if whole.text == _NONE else whole.text
    grouping = _WHOLE.fullmatch(units)[1]
    mark = "," if grouping == "." else "."
    first, last = whole.words[0], part.words[-1]
    word = Word(
        f"{units}{mark}{part.text[:2]}",
        first.x0,
        last.x1,
        min(whole.conf, part.conf),
        first.size,
        whole.ocr or part.ocr,
    )
    return Cell([word])
