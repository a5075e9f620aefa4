"""A person checking a purchase order: editing its fields and items, verifying it.

Values typed into the forms are parsed by `app/numbers.py`, the same parsers
the importer uses, so "R 1 234,00" means the same thing on a document and in a
form. Every change writes a history line (field, old value, new value, who)
in the same transaction as the change itself.

Every change goes through `_change()`, which returns a `PoChange` saying what
changed, whether the PO's items and totals agreed before and agree now, and
whether it was verified before and is now. That return value is the one place
to hook what follows from a check (closing a review item, for one).

A form carries the value it was opened with; when the stored value has moved
on since (someone else saved first), the save is refused with `StaleEdit`
rather than silently overwriting their work.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from decimal import ROUND_HALF_UP, Decimal

from sqlite_utils import Database

from app import clock, numbers, purchasing, review, review_items, sites
from app.db import immediate, one, rows
from app.ids import new_id
from app.purchasing import TotalsCheck

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
_TEXT_LIMITS = {
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


# --- the totals check ---------------------------------------------------------------


def totals_of(po: dict, items: list[dict]) -> TotalsCheck:
    """The importer's totals rule on a stored PO and its items."""
    return purchasing.check_amounts(
        [item["amount_cents"] for item in items],
        po["subtotal_cents"],
        po["tax_cents"],
        po["total_cents"],
    )


def current_warnings(po: dict, batch_warnings: list[str], totals: TotalsCheck) -> list[str]:
    """What still needs a look: the import's warnings, brought up to date.

    Unmatched site and mismatched totals are judged on the PO as it is now, so
    fixing them clears them; doubts the extractor had are settled once a
    person has verified the PO. A revision is the review queue's business: it
    is decided there, and once accepted it is the PO.
    """
    kept = [
        code
        for code in batch_warnings
        if code not in ("already_imported", "revision", "site_unmatched", "totals_mismatch")
        and not (po["is_verified"] and code.startswith("low_confidence"))
    ]
    if po["site_id"] is None:
        kept.insert(0, "site_unmatched")
    if not totals.agree:
        kept.append("totals_mismatch")
    return kept


def describe(code: str) -> str:
    return purchasing.describe_warning(code)


# --- what a change did ----------------------------------------------------------------


@dataclass(frozen=True)
class PoChange:
    """What one save did to a PO: the hook point for whatever follows from it."""

    po_id: str
    changes: tuple[tuple[str, str | None, str | None], ...]  # (field, old, new)
    totals_agreed_before: bool
    totals_agree_now: bool
    verified_before: bool
    verified_now: bool

    @property
    def totals_fixed(self) -> bool:
        """The items and totals disagreed before this change and agree now."""
        return self.totals_agree_now and not self.totals_agreed_before

    @property
    def newly_verified(self) -> bool:
        return self.verified_now and not self.verified_before


def _state(db: Database, po_id: str) -> tuple[dict, TotalsCheck]:
    po = one(db, "SELECT * FROM purchase_orders WHERE id = :id", {"id": po_id})
    if po is None:
        raise EditError("This purchase order no longer exists.")
    return po, totals_of(po, purchasing.po_items(db, po_id))


def _change(
    db: Database,
    po_id: str,
    actor: str | None,
    now: datetime,
    apply: Callable[[dict], list[tuple[str, str | None, str | None]]],
    keeps_verification: bool = False,
) -> PoChange:
    """Run `apply(po)` in one transaction, write its history, and say what it did.

    An edit to a verified PO clears the verification: what was checked is no
    longer what is stored, so it needs checking again.
    """
    with immediate(db):
        before, totals_before = _state(db, po_id)
        changes = apply(before)
        for field, old, new in changes:
            purchasing.record_history(
                db, po_id, "edited", now, actor=actor, field=field, old_value=old, new_value=new
            )
        if changes and before["is_verified"] and not keeps_verification:
            db.conn.execute(
                "UPDATE purchase_orders SET is_verified = 0, verified_by = NULL,"
                " verified_at = NULL WHERE id = :id",
                {"id": po_id},
            )
            purchasing.record_history(
                db, po_id, "unverified", now, actor=actor, note="edited after it was verified"
            )
        after, totals_after = _state(db, po_id)
        # The review queue follows the PO: verifying it, or totals that now agree,
        # settle its items; totals that stop agreeing open one.
        if after["is_verified"] and not before["is_verified"]:
            review.on_po_verified(db, po_id, actor, now)
        if totals_after != totals_before:
            review.on_po_totals_changed(db, po_id, now, actor)
        if after["site_id"] and not before["site_id"]:
            review_items.close_open(
                db,
                "po.site_unmatched",
                "purchase_order",
                po_id,
                resolution="site_matched",
                actor=actor,
                now=now,
                note="a site was set on the PO page",
            )
    return PoChange(
        po_id=po_id,
        changes=tuple(changes),
        totals_agreed_before=totals_before.agree,
        totals_agree_now=totals_after.agree,
        verified_before=bool(before["is_verified"]),
        verified_now=bool(after["is_verified"]),
    )


