"""Table rows to items: read their numbers, put the OCR's slips in their words right.

Each row becomes an `Item`. Where a rule (rules.py) changes what was read, a
quantity that sat in the price's cell, a code run into its description, a
letter read for a digit in a size, the change and its reason are recorded
in the reading's trail. Pure.
"""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal

from app import numbers
from app.extract.checks import line_ok
from app.extract.model import Item, Trail
from app.extract.tables import CODE_LIKE, WITH_UNIT, RawRow, money_text, price_per


def _quantity(text: str, decimal_comma: bool) -> str | None:
    if not text:
        return None
    try:
        return numbers.parse_quantity(text.split(" ")[0], decimal_comma)
    except ValueError:
        return None


def _quantity_and_unit(quantity: str, unit: str) -> tuple[str, str]:
    """A quantity printed with its unit in one cell ('2,5 t', '60.00 roll'), under the
    quantity's header or, set close to the unit's, under that one: the two apart."""
    if not unit and (match := WITH_UNIT.fullmatch(quantity.strip())):
        return match.group(1), match.group(2)
    if not quantity and (match := WITH_UNIT.fullmatch(unit.strip())):
        return match.group(1), match.group(2)
    return quantity, unit


def _discount(text: str, decimal_comma: bool) -> Decimal:
    try:
        return numbers.parse_decimal(text.rstrip("%").strip(), decimal_comma=decimal_comma)
    except ValueError:
        return Decimal(0)


# --- the description's OCR slips, each a rule (rules.py) ------------------------------------


# A size or weight read with one letter for a digit: 'S0kg', '1O0mm', 'l5mm'.
_MISREAD_SIZE = re.compile(
    r"\b(?=[\d.]*[OoSsIl][\d.]*(?:kg|g|mm|cm|m|l|ml)\b)(?=\S*\d)([\dOoSsIl.]{2,6})"
    r"(kg|g|mm|cm|m|l|ml)\b"
)
_AS_DIGIT = str.maketrans("OoSsIl", "005511")
# A dimension with letters for digits after the 'x': '38xll4' for 38x114.
_MISREAD_DIMENSION = re.compile(r"\b(\d+x)(?=[\dOIl]*\d)([\dOIl]{2,5})\b")


def letter_in_size(text: str) -> str:
    """'Cement S0kg bag' -> 'Cement 50kg bag': one letter the OCR read for a digit in a size."""
    return _MISREAD_SIZE.sub(lambda m: m[1].translate(_AS_DIGIT) + m[2], text)


def letter_in_dimension(text: str) -> str:
    """'pine 38xll4' -> 'pine 38x114': letters for digits in a dimension."""
    return _MISREAD_DIMENSION.sub(lambda m: m[1] + m[2].translate(_AS_DIGIT), text)


# A run of capital I's with an l read for one of them, after a word in capitals: a roman
# numeral ('CEM Il' for CEM II); 'll' alone may be letters ('SABS ll') and is left.
_NUMERAL = re.compile(r"(\b[A-Z]{2,} )((?=[Il]*I)(?=[Il]*l)[Il]{2,3})(?=[/\s]|$)")


def capital_i_as_l(text: str) -> str:
    """'Cement CEM Il 42.5N' -> 'Cement CEM II 42.5N': an l read for a capital I in a
    roman numeral after a word in capitals."""
    return _NUMERAL.sub(lambda m: m[1] + "I" * len(m[2]), text)


def _description(row: RawRow, rules: list, trail: Trail) -> str:
    text = re.sub(r"\s+", " ", row.text("description"))
    for rule in rules:
        if rule.applies(row.ocr):
            fixed = rule.function(text)
            if fixed != text:
                trail.note(rule.name, "description", fixed, f"{rule.purpose}: {text!r}", row)
                text = fixed
    return text


_BRACKETED = re.compile(r"\[([A-Za-z0-9][A-Za-z0-9\-/._]{1,19})\]\s+(\S.*)")


def code_in_brackets(item: Item, table: list[Item]) -> tuple[str, str] | None:
    """A business system's '[HB-M8] Hex bolt M8': the code in brackets and the description."""
    match = _BRACKETED.fullmatch(item.description)
    return (match[1], match[2]) if match and not item.item_code else None


