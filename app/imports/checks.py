"""Checking each row of a timesheet or fuel log as a careful clerk would, before anything is saved.

Pure: text cells in, a row as it will be stored or the problems with it, in
words. Dates and numbers are read by `app.numbers` (the rules the PO forms
use), with the file's decimal comma and day order. What a row cannot be
alone is checked across rows too: more than 24 hours in one person's day,
and a fill several times what the vehicle usually takes.
"""

from __future__ import annotations

import bisect
import functools
import re
import unicodedata
from dataclasses import dataclass, field
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

from app import numbers

DAY_SECONDS = 24 * 3600
# A fill larger than this many times the vehicle's usual fill is checked by a person.
OUTLIER_FACTOR = 3
# Fewer fills than this say too little about what a vehicle usually takes.
MIN_HISTORY = 3
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
_UNIT = re.compile(r"\s*(km|mi|l|ltrs?|litres?|liters?)$", re.IGNORECASE)


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


@dataclass
class TimesheetRow:
    line: int
    work_date: str
    person_name: str
    person_key: str
    site_code: str
    seconds: int
    start_time: str = ""
    end_time: str = ""
    description: str = ""
    warnings: list[str] = field(default_factory=list)


@dataclass
class FuelRow:
    line: int
    fill_date: str
    fill_time: str
    vehicle_number: str
    vehicle_key: str
    card: str
    odometer: int | None
    site_code: str
    merchant: str
    product: str
    millilitres: int
    price_per_litre: str | None
    amount_cents: int | None
    currency: str
    tank_litres: int | None = None
    warnings: list[str] = field(default_factory=list)


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


# --- one timesheet row -----------------------------------------------------------


def _person(cells: dict[str, str]) -> str:
    name = tidy(cells.get("person"))
    if name:
        return name
    return tidy(f"{cells.get('first_name', '')} {cells.get('last_name', '')}")


def _minutes(moment: str) -> int:
    return int(moment[:2]) * 60 + int(moment[3:])


def _worked(cells: dict[str, str], how: Reading, problems: RowProblems) -> tuple[int, str, str]:
    """(seconds, start, end): the hours column, else the time from start to end."""
    start = end = ""
    for name in ("start", "end"):
        cell = (cells.get(name) or "").strip()
        if cell:
            try:
                moment = clock_time(_TIME_AFTER_DATE.sub(r"\g<time>", cell))
            except ValueError as exc:
                problems.add(name, str(exc))
                continue
            start, end = (moment, end) if name == "start" else (start, moment)
    hours = (cells.get("hours") or "").strip()
    if hours:
        try:
            return hours_seconds(hours, how.decimal_comma), start, end
        except ValueError:
            problems.add("hours", f"“{hours[:40]}” is not a number of hours.")
            return 0, start, end
    if start and end:
        # an end before the start is past midnight
        span = (_minutes(end) - _minutes(start)) % (24 * 60)
        return span * 60, start, end
    problems.add("hours", "The hours are missing.")
    return 0, start, end


def timesheet_row(line: int, cells: dict[str, str], how: Reading) -> TimesheetRow | list[Problem]:
    """One line of a timesheet as it will be stored, or every problem with it."""
    problems = RowProblems(line)
    work_date, _ = read_date(cells.get("date") or "", how, problems)
    name = _person(cells)
    if not person_key(name):
        problems.add("person", "The person's name is missing.")
    seconds, start, end = _worked(cells, how, problems)
    if seconds <= 0 and not any(p.column == "hours" for p in problems.problems):
        problems.add("hours", f"{hours_text(seconds)} hours: a row needs more than 0 hours.")
    elif seconds > DAY_SECONDS:
        problems.add("hours", f"{hours_text(seconds)} hours is more than a day has.")
    if problems.problems:
        return problems.problems
    return TimesheetRow(
        line=line,
        work_date=work_date,
        person_name=name[:200],
        person_key=person_key(name),
        site_code=tidy(cells.get("site"))[:64],
        seconds=seconds,
        start_time=start,
        end_time=end,
        description=tidy(cells.get("description"))[:500],
    )


