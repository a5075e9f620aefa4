"""A DN number that arrives again from one supplier: the same DN, or a revision to decide.

Compared the way a PO that arrives again is (the side-by-side comparison is
`app/purchase_orders/versions.py`'s, given the DN's fields): the very same
file, or the same lines and PO reference, is the DN imported again; anything
else opens a `dn.revision` item and leaves the DN as it is. Accepting the
revision keeps the contents it replaces in the DN's history.
"""

from __future__ import annotations

import json
from datetime import datetime

from sqlite_utils import Database

from app import intake, queue, queue_reads
from app.delivery_notes import matching, reconcile, store
from app.purchase_orders import versions

FIELDS = [
    ("dn_date", "Date"),
    ("po_reference", "PO reference"),
    ("project_code", "Project code"),
]
ITEM_FIELDS = [
    ("item_code", "Code"),
    ("description", "Description"),
    ("quantity", "Qty"),
    ("unit", "Unit"),
]


def version_of_dn(dn: dict, items: list[dict]) -> dict:
    return {name: dn[name] for name, _ in FIELDS} | {
        "items": [versions.item_values(item, ITEM_FIELDS) for item in items]
    }


def version_of_data(data) -> dict:
    """A validated payload (intake.DeliveryNoteData) as a version."""
    return {name: getattr(data, name) for name, _ in FIELDS} | {
        "items": [versions.item_values(item, ITEM_FIELDS) for item in data.items]
    }


def is_revision(before: dict, after: dict) -> bool:
    """Other lines or another PO: a person must choose which stands (a date read
    differently is the same DN)."""
    same_po = matching.reference_key(before["po_reference"]) == matching.reference_key(
        after["po_reference"]
    )
    return not same_po or before["items"] != after["items"]


def comparison(before: dict, after: dict) -> dict:
    return versions.comparison(before, after, FIELDS, ITEM_FIELDS)


def arrived_again(
    db: Database, existing: dict, data, claim: queue.Claim, payload: dict, now: datetime
) -> str:
    """Inside the import: `already_imported`, or `revision` with its review item opened."""
    if existing["batch_id"] and queue_reads.same_file(db, existing["batch_id"], claim.batch_id):
        return "already_imported"
    before = version_of_dn(existing, store.dn_items(db, existing["id"]))
    after = version_of_data(data)
    if not is_revision(before, after):
        return "already_imported"
    changed = versions.changed_summary(before, after, FIELDS, ITEM_FIELDS)
    evidence = {
        "dn_number": data.dn_number,
        "supplier_name": data.supplier_name,
        "batch_id": claim.batch_id,
        "filename": claim.original_filename,
        "revision": after,
        "changed": changed,
    }
    return intake.revision_received(
        db,
        store.record_history,
        claim,
        now,
        kind="dn.revision",
        entity="delivery_note",
        record_id=existing["id"],
        evidence=evidence,
    )


def replace_with_revision(
    db: Database, dn_id: str, revision: dict, batch: dict, actor: str, now: datetime
) -> None:
    """The revision becomes the DN (its lines matched again); the contents it replaces are
    kept in the DN's history."""
    dn = store.get_dn(db, dn_id)
    before = version_of_dn(dn, store.dn_items(db, dn_id))
    store.replace_contents(db, dn_id, revision, batch)
    store.clear_verified(db, dn_id)
    store.delete_items(db, dn_id)
    store.insert_items(db, dn_id, revision["items"])
    store.record_history(
        db,
        dn_id,
        "revision_accepted",
        now,
        actor=actor,
        old_value=json.dumps(before, ensure_ascii=False),
        note=f"replaced by batch {batch['id']}",
    )
    if revision["po_reference"] != dn["po_reference"] or not dn["purchase_order_id"]:
        found = reconcile.find_po(db, store.get_dn(db, dn_id), store.dn_items(db, dn_id))
        if found.po_id:
            reconcile.attach(db, dn_id, found.po_id, found.how, found.score, actor, now)
            return
    reconcile.match_lines(db, dn_id, now, opening=True)
    if dn["purchase_order_id"]:
        reconcile.assess(db, dn["purchase_order_id"], now, opening=True)
