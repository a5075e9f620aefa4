"""The foot of the order (subtotal, VAT, total) and the sums that must agree.

`read_foot` finds each total by its label, the amount to its right (or in the
same cell). `check` does the office's arithmetic: quantity x unit price less
discount = amount to the cent, the items add up to the subtotal, subtotal +
tax = total. Where one total is missing and the other two agree with the
items it is worked out, at lower confidence. Pure.
"""

from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal

from app import numbers
from app.extract.fields import Found
from app.extract.layout import Line
from app.extract.tables import money_text

FOOT_LABELS = {
    "subtotal": r"sub\s*-?\s*total|total\s+excl\.?(?:\s+(?:vat|tax))?|nett?\s+total|"
    r"total\s+before\s+(?:vat|tax)|amount\s+excl\.?(?:\s+vat)?|total\s+\(?excl\.?(?:\s+vat)?\)?",
    "tax": r"(?:vat|tax|gst|sales\s+tax)(?:\s+amount)?"
    r"(?:\s*(?:@|at)?\s*\(?\d{1,2}(?:[.,]\d+)?\s*%\)?)?",
    "total": r"(?:grand\s+)?total(?:\s+(?:incl\.?(?:\s+(?:vat|tax))?|due|amount|payable|"
    r"\(incl\.?(?:\s+vat)?\)|zar|usd|eur))?|amount\s+due|balance\s+due|total\s+payable",
}
_AMOUNT = re.compile(
    r"\(?-?(?:[A-Z]{3}\s?|R\s?|\$|€|£)?\d[\d ,.'\u00a0]*\d(?:\s?[A-Z]{3}|\s?€)?\)?"
)
CENT = Decimal("0.01")


def _amount(text: str, decimal_comma: bool) -> str | None:
    """The last amount in the text; 'R 12 038 03' and '1 805. 70' (a point the OCR lost or
    spaced) are read as 12038.03 and 1805.70 when nothing else makes them a number."""
    for match in reversed(list(_AMOUNT.finditer(text))):
        value = money_text(match.group().strip(), decimal_comma)
        if value is not None:
            return value
    return None


def read_foot(lines: list[Line], decimal_comma: bool) -> dict[str, Found]:
    """Each total from the last line that carries its label (the foot is at the end)."""
    found: dict[str, Found] = {}
    for line in reversed(lines):
        for position, cell in enumerate(line.cells):
            label = re.sub(r"\s+", " ", cell.text).strip().lower()
            for key, pattern in FOOT_LABELS.items():
                if key in found:
                    continue
                match = re.match(rf"(?:{pattern})\s*[:]?", label, re.IGNORECASE)
                if not match:
                    continue
                rest = cell.text[match.end() :].strip()
                if rest and not re.match(r"^[\d(R$€£-]|^[A-Z]{3}\s?\d", rest):
                    continue  # 'Total Excl. VAT' is not 'Total' followed by junk
                value_text = rest or " ".join(c.text for c in line.cells[position + 1 :])
                value = _amount(value_text, decimal_comma)
                if value is not None:
                    conf = 0.95 * (0.6 + 0.4 * min(c.conf for c in line.cells[position:]))
                    found[key] = Found(value, round(conf, 3), line.text.strip())
                break
    return found


def _cents(value: str | None) -> int | None:
    return None if value is None else numbers.parse_money(value)


def line_ok(item: dict) -> bool | None:
    """quantity x unit price less discount = amount, to the cent; None when it cannot be told."""
    try:
        quantity = numbers.parse_decimal(item.get("quantity"))
        price = numbers.parse_decimal(item.get("unit_price"))
        amount = numbers.parse_decimal(item.get("amount"))
        discount = numbers.parse_decimal(item.get("discount") or "0")
    except ValueError:
        return None
    expected = quantity * price * (100 - discount) / 100
    return expected.quantize(CENT, rounding=ROUND_HALF_UP) == amount


