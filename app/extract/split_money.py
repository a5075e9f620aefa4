"""Amounts printed in two columns, the whole units in one and the cents in the next.

A ruled ledger or a bill of quantities may head its money columns with a line of their
units under the header ('£  p  £  p', 'KSHS  CTS'), and print each amount as two
numbers, '94' under the pounds and '00' under the pence. `join_cents` makes each such
pair one amount ('94.00') before anything reads the page, so the table's and the
foot's readers see an amount where the page prints one. Pure: lines in, lines out.
"""

from __future__ import annotations

import re
from dataclasses import replace

from app.extract.layout import Cell, Line, Word

# A money column's unit over its whole units, and its cents' over the cents ('£ p', 'R c',
# 'KSHS CTS', 'Rs Ps', '$ ¢').
_UNITS = re.compile(r"(?i)£|\$|€|R|Rs\.?|K?shs?\.?|ksh\.?|[ut]shs?\.?|N\$|₦|Le|Nu\.?")
_CENTS = re.compile(r"(?i)p|c|ct|cts|¢|ps|cents?|pence|thebe|ngwee")
# The whole units of an amount, grouped or not ('80,887', '1 250', '94'), and its cents.
_WHOLE = re.compile(r"\d{1,3}(?:([,.' ])\d{3})*|\d+")
_TWO_DIGITS = re.compile(r"\d\d")
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
        if not (_UNITS.fullmatch(units.text.strip()) and _CENTS.fullmatch(cents.text.strip())):
            return []
    return pairs


def _joined(line: Line, pairs: list[tuple[Cell, Cell]]) -> Line:
    """The line with each whole number and the two digits right after it, under a pair of
    heads, made one amount."""
    cells = list(line.cells)
    changed = False
    for units, cents in pairs:
        for n in range(len(cells) - 1):
            whole, part = cells[n], cells[n + 1]
            if not (_WHOLE.fullmatch(whole.text) and _TWO_DIGITS.fullmatch(part.text)):
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
    with ('1.250' and '00' make '1.250,00')."""
    grouping = _WHOLE.fullmatch(whole.text)[1]
    mark = "," if grouping == "." else "."
    first, last = whole.words[0], part.words[-1]
    word = Word(
        f"{whole.text}{mark}{part.text}",
        first.x0,
        last.x1,
        min(whole.conf, part.conf),
        first.size,
        whole.ocr or part.ocr,
    )
    return Cell([word])
