"""Cells for CSV files that people open in a spreadsheet.

Pure. A cell is written so a spreadsheet shows it as text and never runs it
as a formula; every CSV export (purchase orders, timesheets, fuel logs)
writes its cells through here.
"""

from __future__ import annotations

import re

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"-?\d+(\.\d+)?")


def safe_cell(value: object) -> str:
    """A cell a spreadsheet will show as text, never run as a formula.

    Text starting with = + - @ (or a tab or carriage return) gets a leading
    apostrophe; a plain number such as -12.50 is left as it is.
    """
    text = "" if value is None else str(value)
    if text.startswith(_FORMULA_START) and not _PLAIN_NUMBER.fullmatch(text):
        return "'" + text
    return text
