"""Table rows to items: name the columns the header left unnamed, read numbers, tidy text.

A header word the engine does not know ('Toei' where OCR misread 'Total')
still marks a column; what sits under it decides what it is: money at the
right is the amount, 1, 2, 3 is a line number, codes are item codes. Pure.
"""

from __future__ import annotations

import re
from decimal import Decimal

from app import numbers
from app.extract.tables import CODE_LIKE, NUMERIC, Column, RawRow, _is_number, money_text
from app.extract.totals import line_ok


def _values(rows: list[RawRow], columns: list[Column], index: int) -> list[str]:
    return [row.cells[index] for row in rows if row.columns is columns and index in row.cells]


def _indexes(columns: list[Column], key: str) -> list[int]:
    return [i for i, column in enumerate(columns) if column.key == key]


def _is_code(text: str) -> bool:
    return bool(re.fullmatch(r"(?=.*[\d-])(?=.*[A-Za-z])[A-Za-z0-9\-/_.]{2,20}", text.strip()))


def _is_count(values: list[str]) -> bool:
    return bool(values) and all(v.strip().rstrip(".") == str(n) for n, v in enumerate(values, 1))


def name_columns(rows: list[RawRow], decimal_comma: bool) -> None:
    """Give each unnamed (or misnamed line-number) column a key from its contents."""
    for columns in {id(row.columns): row.columns for row in rows}.values():
        keys = {c.key for c in columns if c.key}
        for index, column in enumerate(columns):
            values = _values(rows, columns, index)
            if column.key == "item_code" and _is_count(values):
                column.key = "line"
            if column.key is not None or not values:
                continue
            if 2 * len(values) < sum(1 for row in rows if row.columns is columns):
                continue  # a stray mark in a few rows ('6' by a ruled edge) says nothing
            if _is_count(values):
                column.key = "line"
            elif all(_is_number(v.rstrip("%"), decimal_comma) for v in values):
                later = [c for c in columns[index + 1 :] if c.key in NUMERIC or c.key is None]
                for key in (["amount"] if not later else []) + ["unit_price", "quantity"]:
                    if key not in keys:
                        column.key = key
                        break
            elif 4 * sum(map(_is_code, values)) >= 3 * len(values) and "item_code" not in keys:
                # codes, but for a stray value (a code's wrapped end, '110' of 'PVC-110')
                column.key = "item_code"
            elif "description" not in keys:
                column.key = "description"
            elif not any(_values(rows, columns, i) for i in _indexes(columns, "description")):
                for i in _indexes(columns, "description"):  # nothing under it: the text
                    columns[i].key = None  # beside it is the description
                column.key = "description"
            elif all(len(v) <= 6 for v in values) and "unit" not in keys:
                column.key = "unit"
            if column.key:
                keys.add(column.key)


def _quantity(text: str, decimal_comma: bool) -> str | None:
    if not text:
        return None
    try:
        return numbers.parse_quantity(text.split(" ")[0], decimal_comma)
    except ValueError:
        return None


def _discount(text: str, decimal_comma: bool) -> Decimal:
    try:
        return numbers.parse_decimal(text.rstrip("%").strip(), decimal_comma=decimal_comma)
    except ValueError:
        return Decimal(0)


def _splits_right(quantity: str, price: str, row: RawRow, decimal_comma: bool) -> bool:
    """'20 45,47' is 20 x R 45.47 when that gives the amount; '3 064,30' is one grouped
    price, R 3 064.30, when a whole number of it gives the amount and the split does not."""
    line = {
        "amount": money_text(row.text("amount"), decimal_comma),
        "discount": str(_discount(row.text("discount"), decimal_comma)),
    }
    whole = money_text(f"{quantity} {price}", decimal_comma)
    if line["amount"] is None or not whole or not Decimal(whole):
        return True
    split = {
        "quantity": _quantity(quantity, decimal_comma),
        "unit_price": money_text(price, decimal_comma),
    }
    if None not in split.values() and line_ok(line | split):
        return True
    share = (100 - Decimal(line["discount"])) / 100
    times = (Decimal(line["amount"]) / share / Decimal(whole)).quantize(Decimal(1)) if share else 0
    return not (times >= 1 and line_ok(line | {"quantity": times, "unit_price": whole}))


