"""Reading and writing money, quantities and dates as the office writes them.

Pure: the importer and the edit forms both parse through here, so a value
typed by a person and one read off a document mean the same thing.
Money is integer cents; quantities are decimal text; dates are YYYY-MM-DD.
"""

from __future__ import annotations

import re
from datetime import date
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

_CURRENCY = re.compile(r"^(ZAR|R|USD|US\$|\$|EUR|€|GBP|£)\s*", re.IGNORECASE)
_GROUPING = re.compile(r"(?<=\d)[ ,'\u00a0\u202f](?=\d{3}(?!\d))")


def parse_decimal(text: str | int | float | Decimal | None, what: str = "number") -> Decimal:
    """'1,234.56', '1 234.56', 'R 1234.56', '(12.50)' -> Decimal. ValueError names the text."""
    if isinstance(text, Decimal):
        return text
    if isinstance(text, int):
        return Decimal(text)
    if isinstance(text, float):
        return Decimal(str(text))
    raw = (text or "").strip()
    cleaned = raw
    negative = cleaned.startswith("(") and cleaned.endswith(")")
    if negative:
        cleaned = cleaned[1:-1].strip()
    if cleaned.startswith("-"):
        negative, cleaned = True, cleaned[1:].strip()
    cleaned = _CURRENCY.sub("", cleaned)
    cleaned = _GROUPING.sub("", cleaned)
    if not re.fullmatch(r"\d+(\.\d+)?|\.\d+", cleaned):
        raise ValueError(f"{raw!r} is not a {what}")
    try:
        value = Decimal(cleaned)
    except InvalidOperation:
        raise ValueError(f"{raw!r} is not a {what}") from None
    return -value if negative else value


def parse_money(text: str | int | float | Decimal | None) -> int:
    """An amount of money in cents, rounded half up."""
    value = parse_decimal(text, "money amount")
    return int((value * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def parse_quantity(text: str | int | float | Decimal | None) -> str:
    """A quantity as plain decimal text without trailing zeros: '2.50' -> '2.5'."""
    value = parse_decimal(text, "quantity")
    normalised = value.normalize()
    # normalize() writes 100 as 1E+2; quantize back to a plain integer form.
    if normalised == normalised.to_integral_value():
        normalised = normalised.quantize(Decimal(1))
    return format(normalised, "f")


def cents_to_text(cents: int | None) -> str | None:
    """Cents as the decimal text the API returns: 123456 -> '1234.56'."""
    if cents is None:
        return None
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    return f"{sign}{whole}.{part:02d}"


def format_money(cents: int | None) -> str:
    """Cents for people: 123456 -> '1 234.56', space-grouped as South African documents write it."""
    if cents is None:
        return ""
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    return f"{sign}{whole:,}.{part:02d}".replace(",", "\u00a0")


_MONTHS = {
    name: number
    for number, names in enumerate(
        [
            ("jan", "january"),
            ("feb", "february"),
            ("mar", "march"),
            ("apr", "april"),
            ("may",),
            ("jun", "june"),
            ("jul", "july"),
            ("aug", "august"),
            ("sep", "sept", "september"),
            ("oct", "october"),
            ("nov", "november"),
            ("dec", "december"),
        ],
        start=1,
    )
    for name in names
}


def parse_date(text: str | None, day_first: bool = True) -> str:
    """'2026-08-19', '19/08/2026', '2026/08/19', '19 Aug 2026' -> '2026-08-19'."""
    raw = (text or "").strip()
    parts = re.split(r"[\s/.\-,]+", raw)
    try:
        if len(parts) == 3 and all(p.isdigit() for p in parts):
            a, b, c = (int(p) for p in parts)
            if len(parts[0]) == 4:
                year, month, day = a, b, c
            elif day_first:
                day, month, year = a, b, c
            else:
                month, day, year = a, b, c
        elif len(parts) == 3 and parts[1].lower() in _MONTHS:
            day, month, year = int(parts[0]), _MONTHS[parts[1].lower()], int(parts[2])
        elif len(parts) == 3 and parts[0].lower() in _MONTHS:
            month, day, year = _MONTHS[parts[0].lower()], int(parts[1]), int(parts[2])
        else:
            raise ValueError
        if year < 100:
            year += 2000
        return date(year, month, day).isoformat()
    except ValueError:
        raise ValueError(f"{raw!r} is not a date") from None