def complete_items(items: list[dict]) -> None:
    """Work out an item's one missing number from the other two."""
    for item in items:
        ocr = item.get("confidence", 1.0) < 1.0  # a price lost by the OCR, not a table without one
        quantity, price, amount = item.get("quantity"), item.get("unit_price"), item.get("amount")
        discount = _share(item)
        if quantity and price and not amount:
            value = Decimal(quantity) * Decimal(price) * discount
            item["amount"] = f"{value.quantize(CENT, rounding=ROUND_HALF_UP)}"
            item["confidence"] = min(item.get("confidence", 1), 0.6)
        elif quantity and amount and not price and Decimal(quantity) and discount and ocr:
            value = (Decimal(amount) / (Decimal(quantity) * discount)).quantize(CENT, ROUND_HALF_UP)
            if value > 0 and line_ok({**item, "unit_price": value}):
                _repair(item, "unit_price", f"{value}")
        elif price and amount and not quantity:
            value = _plain_quantity(Decimal(price), discount, Decimal(amount), item)
            if value is not None:  # worked out, not read: a person checks it
                _repair(item, "quantity", numbers.parse_quantity(value))


# A number worked out or put right, not read: below the review threshold, a person checks it.
REPAIRED = 0.55


def _repair(item: dict, key: str, value: str) -> None:
    item[key] = value
    item["confidence"] = min(item.get("confidence", 1), REPAIRED)


def _share(item: dict) -> Decimal:
    """How much of quantity x price the line keeps after its discount (0.95 for 5 %)."""
    return (100 - numbers.parse_decimal(item.get("discount") or "0")) / 100


def _numbers(item: dict) -> tuple[Decimal, Decimal, Decimal, Decimal]:
    """An item's quantity, unit price, amount and share kept after discount."""
    quantity, price, amount = (
        numbers.parse_decimal(item[key]) for key in ("quantity", "unit_price", "amount")
    )
    return quantity, price, amount, _share(item)


def _plain_quantity(price: Decimal, share: Decimal, amount: Decimal, item: dict) -> Decimal | None:
    """The quantity that takes price (less the discount, `share` of it kept) to the amount:
    one with up to two decimals that gives the amount to the cent (the amount was rounded,
    so amount / price is seldom exact), or one with three that gives it exactly."""
    if not price or not share or amount <= 0:
        return None
    guess = amount / (price * share)
    # at a price under 1.00 any amount has a two-decimal quantity: that proves nothing
    for places in ("1", "0.1", "0.01") if price >= 1 else ("1", "0.1"):
        value = guess.quantize(Decimal(places), rounding=ROUND_HALF_UP)
        if value > 0 and line_ok({**item, "quantity": value}):
            return value
    value = guess.quantize(Decimal("0.001"))
    return value if value > 0 and value * price * share == amount else None


def _sums_agree(items: list[dict], subtotal: int | None) -> bool:
    amounts = [_cents(i.get("amount")) for i in items]
    return subtotal is not None and None not in amounts and sum(amounts) == subtotal


def _lost_group(computed: Decimal, amount: Decimal) -> bool:
    """The amount is `computed` (quantity x price, to the cent) with its first digit group
    lost ('875,40' read for 4 875,40): the same digits after a whole group of three."""
    whole = f"{amount:.2f}".split(".")[0]
    return computed > amount and len(whole) == 3 and f"{computed:.2f}".endswith(f"{amount:.2f}")


def _point_moves(value: Decimal) -> list[Decimal]:
    """The same digits with the decimal point elsewhere, to the cent ('83.00': 0.83, 8.30...)."""
    digits = re.sub(r"\D", "", f"{value:f}")
    out = []
    for place in range(len(digits) + 1):
        moved = Decimal(f"{digits[:place] or 0}.{digits[place:] or 0}")
        if moved > 0 and moved != value and moved == moved.quantize(CENT) and moved not in out:
            out.append(moved)
    return out


def _moved_point(item: dict, key: str) -> str | None:
    """The item's discount or unit price with its decimal point where the other numbers put
    it ('25%' read for 2.5 %, '083' for 0.83): the one placement of the same digits that
    takes quantity x price less discount to the amount."""
    fits = [
        moved
        for moved in _point_moves(numbers.parse_decimal(item[key]))
        if (key != "discount" or moved < 100) and line_ok({**item, key: moved})
    ]
    return numbers.parse_quantity(fits[0]) if len(fits) == 1 else None


