"""The office's arithmetic on a reading: checks only, never a change.

A line holds when quantity x unit price less its discount is its amount to
the cent; the items hold when they add up to the subtotal; the foot holds
when subtotal + tax = total. The repairs (repairs.py) and the engine's proofs
ask these questions; nothing here changes a value. Pure.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from app import numbers
from app.extract.model import Item

CENT = Decimal("0.01")


def cents(value: str | None) -> int | None:
    return None if value is None else numbers.parse_money(value)


def share(item: Item) -> Decimal:
    """How much of quantity x price the line keeps after its discount (0.95 for 5 %)."""
    return (100 - numbers.parse_decimal(item.discount or "0")) / 100


def line_numbers(item: Item) -> tuple[Decimal, Decimal, Decimal, Decimal]:
    """An item's quantity, unit price, amount and share kept after discount."""
    return (
        numbers.parse_decimal(item.quantity),
        numbers.parse_decimal(item.unit_price),
        numbers.parse_decimal(item.amount),
        share(item),
    )


def line_ok(item: Item) -> bool | None:
    """quantity x unit price less discount = amount, to the cent; None when it cannot be told.
    A discounted line of a text layer in whole units (a price and an amount without cents, as
    shillings and francs are written) holds to the unit: 4 x 73,922 less 5 % is printed
    280,904. Not an OCR's line: '83' read for 0.83 and '243' for 2.43 hold so too."""
    try:
        quantity, price, amount, kept = line_numbers(item)
    except ValueError:
        return None
    value = quantity * price * kept
    if value.quantize(CENT, rounding=ROUND_HALF_UP) == amount:
        return True
    whole = price == price.to_integral_value() and amount == amount.to_integral_value()
    rounded = value.quantize(Decimal(1), rounding=ROUND_HALF_UP)
    return whole and kept != 1 and not item.ocr and rounded == amount


def computed(item: Item, kept: Decimal | None = None) -> Decimal:
    """Quantity x unit price less the discount (or `kept` share of it), to the cent."""
    quantity, price, _, own = line_numbers(item)
    value = quantity * price * (own if kept is None else kept)
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


def items_sum(items: list[Item]) -> int | None:
    """The items' amounts added up, in cents; None when an amount is missing or none are read."""
    amounts = [cents(item.amount) for item in items]
    return sum(amounts) if items and None not in amounts else None


def sums_agree(items: list[Item], subtotal: int | None) -> bool:
    return subtotal is not None and items_sum(items) == subtotal


@dataclass(frozen=True)
class Foot:
    """The foot's three amounts in cents (None where not known), and whether the prices
    include the tax (then the items add up to the total, not the subtotal)."""

    subtotal: int | None
    tax: int | None
    total: int | None
    inclusive: bool = False

    @property
    def items_add_up_to(self) -> int | None:
        return self.total if self.inclusive else self.subtotal


def foot_holds(foot: Foot) -> bool:
    return None not in (foot.subtotal, foot.tax, foot.total) and (
        foot.subtotal + foot.tax == foot.total
    )


def failures(items: list[Item], foot: Foot) -> list[str]:
    """The names of the checks this reading fails: line_amounts, items_sum, foot_sum."""
    failed = []
    if any(line_ok(item) is False for item in items):
        failed.append("line_amounts")
    total_of_items, wanted = items_sum(items), foot.items_add_up_to
    if None not in (total_of_items, wanted) and total_of_items != wanted:
        failed.append("items_sum")
    if None not in (foot.subtotal, foot.tax, foot.total) and not foot_holds(foot):
        failed.append("foot_sum")
    return failed