# A code under its own label after the description, on the line under it as web shops print
# it ('Cement 50kg' over 'SKU: CEM-42'): 'SKU', 'Code', 'Item code', 'Part no.', 'Art. no.'.
# The label may say whose code it is after it ('Art.-Nr. des Verkäufers:'),
# and the item's barcode number may follow ('· EAN 4012345678901'): not the description's.
_LABELLED_CODE = re.compile(
    r"(\S.*?)\s+(?:sku|(?:item\s+|product\s+|stock\s+)?code|"
    r"part\s*(?:no\.?|#|number)|art(?:icle)?\.?\s*-?\s*(?:no\.?|nr\.?|#))"
    r"(?:\s+[^\W\d]+\.?){0,2}\s*[:#]?\s*([A-Za-z0-9][A-Za-z0-9\-/._]{1,19})"
    r"(?:\s*[·|,;]?\s*(?:ean|gtin|upc)\s*[:#]?\s*\d{8,14})?",
    re.IGNORECASE,
)


def code_under_label(item: Item, table: list[Item]) -> tuple[str, str] | None:
    """A code after its own label at the description's end ('Cement 50kg SKU: CEM-42'): the
    code and the description without it."""
    match = _LABELLED_CODE.fullmatch(item.description)
    if item.item_code or not match or not CODE_LIKE.fullmatch(match[2]):
        return None
    return match[2], match[1]


def to_items(
    rows: list[RawRow], decimal_comma: bool, rules: list, trail: Trail, delivery_note=False
) -> list[Item]:
    """Each row as an Item; `rules` are the description and item rules to apply."""
    text_rules = [r for r in rules if r.stage == "description"]
    item_rules = [r for r in rules if r.stage == "item"]
    items = []
    for row in rows:
        keys = {c.key for c in row.columns}
        quantity_key = "delivered" if delivery_note and "delivered" in keys else "quantity"
        priced = any(  # the row's own line (its cells may reach past the header's columns)
            i < len(row.columns) and row.columns[i].key in ("unit_price", "amount") and text.strip()
            for i, text in row.cells.items()
        )
        if "ordered" in keys and (quantity_key not in keys or (priced and not delivery_note)):
            # a priced order line's 'Order qty' beside another quantity ('Takeoff qty  Waste %
            # Order qty'): what is ordered (an unpriced copy's is a receiving list's)
            quantity_key = "ordered"
        quantity, unit = _quantity_and_unit(row.text(quantity_key), row.text("unit"))
        item = Item(
            item_code=row.text("item_code"),
            description=_description(row, text_rules, trail),
            quantity=_quantity(quantity, decimal_comma),
            unit=unit,
            confidence=row.conf,
            ocr=row.ocr,
            row=row,
        )
        if delivery_note:
            if "ordered" in keys and quantity_key != "ordered":
                item.ordered_quantity = _quantity(row.text("ordered"), decimal_comma)
                item.ordered_printed = True
        else:
            price = row.text("unit_price")
            item.unit_price = money_text(price, decimal_comma) or price_per(price, decimal_comma)
            item.amount = money_text(row.text("amount"), decimal_comma)
            discount = _discount(row.text("discount"), decimal_comma)
            item.discount = format(discount.normalize(), "f") if discount else None
            item.doubtful = frozenset(row.columns[i].key for i in row.doubtful)
            if quantity_key == "ordered" and "quantity" in keys and line_ok(item) is False:
                # 'Qty ordered' beside the quantity the line is priced at ('Qty ordered  Qty
                # received  Qty'): the priced one
                other = _quantity(row.text("quantity"), decimal_comma)
                if line_ok(replace(item, quantity=other)):
                    item.quantity = other
        items.append(item)
    # every item judged on the table as read, before any is changed
    splits = [_first_split(item, items, item_rules) for item in items]
    for item, (rule, split) in zip(items, splits, strict=True):
        if split:
            item.item_code, item.description = split
            trail.note(rule.name, "item_code", split[0], rule.purpose, item.row)
    return items


def _first_split(item: Item, items: list[Item], rules: list) -> tuple:
    """The first item rule that finds a code in the description, and what it finds."""
    for rule in (r for r in rules if r.applies(item.ocr)):
        split = rule.function(item, items)
        if split:
            return rule, split
    return None, None
