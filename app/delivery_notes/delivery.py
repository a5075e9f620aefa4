"""What has arrived against a PO: per line ordered, delivered, outstanding, over; the PO's status.

Pure: the one statement of the delivery rule, tested as a table. Quantities
are decimals; money is the PO's own (its unit price, or its amount over its
quantity when no unit price was printed), in the PO's currency, so every sum
of money here is in one currency. Lists that add several POs add per currency
(`by_currency`), never across.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from app.delivery_notes.matching import quantity

STATUSES = {
    "not_delivered": "Not delivered",
    "part_delivered": "Part delivered",
    "delivered": "Delivered",
    "over_delivered": "Over-delivered",
}


@dataclass(frozen=True)
class LineDelivery:
    """One PO line: ordered, delivered, and what is short or over, in units and money."""

    item_id: str
    ordered: Decimal
    delivered: Decimal
    outstanding: Decimal
    over: Decimal
    outstanding_cents: int | None
    over_cents: int | None


def unit_price(item: dict) -> Decimal | None:
    """The line's price per unit in cents: as printed, else its amount over its quantity."""
    if item.get("unit_price_cents") is not None:
        return Decimal(item["unit_price_cents"])
    ordered = quantity(item.get("quantity"))
    if item.get("amount_cents") is not None and ordered:
        return Decimal(item["amount_cents"]) / ordered
    return None


def _value(units: Decimal, price: Decimal | None) -> int | None:
    if price is None:
        return None
    return int((units * price).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def line_delivery(item: dict, delivered: Decimal, closed: bool = False) -> LineDelivery:
    """A PO line against what was delivered on it; a PO closed short has nothing outstanding."""
    ordered = quantity(item.get("quantity")) or Decimal(0)
    outstanding = Decimal(0) if closed else max(ordered - delivered, Decimal(0))
    over = max(delivered - ordered, Decimal(0))
    price = unit_price(item)
    return LineDelivery(
        item_id=item["id"],
        ordered=ordered,
        delivered=delivered,
        outstanding=outstanding,
        over=over,
        outstanding_cents=_value(outstanding, price),
        over_cents=_value(over, price),
    )


def status(lines: list[LineDelivery], closed: bool = False) -> str:
    """not_delivered | part_delivered | delivered | over_delivered.

    Any line over makes the PO over-delivered; nothing outstanding (or closed
    short after a delivery) is delivered; some delivered is part delivered.
    """
    if any(line.over for line in lines):
        return "over_delivered"
    delivered_any = any(line.delivered for line in lines)
    if not delivered_any and not closed:
        return "not_delivered"
    if closed or all(not line.outstanding for line in lines):
        return "delivered"
    return "part_delivered"


def total(cents: Iterable[int | None]) -> int:
    return sum(value or 0 for value in cents)


def by_currency(amounts: Iterable[tuple[str, int | None]]) -> list[tuple[str, int]]:
    """Amounts added per currency, largest first: never one sum of mixed currencies."""
    sums: dict[str, int] = {}
    for currency, cents in amounts:
        if cents:
            sums[currency] = sums.get(currency, 0) + cents
    return sorted(sums.items(), key=lambda pair: (-pair[1], pair[0]))


def show_quantity(value: Decimal) -> str:
    """2.500 -> '2.5', 100 -> '100'."""
    return format(value.normalize(), "f")
