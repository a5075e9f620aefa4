"""Naming the table's columns that no header word named, from what sits under them.

A header word the engine does not know ('Toei' where OCR misread 'Total')
still marks a column; what sits under it decides what it is: money at the
right is the amount, 1, 2, 3 is a line number, codes are item codes. Each
way of deciding is a rule (rules.py); the first rule that names a column
wins, and the name it gave is recorded with its reason. Pure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from app.extract.model import Trail
from app.extract.tables import NUMERIC, WITH_UNIT, Column, RawRow, is_number


@dataclass
class ColumnView:
    """One column of a table as the naming rules see it: its values and its neighbours."""

    columns: list[Column]
    index: int
    values: list[str]  # the value under it in each row that has one
    rows: list[RawRow]  # the rows of this table
    keys: set[str]  # the names the table's columns have so far
    decimal_comma: bool

    @property
    def column(self) -> Column:
        return self.columns[self.index]

    @property
    def unnamed(self) -> bool:
        """Unnamed, with a value in at least half the rows: a stray mark in a few rows
        ('6' by a ruled edge) says nothing."""
        return self.column.key is None and 2 * len(self.values) >= len(self.rows) > 0

    @property
    def numeric(self) -> bool:
        return all(is_number(v.rstrip("%"), self.decimal_comma) for v in self.values)

    @property
    def wordy(self) -> bool:
        """Unnamed, and not all numbers: what the rules for words may name."""
        return self.unnamed and not self.numeric

    def values_of(self, key: str) -> list[str]:
        return [v for i in _indexes(self.columns, key) for v in _values(self.rows, i)]


def _values(rows: list[RawRow], index: int) -> list[str]:
    return [row.cells[index] for row in rows if index in row.cells]


def _indexes(columns: list[Column], key: str) -> list[int]:
    return [i for i, column in enumerate(columns) if key in column.names]


def is_code(text: str) -> bool:
    return bool(re.fullmatch(r"(?=.*[\d-])(?=.*[A-Za-z])[A-Za-z0-9\-/_.]{2,20}", text.strip()))


def is_count(values: list[str]) -> bool:
    """1, 2, 3 down the column; or, as business systems number their lines, 10, 20, 30
    (00010, 00020: two lines at least, or a quantity of 10 would be one)."""
    if not values or not all(v.strip().rstrip(".").isdigit() for v in values):
        return False
    counted = [int(v.strip().rstrip(".")) for v in values]
    if all(v.strip().rstrip(".") == str(n) for n, v in enumerate(values, 1)):
        return True
    return len(counted) >= 2 and counted == [10 * n for n in range(1, len(counted) + 1)]


def name_columns(rows: list[RawRow], decimal_comma: bool, rules: list, trail: Trail) -> None:
    """Give each unnamed (or misnamed) column a name from its contents: the rules in their
    order, each over every column not yet named by one, so that the surest (the lines'
    arithmetic) names its columns before a weaker one (numbers under no header) takes their
    names for another; the naming is recorded."""
    for columns in {id(row.columns): row.columns for row in rows}.values():
        table = [row for row in rows if row.columns is columns]
        keys = {key for c in columns for key in c.names}
        named: set[int] = set()
        for rule in rules:
            for index, column in enumerate(columns):
                if index in named:
                    continue
                view = ColumnView(columns, index, _values(table, index), table, keys, decimal_comma)
                key = rule.function(view)
                if key and key != column.key:
                    reason = f"{rule.purpose} ({len(view.values)} values)"
                    trail.note(rule.name, "items", f"column {index + 1}: {key}", reason)
                    column.key = key
                    named.add(index)
                    keys.add(key)
                    if rule.name == ARITHMETIC:
                        _unname_others(columns, index, named, table)


# The rule that names number columns by the lines' arithmetic: a column it names anew, no
# header word it disagrees with names too.
ARITHMETIC = "columns_by_arithmetic"


def _unname_others(columns: list[Column], index: int, named: set[int], rows) -> None:
    """A column the header named as the one the arithmetic named another ('Agreement qty'
    beside 'Qty this call-off'), with values on the same lines, or with none (the header's
    word beside its column, 'Amount' over nothing and 'USD' over the amounts): not that.
    (Values on other lines only are one column the header split in two.)"""
    for other, column in enumerate(columns):
        if other == index or other in named or column.key != columns[index].key:
            continue
        shared = any(other in row.cells and index in row.cells for row in rows)
        if shared or not any(other in row.cells for row in rows):
            column.key = None


# --- the column rules, in the order rules.py lists them ------------------------------------


def line_numbers(view: ColumnView) -> str | None:
    """1, 2, 3 down the table is a line number, even under a 'No.' read as a code's header;
    10, 20, 30 only in the first column (further right, they may be quantities)."""
    unnamed = view.unnamed or view.column.key == "item_code"
    if not unnamed or not is_count(view.values):
        return None
    first = view.index == 0 or view.values[0].strip().rstrip(".") == "1"
    return "line" if first else None


_ARTICLE_NUMBER = re.compile(r"\d{5,14}")


def article_numbers(view: ColumnView) -> str | None:
    """Whole numbers of five digits or more, no separator in them, before any column of words
    (a line number may stand left of them): an article number column ('6180021'), not
    quantities (a count that large would be printed grouped, and after the description, not
    before it); a tariff code printed after the description is no article number."""
    if not view.unnamed or "item_code" in view.keys:
        return None
    if not all(_ARTICLE_NUMBER.fullmatch(v.strip()) for v in view.values):
        return None

    def worded(i: int) -> bool:
        return bool(_values(view.rows, i)) and not _all_numbers(view, i)

    before, after = range(view.index), range(view.index + 1, len(view.columns))
    first = not any(map(worded, before)) and any(map(worded, after))
    return "item_code" if first else None


def _all_numbers(view: ColumnView, index: int) -> bool:
    return all(is_number(v.rstrip("%"), view.decimal_comma) for v in _values(view.rows, index))


def numbers(view: ColumnView) -> str | None:
    """Numbers: the amount when no number column follows; else a price when every value has
    cents ('18,39'), a quantity when none does ('15', '12.5'), each if it is still free."""
    if not view.unnamed or not view.numeric:
        return None
    later = [c for c in view.columns[view.index + 1 :] if c.key in NUMERIC or c.key is None]
    cents = all(_CENTS.search(v.rstrip("%").strip()) for v in view.values)
    order = ["unit_price", "quantity"] if cents else ["quantity", "unit_price"]
    for key in (["amount"] if not later else []) + order:
        if key == "quantity" and "ordered" in view.keys:
            continue  # an 'Order Qty' column is the quantity ('Min  Max  On Hand  Order Qty')
        if key not in view.keys:
            return key
    return None


_CENTS = re.compile(r"\d[.,]\d{2}$")


def codes(view: ColumnView) -> str | None:
    """Codes, but for a stray value (a code's wrapped end, '110' of 'PVC-110')."""
    if not view.wordy or "item_code" in view.keys:
        return None
    return "item_code" if 4 * sum(map(is_code, view.values)) >= 3 * len(view.values) else None


def text(view: ColumnView) -> str | None:
    """Words, where no header names the description: the first unnamed column of them, unless
    it holds codes ('03-300', 'BLK-140': no word in most rows) or short words ('roll', 'sheet', as
    units are) and a column of longer words comes after it."""
    if not view.wordy or "description" in view.keys:
        return None
    later = [
        values
        for i, column in enumerate(view.columns)
        if i > view.index and column.key is None and (values := _values(view.rows, i))
    ]
    if _worded(view.values) and not (_short(view.values) and any(map(_long, later))):
        return "description"
    return None if any(_worded(values) for values in later) else "description"


def _worded(values: list[str]) -> bool:
    """Most values hold a word of three letters or more: words, not codes ('BLK-140')."""
    worded = sum(1 for v in values if re.search(r"(?<!\S)[^\W\d_]{3,}[.,:]?(?!\S)", v))
    return 2 * worded > len(values)


def _short(values: list[str]) -> bool:
    """A word each, of six letters at most, as units are: the same ones again, or of four
    letters at most ('m', 'kg', 'each'); one-word descriptions ('Sand', 'Stone') are not."""
    words = [v.strip().lower() for v in values]
    if not all(len(v.split()) == 1 and len(v) <= 6 for v in words):
        return False
    return len(set(words)) < len(words) or all(len(v) <= 4 for v in words)


def _long(values: list[str]) -> bool:
    """Words, most of them of more than one word, as descriptions are."""
    return _worded(values) and 2 * sum(len(v.split()) > 1 for v in values) > len(values)


def beside_description(view: ColumnView) -> str | None:
    """Words beside a Description header that has nothing under it: the description was
    printed beside its header, so that header's column is given up."""
    if not view.wordy or "description" not in view.keys or view.values_of("description"):
        return None
    for i in _indexes(view.columns, "description"):
        view.columns[i].key = None
    return "description"


def units(view: ColumnView) -> str | None:
    """Short words beside the description, where no header names the unit; a quantity run
    into its unit ('60 Opak.', set close to it) among them."""
    short = all(len(v) <= 6 or WITH_UNIT.fullmatch(v.strip()) for v in view.values)
    return "unit" if view.wordy and short and "unit" not in view.keys else None
