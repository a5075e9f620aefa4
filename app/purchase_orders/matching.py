"""Giving purchase orders their site and supplier, with a history line for each.

A PO's project code matches a site (its code or a confirmed alias); its
supplier name is linked to a supplier record through the identity map. Both
may come later than the PO: a site or alias added afterwards, a supplier a
person confirms in the review queue. Everything here runs in the caller's
transaction (or its own) and sets a site or supplier only where there is none.
"""

from __future__ import annotations

from datetime import datetime

from sqlite_utils import Database

from app import links, sites
from app.db import joined
from app.purchase_orders import reviews, store


def set_site(
    db: Database, po_id: str, site: dict, actor: str | None, now: datetime, note: str
) -> bool:
    """Give a PO that has no site this one; False when it has one already."""
    return _set_once(db, po_id, "site", site["id"], site["code"], actor, now, note)


def set_supplier(
    db: Database, po_id: str, supplier: dict, actor: str | None, now: datetime, note: str
) -> bool:
    """Give a PO that has no supplier record this one; False when it has one already."""
    return _set_once(db, po_id, "supplier", supplier["id"], supplier["name"], actor, now, note)


def _set_once(db, po_id, field, record_id, shown, actor, now, note) -> bool:
    """Set the PO's site or supplier (`field`) while it has none, and say so in its history."""
    if not store.set_if_empty(db, po_id, f"{field}_id", record_id):
        return False
    store.record_history(
        db, po_id, f"{field}_set", now, actor=actor, field=field, new_value=shown, note=note
    )
    return True


def give_sites_to_waiting(db: Database, actor: str | None, now: datetime) -> list[str]:
    """Give a site to every PO without one whose project code now matches a site or alias.

    Run after a site or an alias is added, so POs imported before it match too.
    Returns the ids of the POs that now have a site; their open "project code
    matches no site" items close.
    """
    matched = []
    with joined(db):
        for code in store.unmatched_project_codes(db):
            site = sites.match_site(db, code)
            if site is None:
                continue
            for po_id in store.give_site_to_code(db, code, site["id"]):
                store.record_history(
                    db,
                    po_id,
                    "edited",
                    now,
                    actor=actor,
                    field="Site",
                    old_value=None,
                    new_value=site["code"],
                    note=f"project code {code} now matches site {site['code']}",
                )
                reviews.settle_unmatched_site(
                    db, po_id, actor, now, f"{code} now matches site {site['code']}"
                )
                matched.append(po_id)
    return matched


def waiting_for_name(db: Database, key: str) -> list[dict]:
    """POs with no supplier yet whose supplier name normalises to this key."""
    waiting = store.without_supplier(db)
    return [po for po in waiting if links.normalise_name(po["supplier_name"]) == key]


def give_supplier_to_name(
    db: Database, key: str, supplier: dict, actor: str | None, now: datetime, note: str
) -> int:
    """Every PO waiting on this supplier name gets the supplier: how many did."""
    return sum(
        set_supplier(db, po["id"], supplier, actor, now, note) for po in waiting_for_name(db, key)
    )
