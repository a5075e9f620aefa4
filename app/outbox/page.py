"""What /outbox and `GET /api/outbox` show: writes by state, filtered, and one write in full.

Read-only. The filter is checked here once for the page and the API: a value
that is not one is a sentence (the page shows it and ignores the value, the
API answers 400 with it).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from urllib.parse import urlencode

from sqlite_utils import Database

from app import review_items
from app.outbox import reads, states, store, systems

PAGE_SIZE = 100
RECORD_PAGES = {
    "purchase_order": "/purchasing/",
    "delivery_note": "/delivery-notes/",
    "batch": "/batches/",
}


@dataclass(frozen=True)
class OutboxFilter:
    state: str | None = None
    system: str | None = None
    action: str | None = None
    problems: tuple[str, ...] = field(default=())

    @classmethod
    def from_query(cls, values, known_actions: list[str]) -> OutboxFilter:
        problems = []
        chosen = {}
        allowed = {
            "state": list(states.State),
            "system": list(systems.ALL),
            "action": known_actions,
        }
        for name, choices in allowed.items():
            value = (values.get(name) or "").strip() or None
            if value is not None and value not in choices:
                problems.append(f"“{value[:40]}” is not a {name} of a write.")
                value = None
            chosen[name] = value
        return cls(**chosen, problems=tuple(problems))

    def link(self, **changes) -> str:
        values = {"state": self.state, "system": self.system, "action": self.action} | changes
        query = urlencode({name: value for name, value in values.items() if value})
        return "/outbox" + (f"?{query}" if query else "")


def listing(db: Database, flt: OutboxFilter, before: str | None = None) -> dict:
    """One page of writes, newest first, with the counts per state for the filter."""
    cursor = _cursor(before)
    found = reads.list_writes(
        db,
        state=flt.state,
        system=flt.system,
        action=flt.action,
        before=cursor,
        limit=PAGE_SIZE + 1,
    )
    more = len(found) > PAGE_SIZE
    found = found[:PAGE_SIZE]
    return {
        "flt": flt,
        "writes": found,
        "counts": reads.state_counts(db, flt.system, flt.action),
        "older": f"{found[-1]['created_at']}|{found[-1]['id']}" if more else None,
        "problems": list(flt.problems) + ([] if cursor or not before else [BAD_CURSOR]),
        "system_names": systems.NAMES,
        "actions": reads.actions(db),
        "record_pages": RECORD_PAGES,
    }


BAD_CURSOR = "That page link is not one of Intake's; showing the newest writes."


def _cursor(before: str | None) -> tuple[str, str] | None:
    at, _, write_id = (before or "").partition("|")
    return (at, write_id) if at and write_id else None


def write_view(db: Database, write_id: str) -> dict | None:
    """One write in full: its request, every attempt, the last answer, and what may be done."""
    write = reads.get_write(db, write_id)
    if write is None:
        return None
    attempts = reads.attempts_of(db, write_id)
    answered = [a for a in attempts if a["answer"]]
    return {
        "write": write,
        "attempts": attempts,
        "answer": answered[-1]["answer"] if answered else "",
        "item": review_items.open_item_for(db, store.REVIEW_KIND, "outbox", write_id),
        "may_cancel": write["state"] in states.CANCELLABLE,
        "may_send_again": write["state"] == states.State.FAILED,
        "system_names": systems.NAMES,
        "record_pages": RECORD_PAGES,
    }


def as_json(write: dict) -> dict:
    """The API's view of a write: its request as JSON, not as text."""
    return {
        "id": write["id"],
        "system": write["system"],
        "action": write["action"],
        "record": {"entity": write["entity"], "id": write["record_id"]},
        "idempotency_key": write["idempotency_key"],
        "request": json.loads(write["request"]),
        "state": write["state"],
        "external_id": write["external_id"],
        "attempts": write["attempts"],
        "next_attempt_at": write["next_attempt_at"],
        "last_error": write["last_error"],
        "created_by": write["created_by"],
        "created_at": write["created_at"],
        "sent_at": write["sent_at"],
        "cancelled_by": write["cancelled_by"],
        "cancelled_at": write["cancelled_at"],
    }