def over_a_day(rows: list[TimesheetRow], stored: dict[tuple[str, str], int]) -> list[Problem]:
    """Every row of a person's day that adds up to more than 24 hours, with the rows
    already stored for that day counted in."""
    totals: dict[tuple[str, str], int] = {}
    for row in rows:
        day = (row.person_key, row.work_date)
        totals[day] = totals.get(day, 0) + row.seconds
    over = {day for day, total in totals.items() if total + stored.get(day, 0) > DAY_SECONDS}
    days: dict[tuple[str, str], list[TimesheetRow]] = {}
    for row in rows:
        if (row.person_key, row.work_date) in over:
            days.setdefault((row.person_key, row.work_date), []).append(row)
    problems = []
    for (key, day), group in days.items():
        earlier = stored.get((key, day), 0)
        total = earlier + totals[key, day]
        lines = ", ".join(str(row.line) for row in group)
        also = f", with {hours_text(earlier)} hours imported before" if earlier else ""
        message = (
            f"{group[0].person_name} has {hours_text(total)} hours on {day}"
            f" (lines {lines}{also}): more than 24."
        )
        problems += [Problem(row.line, "hours", message) for row in group]
    return problems


# --- one fuel row ----------------------------------------------------------------


def _unitless(cell: str | None) -> str:
    """'45.2 L', '123 456 km' -> '45.2', '123 456': the unit some exports write beside a number."""
    return _UNIT.sub("", (cell or "").strip())


def _litres(cells: dict[str, str], how: Reading, problems: RowProblems) -> Decimal | None:
    cell = _unitless(cells.get("litres"))
    if not cell:
        problems.add("litres", "The litres are missing.")
        return None
    try:
        litres = read_number(cell, how)
    except ValueError:
        problems.add("litres", f"“{cell[:40]}” is not a number of litres.")
        return None
    if litres <= 0:
        problems.add("litres", f"{cell} litres is not a fill (a refund or a reversal?).")
        return None
    return litres


def _money(cells: dict[str, str], how: Reading, problems: RowProblems) -> tuple:
    """(price per litre, amount in cents) as written; either may be None."""
    price = amount = None
    cell = (cells.get("price") or "").strip()
    if cell:
        try:
            price = read_number(cell, how)
        except ValueError:
            problems.add("price", f"“{cell[:40]}” is not a price.")
    cell = (cells.get("amount") or "").strip()
    if cell:
        try:
            amount = numbers.parse_money(cell, how.decimal_comma)
        except ValueError:
            problems.add("amount", f"“{cell[:40]}” is not an amount of money.")
    return price, amount


def _costed(litres: Decimal, price, amount, problems: RowProblems) -> tuple:
    """Price x litres must be the amount to the cent; either missing one follows from the other."""
    if price is not None and amount is not None:
        expected = int((price * litres * 100).to_integral_value(ROUND_HALF_UP))
        if abs(expected - amount) > 1:
            problems.add(
                "amount",
                f"{litres.normalize():f} l × {price.normalize():f} ="
                f" {numbers.format_money(expected)}, but the amount is"
                f" {numbers.format_money(amount)}.",
            )
    elif price is None and amount is not None:
        price = (Decimal(amount) / 100 / litres).quantize(Decimal("0.001"), ROUND_HALF_UP)
    elif price is not None:
        amount = int((price * litres * 100).to_integral_value(ROUND_HALF_UP))
    return price, amount


def _whole(cell: str, what: str, column: str, how: Reading, problems: RowProblems) -> int | None:
    cell = _unitless(cell)
    if not cell:
        return None
    try:
        value = read_number(cell, how)
    except ValueError:
        problems.add(column, f"“{cell[:40]}” is not {what}.")
        return None
    if value <= 0:
        problems.add(column, f"{cell} is not {what}.")
        return None
    return int(value.to_integral_value(ROUND_HALF_UP))


