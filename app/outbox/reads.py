"""Reading the outbox: a write, its attempts, what is due, and the /outbox page's lists.

Only SELECTs: `store.py` is the one writer of the outbox tables and asks this
module for a write it has just changed. `DUE` is the state machine's "due"
(`states.is_due`) said in SQL, shared by the claim and the sweep's question.
"""

from __future__ import annotations

from datetime import datetime

from sqlite_utils import Database

from app import clock
from app.db import one, rows
from app.outbox import states
from app.outbox.states import State


def _among(values) -> str:
    return "(" + ", ".join(f"'{value}'" for value in values) + ")"


DUE = (
    f"state IN {_among(states.CLAIMABLE)} AND (next_attempt_at IS NULL OR next_attempt_at <= :now)"
)


def get_write(db: Database, write_id: str) -> dict | None:
    return one(db, "SELECT * FROM outbox WHERE id = :id", {"id": write_id})


def write_by_key(db: Database, key: str) -> dict | None:
    return one(db, "SELECT * FROM outbox WHERE idempotency_key = :key", {"key": key})


def attempts_of(db: Database, write_id: str) -> list[dict]:
    return rows(
        db, "SELECT * FROM outbox_attempts WHERE outbox_id = :id ORDER BY id", {"id": write_id}
    )


def writes_about(db: Database, entity: str, record_id: str) -> list[dict]:
    return rows(
        db,
        "SELECT * FROM outbox WHERE entity = :entity AND record_id = :record"
        " ORDER BY created_at, id",
        {"entity": entity, "record": record_id},
    )


def last_sent_at(db: Database, system: str) -> datetime | None:
    found = one(
        db,
        "SELECT max(sent_at) AS at FROM outbox WHERE system = :system AND state = 'sent'",
        {"system": system},
    )
    return clock.parse(found["at"]) if found["at"] else None


def next_due(db: Database, system: str) -> datetime | None:
    """When the system's next waiting write is due (None: nothing waits)."""
    found = one(
        db,
        "SELECT min(coalesce(next_attempt_at, created_at)) AS at FROM outbox"
        f" WHERE system = :system AND state IN {_among(states.CLAIMABLE)}",
        {"system": system},
    )
    return clock.parse(found["at"]) if found["at"] else None


def due_systems(db: Database, systems: frozenset[str], now: datetime) -> list[str]:
    """Which of these systems have writes due now (the sweep hands each to a sender)."""
    return [
        system
        for system in sorted(systems)
        if one(
            db,
            f"SELECT 1 AS due FROM outbox WHERE system = :system AND {DUE} LIMIT 1",
            {"system": system, "now": clock.iso(now)},
        )
    ]


def counts(db: Database) -> dict[tuple[str, str], int]:
    """Writes per (system, state)."""
    found = rows(db, "SELECT system, state, count(*) AS n FROM outbox GROUP BY system, state")
    return {(row["system"], row["state"]): row["n"] for row in found}


def state_counts(db: Database, system: str | None, action: str | None) -> dict[str, int]:
    """Writes per state among those of this system and action (None: any)."""
    found = rows(
        db,
        "SELECT state, count(*) AS n FROM outbox WHERE (:system IS NULL OR system = :system)"
        " AND (:action IS NULL OR action = :action) GROUP BY state",
        {"system": system, "action": action},
    )
    return {state: 0 for state in State} | {row["state"]: row["n"] for row in found}


def failed_count(db: Database) -> int:
    return one(db, "SELECT count(*) AS n FROM outbox WHERE state = 'failed'")["n"]


def list_writes(
    db: Database,
    *,
    state: str | None,
    system: str | None,
    action: str | None,
    before: tuple[str, str] | None = None,
    limit: int = 100,
) -> list[dict]:
    """Writes newest first, filtered; `before` is the (created_at, id) a page starts after."""
    return rows(
        db,
        "SELECT * FROM outbox WHERE (:state IS NULL OR state = :state)"
        " AND (:system IS NULL OR system = :system) AND (:action IS NULL OR action = :action)"
        " AND (:at IS NULL OR (created_at, id) < (:at, :id))"
        " ORDER BY created_at DESC, id DESC LIMIT :limit",
        {
            "state": state,
            "system": system,
            "action": action,
            "at": before[0] if before else None,
            "id": before[1] if before else None,
            "limit": limit,
        },
    )


def actions(db: Database) -> list[str]:
    return [row["action"] for row in rows(db, "SELECT DISTINCT action FROM outbox ORDER BY 1")]
