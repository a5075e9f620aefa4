"""What people type into a PO's forms, parsed into what is stored, and stored values shown back.

Values are parsed by `app/numbers.py`, the same parsers the importer uses,
so "R 1 234,00" means the same thing on a document and in a form. A value
that cannot be stored raises EditError with a sentence saying why.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from sqlite_utils import Database

from app import numbers, sites

MONEY_FIELDS = ("subtotal_cents", "tax_cents", "total_cents")
# column -> label people see; the order of the header table on the page
HEADER_FIELDS = {
    "purchase_order_number": "PO number",
    "po_date": "Date",
    "supplier_name": "Supplier",
    "project_code": "Project code",
    "site_id": "Site",
    "currency": "Currency",
    "subtotal_cents": "Subtotal",
    "tax_cents": "Tax",
    "total_cents": "Total",
}
ITEM_FIELDS = {
    "item_code": "code",
    "description": "description",
    "quantity": "quantity",
    "unit": "unit",
    "unit_price_cents": "unit price",
    "discount_percent": "discount %",
    "amount_cents": "amount",
}
# The API's name for each header column a change may set.
API_FIELDS = {
    "po_number": "purchase_order_number",
    "po_date": "po_date",
    "supplier_name": "supplier_name",
    "project_code": "project_code",
    "currency": "currency",
    "subtotal": "subtotal_cents",
    "tax": "tax_cents",
    "total": "total_cents",
}
API_ITEM_FIELDS = (
    "item_code",
    "description",
    "quantity",
    "unit",
    "unit_price",
    "discount_percent",
    "amount",
)
TEXT_LIMITS = {
    "purchase_order_number": 64,
    "supplier_name": 300,
    "project_code": 64,
    "item_code": 100,
    "description": 2000,
    "unit": 40,
}


class EditError(ValueError):
    """The value cannot be saved; the message says why in words."""


class StaleEdit(EditError):
    """Someone else saved this field or item after the form was opened."""


class NumberTaken(EditError):
    """The PO number asked for is another purchase order's."""


class NoNumberYet(EditError):
    """The PO was imported without a number: it cannot be verified until a person types it."""