def _card(cell: str | None) -> str:
    """The card's last four digits, however the statement writes (or masks) the number."""
    digits = re.sub(r"\D", "", cell or "")
    return digits[-4:]


def fuel_row(line: int, cells: dict[str, str], how: Reading) -> FuelRow | list[Problem]:
    """One line of a fuel log as it will be stored, or every problem with it."""
    problems = RowProblems(line)
    fill_date, fill_time = read_date(cells.get("date") or "", how, problems)
    if (cells.get("time") or "").strip():
        try:
            fill_time = clock_time(cells["time"])
        except ValueError as exc:
            problems.add("time", str(exc))
    number = tidy(cells.get("vehicle"))[:64]
    if not vehicle_key(number):
        problems.add("vehicle", "The vehicle's registration or number is missing.")
    litres = _litres(cells, how, problems)
    price, amount = _money(cells, how, problems)
    if litres is not None:
        price, amount = _costed(litres, price, amount, problems)
    odometer = _whole(cells.get("odometer", ""), "an odometer reading", "odometer", how, problems)
    tank = _whole(cells.get("tank", ""), "a tank size in litres", "tank", how, problems)
    if problems.problems:
        return problems.problems
    return FuelRow(
        line=line,
        fill_date=fill_date,
        fill_time=fill_time,
        vehicle_number=number,
        vehicle_key=vehicle_key(number),
        card=_card(cells.get("card")),
        odometer=odometer,
        site_code=tidy(cells.get("site"))[:64],
        merchant=tidy(cells.get("merchant"))[:200],
        product=tidy(cells.get("product"))[:100],
        millilitres=int((litres * 1000).to_integral_value(ROUND_HALF_UP)),
        price_per_litre=format(price.normalize(), "f") if price is not None else None,
        amount_cents=amount,
        currency=currency_of(cells.get("currency", ""), cells.get("amount", ""), how.currency),
        tank_litres=tank,
    )


# --- a fill larger than plausible ----------------------------------------------------


def _median_without(ordered: list[int], value: int) -> float | None:
    """The median of a sorted list with one occurrence of `value` left out (None: too few)."""
    size = len(ordered) - 1
    if size < MIN_HISTORY:
        return None
    skip = bisect.bisect_left(ordered, value)

    def at(k: int) -> int:
        return ordered[k] if k < skip else ordered[k + 1]

    return (at((size - 1) // 2) + at(size // 2)) / 2


def implausible(
    millilitres: int,
    tank_litres: int | None,
    vehicle_fills: list[int],
    fleet_fills: list[int],
) -> dict | None:
    """Why a fill is more than this vehicle plausibly takes, or None.

    More than its tank when the tank is known; else more than three times the
    median of its other fills (or, for a vehicle with too few fills yet, the
    fleet's). `vehicle_fills` and `fleet_fills` are sorted and include this one.
    """
    if tank_litres:
        if millilitres > tank_litres * 1000:
            return {"rule": "tank", "tank_litres": tank_litres}
        return None
    for scope, fills in (("vehicle", vehicle_fills), ("fleet", fleet_fills)):
        median = _median_without(fills, millilitres)
        if median is not None:
            if millilitres > OUTLIER_FACTOR * median:
                return {"rule": "median", "scope": scope, "median_millilitres": round(median)}
            return None
    return None


def outlier_text(reason: dict, millilitres: int) -> str:
    """The reason for people: '50000 l is more than 3 × the usual 62.5 l of this vehicle'."""
    litres = litres_text(millilitres)
    if reason["rule"] == "tank":
        return f"{litres} l is more than its {reason['tank_litres']} l tank holds."
    usual = litres_text(reason["median_millilitres"])
    whose = "this vehicle's" if reason["scope"] == "vehicle" else "the fleet's (few fills yet)"
    return f"{litres} l is more than {OUTLIER_FACTOR} × {whose} usual fill of {usual} l."
