"""What other pages call when they settle a review question elsewhere, and closing an item.

A PO verified on its page settles its totals and low-confidence items; its
totals changing opens or closes its totals item; a site or supplier linked
anywhere (a page, the CLI, the sweep) gives waiting POs their match and
closes the items about them. Each joins the caller's transaction when there
is one, so a change and what follows from it land together.
"""

from __future__ import annotations

from datetime import datetime

from sqlite_utils import Database

from app import links, sites, suppliers
from app.config import Settings
from app.db import joined
from app.purchase_orders import matching, store, totals
from app.review import items as review_items
from app.review.items import KINDS


def close(
    db: Database,
    item: dict,
    resolution: str,
    text: str,
    actor: str | None,
    now: datetime,
    state: str = "resolved",
) -> None:
    """Close the item with what was decided, and write that to the history it concerns."""
    review_items.close_item(
        db, item["id"], resolution=resolution, actor=actor, now=now, note=text, state=state
    )
    _history(db, item, text, actor, now)


def _history(db: Database, item: dict, text: str, actor: str | None, now: datetime) -> None:
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
        _history(db, item, f"settled: {said}", actor, now)
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
        matching.settle_unmatched_site(db, po_id, actor, now, "a site was set on the PO page")


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
        )
        return False


def check_po_again(
    db: Database, po_id: str, settings: Settings, actor: str | None, now: datetime
) -> None:
    """After a PO's contents changed wholesale: its totals, site and supplier, as on import."""
    on_po_totals_changed(db, po_id, now, actor)
    po = store.get_po(db, po_id)
    about = {"po_number": po["purchase_order_number"]}
    if not po["site_id"]:
        site = sites.match_site(db, po["project_code"])
        if site:
            matching.set_site(db, po_id, site, actor, now, "matched after a revision")
        else:
            review_items.open_item(
                db,
                "po.site_unmatched",
                "purchase_order",
                po_id,
                about | {"project_code": po["project_code"]},
                po["total_cents"],
                now,
            )
    if not po["supplier_id"]:
        waiting = {"id": po_id, "number": po["purchase_order_number"]}
        found = suppliers.match_supplier(
            db,
            po["supplier_name"],
            settings.supplier_match_threshold,
            now,
            waiting | {"total_cents": po["total_cents"]},
        )
        if found.record_id:
            supplier = suppliers.get_supplier(db, found.record_id)
            matching.set_supplier(db, po_id, supplier, actor, now, "matched after a revision")


def resolve_site_matches(db: Database, now: datetime, actor: str | None = None) -> int:
    """Close every po.site_unmatched item whose PO now matches a site, or has one.

    For the sites pages to call after adding a site or an alias; the sweep calls
    it too, so an item settled anywhere else (`intake sites add`) closes within
    a minute. Returns how many closed.
    """
    closed = 0
    with joined(db):
        for item in review_items.open_items(db, "po.site_unmatched"):
            po = store.get_po(db, item["record_id"])
            if po is None:
                continue
            if po["site_id"]:
                text = f"the PO was given site {po['site_code']} elsewhere"
            else:
                site = sites.match_site(db, po["project_code"])
                if site is None:
                    continue
                text = f"{po['project_code']} now matches site {site['code']}"
                matching.set_site(db, po["id"], site, actor, now, text)
            close(db, item, "site_matched", text, actor, now)
            closed += 1
    return closed


def resolve_supplier_matches(db: Database, now: datetime) -> int:
    """Close supplier.proposed items whose name was linked meanwhile (the sweep calls this)."""
    closed = 0
    with joined(db):
        for item in review_items.open_items(db, "supplier.proposed"):
            current = links.active_link(db, links.SUPPLIER_NAMES, item["evidence"]["key"])
            if current is None:
                continue
            supplier = suppliers.get_supplier(db, current["record_id"])
            text = f"{item['evidence']['name']} was linked to supplier {supplier['name']}"
            matching.give_supplier_to_name(db, item["evidence"]["key"], supplier, None, now, text)
            close(db, item, "linked_elsewhere", text, None, now)
            closed += 1
    return closed
