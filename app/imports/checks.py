"""Checking each row of a timesheet or fuel log as a careful clerk would, before anything is saved.

Pure: text cells in, values as they will be stored or the problems with them,
in words. This module holds what every kind of row shares (the problems,
how a file writes its values, names and keys, dates, times, numbers, hours,
litres, currencies); `timesheet_rows.py` and `fuel_rows.py` check one row of
their kind with it. Dates and numbers are read by `app.numbers` (the rules
the PO forms use), with the file's decimal comma and day order.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

from app import numbers

_SUMMARY = re.compile(r"^(grand\s+)?(sub\s*)?totals?\b|^sum\b|^totaal\b|^summe\b", re.IGNORECASE)
_TIME = re.compile(r"^(\d{1,2})[:h.](\d{2})(?::(\d{2}))?\s*([ap]\.?m\.?)?$", re.IGNORECASE)
_TIME_AFTER_DATE = re.compile(
    r"^(?P<date>.+?)[\sT]+(?P<time>\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:[ap]\.?m\.?)?)$",
    re.IGNORECASE,
)
_CLOCK_HOURS = re.compile(r"^(\d{1,3}):(\d{2})(?::(\d{2}))?$")
_HOURS_WORDS = re.compile(
    r"^(?:(\d+(?:[.,]\d+)?)\s*h(?:ours?|rs?)?)?\s*(?:(\d+)\s*(?:m(?:ins?)?)?)?$"
)
_CURRENCY_SIGNS = {"R": "ZAR", "€": "EUR", "£": "GBP", "$": "USD", "US$": "USD"}
_SIGNS_LONGEST_FIRST = sorted(_CURRENCY_SIGNS.items(), key=lambda sign: -len(sign[0]))
_CURRENCY_CODE = re.compile(r"^[A-Z]{3}$")
_NOT_A_NUMBER = re.compile(r"[^\d.,\s'\-()]")


@dataclass(frozen=True)
class Problem:
    """Why a row is not imported: its line in the file, the column, and what is wrong."""

    line: int
    column: str
    message: str


@dataclass(frozen=True)
class Reading:
    """How this file writes its values, and what day it is in the office."""

    today: date
    decimal_comma: bool = False
    day_first: bool = True
    currency: str = "ZAR"


class RowProblems:
    """Collects a row's problems, so every one of them is reported, not only the first."""

    __slots__ = ("line", "problems")

    def __init__(self, line: int):
        self.line = line
        self.problems: list[Problem] = []

    def add(self, column: str, message: str) -> None:
        self.problems.append(Problem(self.line, column, message))


# --- names and keys ------------------------------------------------------------


def _plain(text: str) -> str:
    text = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in text if not unicodedata.combining(ch))


@functools.lru_cache(maxsize=65536)
def person_key(name: str) -> str:
    """'  Zoë  Müller-Smith ' -> 'zoe muller smith': what people's names are compared by."""
    return " ".join(re.sub(r"[^a-z0-9]+", " ", _plain(name).lower()).split())


@functools.lru_cache(maxsize=65536)
def vehicle_key(number: str) -> str:
    """'ca 123-456' -> 'CA123456': registrations are compared without spaces and dashes."""
    return re.sub(r"[^A-Z0-9]+", "", _plain(number).upper())


def tidy(text: str | None) -> str:
    return " ".join((text or "").split())


def is_summary(cells: list[str]) -> bool:
    """A totals line under the table ('Total', 'Grand total'), which is not a record."""
    first = next((c.strip() for c in cells if c.strip()), "")
    return bool(_SUMMARY.match(first))


# --- values --------------------------------------------------------------------


@functools.lru_cache(maxsize=4096)
def _date(text: str, day_first: bool) -> tuple[str, str]:
    """(date, time) from a date cell, which may carry the time too ('14/03/2026 07:42')."""
    raw = text.strip()
    found = _TIME_AFTER_DATE.match(raw)
    day, moment = (found["date"], found["time"]) if found else (raw, "")
    return numbers.parse_date(day, day_first), clock_time(moment) if moment else ""


