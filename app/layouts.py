"""The layouts learned from verified POs, and how each has done since: `layouts`, `layout_reads`.

The one module with SQL on those tables (app/extract/memory is the learning
and reading itself, pure). The worker hands the layouts in use to the reader
(`for_reading`); the import records which POs a layout read and what it read
(`record_read`); and when a person verifies a PO, in the verification's own
transaction, `learn_from_po`:

1. settles the PO's reading, if a layout read it: which of the values it read
   the person corrected before verifying (the layout's accuracy since);
2. drops that layout when people corrected a value it read on 2 of its last 3
   verified documents. A layout people keep correcting is not trusted harder:
   its documents go back to the generic reader, and it stays listed (dropped,
   with why) until an admin forgets it; the next verified document of that
   layout then teaches it afresh;
3. learns the layout from the document's kept words and the verified values:
   a new layout, or the one the document is (read with, or matching its
   fingerprint), which keeps the places that read this document right and
   takes this document's places for the values it got wrong: a correction
   teaches. (Only a document that stands like the layout's own, a text PDF of
   it, refines it: a photo's positions are scaled and shifted.)

Learning never stops a verification: a failure is logged, and nothing of it
is written. A PO with no kept words (typed by hand without a document that
was read, or read by an LLM or an outside tool) teaches nothing.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from datetime import datetime

from sqlite_utils import Database

from app import clock, item_lines, numbers
from app.db import one, rows
from app.extract.memory import recall, teach, words
from app.extract.memory.places import HEADER, MONEY
from app.ids import new_id
from app.purchase_orders import store

log = logging.getLogger("intake")

# Dropped when people corrected what it read on this many of its last so many documents.
CORRECTED, OF_LAST = 2, 3


def for_reading(db: Database) -> tuple[dict, ...]:
    """Every layout in use, as the reader takes them (ExtractOptions.layouts)."""
    found = rows(
        db,
        "SELECT id, fingerprint, anchors, learned_from_number, supplier_name FROM layouts"
        " WHERE dropped_at IS NULL ORDER BY created_at, id",
    )
    return tuple(_as_read(row) for row in found)


def _as_read(row: dict) -> dict:
    return {
        "id": row["id"],
        "fingerprint": json.loads(row["fingerprint"]),
        "anchors": json.loads(row["anchors"]),
        "learned_from": row["learned_from_number"],
        "supplier": row["supplier_name"],
    }


def get_layout(db: Database, layout_id: str) -> dict | None:
    return one(db, "SELECT * FROM layouts WHERE id = :id", {"id": layout_id})


def record_read(db: Database, po_id: str, payload: dict, now: datetime) -> None:
    """Inside the import: a layout read this PO; keep what it read, and whose verification
    the layout came from at the time."""
    read_with = (payload.get("layout") or {}).get("read_with")
    layout = get_layout(db, read_with["id"]) if read_with else None
    if layout is None:  # read cold, or forgotten while the document was being read
        return
    db.conn.execute(
        "INSERT INTO layout_reads (purchase_order_id, layout_id, read_at, layout_values,"
        " learned_from_number, learned_by, learned_at)"
        " VALUES (:po, :layout, :now, :values, :number, :by, :at)",
        {
            "po": po_id,
            "layout": layout["id"],
            "now": clock.iso(now),
            "values": json.dumps(read_with["values"]),
            "number": layout["learned_from_number"],
            "by": layout["last_verified_by"],
            "at": layout["last_verified_at"],
        },
    )


def read_of_po(db: Database, po_id: str) -> dict | None:
    """How a PO was read with a layout, for its page: from whose verification, and whether the
    layout is still there."""
    found = one(
        db,
        "SELECT r.*, u.name AS learned_by_name, u.email AS learned_by_email,"
        " l.id AS layout_exists, l.dropped_at FROM layout_reads r"
        " LEFT JOIN users u ON u.id = r.learned_by LEFT JOIN layouts l ON l.id = r.layout_id"
        " WHERE r.purchase_order_id = :po",
        {"po": po_id},
    )
    if found:
        found["layout_values"] = json.loads(found["layout_values"])
        found["corrected"] = json.loads(found["corrected"]) if found["corrected"] else None
    return found


# --- learning, in a verification's transaction ---------------------------------------------


def learn_from_po(db: Database, po_id: str, actor: str, now: datetime) -> None:
    """A person verified this PO: settle its reading, and learn its layout (see above)."""
    db.conn.execute("SAVEPOINT learn_layout")
    try:
        _learn(db, po_id, actor, now)
    except sqlite3.OperationalError:
        raise  # the database itself: the verification fails with it
    except Exception:
        db.conn.execute("ROLLBACK TO learn_layout")
        log.exception("[layouts] the layout of PO %s was not learned; it stays verified", po_id)
    db.conn.execute("RELEASE learn_layout")


def confirmed_values(po: dict, items: list[dict]) -> dict:
    """A stored PO as the values a person confirmed, in the reader's terms."""
    text = numbers.cents_to_text
    return {
        "po_number": po["purchase_order_number"],
        "po_date": po["po_date"],
        "supplier_name": po["supplier_name"],
        "project_code": po["project_code"],
        "currency": po["currency"],
        "subtotal": text(po["subtotal_cents"]),
        "tax": text(po["tax_cents"]),
        "total": text(po["total_cents"]),
        "items": [item_lines.priced(item) for item in items],
    }


