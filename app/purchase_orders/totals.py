"""The totals rule: do the items add up to the subtotal, and subtotal plus tax to the total?

Pure, and the only statement of the rule: the importer, the PO page, the
list, the review queue and the hand-entry form all ask `check` (or
`check_amounts` with the items' amounts). A figure that is missing is not a
disagreement: each comparison is True, False, or None when it cannot be made.
On a stored PO (`check_po`) each line is checked too: quantity x unit price,
less the line's discount, is its amount to the cent, so a quantity changed by
hand with its amount left as it was is a disagreement.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from decimal import Decimal

from app import numbers


@dataclass(frozen=True)
class LineOff:
    """An item whose quantity x unit price (less its discount) is not its amount."""

    line_no: int
    quantity: str
    unit_price: int
    discount: str | None
    worked_out: int
    amount: int

    def problem(self) -> str:
        money = numbers.format_money
        less = f" less {self.discount} %" if self.discount else ""
        return (
            f"Item {self.line_no}: {self.quantity} × {money(self.unit_price)}{less} is "
            f"{money(self.worked_out)}, but its amount is {money(self.amount)}."
        )


@dataclass(frozen=True)
class TotalsCheck:
    """The outcome of the rule on one PO's figures, in cents."""

    items_total: int | None
    subtotal: int | None
    tax: int | None
    total: int | None
    items_match: bool | None
    sum_matches: bool | None
    lines_off: tuple[LineOff, ...] = ()

    @property
    def agree(self) -> bool:
        sums_hold = self.items_match is not False and self.sum_matches is not False
        return sums_hold and not self.lines_off

    def problems(self) -> list[str]:
        money = numbers.format_money
        found = [line.problem() for line in self.lines_off]
        if self.items_match is False:
            found.append(
                f"The items add up to {money(self.items_total)}, but the subtotal is "
                f"{money(self.subtotal)} (a difference of "
                f"{money(self.items_total - self.subtotal)})."
            )
        if self.sum_matches is False:
            found.append(
                f"Subtotal {money(self.subtotal)} plus tax {money(self.tax)} is "
                f"{money(self.subtotal + self.tax)}, but the total is {money(self.total)}."
            )
        return found

    def evidence(self) -> dict:
        """The figures, as a review item keeps them."""
        return {
            "items_total_cents": self.items_total or 0,
            "subtotal_cents": self.subtotal,
            "tax_cents": self.tax,
            "total_cents": self.total,
            "lines_off": [line.line_no for line in self.lines_off],
        }

    def discrepancy(self) -> int:
        """How far apart the figures are: items against subtotal, subtotal and tax against total."""
        gaps = [0] + [abs(line.worked_out - line.amount) for line in self.lines_off]
        if self.items_match is not None:
            gaps.append(abs(self.items_total - self.subtotal))
        if self.sum_matches is not None:
            gaps.append(abs(self.subtotal + self.tax - self.total))
        return max(gaps)


def check(
    items_total: int | None,
    all_priced: bool,
    subtotal: int | None,
    tax: int | None,
    total: int | None,
) -> TotalsCheck:
    """The rule. The items are compared with the subtotal only when every item has an amount."""
    items_match = None
    if items_total is not None and all_priced and subtotal is not None:
        items_match = items_total == subtotal
    sum_matches = None
    if None not in (subtotal, tax, total):
        sum_matches = subtotal + tax == total
    return TotalsCheck(items_total, subtotal, tax, total, items_match, sum_matches)


def check_amounts(
    amounts: list[int | None], subtotal: int | None, tax: int | None, total: int | None
) -> TotalsCheck:
    """The rule on the items' amounts themselves."""
    items_total = sum(a for a in amounts if a is not None) if amounts else None
    return check(items_total, None not in amounts, subtotal, tax, total)


def line_off(item: dict) -> LineOff | None:
    """The item when quantity x unit price less its `discount_percent` (or None) is
    not its amount to the cent; None when it holds or a figure is missing."""
    price, amount = item["unit_price_cents"], item["amount_cents"]
    if price is None or amount is None or not item["quantity"]:
        return None
    discount = item.get("discount_percent")
    kept = (100 - Decimal(discount)) / 100 if discount else Decimal(1)
    worked_out = numbers.line_amount(Decimal(item["quantity"]) * kept, price)
    if worked_out == amount:
        return None
    return LineOff(item["line_no"], item["quantity"], price, discount, worked_out, amount)


def check_po(po: dict, items: list[dict]) -> TotalsCheck:
    """The rule on a stored PO and its items (each with its `discount_percent`, if it has one)."""
    check = check_amounts(
        [item["amount_cents"] for item in items],
        po["subtotal_cents"],
        po["tax_cents"],
        po["total_cents"],
    )
    off = tuple(line for line in map(line_off, items) if line is not None)
    return dataclasses.replace(check, lines_off=off)