def _doubted_price(item: dict, times: Decimal, amount: Decimal) -> str | None:
    """A unit price the OCR doubted ('1 ee' for 1 160.91) and a quantity it did not:
    the price, to the cent, that takes the quantity (less discount) to the amount."""
    doubted = item.get("doubtful") or set()
    if "unit_price" not in doubted or "quantity" in doubted or not times:
        return None
    price = (amount / times).quantize(CENT, rounding=ROUND_HALF_UP)
    return f"{price}" if price > 0 and line_ok({**item, "unit_price": price}) else None


def _plain_discount(quantity: Decimal, price: Decimal, amount: Decimal) -> Decimal | None:
    """The discount of up to 50 %, in steps of a half, that takes quantity x price to amount."""
    gross = quantity * price
    if not gross or not 0 < amount < gross:
        return None
    line = {"quantity": quantity, "unit_price": price, "amount": amount}
    for halves in range(1, 101):
        rate = Decimal(halves) / 2
        if line_ok(line | {"discount": rate}):
            return rate
    return None


def _recompute_together(items: list[dict], subtotal: int | None) -> None:
    """Several OCR'd lines whose amounts are not quantity x price, put right together when
    quantity x price on each of them makes the items add up to the stated subtotal."""
    wrong = [i for i in items if line_ok(i) is False and i.get("confidence", 1.0) < 1.0]
    if len(wrong) < 2 or subtotal is None:
        return
    rest = [_cents(i.get("amount")) for i in items if i not in wrong]
    computed = [_computed(item) for item in wrong]
    if None in rest or sum(rest) + sum(numbers.parse_money(c) for c in computed) != subtotal:
        return
    for item, value in zip(wrong, computed, strict=True):
        _repair(item, "amount", f"{value}")


def _computed(item: dict, share: Decimal | None = None) -> Decimal:
    """Quantity x unit price less the discount (or `share` kept), to the cent."""
    quantity, price, _, kept = _numbers(item)
    value = quantity * price * (kept if share is None else share)
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


def _repair_lines(items: list[dict], subtotal: int | None, discounts: bool = False) -> None:
    """An OCR slip in one number ('5429.62' for '5429.82', '29' for '2.5'), put right.

    Only for numbers read by OCR, and only when the other numbers prove it.
    The amount first:
    - a decimal point lost or moved ('243' for 2.43) goes where the stated
      subtotal needs it;
    - quantity x price replaces it when that makes the items add up to the
      stated subtotal, or when the amount is that with its first group of
      digits lost ('875,40' for 4 875,40).
    Then, when the amounts add up, the first of these that explains the line:
    - a discount, in a table with a discount column where none was read
      ('0%' for '10%');
    - a discount or unit price with its decimal point moved ('25%' for
      2.5 %, '083' for 0.83; a price only when the OCR doubted it or no plain
      quantity explains the line as well);
    - a price the OCR doubted, worked out from a quantity it did not;
    - a plain discount for a read one the OCR doubted;
    - the quantity, when amount over price is a plain quantity (not a
      fraction of one for a whole number read).
    The item's confidence drops below the review threshold.
    """
    _recompute_together(items, subtotal)
    for item in items:
        if line_ok(item) is not False or item.get("confidence", 1.0) >= 1.0:
            continue  # a text layer is not misread: a wrong sum there is the document's own
        if _repair_amount(item, items, subtotal) or not _sums_agree(items, subtotal):
            continue
        found = _explanation(item, discounts)
        if found is not None:
            _repair(item, *found)


def _repair_amount(item: dict, items: list[dict], subtotal: int | None) -> bool:
    """The amount put right where the subtotal or quantity x price proves it (see
    _repair_lines); True when that settles the line."""
    _, _, amount, share = _numbers(item)
    others = [_cents(i.get("amount")) for i in items if i is not item]
    known = subtotal is not None and None not in others
    if known and (subtotal - sum(others)) / Decimal(100) in _point_moves(amount):
        _repair(item, "amount", f"{(subtotal - sum(others)) / Decimal(100):.2f}")  # '243'
        if line_ok(item):
            return True
    for rate in (share, Decimal(1)):  # the discount itself may be the misread ('-' as '5')
        computed = _computed(item, rate)
        if known and sum(others) + numbers.parse_money(computed) == subtotal:
            _repair(item, "amount", f"{computed}")
            if rate == 1:
                item.pop("discount", None)
            return True
    computed = _computed(item)
    # no subtotal vouches for the amount read, and it is quantity x price short of a group
    if not _sums_agree(items, subtotal) and _lost_group(computed, _numbers(item)[2]):
        _repair(item, "amount", f"{computed}")
        return True
    return False


