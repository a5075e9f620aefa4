"""Fills larger than a vehicle plausibly takes: the review item an import opens, and what a
person decides about it.

A fill over the vehicle's tank, or over three times its usual fill, is
imported (the card was charged for something) but flagged: a `fuel.outlier`
item with the amount at risk waits on /review. The person confirms the fill,
or corrects the litres (the amount follows from the price per litre when the
statement gave one), or dismisses the item.
"""

from __future__ import annotations

from datetime import datetime

from sqlite_utils import Database

from app import numbers, review_items
from app.imports import checks, fuel_logs

KIND = "fuel.outlier"
ENTITY = "fuel_log"


class Refused(ValueError):
    """The decision cannot be made as asked; the message says why."""


def open_outlier(db: Database, row: dict, why: dict, batch_id: str, now: datetime) -> dict:
    """Inside the import: a person checks this fill."""
    evidence = {
        "vehicle": row["vehicle_number"],
        "date": row["fill_date"],
        "time": row["fill_time"],
        "litres": checks.litres_text(row["millilitres"]),
        "amount": numbers.cents_to_text(row["amount_cents"]),
        "currency": row["currency"],
        "why": why,
        "batch_id": batch_id,
        "line": row["line"],
    }
    return review_items.open_item(
        db, KIND, ENTITY, row["id"], evidence, row["amount_cents"], now, row["currency"]
    )


def decide(
    db: Database, item: dict, action: str, form: dict, actor: str, now: datetime
) -> tuple[str, str]:
    """confirm | correct, inside the decision's transaction: (resolution, what was decided)."""
    fill = fuel_logs.get_fill(db, item["record_id"])
    if fill is None:
        raise Refused("This fill is no longer stored.")
    litres = checks.litres_text(fill["millilitres"])
    if action == "confirm":
        return "confirmed", f"{litres} l on {fill['fill_date']} is right"
    typed = (form.get("litres") or "").strip()
    try:
        value = numbers.parse_decimal(typed, "number of litres", decimal_comma="," in typed)
    except ValueError:
        raise Refused(f"“{typed[:20]}” is not a number of litres.") from None
    if value <= 0:
        raise Refused("A fill has more than 0 litres.")
    millilitres = int((value * 1000).to_integral_value())
    fixed = fuel_logs.correct_litres(db, fill["id"], millilitres)
    text = f"corrected from {litres} l to {checks.litres_text(millilitres)} l"
    if fixed["amount_cents"] != fill["amount_cents"]:
        text += f"; the amount is now {numbers.format_money(fixed['amount_cents'])}"
    return "corrected", text
