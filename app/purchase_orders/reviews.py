"""The review items a purchase order opens and settles as it changes.

An import opens an item for each thing a person must check (no site, totals
that disagree, fields the reader was unsure of); a person verifying the PO,
fixing its totals or giving it a site settles them. Every settlement is
written to the PO's history too. All of it runs in the caller's transaction,
so a change and what follows from it land together.
"""

from __future__ import annotations

from datetime import datetime

from sqlite_utils import Database

from app import review_items
from app.db import joined
from app.purchase_orders import store, totals
from app.review_items import KINDS


def open_import_reviews(db: Database, po_id: str, data, warnings: list[str], now: datetime) -> None:
    """Inside the import: a review item for each thing a person must check on the new PO
    (`data` is the validated payload, intake.PurchaseOrderData)."""
    about = {"po_number": data.po_number}
    if "site_unmatched" in warnings:
        review_items.open_item(
            db,
            "po.site_unmatched",
            "purchase_order",
            po_id,
            about | {"project_code": data.project_code},
            data.total_cents,
            now,
            data.currency,
        )
    if "totals_mismatch" in warnings:
        check = data.totals()
        review_items.open_item(
            db,
            "po.totals_mismatch",
            "purchase_order",
            po_id,
            about | check.evidence(),
            check.discrepancy(),
            now,
            data.currency,
        )
    unsure = [w.partition(":")[2] for w in warnings if w.startswith("low_confidence:")]
    if unsure:
        review_items.open_item(
            db,
            "low_confidence",
            "purchase_order",
            po_id,
            about | {"fields": unsure},
            data.total_cents,
            now,
            data.currency,
        )


def settle_unmatched_site(
    db: Database, po_id: str, actor: str | None, now: datetime, note: str
) -> None:
    """The PO has a site now: its "project code matches no site" item closes."""
    review_items.close_open(
        db,
        "po.site_unmatched",
        "purchase_order",
        po_id,
        resolution="site_matched",
        actor=actor,
        now=now,
        note=note,
    )


def record_resolution(
    db: Database, item: dict, text: str, actor: str | None, now: datetime
) -> None:
    """A resolution in the history of the PO it is about, or of the POs waiting on it.

    (A dead batch's decisions are events on its timeline, written by the queue.)
    """
    line = f"{KINDS[item['kind']]}: {text}"
    if item["entity"] == "purchase_order":
        pos = [item["record_id"]]
    else:
        evidence = item["evidence"]
        pos = [po["id"] for po in evidence.get("pos") or evidence.get("context", {}).get("pos", [])]
    for po_id in pos:
        if store.get_po(db, po_id):
            store.record_history(db, po_id, f"review:{item['kind']}", now, actor=actor, note=line)


def _settle(db, kind: str, po_id: str, resolution: str, why: tuple[str, str], actor, now) -> bool:
    """Close the PO's open item of this kind, if any, with `why` (the item's note, the
    history's words)."""
    note, said = why
    item = review_items.close_open(
        db, kind, "purchase_order", po_id, resolution=resolution, actor=actor, now=now, note=note
    )
    if item:
        record_resolution(db, item, f"settled: {said}", actor, now)
    return item is not None


def after_po_change(
    db: Database,
    po_id: str,
    before: dict,
    after: dict,
    totals_changed: bool,
    actor: str | None,
    now: datetime,
) -> None:
    """Inside a PO edit's transaction: the review queue follows the PO.

    Verifying it, or totals that now agree, settle its items; totals that stop
    agreeing open one; a site set by hand settles the unmatched-site item.
    """
    if after["is_verified"] and not before["is_verified"]:
        on_po_verified(db, po_id, actor, now)
    if totals_changed:
        on_po_totals_changed(db, po_id, now, actor)
    if after["site_id"] and not before["site_id"]:
        settle_unmatched_site(db, po_id, actor, now, "a site was set on the PO page")


def on_po_verified(db: Database, po_id: str, actor: str, now: datetime) -> int:
    """A person verified the PO: its totals and low-confidence items are settled.

    Returns how many closed.
    """
    why = ("the PO was checked and marked verified", "the PO was marked verified")
    with joined(db):
        return sum(
            _settle(db, kind, po_id, "verified", why, actor, now)
            for kind in ("po.totals_mismatch", "low_confidence")
        )


def on_po_totals_changed(db: Database, po_id: str, now: datetime, actor: str | None = None) -> bool:
    """A PO's items or totals changed: close its totals item when they agree, else open one.

    Returns whether they agree now.
    """
    with joined(db):
        po = store.get_po(db, po_id)
        check = totals.check_po(po, store.po_items(db, po_id))
        if check.agree:
            why = ("the items and totals add up now",) * 2
            _settle(db, "po.totals_mismatch", po_id, "totals_agree", why, actor, now)
            return True
        review_items.open_item(
            db,
            "po.totals_mismatch",
            "purchase_order",
            po_id,
            {"po_number": po["purchase_order_number"]} | check.evidence(),
            check.discrepancy(),
            now,
            po["currency"],
        )
        return False