def _explanation(item: dict, discounts: bool) -> tuple[str, str] | None:
    """With the amounts adding up, the first misread number that explains the line, and
    its value (see _repair_lines), or None."""
    quantity, price, amount, share = _numbers(item)
    doubted = item.get("doubtful") or set()
    # only where no discount was read ('0%' for '10%'): a read one is likelier right
    # than a price or a quantity, which the next steps check
    rate = _plain_discount(quantity, price, amount) if discounts and not share < 1 else None
    if rate is not None:
        return "discount", numbers.parse_quantity(rate)
    plain = _plain_quantity(price, share, amount, item)
    if plain is not None and plain < 1 <= quantity:
        plain = None  # a whole quantity read is not a fraction whose '0.0' was lost
    for key in ("discount", "unit_price") if share < 1 else ("unit_price",):
        if key == "unit_price" and "unit_price" not in doubted and plain is not None:
            break  # a quantity explains the line as well, and the OCR doubted neither
        moved = _moved_point(item, key)
        if moved is not None:
            return key, moved if key == "discount" else f"{Decimal(moved):.2f}"
    price_again = _doubted_price(item, quantity * share, amount)
    if price_again is not None:
        return "unit_price", price_again
    # a read discount the OCR doubted that does not explain the line ('5%' for 2.5 %): a
    # plain one that does, where quantity x price is large enough that only one can
    if "discount" in doubted and share < 1 and quantity * price >= 100:
        rate = _plain_discount(quantity, price, amount)
        if rate is not None:
            return "discount", numbers.parse_quantity(rate)
    if plain is not None:
        return "quantity", numbers.parse_quantity(plain)
    return None


def check(
    items: list[dict], foot: dict[str, Found], discounts: bool = False, ocr: bool = False
) -> tuple[dict[str, Found], list[str]]:
    """The foot made whole where it can be, and the names of the checks that failed.

    `discounts`: the item table has a discount column, so a line that falls
    short of quantity x price may be a discount the OCR misread. `ocr`: the
    foot was read by OCR, so a subtotal the items and the total both deny may
    be misread (in a text layer it is the document's own).
    """
    stated = foot.get("subtotal")
    _repair_lines(items, _cents(stated.value) if stated else None, discounts)
    failed = []
    if any(line_ok(item) is False for item in items):
        failed.append("line_amounts")
    amounts = [_cents(item.get("amount")) for item in items]
    items_sum = sum(amounts) if items and None not in amounts else None
    sub, tax, total = (_cents(foot[k].value) if k in foot else None for k in FOOT_LABELS)
    if sub is None and items_sum is not None and (total is None or tax is None):
        sub = items_sum
        foot["subtotal"] = Found(numbers.cents_to_text(sub), REPAIRED, "sum of the items")
    if sub is None and tax is not None and total is not None:
        sub = total - tax
        foot["subtotal"] = Found(numbers.cents_to_text(sub), REPAIRED, "total less tax")
    if total is None and sub is not None and tax is not None:
        total = sub + tax
        foot["total"] = Found(numbers.cents_to_text(total), REPAIRED, "subtotal plus tax")
    if tax is None and sub is not None and total is not None:
        tax = total - sub
        foot["tax"] = Found(numbers.cents_to_text(tax), REPAIRED, "total less subtotal")
    agree = None not in (sub, tax, total, items_sum) and sub + tax != total == items_sum + tax
    if ocr and agree:
        sub = items_sum  # the items and the total agree: the stated subtotal was misread
        foot["subtotal"] = Found(numbers.cents_to_text(sub), REPAIRED, "sum of the items")
    if items_sum is not None and sub is not None and items_sum != sub:
        failed.append("items_sum")
    if None not in (sub, tax, total) and sub + tax != total:
        failed.append("foot_sum")
    return foot, failed