def _learn(db: Database, po_id: str, actor: str, now: datetime) -> None:
    po = store.get_po(db, po_id)
    confirmed = confirmed_values(po, store.po_items(db, po_id))
    payload = json.loads(po["raw_ocr_data"] or "null") or {}
    reading = one(
        db,
        "SELECT * FROM layout_reads WHERE purchase_order_id = :po AND checked_at IS NULL",
        {"po": po_id},
    )
    if reading:
        _settle(db, reading, payload, confirmed, now)
    kept = payload.get("layout") or {}
    if not kept.get("lines"):
        return
    lines = words.decode(kept["lines"])
    learned = teach.learn(lines, confirmed, words.whole(kept))
    if learned is None:
        return
    layout = _layout_of(db, reading, lines)
    if layout is None:
        _insert(db, learned, po, actor, now)
    elif layout["dropped_at"] is None:
        _refine(db, layout, learned, lines, confirmed, words.whole(kept), actor, now)


def _corrected(read_values: dict, payload: dict, confirmed: dict) -> list[str]:
    """The values a layout read that differ from what the person verified."""
    wrong = [
        name
        for name, value in read_values.items()
        if name != "items" and not recall.same(name, value, confirmed.get(name))
    ]
    if "items" in read_values and not recall.same_items(payload["items"], confirmed["items"]):
        wrong.append("items")
    return wrong


def _settle(db: Database, reading: dict, payload: dict, confirmed: dict, now) -> None:
    wrong = _corrected(json.loads(reading["layout_values"]), payload, confirmed)
    db.conn.execute(
        "UPDATE layout_reads SET checked_at = :now, corrected = :wrong"
        " WHERE purchase_order_id = :po",
        {"now": clock.iso(now), "wrong": json.dumps(wrong), "po": reading["purchase_order_id"]},
    )
    if reading["layout_id"]:
        _drop_if_kept_correcting(db, reading["layout_id"], now)


def _drop_if_kept_correcting(db: Database, layout_id: str, now: datetime) -> None:
    recent = rows(
        db,
        "SELECT corrected FROM layout_reads WHERE layout_id = :id AND checked_at IS NOT NULL"
        " ORDER BY checked_at DESC, rowid DESC LIMIT :n",
        {"id": layout_id, "n": OF_LAST},
    )
    corrected = [json.loads(row["corrected"]) for row in recent]
    if sum(1 for fields in corrected if fields) < CORRECTED:
        return
    names = sorted({name.replace("_", " ") for fields in corrected for name in fields})
    db.conn.execute(
        "UPDATE layouts SET dropped_at = :now, dropped_reason = :why"
        " WHERE id = :id AND dropped_at IS NULL",
        {
            "id": layout_id,
            "now": clock.iso(now),
            "why": f"people corrected what it read ({', '.join(names)}) on {CORRECTED} of its"
            f" last {len(corrected)} documents",
        },
    )


def _layout_of(db: Database, reading: dict | None, lines) -> dict | None:
    """The layout a verified document is: the one that read it, else the one it matches
    (dropped ones too: a dropped layout is not learned again behind an admin's back)."""
    if reading and reading["layout_id"]:
        return get_layout(db, reading["layout_id"])
    stored = rows(db, "SELECT * FROM layouts ORDER BY created_at, id")
    candidates = [_as_read(row) for row in stored]
    found = recall.known(candidates, lines)
    if found is None:
        return None
    return next(row for row in stored if row["id"] == found[0]["id"])


