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

from app import layouts, queue, review_items, sites
from app.db import joined
from app.delivery_notes import hooks as delivery_hooks
from app.outbox import accounting
from app.purchase_orders import intake, reviews, store, totals
from app.purchase_orders.forms import (
    HEADER_FIELDS,
    ITEM_FIELDS,
    EditError,
    InvalidEdit,
    NoNumberYet,
    NumberTaken,
    StaleEdit,
    item_summary,
    item_version,
    parse_changes,
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
        if before["purchase_order_number"] is None and after["purchase_order_number"]:
            delivery_hooks.on_po_imported(db, after, now)  # DNs that waited for its number
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
        return _set_header(db, po, column, value)

    return _change(db, po_id, actor, now, apply)


def edit_po(db: Database, po_id: str, body: object, actor: str | None, now: datetime) -> PoChange:
    """A change to any header fields and, optionally, the whole item list (the API's PATCH),
    in one transaction, each value parsed and recorded as the page's edits are.

    InvalidEdit lists every problem before anything is written; NumberTaken when
    the PO number is another PO's. The items given become the PO's items, in
    order: a line that is there already is updated in place (its history says
    what changed), the rest are added or removed.
    """
    edit = parse_changes(db, body)
    if edit.items is not None and len(edit.items) > intake.MAX_ITEMS:
        raise InvalidEdit([f"{intake.TOO_MANY_ITEMS}; this change has {len(edit.items)}."])

    def apply(po: dict) -> Changes:
        current = dict(po)
        changes: Changes = []
        for column, value in edit.header.items():
            changes += _set_header(db, current, column, value)
            current = store.get_po(db, po_id)
        if edit.items is not None:
            changes += _replace_items(db, po_id, edit.items)
        return changes

    return _change(db, po_id, actor, now, apply)


def _set_header(db: Database, po: dict, column: str, value: object) -> Changes:
    """Set one parsed header value: the PO number kept unique, a project code matched to a
    site the way the importer does it. Returns the history lines."""
    if po[column] == value:
        return []
    if column == "purchase_order_number":
        taken = store.get_po_id_by_number(db, value)
        if taken and taken != po["id"]:
            copy = (
                " If this one is a copy of it, remove this one."
                if po["purchase_order_number"] is None
                else ""
            )
            raise NumberTaken(f"Another purchase order already has the number {value}.{copy}")
    changes = [(HEADER_FIELDS[column], show(column, po[column]), show(column, value))]
    updates = {column: value}
    if column == "project_code":
        site = sites.match_site(db, value)
        if site and site["id"] != po["site_id"]:
            updates["site_id"] = site["id"]
            changes.append(("Site", _site_label(db, po["site_id"]), _site_label(db, site)))
    if column == "site_id":
        changes = [("Site", _site_label(db, po["site_id"]), _site_label(db, value))]
    store.update_columns(db, po["id"], updates)
    return changes


def _site_label(db: Database, site: dict | str | None) -> str | None:
    if isinstance(site, str):
        site = sites.get_site(db, site)
    return site["code"] if site else None


def _item(db: Database, po_id: str, item_id: str) -> dict:
    item = store.po_item(db, po_id, item_id)
    if item is None:
        raise StaleEdit("That item was removed from this purchase order; reload the page.")
    return item


def _update_item(db: Database, item: dict, new: dict) -> Changes:
    """An item's new values; each changed value is a history line of its own."""
    changes = [
        (f"item {item['line_no']} {label}", show(column, item[column]), show(column, new[column]))
        for column, label in ITEM_FIELDS.items()
        if item[column] != new[column]
    ]
    if changes:
        store.update_item(db, item["id"], new)
    return changes


def _add_item(db: Database, po_id: str, new: dict) -> Changes:
    if store.item_count(db, po_id) >= intake.MAX_ITEMS:
        raise EditError(f"{intake.TOO_MANY_ITEMS}; this one has them all already.")
    line_no = store.next_line_no(db, po_id)
    store.insert_items(db, po_id, [new | {"line_no": line_no}])
    return [(f"item {line_no}", None, item_summary(new))]


def _remove_item(db: Database, item: dict) -> Changes:
    store.delete_item(db, item["id"])
    return [(f"item {item['line_no']}", item_summary(item), None)]


def _replace_items(db: Database, po_id: str, new_items: list[dict]) -> Changes:
    """The PO's items become `new_items`, matched to the current ones by position."""
    current = store.po_items(db, po_id)
    changes: Changes = []
    for item, new in zip(current, new_items, strict=False):
        changes += _update_item(db, item, new)
    for item in current[len(new_items) :]:
        changes += _remove_item(db, item)
    for new in new_items[len(current) :]:
        changes += _add_item(db, po_id, new)
    return changes


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
        return _update_item(db, item, new)

    return _change(db, po_id, actor, now, apply)


def add_item(
    db: Database, po_id: str, values: dict[str, str], actor: str | None, now: datetime
) -> PoChange:
    """A line the document has and the import missed."""
    new = parse_item(values)
    return _change(db, po_id, actor, now, lambda po: _add_item(db, po_id, new))


def delete_item(
    db: Database, po_id: str, item_id: str, actor: str | None, now: datetime
) -> PoChange:
    """A line the import read that is not on the document."""
    return _change(db, po_id, actor, now, lambda po: _remove_item(db, _item(db, po_id, item_id)))


def verify_po(db: Database, po_id: str, actor: str, now: datetime, note: str = "") -> PoChange:
    """A person checked the PO against its document: record who and when."""

    def apply(po: dict) -> Changes:
        if not po["purchase_order_number"]:
            raise NoNumberYet(
                "This PO has no number yet: type it from the document, then verify the PO."
            )
        if store.mark_verified(db, po_id, actor, now):
            store.record_history(db, po_id, "verified", now, actor=actor, note=note)
            accounting.po_verified(db, po_id, actor, now)  # to the accounting system, once
            layouts.learn_from_po(db, po_id, actor, now)  # what was verified teaches its layout
        return []

    return _change(db, po_id, actor, now, apply, keeps_verification=True)


def remove_unnumbered(db: Database, po_id: str, actor: str, now: datetime) -> dict:
    """A PO imported without its number that is no PO of its own (another PO's copy, its
    number taken when typed, or not a purchase order at all) goes, with its items and
    history; what was open about it closes, and its batch is discarded (its document is
    kept as a discarded batch's is). Only while it has no number and is unverified: a PO
    with a number is the office's record. Returns the PO as it was."""
    with joined(db):
        po = store.get_po(db, po_id)
        if po is None:
            raise EditError("This purchase order no longer exists.")
        if po["purchase_order_number"] is not None:
            raise EditError("Only a purchase order still without its number can be removed.")
        note = "the PO, still without a number, was removed: another's copy, or no PO"
        for kind in review_items.kinds_open_for(db, "purchase_order", po_id):
            review_items.close_open(
                db,
                kind,
                "purchase_order",
                po_id,
                resolution="po_removed",
                actor=actor,
                now=now,
                note=note,
            )
        batches = store.batches_of(db, po_id)  # its own, and the same file's again
        store.delete_po(db, po_id)
        for batch_id in batches:
            queue.discard_processed(
                db, batch_id, now, actor, "its PO, without a number, was removed"
            )
    return po


def unverify_po(db: Database, po_id: str, actor: str, now: datetime) -> PoChange:
    """Take a verification back, to check the PO again."""

    def apply(po: dict) -> Changes:
        _unverify(db, po_id, actor, now)
        return []

    return _change(db, po_id, actor, now, apply, keeps_verification=True)