# --- parsing what people type ------------------------------------------------------


def _text(value: str | None, column: str) -> str:
    text = " ".join((value or "").split())
    limit = _TEXT_LIMITS[column]
    if len(text) > limit:
        raise EditError(f"That is too long: at most {limit} characters.")
    return text


def _money(value: str | None, label: str) -> int | None:
    raw = (value or "").strip()
    if not raw:
        return None
    try:
        return numbers.parse_money(raw)
    except ValueError as exc:
        verdict = "too large to be" if "too large" in str(exc) else "not"
        raise EditError(f"The {label} “{raw[:40]}” is {verdict} an amount of money.") from None


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
        raw = (raw or "").strip()
        if not raw:
            return None
        try:
            return numbers.parse_date(raw)
        except ValueError:
            raise EditError(f"“{raw[:40]}” is not a date; write it as 2026-08-19.") from None
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
        amount = Decimal(item["quantity"]) * item["unit_price_cents"]
        item["amount_cents"] = int(amount.quantize(Decimal(1), rounding=ROUND_HALF_UP))
    return item


def item_version(item: dict) -> str:
    """A short fingerprint of an item's values, carried by its edit form."""
    values = [item[column] for column in ITEM_FIELDS]
    return hashlib.sha256(json.dumps(values).encode()).hexdigest()[:16]


# --- the changes ----------------------------------------------------------------------


def edit_header(
    db: Database,
    po_id: str,
    column: str,
    raw: str | None,
    opened_with: str | None,
    actor: str | None,
    now: datetime,
) -> PoChange:
    """Save one header field. `opened_with` is the stored value the form showed."""
    if column not in HEADER_FIELDS:
        raise EditError("That field cannot be edited.")
    value = parse_header(db, column, raw)

    def apply(po: dict) -> list[tuple[str, str | None, str | None]]:
        if (show(column, po[column]) or "") != (opened_with or ""):
            raise StaleEdit(
                f"Someone changed the {HEADER_FIELDS[column].lower()} since you opened it;"
                " it now shows their value. Edit it again if it still needs changing."
            )
        if po[column] == value:
            return []
        if column == "purchase_order_number":
            taken = purchasing.get_po_id_by_number(db, value)
            if taken and taken != po_id:
                raise EditError(f"Another purchase order already has the number {value}.")
        changes = [(HEADER_FIELDS[column], show(column, po[column]), show(column, value))]
        updates = {column: value}
        if column == "project_code":
            # A new project code is matched to a site the way the importer does it.
            site = sites.match_site(db, value)
            if site and site["id"] != po["site_id"]:
                updates["site_id"] = site["id"]
                changes.append(("Site", _site_label(db, po["site_id"]), _site_label(db, site)))
        if column == "site_id":
            changes = [("Site", _site_label(db, po["site_id"]), _site_label(db, value))]
        assignments = ", ".join(f"{name} = :{name}" for name in updates)
        db.conn.execute(
            f"UPDATE purchase_orders SET {assignments} WHERE id = :id", {"id": po_id, **updates}
        )
        return changes

    return _change(db, po_id, actor, now, apply)


def _site_label(db: Database, site: dict | str | None) -> str | None:
    if isinstance(site, str):
        site = sites.get_site(db, site)
    return site["code"] if site else None


def edit_item(
    db: Database,
    po_id: str,
    item_id: str,
    values: dict[str, str],
    opened_version: str,
    actor: str | None,
    now: datetime,
) -> PoChange:
    """Save one item row; each changed value is a history line of its own."""
    new = parse_item(values)

    def apply(po: dict) -> list[tuple[str, str | None, str | None]]:
        item = _item(db, po_id, item_id)
        if item_version(item) != opened_version:
            raise StaleEdit(
                f"Someone changed item {item['line_no']} since you opened it; it now shows"
                " their values. Edit it again if it still needs changing."
            )
        changes = [
            (
                f"item {item['line_no']} {label}",
                show(column, item[column]),
                show(column, new[column]),
            )
            for column, label in ITEM_FIELDS.items()
            if item[column] != new[column]
        ]
        if changes:
            db.conn.execute(
                "UPDATE purchase_order_items SET item_code = :item_code,"
                " description = :description, quantity = :quantity, unit = :unit,"
                " unit_price_cents = :unit_price_cents, amount_cents = :amount_cents"
                " WHERE id = :id",
                {"id": item_id, **new},
            )
        return changes

    return _change(db, po_id, actor, now, apply)


