"""Closing an item with its history, and what settles items whose question was answered
elsewhere.

A site or supplier linked anywhere (a page, the CLI, the sweep) gives waiting
POs their match and closes the items about them; a PO whose contents were
replaced by a revision is checked again as on import. (A PO's own edits
settle its items through `app/purchase_orders/reviews.py`.) Each joins the
caller's transaction when there is one.
"""

from __future__ import annotations

from datetime import datetime

from sqlite_utils import Database

from app import links, review_items, sites, suppliers
from app.config import Settings
from app.db import joined
from app.purchase_orders import matching, reviews, store


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
    reviews.record_resolution(db, item, text, actor, now)


def check_po_again(
    db: Database, po_id: str, settings: Settings, actor: str | None, now: datetime
) -> None:
    """After a PO's contents changed wholesale: its totals, site and supplier, as on import."""
    reviews.on_po_totals_changed(db, po_id, now, actor)
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
                po["currency"],
            )
    if not po["supplier_id"]:
        waiting = {"id": po_id, "number": po["purchase_order_number"]}
        found = suppliers.match_supplier(
            db,
            po["supplier_name"],
            settings.supplier_match_threshold,
            now,
            waiting | {"total_cents": po["total_cents"], "currency": po["currency"]},
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