def _insert(db: Database, learned: dict, po: dict, actor: str, now: datetime) -> None:
    db.conn.execute(
        "INSERT INTO layouts (id, fingerprint, anchors, supplier_name, learned_from_po,"
        " learned_from_number, documents_seen, last_verified_by, last_verified_at, created_at)"
        " VALUES (:id, :fingerprint, :anchors, :supplier, :po, :number, 1, :actor, :now, :now)",
        {
            "id": new_id(),
            "fingerprint": json.dumps(learned["fingerprint"]),
            "anchors": json.dumps(learned["anchors"]),
            "supplier": po["supplier_name"],
            "po": po["id"],
            "number": po["purchase_order_number"],
            "actor": actor,
            "now": clock.iso(now),
        },
    )


def _stands_alike(frame: words.Frame) -> bool:
    """A page whose positions are the layout's own (a text PDF of it), not scaled or moved
    across. (Down, a page may start a line lower; a label's value is found from the label.)"""
    return abs(frame.a - 1) < 0.05 and abs(frame.c - 1) < 0.05 and abs(frame.b) < 2


def _refine(db, layout: dict, learned: dict, lines, confirmed: dict, whole: bool, actor, now):
    """The layout read this document (or could have): keep its places that read it right,
    take this document's places for what it got wrong."""
    anchors = json.loads(layout["anchors"])
    matched = words.match(json.loads(layout["fingerprint"]), lines)
    if matched and _stands_alike(matched.frame):
        got = recall.read(anchors, lines, matched.frame)
        new = learned["anchors"]
        for name in (*HEADER, *MONEY):
            value = got["fields"][name].value if name in got["fields"] else None
            if name in new["fields"] and not recall.same(name, value, confirmed.get(name)):
                anchors["fields"][name] = new["fields"][name]
        if new["table"] and not recall.same_items(got["items"], confirmed["items"], whole):
            anchors["table"] = new["table"]
        anchors["currency"] = confirmed["currency"]
        if new.get("dates_taught"):  # this document showed which way round its dates are
            anchors["day_first"], anchors["dates_taught"] = new["day_first"], True
    # every verified document's items, a photo's too, however it stood
    anchors["catalogue"] = teach.catalogue(confirmed["items"], anchors.get("catalogue") or [])
    db.conn.execute(
        "UPDATE layouts SET anchors = :anchors, documents_seen = documents_seen + 1,"
        " last_verified_by = :actor, last_verified_at = :now WHERE id = :id",
        {"id": layout["id"], "anchors": json.dumps(anchors), "actor": actor, "now": clock.iso(now)},
    )


# --- the admin's list ------------------------------------------------------------------------


def list_layouts(db: Database) -> list[dict]:
    """Every layout with how it has done: documents read with it, how many of those people
    verified, and how many of the values it read they corrected."""
    found = rows(
        db,
        "SELECT l.*, u.name AS verifier_name, u.email AS verifier_email FROM layouts l"
        " LEFT JOIN users u ON u.id = l.last_verified_by"
        " ORDER BY l.dropped_at IS NOT NULL, l.last_verified_at DESC, l.id",
    )
    reads = rows(db, "SELECT layout_id, layout_values, checked_at, corrected FROM layout_reads")
    for layout in found:
        mine = [r for r in reads if r["layout_id"] == layout["id"]]
        checked = [r for r in mine if r["checked_at"]]
        layout["documents_read"] = len(mine)
        layout["documents_checked"] = len(checked)
        layout["values_checked"] = sum(len(json.loads(r["layout_values"])) for r in checked)
        layout["values_corrected"] = sum(len(json.loads(r["corrected"])) for r in checked)
        layout["documents_corrected"] = sum(1 for r in checked if json.loads(r["corrected"]))
    return found


def forget(db: Database, layout_id: str) -> bool:
    """Forget a layout: its documents are read by the generic reader again, and the next one
    verified teaches it afresh. False when there was no such layout."""
    cursor = db.conn.execute("DELETE FROM layouts WHERE id = :id", {"id": layout_id})
    return cursor.rowcount == 1
