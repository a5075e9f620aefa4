"""A delivery note against its PO, in the database: find the PO, match the lines, keep the PO's
delivery up to date.

Runs inside the caller's transaction: the import, a person's decision, an
edit, or a PO imported after its delivery notes. `find_po` reads the PO
reference through the identity map (references a person confirmed) and by
number, or fits the lines against the supplier's open POs; `attach` matches
the lines and records how; `assess` works out what is delivered, short and
over on a PO, stores its status and keeps its review items in step. A line a
person matched (or marked extra) is never matched again by Intake.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal

from sqlite_utils import Database

from app import links
from app.db import one, rows
from app.delivery_notes import delivery, matching, reviews, store
from app.delivery_notes.matching import Line, Proposal
from app.purchase_orders import store as po_store

# The identity map's system for PO references as printed on delivery notes.
PO_REFERENCES = "po_references"
PURCHASE_ORDER = "purchase_order"
# How many of a supplier's open POs a DN without a PO number is fitted against (newest).
OPEN_POS = 200
# Matches a person made, which Intake leaves alone.
BY_HAND = ("person", "extra")


@dataclass(frozen=True)
class PoFound:
    """The PO a DN was delivered against (how, how sure), or the ones to propose."""

    po_id: str | None = None
    how: str | None = None
    score: float | None = None
    proposals: list[Proposal] = field(default_factory=list)


def po_lines(db: Database, po_id: str) -> list[dict]:
    return po_store.po_items(db, po_id)


def _as_lines(items: list[dict]) -> list[Line]:
    return [
        Line(
            item["id"], item["item_code"], item["description"], matching.quantity(item["quantity"])
        )
        for item in items
    ]


def by_reference(db: Database, reference: str) -> tuple[str, str] | None:
    """(PO id, how) for a printed reference: a link a person confirmed, else the number."""
    key = matching.reference_key(reference)
    if not key:
        return None
    link = links.active_link(db, PO_REFERENCES, key)
    if link is not None:
        return link["record_id"], "link"
    keys = matching.reference_keys(reference)
    found = rows(
        db,
        "SELECT id, number_key FROM purchase_orders WHERE number_key IN"
        f" ({', '.join(f':k{n}' for n in range(len(keys)))})",
        {f"k{n}": key for n, key in enumerate(keys)},
    )
    for key in keys:  # the most literal reading first
        for row in found:
            if row["number_key"] == key:
                return row["id"], "number"
    return None


def remember_reference(db: Database, reference: str, po: dict, actor, now: datetime) -> None:
    """A person said a printed reference means this PO: link it in the identity map, so the
    next DN with it matches by itself. The map holds one reference per PO: a PO that has one
    already keeps it (this DN is matched all the same)."""
    key = matching.reference_key(reference)
    if not key or key == po["number_key"]:
        return
    linked = one(
        db,
        "SELECT 1 AS yes FROM external_links WHERE system = :system AND state = 'active'"
        " AND record_type = :type AND record_id = :po",
        {"system": PO_REFERENCES, "type": PURCHASE_ORDER, "po": po["id"]},
    )
    if linked is None:
        links.link(
            db,
            system=PO_REFERENCES,
            key=key,
            value=reference,
            record_type=PURCHASE_ORDER,
            record_id=po["id"],
            how="person",
            now=now,
            actor=actor,
        )


def nearest(db: Database, reference: str) -> list[Proposal]:
    numbers = {
        row["number_key"]: (row["id"], row["purchase_order_number"])
        for row in rows(
            db,
            "SELECT id, purchase_order_number, number_key FROM purchase_orders"
            " WHERE number_key IS NOT NULL",
        )
    }
    return matching.nearest_numbers(reference, numbers)


def open_pos_of(db: Database, dn: dict) -> list[dict]:
    """The supplier's POs still waiting for deliveries (by its record, else its printed name);
    not one still waiting for its number (a DN matched to it could not say which PO it is)."""
    return rows(
        db,
        "SELECT id, purchase_order_number FROM purchase_orders"
        " WHERE delivery_status IN ('not_delivered', 'part_delivered')"
        "   AND purchase_order_number IS NOT NULL"
        "   AND (supplier_id = :supplier_id OR supplier_name = :name COLLATE NOCASE)"
        " ORDER BY created_at DESC LIMIT :limit",
        {"supplier_id": dn["supplier_id"], "name": dn["supplier_name"], "limit": OPEN_POS},
    )


def find_po(db: Database, dn: dict, items: list[dict]) -> PoFound:
    """The PO this DN was delivered against, or the nearest ones for a person to choose from."""
    if dn["po_reference"]:
        found = by_reference(db, dn["po_reference"])
        if found:
            return PoFound(found[0], found[1], 1.0)
        return PoFound(proposals=nearest(db, dn["po_reference"]))
    lines = _as_lines(items)
    candidates = [
        Proposal(
            po["id"],
            po["purchase_order_number"],
            fit=matching.fit(lines, _as_lines(po_lines(db, po["id"]))),
        )
        for po in open_pos_of(db, dn)
    ]
    choice = matching.choose(candidates)
    if choice.taken:
        return PoFound(choice.taken.po_id, "lines", choice.taken.fit)
    return PoFound(proposals=choice.proposals)


def attach(
    db: Database, dn_id: str, po_id: str, how: str, score: float | None, actor, now: datetime
) -> None:
    """The DN was delivered against this PO: record it, match its lines, bring the PO up to date."""
    dn = store.get_dn(db, dn_id)
    previous = dn["purchase_order_id"]
    store.set_po(db, dn_id, po_id, how, score)
    po = po_store.get_po(db, po_id)
    if previous != po_id:
        for item in store.dn_items(db, dn_id):
            store.set_item_match(db, item["id"], None, None, None)
        store.record_history(
            db,
            dn_id,
            "po_matched",
            now,
            actor=actor,
            field="PO",
            new_value=po["purchase_order_number"],
            note=_HOW[how],
        )
        po_store.record_history(
            db, po_id, "delivery", now, actor=actor, note=f"delivery note {dn['dn_number']}"
        )
    if not dn["site_id"] and po["site_id"]:
        store.update_columns(db, dn_id, {"site_id": po["site_id"]})
    match_lines(db, dn_id, now, opening=True)
    if previous and previous != po_id:
        assess(db, previous, now, opening=False)
    assess(db, po_id, now, opening=True)


_HOW = {
    "number": "by the PO number printed on it",
    "link": "by a reference confirmed before",
    "lines": "by its supplier and lines",
    "person": "chosen by a person",
}


def match_lines(db: Database, dn_id: str, now: datetime, opening: bool) -> None:
    """Match the DN's lines that no person matched to its PO's lines; unmatched ones wait."""
    dn = store.get_dn(db, dn_id)
    items = store.dn_items(db, dn_id)
    if not dn["purchase_order_id"]:
        return
    targets = po_lines(db, dn["purchase_order_id"])
    kept = {i["purchase_order_item_id"] for i in items if i["match_method"] in BY_HAND}
    free = [i for i in items if i["match_method"] not in BY_HAND]
    matches = matching.match_lines(
        _as_lines(free), _as_lines([t for t in targets if t["id"] not in kept])
    )
    for item, found in zip(free, matches, strict=True):
        if found.sure:
            store.set_item_match(db, item["id"], found.po_ref, found.method, found.score)
        else:
            store.set_item_match(db, item["id"], None, None, found.score or None)
    for item in store.dn_items(db, dn_id):
        reviews.follow_line(db, dn, item, now, opening)


def po_delivery(db: Database, po_id: str) -> tuple[list[dict], dict, bool]:
    """The PO's lines, each line's delivery (by PO line id), and whether it was closed short."""
    lines = po_lines(db, po_id)
    delivered: dict[str, Decimal] = {}
    for row in store.delivered_lines(db, po_id):
        amount = matching.quantity(row["quantity"]) or Decimal(0)
        delivered[row["po_item_id"]] = delivered.get(row["po_item_id"], Decimal(0)) + amount
    closed = store.closure(db, po_id) is not None
    found = {
        line["id"]: delivery.line_delivery(line, delivered.get(line["id"], Decimal(0)), closed)
        for line in lines
    }
    return lines, found, closed


def assess(db: Database, po_id: str, now: datetime, opening: bool) -> str:
    """Store the PO's delivery status and keep its short and over items in step: the status.

    `opening`: a delivery changed, so short and over open afresh; otherwise (an edit
    of the PO) open items are only refreshed or closed.
    """
    lines, found, closed = po_delivery(db, po_id)
    status = delivery.status(list(found.values()), closed)
    po_store.set_delivery_status(db, po_id, status)
    po = po_store.get_po(db, po_id)
    reviews.follow_po(db, po, lines, found, closed, now, opening)
    return status


def after_po_items_changed(db: Database, po_id: str, now: datetime) -> None:
    """A PO's lines were edited or replaced: its delivery notes' lines are matched again."""
    for dn in store.dns_of_po(db, po_id):
        match_lines(db, dn["id"], now, opening=False)
    assess(db, po_id, now, opening=False)


def supplier_of(db: Database, name: str) -> str | None:
    """The supplier record a printed name is already linked to, if any (nothing is proposed)."""
    key = links.normalise_name(name)
    if not key:
        return None
    link = links.active_link(db, links.SUPPLIER_NAMES, key)
    if link is not None:
        return link["record_id"]
    found = one(db, "SELECT id FROM suppliers WHERE name_key = :key", {"key": key})
    return found["id"] if found else None