def read_date(cell: str, how: Reading, problems: RowProblems) -> tuple[str, str]:
    if not cell.strip():
        problems.add("date", "The date is missing.")
        return "", ""
    try:
        day, moment = _date(cell, how.day_first)
    except ValueError:
        problems.add("date", f"“{cell.strip()[:40]}” is not a date.")
        return "", ""
    if day > how.today.isoformat():
        problems.add("date", f"{day} is in the future.")
    return day, moment


@functools.lru_cache(maxsize=4096)
def clock_time(text: str) -> str:
    """'7:42', '07:42:10', '5:30 PM' -> '07:42', '17:30'; ValueError for anything else."""
    found = _TIME.match(text.strip())
    if not found:
        raise ValueError(f"“{text.strip()[:20]}” is not a time of day.")
    hour, minute = int(found[1]), int(found[2])
    meridiem = (found[4] or "").lower().replace(".", "")
    if meridiem:
        if not 1 <= hour <= 12:
            raise ValueError(f"“{text.strip()[:20]}” is not a time of day.")
        hour = hour % 12 + (12 if meridiem == "pm" else 0)
    if hour > 23 or minute > 59:
        raise ValueError(f"“{text.strip()[:20]}” is not a time of day.")
    return f"{hour:02d}:{minute:02d}"


@functools.lru_cache(maxsize=4096)
def _decimal(text: str, decimal_comma: bool) -> Decimal:
    return numbers.parse_decimal(text, decimal_comma=decimal_comma)


def time_in(cell: str) -> str:
    """The time of day in a cell, after a date when one is written first ('14/03 07:42')."""
    return clock_time(_TIME_AFTER_DATE.sub(r"\g<time>", cell))


def read_number(cell: str, how: Reading) -> Decimal:
    return _decimal(cell.strip(), how.decimal_comma)


@functools.lru_cache(maxsize=4096)
def hours_seconds(text: str, decimal_comma: bool) -> int:
    """'7.5', '7,5' (decimal comma), '7:30', '07:30:00', '7h30', '45 min' -> seconds."""
    raw = text.strip().lower()
    clock = _CLOCK_HOURS.match(raw)
    if clock:
        return int(clock[1]) * 3600 + int(clock[2]) * 60 + int(clock[3] or 0)
    words = _HOURS_WORDS.match(raw) if re.search(r"[hm]", raw) else None
    if words and (words[1] or words[2]):
        hours = Decimal((words[1] or "0").replace(",", "."))
        return int((hours * 3600).to_integral_value(ROUND_HALF_UP)) + int(words[2] or 0) * 60
    hours = numbers.parse_decimal(raw, "number of hours", decimal_comma)
    return int((hours * 3600).to_integral_value(ROUND_HALF_UP))


def hours_text(seconds: int) -> str:
    """Seconds as hours for people: 27000 -> '7.5', 4800 -> '1.33'."""
    value = (Decimal(seconds) / 3600).quantize(Decimal("0.01"), ROUND_HALF_UP)
    return format(value.normalize(), "f") if value else "0"


def litres_text(millilitres: int) -> str:
    value = (Decimal(millilitres) / 1000).quantize(Decimal("0.01"), ROUND_HALF_UP)
    return format(value.normalize(), "f") if value else "0"


def currency_of(cell: str, amount_cell: str, default: str) -> str:
    """The currency a row names, or the one its amount is written in, or the default."""
    code = cell.strip().upper()
    if _CURRENCY_CODE.match(code):
        return code
    if code in _CURRENCY_SIGNS:
        return _CURRENCY_SIGNS[code]
    amount = amount_cell.strip()
    if not _NOT_A_NUMBER.search(amount):
        return default
    for sign, named in _SIGNS_LONGEST_FIRST:
        if amount.startswith(sign) or amount.endswith(sign):
            return named
    found = re.search(r"\b([A-Z]{3})\b", amount.upper())
    return found[1] if found else default
