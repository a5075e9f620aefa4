"""A person checking a purchase order: editing its fields and items, verifying it.

Every change writes a history line (field, old value, new value, who) in the
same transaction as the change itself, and goes through `_change()`, which
returns a `PoChange` saying what changed, whether the PO's items and totals
agreed before and agree now, and whether it was verified before and is now.
The review queue follows from that one place (`reviews.after_po_change`).

A form carries the value it was opened with; when the stored value has moved
on since (someone else saved first), the save is refused with `StaleEdit`
rather than silently overwriting their work.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from sqlite_utils import Database

from app import sites
from app.db import joined
from app.delivery_notes import hooks as delivery_hooks
from app.outbox import accounting
from app.purchase_orders import intake, reviews, store, totals
from app.purchase_orders.forms import (
    HEADER_FIELDS,
    ITEM_FIELDS,
    EditError,
    StaleEdit,
    item_summary,
    item_version,
    parse_header,
    parse_item,
    show,
)

Changes = list[tuple[str, str | None, str | None]]  # (field, old, new)


@dataclass(frozen=True)
class PoChange:
    """What one save did to a PO: the hook point for whatever follows from it."""

    po_id: str
    changes: tuple[tuple[str, str | None, str | None], ...]
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


def _state(db: Database, po_id: str) -> tuple[dict, totals.TotalsCheck]:
    po = store.get_po(db, po_id)
    if po is None:
        raise EditError("This purchase order no longer exists.")
    return po, totals.check_po(po, store.po_items(db, po_id))


def _unverify(db: Database, po_id: str, actor: str | None, now: datetime, note: str = "") -> None:
    if store.clear_verified(db, po_id):
        store.record_history(db, po_id, "unverified", now, actor=actor, note=note)


def _change(
    db: Database,
    po_id: str,
    actor: str | None,
    now: datetime,
    apply: Callable[[dict], Changes],
    keeps_verification: bool = False,
) -> PoChange:
    """Run `apply(po)` in one transaction (the caller's, if any), write its history, and say
    what it did.

    An edit to a verified PO clears the verification: what was checked is no
    longer what is stored, so it needs checking again.
    """
    with joined(db):
        before, totals_before = _state(db, po_id)
        changes = apply(before)
        for field, old, new in changes:
            store.record_history(
                db, po_id, "edited", now, actor=actor, field=field, old_value=old, new_value=new
            )
        if changes and not keeps_verification:
            _unverify(db, po_id, actor, now, note="edited after it was verified")
        if changes:  # quantities and prices are what deliveries are measured against
            delivery_hooks.on_po_items_changed(db, po_id, now)
        after, totals_after = _state(db, po_id)
        reviews.after_po_change(db, po_id, before, after, totals_before != totals_after, actor, now)
    return PoChange(
        po_id=po_id,
        changes=tuple(changes),
        totals_agreed_before=totals_before.agree,
        totals_agree_now=totals_after.agree,
        verified_before=bool(before["is_verified"]),
        verified_now=bool(after["is_verified"]),
    )


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

    def apply(po: dict) -> Changes:
        if (show(column, po[column]) or "") != (opened_with or ""):
            raise StaleEdit(
                f"Someone changed the {HEADER_FIELDS[column].lower()} since you opened it;"
                " it now shows their value. Edit it again if it still needs changing."
            )
        if po[column] == value:
            return []
        if column == "purchase_order_number":
            taken = store.get_po_id_by_number(db, value)
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
        store.update_columns(db, po_id, updates)
        return changes

    return _change(db, po_id, actor, now, apply)


def _site_label(db: Database, site: dict | str | None) -> str | None:
    if isinstance(site, str):
        site = sites.get_site(db, site)
    return site["code"] if site else None


def _item(db: Database, po_id: str, item_id: str) -> dict:
    item = store.po_item(db, po_id, item_id)
    if item is None:
        raise StaleEdit("That item was removed from this purchase order; reload the page.")
    return item


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

    def apply(po: dict) -> Changes:
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
            store.update_item(db, item_id, new)
        return changes

    return _change(db, po_id, actor, now, apply)


def add_item(
    db: Database, po_id: str, values: dict[str, str], actor: str | None, now: datetime
) -> PoChange:
    """A line the document has and the import missed."""
    new = parse_item(values)

    def apply(po: dict) -> Changes:
        if store.item_count(db, po_id) >= intake.MAX_ITEMS:
            raise EditError(f"{intake.TOO_MANY_ITEMS}; this one has them all already.")
        line_no = store.next_line_no(db, po_id)
        store.insert_items(db, po_id, [new | {"line_no": line_no}])
        return [(f"item {line_no}", None, item_summary(new))]

    return _change(db, po_id, actor, now, apply)


def delete_item(
    db: Database, po_id: str, item_id: str, actor: str | None, now: datetime
) -> PoChange:
    """A line the import read that is not on the document."""

    def apply(po: dict) -> Changes:
        item = _item(db, po_id, item_id)
        store.delete_item(db, item_id)
        return [(f"item {item['line_no']}", item_summary(item), None)]

    return _change(db, po_id, actor, now, apply)


def verify_po(db: Database, po_id: str, actor: str, now: datetime, note: str = "") -> PoChange:
    """A person checked the PO against its document: record who and when."""

    def apply(po: dict) -> Changes:
        if store.mark_verified(db, po_id, actor, now):
            store.record_history(db, po_id, "verified", now, actor=actor, note=note)
            accounting.po_verified(db, po_id, actor, now)  # to the accounting system, once
        return []

    return _change(db, po_id, actor, now, apply, keeps_verification=True)


def unverify_po(db: Database, po_id: str, actor: str, now: datetime) -> PoChange:
    """Take a verification back, to check the PO again."""

    def apply(po: dict) -> Changes:
        _unverify(db, po_id, actor, now)
        return []

    return _change(db, po_id, actor, now, apply, keeps_verification=True)
