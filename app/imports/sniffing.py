"""The bytes of a CSV export as text and records: its encoding and its delimiter.

Pure: bytes in, text and rows out. Exports arrive in UTF-8 with or without a
byte-order mark, in Windows-1252 (a spreadsheet saved on a Windows machine;
`é` is one byte there and not valid UTF-8), now and then in UTF-16 (Excel's
"Unicode text"), separated by commas, semicolons, tabs or bars. The delimiter
is what `csv.Sniffer` proposes, checked against the header row: a semicolon
file full of decimal commas has commas in every line too, and only the
semicolon splits its header into columns. A file that is not text at all (a
PDF, a workbook, a photo) is refused with a sentence saying what to export.
"""

from __future__ import annotations

import codecs
import csv
import re
from collections.abc import Iterator
from dataclasses import dataclass

DELIMITERS = (",", ";", "\t", "|")
DELIMITER_NAMES = {",": "comma", ";": "semicolon", "\t": "tab", "|": "bar"}
_SAMPLE_LINES = 30
# Excel writes this first line to say which delimiter follows: `sep=;`
_SEP_LINE = re.compile(r"^\ufeff?sep=(.)\s*$", re.IGNORECASE)

# The first bytes of files people upload by mistake instead of their CSV export.
_NOT_TEXT = (
    (b"%PDF", "a PDF"),
    (b"PK\x03\x04", "an Excel workbook or another zip file"),
    (b"\xd0\xcf\x11\xe0", "an old Excel workbook (.xls)"),
    (b"\x89PNG", "a PNG picture"),
    (b"\xff\xd8\xff", "a JPEG photo"),
    (b"GIF8", "a GIF picture"),
    (b"RIFF", "a WEBP picture"),
)


class NotCsv(ValueError):
    """The file cannot be read as a CSV export; the message says why, in words."""


@dataclass(frozen=True)
class Text:
    text: str
    encoding: str  # as people call it: "UTF-8 with BOM", "Windows-1252"


def decode(raw: bytes, filename: str = "The file") -> Text:
    """The file's text and the encoding it was written in."""
    for bom, codec, name in (
        (codecs.BOM_UTF8, "utf-8-sig", "UTF-8 with BOM"),
        (codecs.BOM_UTF16_LE, "utf-16", "UTF-16"),
        (codecs.BOM_UTF16_BE, "utf-16", "UTF-16"),
    ):
        if raw.startswith(bom):
            try:
                return Text(raw.decode(codec), name)
            except UnicodeDecodeError:
                raise NotCsv(f"{filename} says it is {name} but is not; export it again.") from None
    for magic, what in _NOT_TEXT:
        if raw.startswith(magic):
            raise NotCsv(
                f"{filename} is {what}, not a CSV file. Export the report as CSV"
                " (comma- or semicolon-separated values) and upload that."
            )
    if b"\x00" in raw[:8192]:
        raise NotCsv(f"{filename} is not a text file; upload the CSV export of the report.")
    try:
        return Text(raw.decode("utf-8"), "UTF-8")
    except UnicodeDecodeError:
        pass
    try:
        return Text(raw.decode("cp1252"), "Windows-1252")
    except UnicodeDecodeError:
        # the five bytes Windows-1252 leaves undefined: Latin-1 reads every byte
        return Text(raw.decode("latin-1"), "ISO-8859-1")


def _lines(text: str) -> list[str]:
    return [line for line in text.splitlines()[: _SAMPLE_LINES * 2] if line.strip()][:_SAMPLE_LINES]


def sep_line(text: str) -> str | None:
    """The delimiter an Excel `sep=` first line names, if the file has one."""
    first = text.split("\n", 1)[0].strip("\r")
    found = _SEP_LINE.match(first)
    return found.group(1) if found else None


def _score(lines: list[str], delimiter: str) -> tuple[int, float]:
    """(columns in the first line, share of lines with that many columns) for a delimiter."""
    counts = [len(cells) for cells in csv.reader(lines, delimiter=delimiter)]
    if not counts or counts[0] < 2:
        return 0, 0.0
    return counts[0], sum(1 for n in counts if n == counts[0]) / len(counts)


def delimiter(text: str) -> str:
    """The delimiter that splits the header and the lines under it into the same columns."""
    named = sep_line(text)
    if named:
        return named
    lines = _lines(text)
    scores = {d: _score(lines, d) for d in DELIMITERS}
    try:
        proposed = csv.Sniffer().sniff("\n".join(lines), delimiters="".join(DELIMITERS)).delimiter
    except csv.Error:
        proposed = None

    def rank(d: str) -> tuple:
        columns, share = scores[d]
        return (columns > 1, share >= 0.8, share, columns, d == proposed)

    return max(DELIMITERS, key=rank)


def records(text: str, delim: str) -> Iterator[tuple[int, list[str]]]:
    """(line number in the file, cells) of every record that is not blank.

    Line numbers count physical lines, so a quoted cell running over two lines
    still leaves the next record with the number an editor shows.
    """
    body = text
    start = 1
    if sep_line(text):
        body = text.split("\n", 1)[1] if "\n" in text else ""
        start = 2
    reader = csv.reader(body.splitlines(keepends=True), delimiter=delim)
    line = start
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            raise NotCsv(f"Line {line} cannot be read as CSV ({exc}).") from None
        if "".join(cells).strip():
            yield line, cells
        line = start + reader.line_num


_NUMBER_PART = re.compile(r"[\d.,]+")


def _vote(value: str) -> str | None:
    """'comma' or 'point' for a number whose decimal mark is plain; None when it could be either
    ('1,234' is a thousand or one and a bit)."""
    found = _NUMBER_PART.search(re.sub(r"[\s'\u00a0\u202f]", "", value))
    if not found:
        return None
    number = found.group().strip(".,")
    if "," in number and "." in number:
        return "comma" if number.rfind(",") > number.rfind(".") else "point"
    for mark, name in ((",", "comma"), (".", "point")):
        if mark in number:
            after = number.rsplit(mark, 1)[1]
            return None if len(after) == 3 and number.count(mark) == 1 else name
    return None


def decimal_comma(values: list[str]) -> bool:
    """Does this file write its numbers with a decimal comma (7,5 hours; 45,20 litres)?"""
    votes = {"comma": 0, "point": 0}
    for value in values:
        vote = _vote(value)
        if vote:
            votes[vote] += 1
    return votes["comma"] > votes["point"]


_NUMERIC_DATE = re.compile(r"^\s*(\d{1,2})[/.\-](\d{1,2})[/.\-](\d{2,4})\b")


def day_first(values: list[str], default: bool) -> bool:
    """Are this file's numeric dates day first? A 13th or later settles it; else the default."""
    days_first = months_first = False
    for value in values:
        found = _NUMERIC_DATE.match(value)
        if found:
            days_first |= int(found[1]) > 12
            months_first |= int(found[2]) > 12
    if days_first != months_first:
        return days_first
    return default
