"""The identity map: which record of ours a name or code seen elsewhere is, and how we know.

A link says: this key, seen in this system (the names suppliers print on
their documents; later an accounting system's codes), is this record of ours;
how we know (`exact_code`, `alias`, `person`, `created_by_intake`, `name`);
and its state (`active`, `proposed`, `superseded`). Exact evidence makes an
active link. A match by name alone only proposes one and opens a review item
until a person confirms it. At most one link is active per key and per record
in a system; a new link that collides with an active one changes nothing and
opens a `link.conflict` item holding both sides. Links are never deleted: a
replaced one is superseded.

Suppliers are records here too: a supplier name on a PO is normalised (case,
punctuation, "(Pty) Ltd" and other company suffixes) and looked up through the
map; an exact match links, a close one is proposed, an unknown one waits for a
person to create the supplier. This module writes links, suppliers and review
items only, never a PO: the review queue assigns the decided supplier to its POs.
Every decision reads and writes inside one IMMEDIATE transaction (or the
caller's), so two people deciding at once cannot both win.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import datetime
from difflib import SequenceMatcher

from sqlite_utils import Database

from app import clock, review_items
from app.db import joined, one, rows
from app.ids import new_id

# The system whose keys are supplier names as printed on POs and delivery notes.
SUPPLIER_NAMES = "supplier_documents"
SUPPLIER = "supplier"

HOW = ("exact_code", "alias", "person", "created_by_intake", "name")

# Company-form words that say nothing about who the supplier is.
_SUFFIXES = {
    "pty",
    "ltd",
    "limited",
    "proprietary",
    "cc",
    "inc",
    "incorporated",
    "llc",
    "plc",
    "gmbh",
    "co",
    "company",
    "corp",
    "corporation",
    "and",
}


@dataclass(frozen=True)
class LinkResult:
    """What linking did: linked | existing | proposed | conflict (confirm: confirmed | decided)."""

    outcome: str
    link_id: str | None = None
    record_id: str | None = None
    item_id: str | None = None


class LinkError(ValueError):
    """A link cannot be made as asked; the message says why."""


def normalise_name(name: str | None) -> str:
    """'ACME Steel (Pty) Ltd.' -> 'acme steel': what supplier names are compared by."""
    text = unicodedata.normalize("NFKD", name or "")
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).lower()
    text = text.replace("&", " and ")
    words = re.sub(r"[^a-z0-9]+", " ", text).split()
    while len(words) > 1 and words[-1] in _SUFFIXES:
        words.pop()
    return " ".join(words)


def similarity(a: str, b: str) -> float:
    """0..1 between two normalised names; word order does not count against a match."""
    if not a or not b:
        return 0.0
    if a == b:
        return 1.0
    direct = SequenceMatcher(None, a, b).ratio()
    by_words = SequenceMatcher(None, " ".join(sorted(a.split())), " ".join(sorted(b.split())))
    return round(max(direct, by_words.ratio()), 3)


# --- reading ---------------------------------------------------------------------


def get_link(db: Database, link_id: str) -> dict | None:
    return one(db, "SELECT * FROM external_links WHERE id = :id", {"id": link_id})


def active_link(db: Database, system: str, key: str) -> dict | None:
    return one(
        db,
        "SELECT * FROM external_links"
        " WHERE system = :system AND external_key = :key AND state = 'active'",
        {"system": system, "key": key},
    )


def _collisions(db: Database, system: str, key: str, record_type: str, record_id: str) -> list:
    """Active links the new one would break: the same key elsewhere, or the same record."""
    return rows(
        db,
        "SELECT * FROM external_links WHERE state = 'active' AND system = :system"
        " AND (external_key = :key OR (record_type = :type AND record_id = :record))"
        " ORDER BY created_at, id",
        {"system": system, "key": key, "type": record_type, "record": record_id},
    )


# --- deciding --------------------------------------------------------------------


def link(
    db: Database,
    *,
    system: str,
    key: str,
    value: str,
    record_type: str,
    record_id: str,
    how: str,
    now: datetime,
    actor: str | None = None,
    context: dict | None = None,
) -> LinkResult:
    """Make an active link from exact evidence or a person's decision.

    existing: it was already so; linked: made now; conflict: it collides with
    an active link, nothing changed and a link.conflict item holds both sides.
    """
    if how not in HOW or how == "name":
        raise LinkError("A match by name alone can only be proposed; use propose().")
    if not key:
        raise LinkError("A link needs a key.")
    with joined(db):
        current = active_link(db, system, key)
        if current and (current["record_type"], current["record_id"]) == (record_type, record_id):
            return LinkResult("existing", current["id"], record_id)
        new = {
            "system": system,
            "key": key,
            "value": value,
            "record_type": record_type,
            "record_id": record_id,
            "how": how,
            "by": actor,
            "link_id": None,
        }
        collisions = _collisions(db, system, key, record_type, record_id)
        if collisions:
            return _conflict(db, collisions, new, now, context)
        link_id = _insert(db, new, "active", now, confirmed_by=actor if how == "person" else None)
        return LinkResult("linked", link_id, record_id)


def propose(
    db: Database,
    *,
    system: str,
    key: str,
    value: str,
    record_type: str,
    record_id: str,
    score: float,
    now: datetime,
) -> str:
    """A name-only match: a proposed link (the same proposal again is reused)."""
    with joined(db):
        found = one(
            db,
            "SELECT id FROM external_links WHERE state = 'proposed' AND system = :system"
            " AND external_key = :key AND record_type = :type AND record_id = :record",
            {"system": system, "key": key, "type": record_type, "record": record_id},
        )
        if found:
            return found["id"]
        new = {
            "system": system,
            "key": key,
            "value": value,
            "record_type": record_type,
            "record_id": record_id,
            "how": "name",
        }
        return _insert(db, new, "proposed", now, score=score)


def confirm(
    db: Database, link_id: str, actor: str, now: datetime, context: dict | None = None
) -> LinkResult:
    """A person confirms a proposed link: confirmed, decided (already), or conflict."""
    with joined(db):
        proposed = get_link(db, link_id)
        if proposed is None:
            raise LinkError("There is no such link.")
        if proposed["state"] != "proposed":
            return LinkResult("decided", link_id, proposed["record_id"])
        collisions = _collisions(
            db,
            proposed["system"],
            proposed["external_key"],
            proposed["record_type"],
            proposed["record_id"],
        )
        if collisions:
            new = _side(proposed) | {"by": actor}
            return _conflict(db, collisions, new, now, context)
        db.conn.execute(
            "UPDATE external_links SET state = 'active', confirmed_by = :actor, confirmed_at = :now"
            " WHERE id = :id AND state = 'proposed'",
            {"id": link_id, "actor": actor, "now": clock.iso(now)},
        )
        return LinkResult("confirmed", link_id, proposed["record_id"])


def supersede(db: Database, link_id: str, now: datetime, by_link: str | None = None) -> bool:
    """Retire a link (active or proposed); False when it was already superseded."""
    with joined(db):
        cursor = db.conn.execute(
            "UPDATE external_links SET state = 'superseded', superseded_at = :now,"
            " superseded_by = :by WHERE id = :id AND state != 'superseded'",
            {"id": link_id, "by": by_link, "now": clock.iso(now)},
        )
    return cursor.rowcount == 1


def replace(db: Database, new: dict, actor: str, now: datetime) -> LinkResult:
    """A person settles a conflict for the new side: every colliding link is superseded."""
    with joined(db):
        if new.get("link_id"):
            link_row = get_link(db, new["link_id"])
            if link_row is None or link_row["state"] != "proposed":
                return LinkResult("decided", new["link_id"], new["record_id"])
        collisions = _collisions(
            db, new["system"], new["key"], new["record_type"], new["record_id"]
        )
        if new.get("link_id"):
            link_id = new["link_id"]
        else:
            link_id = _insert(db, new | {"how": new.get("how") or "person"}, "proposed", now)
        for old in collisions:
            supersede(db, old["id"], now, by_link=link_id)
        db.conn.execute(
            "UPDATE external_links SET state = 'active', confirmed_by = :actor, confirmed_at = :now"
            " WHERE id = :id",
            {"id": link_id, "actor": actor, "now": clock.iso(now)},
        )
        return LinkResult("linked", link_id, new["record_id"])


def _side(link_row: dict) -> dict:
    return {
        "system": link_row["system"],
        "key": link_row["external_key"],
        "value": link_row["external_value"],
        "record_type": link_row["record_type"],
        "record_id": link_row["record_id"],
        "how": link_row["how"],
        "link_id": link_row["id"],
    }


def _conflict(
    db: Database, collisions: list[dict], new: dict, now: datetime, context: dict | None
) -> LinkResult:
    evidence = {
        "existing": [_side(old) | {"record_name": record_name(db, old)} for old in collisions],
        "new": new | {"record_name": record_name(db, new)},
        "context": context or {},
    }
    item = review_items.open_item(
        db, "link.conflict", "external_link", collisions[0]["id"], evidence, 0, now
    )
    return LinkResult("conflict", new.get("link_id"), new["record_id"], item["id"])


def _insert(
    db: Database,
    new: dict,
    state: str,
    now: datetime,
    *,
    score: float | None = None,
    confirmed_by: str | None = None,
) -> str:
    link_id = new_id()
    db.conn.execute(
        "INSERT INTO external_links (id, system, external_key, external_value, record_type,"
        " record_id, how, state, score, created_by, created_at, confirmed_by, confirmed_at)"
        " VALUES (:id, :system, :key, :value, :type, :record, :how, :state, :score, :by, :now,"
        " :confirmed_by, :confirmed_at)",
        {
            "id": link_id,
            "system": new["system"],
            "key": new["key"],
            "value": new.get("value") or "",
            "type": new["record_type"],
            "record": new["record_id"],
            "how": new["how"],
            "state": state,
            "score": score,
            "by": new.get("by"),
            "now": clock.iso(now),
            "confirmed_by": confirmed_by,
            "confirmed_at": clock.iso(now) if confirmed_by else None,
        },
    )
    return link_id


_NAMES = {
    SUPPLIER: "SELECT name FROM suppliers WHERE id = :id",
    "employee": "SELECT name FROM employees WHERE id = :id",
    "vehicle": "SELECT number AS name FROM vehicles WHERE id = :id",
}


def record_name(db: Database, side: dict) -> str:
    if side["record_type"] in _NAMES:
        found = one(db, _NAMES[side["record_type"]], {"id": side["record_id"]})
        return found["name"] if found else side["record_id"]
    if side["record_type"] == "purchase_order":
        found = one(
            db,
            "SELECT purchase_order_number AS n FROM purchase_orders WHERE id = :id",
            {"id": side["record_id"]},
        )
        return f"PO {found['n'] or '(no number yet)'}" if found else side["record_id"]
    found = one(db, "SELECT code, name FROM sites WHERE id = :id", {"id": side["record_id"]})
    return f"{found['code']} · {found['name']}" if found else side["record_id"]
