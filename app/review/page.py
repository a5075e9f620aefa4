"""What the review queue page shows: each item's card, its record, and the pickers.

Read-only. A card carries the decisions this person may make (the others are
shown as an administrator's), the PO or batch it is about, and for a
revision both versions side by side.
"""

from __future__ import annotations

from sqlite_utils import Database

from app import batch_actions, queue_reads, review_items, sites, suppliers
from app.delivery_notes import reconcile
from app.delivery_notes import revisions as dn_revisions
from app.delivery_notes import store as dn_store
from app.imports import people
from app.purchase_orders import record, store, versions
from app.review.decisions import ACTIONS, may
from app.review_items import KINDS


def item_view(db: Database, item: dict, user: dict) -> dict:
    """An item with what its card shows: the record, and each decision this person may make."""
    view = {
        "item": item,
        "label": KINDS[item["kind"]],
        "actions": [a for a in ACTIONS[item["kind"]] if may(user, item["kind"], a)],
        "admin_only": [a for a in ACTIONS[item["kind"]] if not may(user, item["kind"], a)],
    }
    if item["entity"] == "batch":
        view["batch"] = queue_reads.get_batch(db, item["record_id"])
        if item["kind"] == "batch.dead" and not batch_actions.may_act(user, view["batch"]):
            view["not_yours"] = True
            view["actions"] = [a for a in view["actions"] if a != "retry"]
    elif item["entity"] == "purchase_order":
        view["po"] = store.get_po(db, item["record_id"])
        view["items_doubt"] = record.items_doubt(view["po"]) if view["po"] else None
    if item["kind"] == "po.revision" and view.get("po"):
        current = versions.version_of_po(view["po"], store.po_items(db, item["record_id"]))
        view["comparison"] = versions.comparison(current, item["evidence"]["revision"])
        view["versions"] = store.po_versions(db, item["record_id"])
    if item["kind"].startswith("dn."):
        view |= _delivery_view(db, item)
    if item["kind"] == "supplier.proposed":
        current = {po["id"]: store.get_po(db, po["id"]) for po in item["evidence"]["pos"]}
        view["waiting"] = [  # each with its number as it is now (one may have been typed)
            po | {"number": current[po["id"]]["purchase_order_number"]}
            for po in item["evidence"]["pos"]
            if current[po["id"]] is not None
        ]
        view["at_risk"] = suppliers.money_waiting(view["waiting"])
    return view


def _delivery_view(db: Database, item: dict) -> dict:
    """A delivery item's DN (and, for a line, the PO lines to choose from; for a revision,
    both versions side by side)."""
    dn_id = item["evidence"].get("dn_id") or (
        item["record_id"] if item["entity"] == "delivery_note" else None
    )
    dn = dn_store.get_dn(db, dn_id) if dn_id else None
    view: dict = {"dn": dn}
    if item["kind"] == "dn.unmatched_line" and dn and dn["purchase_order_id"]:
        view["po_lines"] = reconcile.po_lines(db, dn["purchase_order_id"])
    if item["kind"] == "dn.revision" and dn:
        current = dn_revisions.version_of_dn(dn, dn_store.dn_items(db, dn["id"]))
        view["dn_comparison"] = dn_revisions.comparison(current, item["evidence"]["revision"])
    return view


def choices(db: Database) -> dict:
    """What the cards' pickers offer: the active sites, every supplier, person and vehicle."""
    return {
        "sites": [site for site in sites.list_sites(db) if site["active"]],
        "suppliers": suppliers.list_suppliers(db),
        "employees": people.records(db, people.EMPLOYEES),
        "vehicles": people.records(db, people.VEHICLES),
    }


def queue_view(db: Database, user: dict, state: str, kind: str | None) -> dict:
    return {
        "views": [item_view(db, item, user) for item in review_items.list_items(db, state, kind)],
        "counts": review_items.open_counts(db),
    } | choices(db)


def item_document(db: Database, item: dict) -> dict | None:
    """The batch whose document an item shows: the dead one, or the revised one."""
    if item["kind"] == "batch.dead":
        return queue_reads.get_batch(db, item["record_id"])
    if item["kind"] in ("po.revision", "dn.revision"):
        return queue_reads.get_batch(db, item["evidence"]["batch_id"])
    if item["entity"] in ("delivery_note", "delivery_note_item"):
        dn = dn_store.get_dn(db, item["evidence"].get("dn_id") or item["record_id"])
        return queue_reads.get_batch(db, dn["batch_id"]) if dn and dn["batch_id"] else None
    return None
