"""Pausing processing: an admin stops new attempts from starting (those running finish).

Owns the one-row `queue_control` table. While paused, the queue claims
nothing (`queue.claim_batch` checks it in the claim itself) and the sweep
leaves batches alone; due batches stay due, so resuming loses none.
"""

from __future__ import annotations

from datetime import datetime

from sqlite_utils import Database

from app import clock
from app.db import one


def processing_paused(db: Database) -> dict | None:
    """Who paused processing and when, or None while it runs."""
    return one(
        db,
        "SELECT q.paused_at, q.paused_by, u.name AS paused_by_name, u.email AS paused_by_email"
        " FROM queue_control q LEFT JOIN users u ON u.id = q.paused_by"
        " WHERE q.paused_at IS NOT NULL",
    )


def pause_processing(db: Database, now: datetime, actor: str | None) -> bool:
    """Stop starting attempts (those running finish). False when already paused."""
    cursor = db.conn.execute(
        "UPDATE queue_control SET paused_at = :now, paused_by = :actor WHERE paused_at IS NULL",
        {"now": clock.iso(now), "actor": actor},
    )
    return cursor.rowcount == 1


def resume_processing(db: Database) -> bool:
    """Start claiming again. False when it was not paused."""
    cursor = db.conn.execute(
        "UPDATE queue_control SET paused_at = NULL, paused_by = NULL WHERE paused_at IS NOT NULL"
    )
    return cursor.rowcount == 1