class InvalidEdit(EditError):
    """Several values of one change cannot be saved; `problems` says why, each in a sentence."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__(" ".join(problems))


def typed_text(value: str | None, limit: int) -> str:
    """Text as a person typed it, its spaces tidied; EditError past `limit` characters."""
    text = " ".join((value or "").split())
    if len(text) > limit:
        raise EditError(f"That is too long: at most {limit} characters.")
    return text


def typed_date(raw: str | None) -> str | None:
    """A date as a person typed it, as YYYY-MM-DD; None when left empty."""
    raw = (raw or "").strip()
    if not raw:
        return None
    try:
        return numbers.parse_date(raw)
    except ValueError:
        raise EditError(f"“{raw[:40]}” is not a date; write it as 2026-08-19.") from None


def _text(value: str | None, column: str) -> str:
    return typed_text(value, TEXT_LIMITS[column])


def _money(value: str | None, label: str) -> int | None:
    try:
        return numbers.money_field((value or "").strip(), label, quote=lambda raw: f"“{raw}”")
    except ValueError as exc:
        raise EditError(str(exc)) from None


def show(column: str, value: object) -> str | None:
    """A stored value as history and forms write it: money as 1234.56."""
    if value is None:
        return None
    if column.endswith("_cents"):
        return numbers.cents_to_text(value)
    return str(value)


def parse_header(db: Database, column: str, raw: str | None) -> object:
    """A header field as typed -> the value to store; EditError says what is wrong."""
    label = HEADER_FIELDS[column].lower()
    if column == "purchase_order_number":
        value = _text(raw, column)
        if not value:
            raise EditError("A purchase order needs a PO number.")
        return value
    if column == "po_date":
        return typed_date(raw)
    if column == "currency":
        value = (raw or "").strip().upper()
        if len(value) != 3 or not value.isalpha():
            raise EditError("The currency is a three-letter code such as ZAR.")
        return value
    if column == "site_id":
        value = (raw or "").strip()
        if not value:
            return None
        site = sites.get_site(db, value)
        if site is None:
            raise EditError("Choose a site from the list.")
        return site["id"]
    if column in MONEY_FIELDS:
        return _money(raw, label)
    return _text(raw, column)


def parse_item(values: dict[str, str]) -> dict:
    """An item row as typed -> the columns to store; EditError lists every problem."""
    item, problems = _item_values(values)
    if problems:
        raise EditError(" ".join(problems))
    return item


def _item_values(values: dict) -> tuple[dict, list[str]]:
    """An item row as typed -> (the columns to store, what is wrong with it).

    A blank amount is worked out as quantity times unit price less the
    discount, rounded to the cent.
    """
    problems = []
    item: dict = {}
    for column in ("item_code", "description", "unit"):
        try:
            item[column] = _text(values.get(column), column)
        except EditError as exc:
            problems.append(f"The {ITEM_FIELDS[column]}: {exc}")
    raw_quantity = str(values.get("quantity") or "").strip()
    try:
        item["quantity"] = numbers.parse_quantity(raw_quantity)
    except ValueError:
        problems.append(f"The quantity “{raw_quantity[:40]}” is not a number.")
    for column in ("unit_price_cents", "amount_cents"):
        try:
            item[column] = _money(values.get(column.removesuffix("_cents")), ITEM_FIELDS[column])
        except EditError as exc:
            problems.append(str(exc))
    try:
        item["discount_percent"] = _discount(values.get("discount_percent"))
    except EditError as exc:
        problems.append(str(exc))
    if not problems and item["amount_cents"] is None and item["unit_price_cents"] is not None:
        item["amount_cents"] = numbers.line_amount(
            item["quantity"], item["unit_price_cents"], item["discount_percent"]
        )
    return item, problems


def _discount(value: object) -> str | None:
    try:
        return numbers.parse_percent(value)
    except ValueError:
        shown = str(value).strip()[:40]
        raise EditError(f"The discount “{shown}” is not a percentage from 0 to 99.99.") from None


@dataclass(frozen=True)
class Edit:
    """One change to a PO, parsed: header columns to set, and the whole new item list (None
    leaves the items as they are)."""

    header: dict
    items: list[dict] | None = None


def parse_changes(db: Database, body: object) -> Edit:
    """A change as the API sends it ({"total": "1150.00", "items": [...]}) -> what to store.

    Every value is parsed as the page parses it; InvalidEdit lists every problem
    at once, so nothing is written until all of it can be.
    """
    if not isinstance(body, dict):
        raise InvalidEdit(["The body must be a JSON object of the fields to change."])
    problems = []
    unknown = sorted(set(body) - set(API_FIELDS) - {"items"})
    if unknown:
        problems.append(
            f"{', '.join(unknown)}: not a field that can be changed; the fields are "
            f"{', '.join(API_FIELDS)} and items."
        )
    header = {}
    for name, column in API_FIELDS.items():
        if name not in body:
            continue
        label = HEADER_FIELDS[column]
        if not _scalar(body[name]):
            problems.append(f"{label}: give a string or a number.")
            continue
        try:
            header[column] = parse_header(db, column, _as_text(body[name]))
        except EditError as exc:
            problems.append(f"{label}: {exc}")
    items = None
    if "items" in body:
        items, more = _item_list(body["items"])
        problems += more
    if problems:
        raise InvalidEdit(problems)
    return Edit(header, items)


def _scalar(value: object) -> bool:
    return value is None or (isinstance(value, (str, int, float)) and not isinstance(value, bool))


def _as_text(value: object) -> str | None:
    return None if value is None else str(value)


def _item_list(raw: object) -> tuple[list[dict], list[str]]:
    """The items of a change, each parsed as the page's item form; the problems, by line."""
    if not isinstance(raw, list):
        return [], ["Items: give the whole list of items, each an object."]
    items, problems = [], []
    for line_no, values in enumerate(raw, start=1):
        if not isinstance(values, dict):
            problems.append(f"Item {line_no}: give an object with {', '.join(API_ITEM_FIELDS)}.")
            continue
        unknown = sorted(set(values) - set(API_ITEM_FIELDS))
        if unknown:
            problems.append(f"Item {line_no}: {', '.join(unknown)} is not an item field.")
        if not all(_scalar(value) for value in values.values()):
            problems.append(f"Item {line_no}: give each value as a string or a number.")
            continue
        item, wrong = _item_values({name: _as_text(value) for name, value in values.items()})
        problems += [f"Item {line_no}: {problem}" for problem in wrong]
        items.append(item)
    return items, problems


def item_version(item: dict) -> str:
    """A short fingerprint of an item's values, carried by its edit form."""
    values = [item.get(column) for column in ITEM_FIELDS]
    return hashlib.sha256(json.dumps(values).encode()).hexdigest()[:16]


def item_summary(item: dict) -> str:
    """An item in one line, for the history: '5 bag Cement 50kg = 557.30'."""
    price = show("amount_cents", item["amount_cents"]) or "no amount"
    less = f" less {item['discount_percent']} %" if item.get("discount_percent") else ""
    text = f"{item['quantity']} {item['unit']} {item['description']}{less} = {price}"
    return text.replace("  ", " ")
