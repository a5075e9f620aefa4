"""A person checking a delivery note: its fields and lines, the PO and PO lines it matched, Verify.

Every change writes a history line in the same transaction, clears a
verification (what was checked is no longer what is stored), and brings the
PO's delivery up to date. The PO and the PO lines a person chooses are kept:
Intake never matches them again. A PO chosen for a printed reference is
remembered in the identity map, so the next DN with that reference matches by
itself. Errors are `EditError` sentences.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from sqlite_utils import Database

from app import ids, numbers, sites
from app.db import joined
from app.delivery_notes import matching, reconcile, reviews, store
from app.outbox import accounting
from app.purchase_orders import store as po_store
from app.purchase_orders.forms import EditError, StaleEdit

HEADER_FIELDS = {
    "dn_number": "DN number",
    "dn_date": "Date",
    "supplier_name": "Supplier",
    "po_reference": "PO reference",
    "project_code": "Project code",
}
LIMITS = {"dn_number": 64, "supplier_name": 300, "po_reference": 64, "project_code": 64}


def _text(raw: str | None, limit: int) -> str:
    text = " ".join((raw or "").split())
    if len(text) > limit:
        raise EditError(f"That is too long: at most {limit} characters.")
    return text


def _dn(db: Database, dn_id: str) -> dict:
    dn = store.get_dn(db, dn_id)
    if dn is None:
        raise EditError("This delivery note no longer exists.")
    return dn


def _change(db: Database, dn_id: str, actor: str, now: datetime, apply: Callable) -> None:
    """Run `apply(dn)` (it returns [(field, old, new)]) and what follows, in one transaction."""
    with joined(db):
        dn = _dn(db, dn_id)
        changes = apply(dn)
        for field, old, new in changes:
            store.record_history(
                db, dn_id, "edited", now, actor=actor, field=field, old_value=old, new_value=new
            )
        if changes and store.clear_verified(db, dn_id):
            store.record_history(db, dn_id, "unverified", now, actor=actor, note="edited")
        po_id = store.get_dn(db, dn_id)["purchase_order_id"]
        if changes and po_id:
            reconcile.match_lines(db, dn_id, now, opening=False)
            reconcile.assess(db, po_id, now, opening=False)


def parse_header(column: str, raw: str | None) -> str | None:
    if column == "dn_date":
        raw = (raw or "").strip()
        if not raw:
            return None
        try:
            return numbers.parse_date(raw)
        except ValueError:
            raise EditError(f"“{raw[:40]}” is not a date; write it as 2026-08-19.") from None
    value = _text(raw, LIMITS[column])
    if column == "dn_number" and not matching.reference_key(value):
        raise EditError("A delivery note needs a number.")
    return value


def edit_header(
    db: Database, dn_id: str, column: str, raw: str | None, opened_with: str | None, actor, now
) -> None:
    """Save one header field; a new PO reference is looked up again."""
    if column not in HEADER_FIELDS:
        raise EditError("That field cannot be edited.")
    value = parse_header(column, raw)

    def apply(dn: dict) -> list:
        if (dn[column] or "") != (opened_with or ""):
            raise StaleEdit(
                f"Someone changed the {HEADER_FIELDS[column].lower()} since you opened it;"
                " it now shows their value. Edit it again if it still needs changing."
            )
        if dn[column] == value:
            return []
        updates = {column: value}
        if column == "dn_number":
            key = matching.reference_key(value)
            taken = store.same_number(db, key, dn["supplier_key"], dn["supplier_id"])
            if taken and taken["id"] != dn_id:
                raise EditError(f"This supplier's delivery note {value} is already recorded.")
            updates["number_key"] = key
        if column == "project_code" and (site := sites.match_site(db, value)):
            updates["site_id"] = site["id"]
        store.update_columns(db, dn_id, updates)
        if column == "po_reference" and dn["po_match"] != "person":
            found = reconcile.by_reference(db, value) if value else None
            if found:
                reconcile.attach(db, dn_id, found[0], found[1], 1.0, actor, now)
                settle_unknown(db, dn_id, actor, now)
        return [(HEADER_FIELDS[column], dn[column], value)]

    _change(db, dn_id, actor, now, apply)


def settle_unknown(db: Database, dn_id: str, actor, now: datetime) -> None:
    dn = store.get_dn(db, dn_id)
    reviews.settle(
        db, "dn.po_unknown", "delivery_note", dn_id, f"matched to PO {dn['po_number']}", actor, now
    )


def choose_po(db: Database, dn_id: str, po_number: str, actor: str, now: datetime) -> dict:
    """A person says which PO the DN was delivered against (by its number): that PO."""
    with joined(db):
        dn = _dn(db, dn_id)
        po = _po_by_number(db, po_number)
        if po is None:
            raise EditError(f"There is no PO numbered {po_number.strip()[:64]}.")
        reconcile.attach(db, dn_id, po["id"], "person", 1.0, actor, now)
        reconcile.remember_reference(db, dn["po_reference"], po, actor, now)
        settle_unknown(db, dn_id, actor, now)
        if store.clear_verified(db, dn_id):
            store.record_history(db, dn_id, "unverified", now, actor=actor, note="PO changed")
    return po


def _po_by_number(db: Database, po_number: str) -> dict | None:
    found = reconcile.by_reference(db, po_number)
    return po_store.get_po(db, found[0]) if found else None


def match_item(
    db: Database, dn_id: str, item_id: str, choice: str, actor: str, now: datetime
) -> None:
    """A person matches a delivered line: to a line of the DN's PO (its id), or `extra`."""
    with joined(db):
        dn = _dn(db, dn_id)
        item = store.dn_item(db, dn_id, item_id)
        if item is None:
            raise StaleEdit("That line is no longer on this delivery note; reload the page.")
        if not dn["purchase_order_id"]:
            raise EditError("Match the delivery note to its PO first.")
        if choice == "extra":
            store.set_item_match(db, item_id, None, "extra", 1.0)
            text = "on no PO line (extra)"
        else:
            lines = {line["id"]: line for line in reconcile.po_lines(db, dn["purchase_order_id"])}
            if not ids.is_valid(choice) or choice not in lines:
                raise EditError("Choose one of the PO's lines, or mark the line extra.")
            store.set_item_match(db, item_id, choice, "person", 1.0)
            line = lines[choice]
            text = f"PO line {line['line_no']} ({line['description'] or line['item_code']})"
        store.record_history(
            db,
            dn_id,
            "line_matched",
            now,
            actor=actor,
            field=f"line {item['line_no']}",
            new_value=text,
        )
        reviews.follow_line(db, dn, store.dn_item(db, dn_id, item_id), now, opening=False)
        reconcile.assess(db, dn["purchase_order_id"], now, opening=True)


