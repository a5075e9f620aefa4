"""A whole file read: its layout, how its columns map, and every row checked on its own.

Pure: bytes in, a `ParsedFile` out. What a person chose on the preview (the
mapping, the decimal mark, the day order) wins over what was remembered for
this layout, which wins over what is guessed from the header and the values.
The remembered mapping is asked of the `recall` the caller passes, so the
database is not touched here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from app.imports import checks, columns, sniffing
from app.imports.checks import Problem, Reading

NUMERIC_FIELDS = {"timesheets": ("hours",), "fuel_logs": ("litres", "price", "amount")}
# Enough values to tell the decimal mark and the day order of any real export.
_SNIFF_ROWS = 2000
_SAMPLES = 3


class NoUsableHeader(sniffing.NotCsv):
    """No row of the file says which column holds what the import needs."""

    def __init__(self, parsed: ParsedFile):
        super().__init__(f"{parsed.filename} has no usable header: " + " ".join(parsed.missing))


@dataclass(frozen=True)
class Choices:
    """What a person set on the preview; None leaves it to what is remembered or guessed."""

    mapping: tuple[str | None, ...] | None = None
    decimal_comma: bool | None = None
    day_first: bool | None = None


@dataclass
class ParsedFile:
    kind: str
    filename: str
    encoding: str
    delimiter: str
    headers: list[str]
    header_line: int
    header_key: str
    mapping: list[str | None]
    mapping_from: str  # guessed | remembered | chosen
    decimal_comma: bool
    day_first: bool
    rows: list
    problems: list[Problem]
    ignored: list[tuple[int, str]]
    missing: list[str]
    samples: list[list[str]]
    lines: int  # records under the header

    def column_name(self, field: str) -> str:
        """The file's own name for the column a field was read from (else the field's label)."""
        if field in self.mapping:
            return self.headers[self.mapping.index(field)] or columns.LABELS[self.kind][field]
        return columns.LABELS[self.kind].get(field, field)


def _values(records: list[tuple[int, list[str]]], mapping: list, fields: tuple) -> list[str]:
    wanted = [i for i, name in enumerate(mapping) if name in fields]
    return [cells[i] for _, cells in records[:_SNIFF_ROWS] for i in wanted if i < len(cells)]


def _samples(records: list[tuple[int, list[str]]], width: int) -> list[list[str]]:
    samples: list[list[str]] = [[] for _ in range(width)]
    for _, cells in records[:50]:
        for i, cell in enumerate(cells[:width]):
            if cell.strip() and len(samples[i]) < _SAMPLES:
                samples[i].append(cell.strip()[:40])
    return samples


def _mapping(kind, headers, choices: Choices, remembered: dict) -> tuple[list, str]:
    if choices.mapping is not None:
        return columns.checked(kind, list(choices.mapping), len(headers)), "chosen"
    if remembered.get("mapping"):
        return columns.checked(kind, remembered["mapping"], len(headers)), "remembered"
    return columns.guess(kind, headers), "guessed"


def read(
    raw: bytes,
    kind: str,
    filename: str,
    how: Reading,
    choices: Choices | None = None,
    recall: Callable[[str], dict | None] = lambda key: None,
) -> ParsedFile:
    """Read and check every row of one export; NotCsv when it cannot be read at all."""
    choices = choices or Choices()
    text = sniffing.decode(raw, filename)
    delimiter = sniffing.delimiter(text.text)
    records = list(sniffing.records(text.text, delimiter))
    if not records:
        raise sniffing.NotCsv(f"{filename} has no rows.")
    at = columns.find_header(kind, records)
    header_line, header_cells = records[at]
    headers = [cell.strip() for cell in header_cells]
    if len(headers) < 2:
        raise sniffing.NotCsv(
            f"{filename} has one column only: it needs a header row and columns separated by"
            " commas or semicolons."
        )
    data = records[at + 1 :]
    key = columns.header_key(headers)
    mapping, mapping_from = _mapping(kind, headers, choices, recall(key) or {})
    if choices.decimal_comma is not None:
        decimal = choices.decimal_comma
    else:
        decimal = sniffing.decimal_comma(_values(data, mapping, NUMERIC_FIELDS[kind]))
    if choices.day_first is not None:
        day_first = choices.day_first
    else:
        day_first = sniffing.day_first(_values(data, mapping, ("date",)), how.day_first)
    parsed = ParsedFile(
        kind=kind,
        filename=filename,
        encoding=text.encoding,
        delimiter=delimiter,
        headers=headers,
        header_line=header_line,
        header_key=key,
        mapping=mapping,
        mapping_from=mapping_from,
        decimal_comma=decimal,
        day_first=day_first,
        rows=[],
        problems=[],
        ignored=[],
        missing=columns.missing(kind, mapping),
        samples=_samples(data, len(headers)),
        lines=len(data),
    )
    if not parsed.missing:
        _check_rows(parsed, data, replace(how, decimal_comma=decimal, day_first=day_first))
    return parsed


def _check_rows(parsed: ParsedFile, data: list, how: Reading) -> None:
    check = checks.timesheet_row if parsed.kind == "timesheets" else checks.fuel_row
    fields = [(name, i) for i, name in enumerate(parsed.mapping) if name]
    for line, cells in data:
        width = len(cells)
        result = check(line, {name: cells[i] if i < width else "" for name, i in fields}, how)
        if isinstance(result, list):
            if checks.is_summary(cells):
                parsed.ignored.append((line, "a totals line under the table"))
            else:
                parsed.problems.extend(result)
        else:
            parsed.rows.append(result)