def add_item(
    db: Database, po_id: str, values: dict[str, str], actor: str | None, now: datetime
) -> PoChange:
    """A line the document has and the import missed."""
    new = parse_item(values)

    def apply(po: dict) -> list[tuple[str, str | None, str | None]]:
        line_no = one(
            db,
            "SELECT ifnull(max(line_no), 0) + 1 AS n FROM purchase_order_items"
            " WHERE purchase_order_id = :po",
            {"po": po_id},
        )["n"]
        db.conn.execute(
            "INSERT INTO purchase_order_items (id, purchase_order_id, line_no, item_code,"
            " description, quantity, unit, unit_price_cents, amount_cents)"
            " VALUES (:id, :po, :line_no, :item_code, :description, :quantity, :unit,"
            " :unit_price_cents, :amount_cents)",
            {"id": new_id(), "po": po_id, "line_no": line_no, **new},
        )
        return [(f"item {line_no}", None, _item_summary(new))]

    return _change(db, po_id, actor, now, apply)


def delete_item(
    db: Database, po_id: str, item_id: str, actor: str | None, now: datetime
) -> PoChange:
    """A line the import read that is not on the document."""

    def apply(po: dict) -> list[tuple[str, str | None, str | None]]:
        item = _item(db, po_id, item_id)
        db.conn.execute("DELETE FROM purchase_order_items WHERE id = :id", {"id": item_id})
        return [(f"item {item['line_no']}", _item_summary(item), None)]

    return _change(db, po_id, actor, now, apply)


def _item(db: Database, po_id: str, item_id: str) -> dict:
    item = one(
        db,
        "SELECT * FROM purchase_order_items WHERE id = :id AND purchase_order_id = :po",
        {"id": item_id, "po": po_id},
    )
    if item is None:
        raise StaleEdit("That item was removed from this purchase order; reload the page.")
    return item


def _item_summary(item: dict) -> str:
    price = show("amount_cents", item["amount_cents"]) or "no amount"
    return f"{item['quantity']} {item['unit']} {item['description']} = {price}".replace("  ", " ")


def verify_po(db: Database, po_id: str, actor: str, now: datetime) -> PoChange:
    """A person checked the PO against its document: record who and when."""

    def apply(po: dict) -> list[tuple[str, str | None, str | None]]:
        if po["is_verified"]:
            return []
        db.conn.execute(
            "UPDATE purchase_orders SET is_verified = 1, verified_by = :actor, verified_at = :now"
            " WHERE id = :id",
            {"id": po_id, "actor": actor, "now": clock.iso(now)},
        )
        purchasing.record_history(db, po_id, "verified", now, actor=actor)
        return []

    return _change(db, po_id, actor, now, apply, keeps_verification=True)


def unverify_po(db: Database, po_id: str, actor: str, now: datetime) -> PoChange:
    """Take a verification back, to check the PO again."""

    def apply(po: dict) -> list[tuple[str, str | None, str | None]]:
        if po["is_verified"]:
            db.conn.execute(
                "UPDATE purchase_orders SET is_verified = 0, verified_by = NULL,"
                " verified_at = NULL WHERE id = :id",
                {"id": po_id},
            )
            purchasing.record_history(db, po_id, "unverified", now, actor=actor)
        return []

    return _change(db, po_id, actor, now, apply, keeps_verification=True)


def match_unmatched_sites(db: Database, actor: str | None, now: datetime) -> list[str]:
    """Give a site to every PO without one whose project code now matches a site or alias.

    Run after a site or an alias is added, so POs imported before it match too.
    Returns the ids of the POs that now have a site.
    """
    matched = []
    with immediate(db):
        codes = rows(
            db,
            "SELECT DISTINCT project_code FROM purchase_orders"
            " WHERE site_id IS NULL AND project_code != ''",
        )
        for row in codes:
            site = sites.match_site(db, row["project_code"])
            if site is None:
                continue
            updated = rows(
                db,
                "UPDATE purchase_orders SET site_id = :site"
                " WHERE site_id IS NULL AND project_code = :code RETURNING id",
                {"site": site["id"], "code": row["project_code"]},
            )
            for po in updated:
                purchasing.record_history(
                    db,
                    po["id"],
                    "edited",
                    now,
                    actor=actor,
                    field="Site",
                    old_value=None,
                    new_value=site["code"],
                    note=f"project code {row['project_code']} now matches site {site['code']}",
                )
                review_items.close_open(
                    db,
                    "po.site_unmatched",
                    "purchase_order",
                    po["id"],
                    resolution="site_matched",
                    actor=actor,
                    now=now,
                    note=f"{row['project_code']} now matches site {site['code']}",
                )
                matched.append(po["id"])
    return matched
