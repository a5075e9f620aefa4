"""The repairs: numbers worked out or put right, each a rule that proposes one change.

Every function here looks at a reading and proposes at most one `Change`
(which value, what to, why) or None; it changes nothing itself. The rule
list (rules.py) names each one, says whether it is for OCR readings only,
and applies what it proposes, recording it. The arithmetic they lean on is
in checks.py. A number put right drops below the review threshold, so a
person checks it. Pure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from decimal import ROUND_HALF_UP, Decimal

from app import numbers
from app.extract import checks
from app.extract.checks import CENT, cents, computed, line_numbers, line_ok, share
from app.extract.model import Found, Item

# A number worked out or put right, not read: below the review threshold, a person checks it.
REPAIRED = 0.55
# An amount worked out as quantity x price where the table prints none: plain arithmetic.
WORKED_OUT = 0.6


@dataclass(frozen=True)
class Change:
    """A value a rule proposes: the field, its new value, why, and how sure that leaves us."""

    field: str
    value: str | None
    reason: str
    confidence: float = REPAIRED
    also: dict = field(default_factory=dict)  # other fields of the same item that go with it


@dataclass
class Sums:
    """What the line repairs may lean on: every item, the stated subtotal (cents), and
    whether the table has a discount column."""

    items: list[Item]
    subtotal: int | None
    discounts: bool = False


def _others(item: Item, sums: Sums) -> list[int | None]:
    return [cents(other.amount) for other in sums.items if other is not item]


def _known(item: Item, sums: Sums) -> bool:
    return sums.subtotal is not None and None not in _others(item, sums)


# --- a number missing from a line ------------------------------------------------------


def quantity_from_amount(item: Item, sums: Sums) -> Change | None:
    if not (item.unit_price and item.amount) or item.quantity:
        return None
    value = plain_quantity(Decimal(item.unit_price), share(item), Decimal(item.amount), item)
    if value is None:
        return None
    return Change("quantity", numbers.parse_quantity(value), "quantity unread: amount over price")


# --- a misread amount -----------------------------------------------------------------------


def amount_point_moved(item: Item, sums: Sums) -> Change | None:
    if not _known(item, sums):
        return None
    needed = (sums.subtotal - sum(_others(item, sums))) / Decimal(100)
    if needed in point_moves(Decimal(item.amount)):
        return Change("amount", f"{needed:.2f}", "the stated subtotal needs the point here")
    return None


def amount_from_subtotal(item: Item, sums: Sums) -> Change | None:
    if not _known(item, sums):
        return None
    value = computed(item)
    if sum(_others(item, sums)) + numbers.parse_money(value) == sums.subtotal:
        return Change("amount", f"{value}", "quantity x price makes the items add up")
    return None


def discount_misread_as_amount(item: Item, sums: Sums) -> Change | None:
    if not item.discount or not _known(item, sums):
        return None
    value = computed(item, Decimal(1))
    if sum(_others(item, sums)) + numbers.parse_money(value) == sums.subtotal:
        reason = "quantity x price, with no discount, makes the items add up"
        return Change("amount", f"{value}", reason, also={"discount": None})
    return None


def amount_lost_group(item: Item, sums: Sums) -> Change | None:
    value = computed(item)
    if not checks.sums_agree(sums.items, sums.subtotal) and _lost_group(
        value, Decimal(item.amount)
    ):
        return Change("amount", f"{value}", "quantity x price, whose first digit group was lost")
    return None


def amounts_together(items: list[Item], subtotal: int | None) -> list[tuple[Item, Change]]:
    """Several OCR'd lines whose amounts are not quantity x price, put right together when
    quantity x price on each of them makes the items add up to the stated subtotal."""
    wrong = [i for i in items if line_ok(i) is False and i.ocr]
    if len(wrong) < 2 or subtotal is None:
        return []
    rest = [cents(i.amount) for i in items if i not in wrong]
    values = [computed(item) for item in wrong]
    if None in rest or sum(rest) + sum(numbers.parse_money(v) for v in values) != subtotal:
        return []
    reason = "quantity x price on each misread line makes the items add up"
    return [
        (item, Change("amount", f"{value}", reason))
        for item, value in zip(wrong, values, strict=True)
    ]


# A part listed under its item: its description starts with a dash or a bullet.
_LISTED_PART = re.compile(r"\s*[-–•·]\s")


def parts_of_items(items: list[Item], subtotal: int | None) -> list[Item]:
    """Rows with neither a price nor an amount, listed under an item with a dash or a
    bullet, where the priced rows alone add up to the stated subtotal: the item's parts (a
    kit's pieces, to receive against), not items of their own. Else none. (A line priced
    later or free of charge is listed as an item, not under one: it stays.)"""
    parts = [
        i
        for i in items
        if i.amount is None and i.unit_price is None and _LISTED_PART.match(i.description)
    ]
    priced = [i for i in items if i.amount is not None]
    if not parts or not priced or subtotal is None or len(parts) + len(priced) < len(items):
        return []
    return parts if checks.items_sum(priced) == subtotal else []


# --- the number that explains a line, once the amounts add up -------------------------------


def discount_not_read(item: Item, sums: Sums) -> Change | None:
    """Only where no discount was read ('0%' for '10%'): a read one is likelier right than a
    price or a quantity, which the later rules check."""
    if not sums.discounts or share(item) < 1:
        return None
    quantity, price, amount, _ = line_numbers(item)
    rate = plain_discount(quantity, price, amount)
    if rate is None:
        return None
    return Change("discount", numbers.parse_quantity(rate), "a discount explains the line")


def discount_point_moved(item: Item, sums: Sums) -> Change | None:
    if share(item) >= 1:
        return None
    moved = _moved_point(item, "discount")
    return None if moved is None else Change("discount", moved, "the point put where it fits")


def price_point_moved(item: Item, sums: Sums) -> Change | None:
    """Only when the OCR doubted the price, or no plain quantity explains the line as well."""
    if "unit_price" not in item.doubtful and _plain(item) is not None:
        return None
    moved = _moved_point(item, "unit_price")
    if moved is None:
        return None
    return Change("unit_price", f"{Decimal(moved):.2f}", "the point put where it fits")


def price_from_doubted(item: Item, sums: Sums) -> Change | None:
    """A unit price the OCR doubted ('1 ee' for 1 160.91) and a quantity it did not."""
    if "unit_price" not in item.doubtful or "quantity" in item.doubtful:
        return None
    quantity, _, amount, kept = line_numbers(item)
    if not quantity * kept:
        return None
    price = (amount / (quantity * kept)).quantize(CENT, rounding=ROUND_HALF_UP)
    if price > 0 and line_ok(_with(item, unit_price=f"{price}")):
        return Change("unit_price", f"{price}", "doubted price: amount over a clear quantity")
    return None


def discount_for_doubted(item: Item, sums: Sums) -> Change | None:
    """A read discount the OCR doubted that does not explain the line ('5%' for 2.5 %): a
    plain one that does, where quantity x price is large enough that only one can."""
    quantity, price, amount, kept = line_numbers(item)
    if "discount" not in item.doubtful or kept >= 1 or quantity * price < 100:
        return None
    rate = plain_discount(quantity, price, amount)
    if rate is None:
        return None
    return Change("discount", numbers.parse_quantity(rate), "doubted discount: the one that fits")


# --- the foot ----------------------------------------------------------------------------


@dataclass
class FootSums:
    """The foot's fields as read so far, and the items' sum in cents (None if unknown)."""

    found: dict[str, Found]
    items_sum: int | None

    def cents(self, key: str) -> int | None:
        return cents(self.found[key].value) if key in self.found else None


def subtotal_misread(foot: FootSums) -> Change | None:
    """The items and the total agree and the stated subtotal denies both: it was misread."""
    sub, tax, total = (foot.cents(k) for k in ("subtotal", "tax", "total"))
    items = foot.items_sum
    if None not in (sub, tax, total, items) and sub + tax != total == items + tax:
        reason = "the items and the total agree without it: the sum of the items"
        return Change("subtotal", numbers.cents_to_text(items), reason)
    return None


def tax_misread(foot: FootSums) -> Change | None:
    """The items add up to the subtotal, the tax denies the total, and the tax read is total
    less subtotal with one digit more, less or other ('411 631,75' for 11 631,75)."""
    sub, tax, total = (foot.cents(k) for k in ("subtotal", "tax", "total"))
    if None in (sub, tax, total) or sub + tax == total or foot.items_sum != sub:
        return None
    value = total - sub
    if value >= 0 and _one_digit_apart(value, tax):
        reason = "the items, subtotal and total agree: total less subtotal, one digit apart"
        return Change("tax", numbers.cents_to_text(value), reason)
    return None


def total_misread(foot: FootSums) -> Change | None:
    """The items add up to the subtotal, subtotal + tax denies the total, and the total read
    is subtotal + tax with one digit more, less or other."""
    sub, tax, total = (foot.cents(k) for k in ("subtotal", "tax", "total"))
    if None in (sub, tax, total) or sub + tax == total or foot.items_sum != sub:
        return None
    if _one_digit_apart(sub + tax, total):
        reason = "the items, subtotal and tax agree: subtotal plus tax, one digit apart"
        return Change("total", numbers.cents_to_text(sub + tax), reason)
    return None


def _one_digit_apart(a: int, b: int) -> bool:
    """The digits of a and b differ by one digit added, dropped or changed."""
    x, y = str(abs(a)), str(abs(b))
    if x == y:
        return False
    if len(x) == len(y):
        return sum(p != q for p, q in zip(x, y, strict=True)) == 1
    longer, shorter = (x, y) if len(x) > len(y) else (y, x)
    return len(longer) - len(shorter) == 1 and any(
        longer[:i] + longer[i + 1 :] == shorter for i in range(len(longer))
    )


# --- helpers -----------------------------------------------------------------------------


def _with(item: Item, **values) -> Item:
    return replace(item, **values)


def plain_quantity(price: Decimal, kept: Decimal, amount: Decimal, item: Item) -> Decimal | None:
    """The quantity that takes price (less the discount, `kept` of it) to the amount: one
    with up to two decimals that gives the amount to the cent (the amount was rounded, so
    amount / price is seldom exact), or one with three that gives it exactly."""
    if not price or not kept or amount <= 0:
        return None
    guess = amount / (price * kept)
    # at a price under 1.00 any amount has a two-decimal quantity: that proves nothing
    for places in ("1", "0.1", "0.01") if price >= 1 else ("1", "0.1"):
        value = guess.quantize(Decimal(places), rounding=ROUND_HALF_UP)
        if value > 0 and line_ok(_with(item, quantity=f"{value}")):
            return value
    value = guess.quantize(Decimal("0.001"))
    return value if value > 0 and value * price * kept == amount else None


def _plain(item: Item) -> Decimal | None:
    """A plain quantity that explains the line, but not a fraction of one for a whole
    quantity read (its '0.0' would have to be lost)."""
    quantity, price, amount, kept = line_numbers(item)
    plain = plain_quantity(price, kept, amount, item)
    return None if plain is not None and plain < 1 <= quantity else plain


def _lost_group(value: Decimal, amount: Decimal) -> bool:
    """The amount is `value` (quantity x price, to the cent) with its first digit group
    lost ('875,40' read for 4 875,40): the same digits after a whole group of three."""
    whole = f"{amount:.2f}".split(".")[0]
    return value > amount and len(whole) == 3 and f"{value:.2f}".endswith(f"{amount:.2f}")


def point_moves(value: Decimal) -> list[Decimal]:
    """The same digits with the decimal point elsewhere, to the cent ('83.00': 0.83, 8.30...)."""
    digits = re.sub(r"\D", "", f"{value:f}")
    out = []
    for place in range(len(digits) + 1):
        moved = Decimal(f"{digits[:place] or 0}.{digits[place:] or 0}")
        if moved > 0 and moved != value and moved == moved.quantize(CENT) and moved not in out:
            out.append(moved)
    return out


def _moved_point(item: Item, key: str) -> str | None:
    """The item's discount or unit price with its decimal point where the other numbers put
    it ('25%' read for 2.5 %, '083' for 0.83): the one placement of the same digits that
    takes quantity x price less discount to the amount."""
    fits = [
        moved
        for moved in point_moves(numbers.parse_decimal(getattr(item, key)))
        if (key != "discount" or moved < 100) and line_ok(_with(item, **{key: f"{moved}"}))
    ]
    return numbers.parse_quantity(fits[0]) if len(fits) == 1 else None


def plain_discount(quantity: Decimal, price: Decimal, amount: Decimal) -> Decimal | None:
    """The discount of up to 50 %, in steps of a half, that takes quantity x price to amount."""
    gross = quantity * price
    if not gross or not 0 < amount < gross:
        return None
    line = Item(quantity=f"{quantity}", unit_price=f"{price}", amount=f"{amount}")
    for halves in range(1, 101):
        rate = Decimal(halves) / 2
        if line_ok(_with(line, discount=f"{rate}")):
            return rate
    return None
