"""The review_items table: open an item, refresh it, close it, read the queue.

Whatever the importer or the identity map is unsure of becomes one row here
for a person to decide. At most one item is open per (kind, record): the same
finding again refreshes its evidence and counts another sighting (a partial
unique index holds this, not only the code). Closing is a conditional update,
so of two people deciding at once one wins and the other is told it is
closed. This module knows nothing of POs or batches: `decisions.py` holds what
each decision does.
"""

from __future__ import annotations

import json
from datetime import datetime

from sqlite_utils import Database

from app import clock, numbers
from app.db import joined, one, rows
from app.ids import new_id

KINDS = {
    "batch.dead": "Document could not be imported",
    "po.site_unmatched": "Project code matches no site",
    "po.revision": "PO arrived again with different contents",
    "po.totals_mismatch": "Totals do not add up",
    "low_confidence": "The reader was unsure of some fields",
    "supplier.proposed": "Supplier to confirm",
    "link.conflict": "Two links claim the same name or record",
    "dn.po_unknown": "Delivery note matches no PO",
    "dn.short": "PO delivered short",
    "dn.over": "PO delivered over",
    "dn.unmatched_line": "Delivered line on no PO line",
    "dn.revision": "Delivery note arrived again with different contents",
    "employee.proposed": "Person to confirm",
    "vehicle.proposed": "Vehicle to confirm",
    "fuel.outlier": "Fill larger than the vehicle plausibly takes",
    "write.failed": "A write to another system failed",
}
STATES = ("open", "resolved", "dismissed")
# resolved_by for an item that closed by itself because its question was settled elsewhere
INTAKE = "intake"


class AlreadyClosed(Exception):
    """Someone else decided this item first; `item` is it as they left it."""

    def __init__(self, item: dict):
        self.item = item
        who = item.get("resolved_by_name") or "someone"
        super().__init__(f"This item was already {item['state']} by {who} ({item['resolution']}).")


def open_item(
    db: Database,
    kind: str,
    entity: str,
    record_id: str,
    evidence: dict,
    money_at_risk_cents: int | None,
    now: datetime,
    currency: str | None = None,
) -> dict:
    """Open an item, or refresh the open one for the same (kind, record): {id, seen_count}.

    Money at risk is in one currency, the PO's (`currency`; none when nothing is at risk).
    """
    if kind not in KINDS:
        raise ValueError(f"unknown review kind {kind!r}")
    with joined(db):
        return one(
            db,
            "INSERT INTO review_items (id, kind, entity, record_id, evidence,"
            " money_at_risk_cents, money_currency, created_at, last_seen_at)"
            " VALUES (:id, :kind, :entity, :record, :evidence, :money, :currency, :now, :now)"
            " ON CONFLICT (kind, entity, record_id) WHERE state = 'open' DO UPDATE SET"
            "  evidence = excluded.evidence,"
            "  money_at_risk_cents = excluded.money_at_risk_cents,"
            "  money_currency = excluded.money_currency,"
            "  seen_count = review_items.seen_count + 1,"
            "  last_seen_at = excluded.last_seen_at"
            " RETURNING id, seen_count",
            {
                "id": new_id(),
                "kind": kind,
                "entity": entity,
                "record": record_id,
                "evidence": json.dumps(evidence, sort_keys=True),
                "money": abs(money_at_risk_cents or 0),
                "currency": (currency or "ZAR") if money_at_risk_cents else None,
                "now": clock.iso(now),
            },
        )


def close_item(
    db: Database,
    item_id: str,
    *,
    resolution: str,
    actor: str | None,
    now: datetime,
    note: str = "",
    state: str = "resolved",
) -> dict:
    """Close an open item; AlreadyClosed when it was closed first. Joins the caller's transaction.

    Call it first in a decision's transaction: if it raises, nothing else is written.
    """
    if state not in ("resolved", "dismissed"):
        raise ValueError(f"an item closes as resolved or dismissed, not {state!r}")
    with joined(db):
        closed = one(
            db,
            "UPDATE review_items SET state = :state, resolution = :resolution, note = :note,"
            " resolved_by = :actor, resolved_at = :now WHERE id = :id AND state = 'open'"
            " RETURNING *",
            {
                "id": item_id,
                "state": state,
                "resolution": resolution,
                "note": note[:2000],
                "actor": actor or INTAKE,
                "now": clock.iso(now),
            },
        )
    if closed is None:
        item = get_item(db, item_id)
        if item is None:
            raise LookupError(f"there is no review item {item_id}")
        raise AlreadyClosed(item)
    return _decoded(closed)


