"""Labels printed in pairs, each pair over one value cell: 'PO number/date' over
'4505184997 / 01.03.2026', 'Contact person/Telephone' over 'S. Pillay / 021 948 3300'.

Business systems print two short fields under one label this way. Here each
pair becomes two cells that carry their own label and value ('PO number:
4505184997', 'PO date: 01.03.2026'), so the label finders read them as they
read any label with its value. A second label of one word takes the first's
leading words ('PO number/date': the date is the PO's). Only a pair whose
value cell splits at a spaced slash into as many parts is taken; a date's own
slashes ('01/03/2026') have no spaces round them. Pure.
"""

from __future__ import annotations

import re
from dataclasses import replace

from app.extract import validate
from app.extract.fields import NEAR_BESIDE, is_label
from app.extract.layout import Cell, Line

_PAIR = re.compile(r"(?P<a>[^\W\d][^/]*?)\s*/\s*(?P<b>[^\W\d][^/\d]*)")
_SPACED_SLASH = re.compile(r"\s+/\s+")


def split_pairs(lines: list[Line], step: float) -> list[Line]:
    """The lines with every paired label and its value split in two (see the module)."""
    out = list(lines)
    for index, line in enumerate(lines):
        for cell in line.cells:
            labels = _labels(cell.text)
            if labels is None:
                continue
            place = _value(out, index, cell, step)
            if place is None:
                continue
            at, value = place
            parts = _SPACED_SLASH.split(value.text)
            if len(parts) != 2:
                continue
            out[at] = _without(out[at], value)
            out[index] = _swapped(out[index], cell, _pieces(cell, labels, parts, value))
    return [line for line in out if line.cells]


def _labels(text: str) -> tuple[str, str] | None:
    match = _PAIR.fullmatch(text.strip())
    if match is None:
        return None
    first, second = match["a"].strip(), match["b"].strip()
    if " " not in second and " " in first:
        second = f"{first.rsplit(' ', 1)[0]} {second}"  # 'PO number/date': the PO's date
    return (first, second) if is_label(first) or is_label(second) else None


def _value(lines: list[Line], index: int, label: Cell, step: float) -> tuple[int, Cell] | None:
    """The value cell: right of the label on its line, else the first under it. A label with
    another value close beside it ('Namba ya Agizo / PO No.  DSM/PO/3020/26') is one label
    in two languages, and what is under it ('Tarehe / Date') the next one: no pair."""
    line = lines[index]
    after = [c for c in line.cells if c.x0 > label.x1]
    if after and _SPACED_SLASH.search(after[0].text):
        return (index, after[0]) if _not_labels(after[0].text) else None
    if after and after[0].x0 - label.x1 < NEAR_BESIDE and not _a_label(after[0].text):
        return None
    for at in range(index + 1, min(index + 3, len(lines))):
        below = lines[at]
        if below.page != line.page or below.y - line.y > 2.6 * step:
            return None
        for cell in below.cells:
            if cell.x0 <= label.x1 + 2 and cell.x1 >= label.x0 - 2:
                found = _SPACED_SLASH.search(cell.text) and _not_labels(cell.text)
                return (at, cell) if found else None
    return None


def _a_label(text: str) -> bool:
    """Another label ('Site', 'Date:'), not a value."""
    return is_label(text) or text.strip().endswith(":")


def _not_labels(text: str) -> bool:
    """No part of a value split at its slash is a label or only label words ('Tarehe / Date',
    '... / Date de livraison' are label pairs)."""
    return not any(
        is_label(part) or validate.is_label_words(part) for part in _SPACED_SLASH.split(text)
    )


def _pieces(label: Cell, labels: tuple[str, str], parts: list[str], value: Cell) -> list[Cell]:
    """Two cells, each a label with its value, where the pair's label stood."""
    template = label.words[0]
    width = (label.x1 - label.x0) / 2
    cells = []
    for n, (name, part) in enumerate(zip(labels, parts, strict=True)):
        x0 = label.x0 + n * (width + 1)
        words = [
            replace(template, text=f"{name}:", x0=x0, x1=x0 + width / 2),
            replace(value.words[0], text=part.strip(), x0=x0 + width / 2 + 0.5, x1=x0 + width),
        ]
        cells.append(Cell(words))
    return cells


def _swapped(line: Line, cell: Cell, pieces: list[Cell]) -> Line:
    cells = []
    for other in line.cells:
        cells.extend(pieces if other is cell else [other])
    return Line([w for c in cells for w in c.words], line.y, line.page, cells, line.ocr_page)


def _without(line: Line, cell: Cell) -> Line:
    cells = [c for c in line.cells if c is not cell]
    return Line([w for c in cells for w in c.words], line.y, line.page, cells, line.ocr_page)
