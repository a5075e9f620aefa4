"""Suppliers: the records behind the names printed on documents, and matching a name to one.

A supplier name on a PO is normalised (`links.normalise_name`) and looked up
through the identity map: an active link or an exact name links; a close
name is only proposed (a `supplier.proposed` review item lists every PO
waiting on that name) until a person confirms it, chooses another supplier
or creates one. This module owns the `suppliers` table.
"""

from __future__ import annotations

from datetime import datetime

from sqlite_utils import Database

from app import clock, review_items
from app.db import joined, one, rows
from app.ids import new_id
from app.links import (
    SUPPLIER,
    SUPPLIER_NAMES,
    LinkError,
    LinkResult,
    active_link,
    link,
    normalise_name,
    propose,
    similarity,
)


def get_supplier(db: Database, supplier_id: str) -> dict | None:
    return one(db, "SELECT * FROM suppliers WHERE id = :id", {"id": supplier_id})


def list_suppliers(db: Database) -> list[dict]:
    return rows(db, "SELECT * FROM suppliers ORDER BY name COLLATE NOCASE, id")


def closest_supplier(db: Database, key: str) -> tuple[dict | None, float]:
    """The supplier whose name is most like this key, and the score."""
    best, best_score = None, 0.0
    for supplier in rows(db, "SELECT * FROM suppliers ORDER BY created_at, id"):
        score = similarity(key, supplier["name_key"])
        if score > best_score:
            best, best_score = supplier, score
    return best, best_score


def create_supplier(db: Database, name: str, actor: str | None, now: datetime) -> dict:
    """A new supplier; LinkError when the name is empty or one by that name exists."""
    name = " ".join((name or "").split())[:300]
    key = normalise_name(name)
    if not key:
        raise LinkError("A supplier needs a name.")
    with joined(db):
        existing = one(db, "SELECT * FROM suppliers WHERE name_key = :k", {"k": key})
        if existing:
            raise LinkError(f"A supplier named {existing['name']} already exists.")
        supplier_id = new_id()
        db.conn.execute(
            "INSERT INTO suppliers (id, name, name_key, created_by, created_at)"
            " VALUES (:id, :name, :key, :by, :now)",
            {"id": supplier_id, "name": name, "key": key, "by": actor, "now": clock.iso(now)},
        )
        return get_supplier(db, supplier_id)


def match_supplier(
    db: Database, name: str, threshold: float, now: datetime, po: dict
) -> LinkResult:
    """Match a PO's supplier name through the map, inside the import's transaction.

    existing or linked: `record_id` is the supplier. proposed: a person decides
    (a close supplier, or a new one), and the `supplier.proposed` item lists
    every PO waiting on this name. conflict: see link().
    """
    key = normalise_name(name)
    if not key:
        return LinkResult("none")
    with joined(db):
        current = active_link(db, SUPPLIER_NAMES, key)
        if current is not None:
            return LinkResult("existing", current["id"], current["record_id"])
        exact = one(db, "SELECT * FROM suppliers WHERE name_key = :k", {"k": key})
        if exact is not None:
            return link(
                db,
                system=SUPPLIER_NAMES,
                key=key,
                value=name,
                record_type=SUPPLIER,
                record_id=exact["id"],
                how="exact_code",
                now=now,
                context={"pos": [po]},
            )
        candidate, score = closest_supplier(db, key)
        proposal = None
        if candidate is not None and score >= threshold:
            link_id = propose(
                db,
                system=SUPPLIER_NAMES,
                key=key,
                value=name,
                record_type=SUPPLIER,
                record_id=candidate["id"],
                score=score,
                now=now,
            )
            proposal = {
                "link_id": link_id,
                "supplier_id": candidate["id"],
                "supplier_name": candidate["name"],
                "score": score,
            }
        item = _propose_supplier(db, key, name, proposal, po, now)
        return LinkResult("proposed", proposal and proposal["link_id"], None, item["id"])


def _propose_supplier(
    db: Database, key: str, name: str, proposal: dict | None, po: dict, now: datetime
) -> dict:
    """Open or refresh the one supplier.proposed item for this name, adding the PO to it."""
    earlier = review_items.open_item_for(db, "supplier.proposed", "supplier_name", key)
    pos = [p for p in (earlier["evidence"]["pos"] if earlier else []) if p["id"] != po["id"]]
    pos.append(po)
    evidence = {"name": name, "key": key, "proposal": proposal, "pos": pos}
    # the queue ranks an item in one currency: the first waiting PO's (the card shows each)
    currency, money = money_waiting(pos)[0]
    return review_items.open_item(
        db, "supplier.proposed", "supplier_name", key, evidence, money, now, currency
    )


def money_waiting(pos: list[dict]) -> list[tuple[str, int]]:
    """What the POs waiting on a supplier name add up to: one sum per currency, in the order
    the currencies first appear. Amounts in different currencies are never added."""
    sums: dict[str, int] = {}
    for po in pos:
        currency = po.get("currency") or "ZAR"
        sums[currency] = sums.get(currency, 0) + (po.get("total_cents") or 0)
    return list(sums.items())