def close_open(
    db: Database,
    kind: str,
    entity: str,
    record_id: str,
    *,
    resolution: str,
    actor: str | None,
    now: datetime,
    note: str = "",
) -> dict | None:
    """Close the open item about this record, if there is one (its question was settled)."""
    with joined(db):
        found = open_item_for(db, kind, entity, record_id)
        if found is None:
            return None
        return close_item(db, found["id"], resolution=resolution, actor=actor, now=now, note=note)


_SELECT = (
    "SELECT r.*, u.name AS resolved_by_name, u.email AS resolved_by_email"
    " FROM review_items r LEFT JOIN users u ON u.id = r.resolved_by"
)


def _decoded(item: dict | None) -> dict | None:
    if item is not None:
        item["evidence"] = json.loads(item["evidence"])
        if item.get("resolved_by") == INTAKE:
            item["resolved_by_name"] = "Intake (automatically)"
        elif item.get("resolved_by") and not item.get("resolved_by_name"):
            item["resolved_by_name"] = item.get("resolved_by_email") or item["resolved_by"]
    return item


def get_item(db: Database, item_id: str) -> dict | None:
    return _decoded(one(db, f"{_SELECT} WHERE r.id = :id", {"id": item_id}))


def open_item_for(db: Database, kind: str, entity: str, record_id: str) -> dict | None:
    return _decoded(
        one(
            db,
            f"{_SELECT} WHERE r.kind = :kind AND r.entity = :entity AND r.record_id = :record"
            " AND r.state = 'open'",
            {"kind": kind, "entity": entity, "record": record_id},
        )
    )


def kinds_open_for(db: Database, entity: str, record_id: str) -> list[str]:
    """The kinds of the items still open about this record."""
    found = rows(
        db,
        "SELECT DISTINCT kind FROM review_items"
        " WHERE entity = :entity AND record_id = :record AND state = 'open' ORDER BY kind",
        {"entity": entity, "record": record_id},
    )
    return [row["kind"] for row in found]


def open_items(db: Database, kind: str) -> list[dict]:
    return [
        _decoded(item)
        for item in rows(
            db,
            f"{_SELECT} WHERE r.kind = :kind AND r.state = 'open' ORDER BY r.created_at, r.id",
            {"kind": kind},
        )
    ]


def list_items(
    db: Database, state: str = "open", kind: str | None = None, limit: int = 200
) -> list[dict]:
    """The queue: most money at risk first, then the oldest; closed items newest first.

    Amounts in different currencies are never compared: open items are ranked
    within their currency, and the queue takes the largest of every currency
    first, then the second largest of every currency, and so on (currencies of
    one rank in alphabetical order); items with nothing at risk follow, oldest first.
    """
    order = (
        "r.money_at_risk_cents = 0, currency_rank, r.money_currency, r.created_at, r.id"
        if state == "open"
        else "r.resolved_at DESC, r.id"
    )
    return [
        _decoded(item)
        for item in rows(
            db,
            "SELECT * FROM (SELECT r.*, u.name AS resolved_by_name,"
            " u.email AS resolved_by_email, row_number() OVER (PARTITION BY r.money_currency"
            "   ORDER BY r.money_at_risk_cents DESC, r.created_at, r.id) AS currency_rank"
            " FROM review_items r LEFT JOIN users u ON u.id = r.resolved_by"
            " WHERE r.state = :state AND (:kind IS NULL OR r.kind = :kind)) AS r"
            f" ORDER BY {order} LIMIT :limit",
            {"state": state, "kind": kind, "limit": limit},
        )
    ]


def open_counts(db: Database) -> dict[str, int]:
    found = rows(
        db, "SELECT kind, count(*) AS n FROM review_items WHERE state = 'open' GROUP BY kind"
    )
    return {row["kind"]: row["n"] for row in found}


def as_json(item: dict) -> dict:
    """The API's view of an item: money as decimal text, the record as {entity, id}."""
    return {
        "id": item["id"],
        "kind": item["kind"],
        "record": {"entity": item["entity"], "id": item["record_id"]},
        "evidence": item["evidence"],
        "money_at_risk": numbers.cents_to_text(item["money_at_risk_cents"]),
        "money_currency": item["money_currency"],
        "seen_count": item["seen_count"],
        "state": item["state"],
        "resolution": item["resolution"],
        "note": item["note"],
        "resolved_by": item["resolved_by"],
        "resolved_at": item["resolved_at"],
        "created_at": item["created_at"],
        "last_seen_at": item["last_seen_at"],
    }
