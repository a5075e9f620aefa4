"""A record's history: one line per change, who made it and when, read back oldest first.

A purchase order and a delivery note keep their history in tables of one
shape (the record's id, `at`, `actor`, `action`, `field`, `old_value`,
`new_value`, `note`). Each table's owner states its own INSERT, so the write
stays in the module that owns the table, and hands it here with the line's
details; the reads take the owner's table and the column naming the record.
"""

from __future__ import annotations

from datetime import datetime

from sqlite_utils import Database

from app import clock
from app.db import one, rows


def record(
    db: Database,
    insert: str,
    record_id: str,
    action: str,
    now: datetime,
    *,
    actor: str | None = None,
    field: str | None = None,
    old_value: str | None = None,
    new_value: str | None = None,
    note: str = "",
) -> None:
    """Add one line through the owner's `insert` (named parameters: record, at, actor,
    action, field, old, new, note); the caller's transaction decides when it lands."""
    db.conn.execute(
        insert,
        {
            "record": record_id,
            "at": clock.iso(now),
            "actor": actor,
            "action": action,
            "field": field,
            "old": old_value,
            "new": new_value,
            "note": note,
        },
    )


def lines(db: Database, table: str, record_column: str, record_id: str) -> list[dict]:
    """A record's history, oldest first, each line with its actor's name and email."""
    return rows(
        db,
        "SELECT h.*, u.name AS actor_name, u.email AS actor_email"
        f" FROM {table} h LEFT JOIN users u ON u.id = h.actor"
        f" WHERE h.{record_column} = :id ORDER BY h.id",
        {"id": record_id},
    )


def verification_count(db: Database, table: str, record_column: str, record_id: str) -> int:
    """How many times the record was marked verified: each is a new version for other systems."""
    return one(
        db,
        f"SELECT count(*) AS n FROM {table} WHERE {record_column} = :id AND action = 'verified'",
        {"id": record_id},
    )["n"]
