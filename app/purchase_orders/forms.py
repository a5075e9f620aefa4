"""What people type into a PO's forms, parsed into what is stored, and stored values shown back.

Values are parsed by `app/numbers.py`, the same parsers the importer uses,
so "R 1 234,00" means the same thing on a document and in a form. A value
that cannot be stored raises EditError with a sentence saying why.
"""

from __future__ import annotations

import hashlib
import json

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
    "amount_cents": "amount",
}
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
    """An item row as typed -> the columns to store; EditError lists every problem.

    A blank amount is worked out as quantity times unit price, rounded to the cent.
    """
    problems = []
    item: dict = {}
    for column in ("item_code", "description", "unit"):
        try:
            item[column] = _text(values.get(column), column)
        except EditError as exc:
            problems.append(f"The {ITEM_FIELDS[column]}: {exc}")
    raw_quantity = (values.get("quantity") or "").strip()
    try:
        item["quantity"] = numbers.parse_quantity(raw_quantity)
    except ValueError:
        problems.append(f"The quantity “{raw_quantity[:40]}” is not a number.")
    for column in ("unit_price_cents", "amount_cents"):
        try:
            item[column] = _money(values.get(column.removesuffix("_cents")), ITEM_FIELDS[column])
        except EditError as exc:
            problems.append(str(exc))
    if problems:
        raise EditError(" ".join(problems))
    if item["amount_cents"] is None and item["unit_price_cents"] is not None:
        item["amount_cents"] = numbers.line_amount(item["quantity"], item["unit_price_cents"])
    return item


def item_version(item: dict) -> str:
    """A short fingerprint of an item's values, carried by its edit form."""
    values = [item[column] for column in ITEM_FIELDS]
    return hashlib.sha256(json.dumps(values).encode()).hexdigest()[:16]


def item_summary(item: dict) -> str:
    """An item in one line, for the history: '5 bag Cement 50kg = 557.30'."""
    price = show("amount_cents", item["amount_cents"]) or "no amount"
    return f"{item['quantity']} {item['unit']} {item['description']} = {price}".replace("  ", " ")