def _quantity_from_neighbour(row: RawRow, decimal_comma: bool) -> None:
    """No quantity column (its header unread) and a price cell holding two numbers:
    the first is the quantity that sat beside it, unless the two are one grouped
    price that the amount bears out."""
    for index, column in enumerate(row.columns):
        text = row.cells.get(index, "")
        parts = text.split(" ", 1)
        two = (
            len(parts) == 2
            and _is_number(parts[0], decimal_comma)
            and _is_number(parts[-1], decimal_comma)
            and _splits_right(parts[0], parts[1], row, decimal_comma)
        )
        if column.key == "unit_price" and two:
            row.columns = [*row.columns, Column("quantity", column.x0, column.x0)]
            row.cells = {**row.cells, index: parts[1], len(row.columns) - 1: parts[0]}
            return


# A size or weight read with one letter for a digit: 'S0kg', '1O0mm', 'l5mm'.
_MISREAD_SIZE = re.compile(
    r"\b(?=[\d.]*[OoSsIl][\d.]*(?:kg|g|mm|cm|m|l|ml)\b)(?=\S*\d)([\dOoSsIl.]{2,6})"
    r"(kg|g|mm|cm|m|l|ml)\b"
)
_AS_DIGIT = str.maketrans("OoSsIl", "005511")


# A dimension with letters for digits after the 'x': '38xll4' for 38x114.
_MISREAD_DIMENSION = re.compile(r"\b(\d+x)(?=[\dOIl]*\d)([\dOIl]{2,5})\b")


def fix_misread_sizes(text: str) -> str:
    """'Cement S0kg bag' -> 'Cement 50kg bag': one letter the OCR read for a digit in a size;
    'pine 38xll4' -> 'pine 38x114': letters for digits in a dimension."""
    text = _MISREAD_SIZE.sub(lambda m: m[1].translate(_AS_DIGIT) + m[2], text)
    return _MISREAD_DIMENSION.sub(lambda m: m[1] + m[2].translate(_AS_DIGIT), text)


# OCR slips in punctuation: a comma read as a point before a lower-case word ('revision C.
# cut', '10:00. site'; a point after a word of two letters or more is left: 'incl. fittings'),
# and a space read into a size ('38x 114').
_POINT_FOR_COMMA = re.compile(r"(\b[A-Z]|\d)\. (?=[a-z])")
_SPACED_SIZE = re.compile(r"(\d)(?: x|x )(\d)")


_LONE_LETTER = re.compile(r"^[a-z] (?=\S)|(?<=[^\d\s]) [a-z]$")  # not a unit: '6 m'


def fix_misread_punctuation(text: str) -> str:
    return _SPACED_SIZE.sub(r"\1x\2", _POINT_FOR_COMMA.sub(r"\1, ", text))


def _description(row: RawRow) -> str:
    text = re.sub(r"\s+", " ", row.text("description"))
    if row.conf < 1.0:  # read by OCR: a speck after the last word ('M8x40.', 'NFP-') is noise
        text = fix_misread_punctuation(fix_misread_sizes(text.rstrip(" .,;:-_'")))
        text = _LONE_LETTER.sub("", text)  # and a lone small letter at either end ('19mm s')
    return text


def to_items(rows: list[RawRow], decimal_comma: bool, delivery_note: bool = False) -> list[dict]:
    name_columns(rows, decimal_comma)
    items = []
    for row in rows:
        keys = {c.key for c in row.columns}
        quantity_key = "delivered" if delivery_note and "delivered" in keys else "quantity"
        if quantity_key not in keys and "ordered" in keys:
            quantity_key = "ordered"
        if quantity_key not in keys:
            _quantity_from_neighbour(row, decimal_comma)
            keys = {c.key for c in row.columns}
        code, description = row.text("item_code"), _description(row)
        first, _, rest = description.partition(" ")
        ran_in = row.conf < 1.0 and "item_code" in keys and not code  # OCR only
        if ran_in and rest and CODE_LIKE.fullmatch(first):
            code, description = first, rest  # the code ran into the description beside it
        item = {
            "item_code": code,
            "description": description,
            "quantity": _quantity(row.text(quantity_key), decimal_comma),
            "unit": row.text("unit"),
        }
        if delivery_note:
            if "ordered" in keys and quantity_key != "ordered":
                item["ordered_quantity"] = _quantity(row.text("ordered"), decimal_comma)
        else:
            item["unit_price"] = money_text(row.text("unit_price"), decimal_comma)
            item["amount"] = money_text(row.text("amount"), decimal_comma)
            discount = _discount(row.text("discount"), decimal_comma)
            if discount:
                item["discount"] = format(discount.normalize(), "f")
            # for the sums' repairs only (engine.read_po drops it): the numbers OCR doubted
            item["doubtful"] = {row.columns[i].key for i in row.doubtful}
        item["confidence"] = round(row.conf, 3)
        items.append(item)
    return items
