"""Checking one row of a fuel log before anything is saved, and whether a fill is plausible.

Pure: text cells in, the fill as it will be stored or every problem with it,
in words (the values are read by `checks.py`). Litres, price per litre and
amount must agree to the cent; either missing money value follows from the
other. A fill larger than the vehicle's tank, or several times what it
usually takes, is imported but flagged for a person (`outliers.py`).
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal

from app import numbers
from app.imports.checks import (
    Problem,
    Reading,
    RowProblems,
    clock_time,
    currency_of,
    litres_text,
    read_date,
    read_number,
    tidy,
    vehicle_key,
)

# A fill larger than this many times the vehicle's usual fill is checked by a person.
OUTLIER_FACTOR = 3
# Fewer fills than this say too little about what a vehicle usually takes.
MIN_HISTORY = 3
_UNIT = re.compile(r"\s*(km|mi|l|ltrs?|litres?|liters?)$", re.IGNORECASE)


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
