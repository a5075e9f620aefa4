"""What the rest of Intake calls when something a delivery note waits on changes.

A PO imported after its delivery notes takes them at once (a DN may arrive
first); the sweep tries every waiting DN again (a link or a PO number changed
anywhere else); a PO whose lines were edited or replaced has its DNs' lines
matched again. Each joins the caller's transaction when there is one.
"""

from __future__ import annotations

from datetime import datetime

from sqlite_utils import Database

from app import review_items
from app.db import joined
from app.delivery_notes import matching, reconcile, reviews, store


def _take(db: Database, dn: dict, po_id: str, how: str, score, actor, now: datetime) -> None:
    reconcile.attach(db, dn["id"], po_id, how, score, actor, now)
    po = store.get_dn(db, dn["id"])["po_number"]
    reviews.settle(db, "dn.po_unknown", "delivery_note", dn["id"], f"PO {po} was found", actor, now)


def on_po_imported(db: Database, po: dict, now: datetime) -> int:
    """Inside a PO's import: the DNs that were waiting for it by its number take it."""
    taken = 0
    with joined(db):
        for dn in store.waiting_for_po(db):
            if po["number_key"] in matching.reference_keys(dn["po_reference"]):
                _take(db, dn, po["id"], "number", 1.0, None, now)
                taken += 1
    return taken


def resolve_waiting_notes(db: Database, now: datetime) -> int:
    """The sweep: every DN still waiting for its PO with an open item tries again."""
    settled = 0
    with joined(db):
        for item in review_items.open_items(db, "dn.po_unknown"):
            dn = store.get_dn(db, item["record_id"])
            if dn is None or dn["purchase_order_id"]:
                continue
            if dn["po_reference"]:  # by reference only: the nearest numbers were proposed
                found = reconcile.by_reference(db, dn["po_reference"])
                if found:
                    _take(db, dn, found[0], found[1], 1.0, None, now)
                    settled += 1
                continue
            fitted = reconcile.find_po(db, dn, store.dn_items(db, dn["id"]))
            if fitted.po_id:
                _take(db, dn, fitted.po_id, fitted.how, fitted.score, None, now)
                settled += 1
    return settled


def on_po_items_changed(db: Database, po_id: str, now: datetime) -> None:
    """A PO's lines were edited or replaced: its DNs' lines are matched to them again."""
    with joined(db):
        reconcile.after_po_items_changed(db, po_id, now)