def edit_item(db: Database, dn_id: str, item_id: str, values: dict, actor, now) -> None:
    """Save one delivered line (code, description, quantity, unit)."""
    new = {
        "item_code": _text(values.get("item_code"), 100),
        "description": _text(values.get("description"), 2000),
        "unit": _text(values.get("unit"), 40),
    }
    raw = (values.get("quantity") or "").strip()
    try:
        new["quantity"] = numbers.parse_quantity(raw)
    except ValueError:
        raise EditError(f"The quantity “{raw[:40]}” is not a number.") from None

    def apply(dn: dict) -> list:
        item = store.dn_item(db, dn_id, item_id)
        if item is None:
            raise StaleEdit("That line is no longer on this delivery note; reload the page.")
        changes = [
            (f"line {item['line_no']} {name.replace('_', ' ')}", item[name], new[name])
            for name in ("item_code", "description", "quantity", "unit")
            if item[name] != new[name]
        ]
        if changes:
            store.update_item(db, item_id, new)
        return changes

    _change(db, dn_id, actor, now, apply)


def verify(db: Database, dn_id: str, actor: str, now: datetime) -> None:
    with joined(db):
        _dn(db, dn_id)
        if store.mark_verified(db, dn_id, actor, now):
            store.record_history(db, dn_id, "verified", now, actor=actor)
            accounting.dn_verified(db, dn_id, actor, now)  # to the accounting system, once


def unverify(db: Database, dn_id: str, actor: str, now: datetime) -> None:
    with joined(db):
        _dn(db, dn_id)
        if store.clear_verified(db, dn_id):
            store.record_history(db, dn_id, "unverified", now, actor=actor)
