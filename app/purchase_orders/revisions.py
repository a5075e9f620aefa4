"""A PO number that arrives again: the same PO, or a revision a person decides on.

A second document with a known PO number is compared with the stored PO
(`versions`): the very same file, or the same items and money, is the PO
imported again; anything else opens a `po.revision` review item and leaves
the PO as it is. Accepting the revision (`replace_with_revision`) keeps the
contents it replaces as a numbered version.
"""

from __future__ import annotations

from datetime import datetime

from sqlite_utils import Database

from app import intake, queue_reads
from app.delivery_notes import hooks as delivery_hooks
from app.purchase_orders import store, versions
from app.purchase_orders.forms import show
from app.queue import Claim


def arrived_again(
    db: Database, existing: dict, data, claim: Claim, payload: dict, now: datetime
) -> str:
    """Inside the import: the warning for a PO number seen before (`already_imported` or
    `revision`); a revision opens its review item and a history line."""
    if queue_reads.same_file(db, existing["batch_id"], claim.batch_id):
        return "already_imported"
    before = versions.version_of_po(existing, store.po_items(db, existing["id"]))
    after = versions.version_of_data(data)
    if not versions.is_revision(before, after):
        return "already_imported"
    evidence = {
        "po_number": data.po_number,
        "batch_id": claim.batch_id,
        "filename": claim.original_filename,
        "revision": after,
        "payload": payload,
        "changed": versions.changed_summary(before, after),
    }
    return intake.revision_received(
        db,
        store.record_history,
        claim,
        now,
        kind="po.revision",
        entity="purchase_order",
        record_id=existing["id"],
        evidence=evidence,
        money=versions.money_at_risk(before, after),
        currency=data.currency,
    )


def replace_with_revision(
    db: Database, po_id: str, revision: dict, batch: dict, actor: str, now: datetime
) -> int:
    """Make a revision the PO's contents; the version it replaces is kept. Returns its number.

    `revision` is a version (versions.version_of_data) and `batch` the batch
    its document came from: the PO points at that document from now on, and
    needs verifying again.
    """
    po = store.get_po(db, po_id)
    before = versions.version_of_po(po, store.po_items(db, po_id))
    version = store.save_version(db, po, before, batch["id"], actor, now)
    store.replace_contents(db, po_id, revision, batch)
    store.clear_verified(db, po_id)
    store.delete_items(db, po_id)
    store.insert_items(db, po_id, revision["items"])
    delivery_hooks.on_po_items_changed(db, po_id, now)
    for name, label in versions.FIELDS:
        if before[name] != revision[name]:
            store.record_history(
                db,
                po_id,
                "revised",
                now,
                actor=actor,
                field=label.lower(),
                old_value=show(name, before[name]),
                new_value=show(name, revision[name]),
            )
    store.record_history(
        db,
        po_id,
        "revision_accepted",
        now,
        actor=actor,
        note=f"replaced by batch {batch['id']}; the earlier contents are kept as version {version}"
        f" ({len(before['items'])} items, total {show('total_cents', before['total_cents'])})",
    )
    return version
