"""The outbox and outbox_attempts tables: queue a write, claim it, record how it went.

Every change of a write's state is one conditional UPDATE inside an IMMEDIATE
transaction, stated by the pure state machine (`states.py`); a sender's
results are fenced by the claim number it took, so a sender whose lease ran
out changes nothing. A write that is sent links our record to the other
system's id in the identity map in the same transaction; a write that fails
opens a `write.failed` review item in the same transaction. This module never
talks to the network: `sender.py` does, between a claim and its result. It is
the only writer of both tables; `reads.py` answers the questions asked of them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlite_utils import Database

from app import clock, links, numbers, review_items
from app.db import immediate, joined, one, rows
from app.ids import new_id
from app.outbox import states
from app.outbox.reads import DUE, get_write, last_sent_at, write_by_key
from app.outbox.states import Answer, InvalidMove, State, WriteState

REVIEW_KIND = "write.failed"
ANSWER_LIMIT = 2000


class KeyClash(ValueError):
    """An idempotency key already names a write about another record."""


@dataclass(frozen=True)
class Claim:
    """One sender's hold on one write, until it records the result or its lease runs out."""

    write_id: str
    claim_no: int
    attempt: int
    system: str
    action: str
    entity: str
    record_id: str
    key: str
    request: str
    # Its earlier outcome is unknown: look it up in the other system before sending.
    ambiguous: bool

    @property
    def state(self) -> WriteState:
        return WriteState(State.SENDING, self.attempt)


@dataclass(frozen=True)
class Attempt:
    """One exchange with the other system, as it is kept in outbox_attempts."""

    kind: str  # send | lookup | lease
    answer: Answer
    status_code: int | None = None
    text: str = ""
    error: str = ""
    duration_ms: int | None = None
    external_id: str | None = None


# --- queueing --------------------------------------------------------------------------


def queue_write(
    db: Database,
    *,
    system: str,
    action: str,
    entity: str,
    record_id: str,
    key: str,
    request: dict,
    now: datetime,
    created_by: str | None = None,
) -> dict:
    """Inside the change's transaction: a write to send. The same key again is the first write."""
    body = json.dumps(request, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    with joined(db):
        db.conn.execute(
            "INSERT INTO outbox (id, system, action, entity, record_id, idempotency_key, request,"
            " state, next_attempt_at, created_by, created_at)"
            " VALUES (:id, :system, :action, :entity, :record, :key, :request, 'pending', :now,"
            " :by, :now) ON CONFLICT (idempotency_key) DO NOTHING",
            {
                "id": new_id(),
                "system": system,
                "action": action,
                "entity": entity,
                "record": record_id,
                "key": key,
                "request": body,
                "now": clock.iso(now),
                "by": created_by,
            },
        )
        write = write_by_key(db, key)
    if (write["system"], write["entity"], write["record_id"]) != (system, entity, record_id):
        raise KeyClash(
            f"The idempotency key {key} already belongs to a write to {write['system']} about"
            f" {write['entity']} {write['record_id']}; a key names one write only."
        )
    return write


def count_writes(db: Database, system: str, action: str, entity: str, record_id: str) -> int:
    """How many writes of this action about this record were queued before (to number a key)."""
    return one(
        db,
        "SELECT count(*) AS n FROM outbox WHERE system = :system AND action = :action"
        " AND entity = :entity AND record_id = :record",
        {"system": system, "action": action, "entity": entity, "record": record_id},
    )["n"]


# --- claiming --------------------------------------------------------------------------


def claim_due(
    db: Database, system: str, now: datetime, limit: int, spacing: timedelta | None = None
) -> list[Claim]:
    """Take up to `limit` due writes of one system, oldest due first, each for one lease.

    With `spacing`, the system takes at most one send per that long (alert emails):
    while a send is under way, nothing is claimed; before the spacing has passed since
    the last send, the due writes are held until it has, and nothing is claimed.
    """
    with immediate(db):
        if spacing is not None and _held(db, system, now, spacing):
            return []
        due = rows(
            db,
            f"SELECT id, state FROM outbox WHERE system = :system AND {DUE}"
            " ORDER BY next_attempt_at, created_at, id LIMIT :limit",
            {"system": system, "now": clock.iso(now), "limit": limit},
        )
        claimed = []
        for row in due:
            taken = one(
                db,
                "UPDATE outbox SET state = 'sending', attempts = attempts + 1,"
                " claims = claims + 1, lease_until = :lease, next_attempt_at = NULL"
                " WHERE id = :id AND state = :state"
                " RETURNING id, claims, attempts, system, action, entity, record_id,"
                " idempotency_key, request",
                {"id": row["id"], "state": row["state"], "lease": clock.iso(now + states.LEASE)},
            )
            claimed.append(_claim(taken, row["state"] == State.AMBIGUOUS))
    return claimed


def _claim(row: dict, ambiguous: bool) -> Claim:
    return Claim(
        write_id=row["id"],
        claim_no=row["claims"],
        attempt=row["attempts"],
        system=row["system"],
        action=row["action"],
        entity=row["entity"],
        record_id=row["record_id"],
        key=row["idempotency_key"],
        request=row["request"],
        ambiguous=ambiguous,
    )


def _held(db: Database, system: str, now: datetime, spacing: timedelta) -> bool:
    """Whether a spaced system must wait; its due writes are then held until it may send."""
    sending = one(
        db,
        "SELECT 1 AS busy FROM outbox WHERE system = :system AND state = 'sending' LIMIT 1",
        {"system": system},
    )
    if sending:
        return True
    last = last_sent_at(db, system)
    if last is None or last + spacing <= now:
        return False
    until = states.hold(WriteState(State.PENDING), last + spacing).next_attempt_at
    db.conn.execute(
        f"UPDATE outbox SET next_attempt_at = :until WHERE system = :system AND {DUE}",
        {"system": system, "now": clock.iso(now), "until": clock.iso(until)},
    )
    return True


# --- results ---------------------------------------------------------------------------


def finish(
    db: Database, claim: Claim, new: WriteState, attempts: list[Attempt], now: datetime
) -> bool:
    """Record a claimed write's attempts and the state they led to; False when fenced out.

    Sent: the other side's id, linked to our record in the identity map. Failed: a
    `write.failed` review item with the money at risk. All in one transaction.
    """
    if new.state == State.SENDING:
        raise InvalidMove("a write cannot be left sending: record a send after the look-up")
    last = attempts[-1]
    with immediate(db):
        cursor = db.conn.execute(
            "UPDATE outbox SET state = :state, next_attempt_at = :next, lease_until = NULL,"
            " external_id = :external_id, last_error = :error,"
            " sent_at = CASE WHEN :state = 'sent' THEN :now END"
            " WHERE id = :id AND state = 'sending' AND claims = :claim_no",
            {
                "id": claim.write_id,
                "claim_no": claim.claim_no,
                "state": new.state,
                "next": clock.iso(new.next_attempt_at) if new.next_attempt_at else None,
                "external_id": last.external_id if new.state == State.SENT else None,
                "error": last.error or None,
                "now": clock.iso(now),
            },
        )
        if cursor.rowcount != 1:
            return False
        for attempt in attempts:
            _record_attempt(db, claim.write_id, claim.attempt, attempt, now)
        if new.state == State.SENT:
            _link(db, claim, last.external_id, now)
        elif new.state == State.FAILED:
            open_failed_item(db, get_write(db, claim.write_id), now)
    return True


def _record_attempt(db: Database, write_id: str, number: int, attempt: Attempt, now) -> None:
    db.conn.execute(
        "INSERT INTO outbox_attempts (outbox_id, attempt, kind, at, outcome, status_code,"
        " answer, error, duration_ms) VALUES (:write, :number, :kind, :at, :outcome, :status,"
        " :answer, :error, :ms)",
        {
            "write": write_id,
            "number": number,
            "kind": attempt.kind,
            "at": clock.iso(now),
            "outcome": attempt.answer,
            "status": attempt.status_code,
            "answer": attempt.text[:ANSWER_LIMIT],
            "error": attempt.error[:ANSWER_LIMIT],
            "ms": attempt.duration_ms,
        },
    )


# Records the other system keeps an identity for (an alert is a message, not a record).
_LINKED = {"purchase_order", "delivery_note"}


def _link(db: Database, claim: Claim, external_id: str, now: datetime) -> None:
    if claim.entity not in _LINKED:
        return
    links.link(
        db,
        system=claim.system,
        key=external_id,
        value=claim.key,
        record_type=claim.entity,
        record_id=claim.record_id,
        how="created_by_intake",
        now=now,
        context={"write_id": claim.write_id},
    )


def open_failed_item(db: Database, write: dict, now: datetime) -> None:
    """Inside the caller's transaction: a person decides what becomes of a failed write.

    Money at risk is the PO's total in its currency, as the request carries it.
    """
    request = json.loads(write["request"])
    po = request.get("purchase_order") or {}
    dn = request.get("delivery_note") or {}
    evidence = {
        "system": write["system"],
        "action": write["action"],
        "key": write["idempotency_key"],
        "error": write["last_error"] or "",
        "attempts": write["attempts"],
        "record": {"entity": write["entity"], "id": write["record_id"]},
    }
    if po:
        evidence["pos"] = [{"id": po["id"], "number": po.get("po_number")}]
    if dn:
        evidence["dn_number"] = dn.get("dn_number")
    total = numbers.parse_money(po["total"]) if po.get("total") else None
    review_items.open_item(
        db, REVIEW_KIND, "outbox", write["id"], evidence, total, now, po.get("currency")
    )


def expire_leases(db: Database, now: datetime) -> list[str]:
    """The sweep: writes `sending` past their lease lost their sender mid-write; ambiguous now."""
    expired_state = states.lease_expired(WriteState(State.SENDING))  # ambiguous, due at once
    with immediate(db):
        expired = rows(
            db,
            "UPDATE outbox SET state = :state, lease_until = NULL, next_attempt_at = NULL,"
            " last_error = :error WHERE state = 'sending' AND lease_until < :now"
            " RETURNING id, attempts",
            {"state": expired_state.state, "now": clock.iso(now), "error": LEASE_ERROR},
        )
        for row in expired:
            lease = Attempt("lease", Answer.UNKNOWN, error=LEASE_ERROR)
            _record_attempt(db, row["id"], row["attempts"], lease, now)
    return [row["id"] for row in expired]


LEASE_ERROR = (
    "The sender stopped before it heard back; the write is looked up before it is sent again."
)


# --- a person's moves ------------------------------------------------------------------


def cancel(db: Database, write_id: str, actor: str, now: datetime) -> dict:
    """A person gives up on a write that is waiting or failed; InvalidMove otherwise."""
    return _person_move(db, write_id, actor, now, "cancel")


def send_again(db: Database, write_id: str, actor: str, now: datetime) -> dict:
    """A person sends a failed write again: it is looked up first, with fresh attempts."""
    return _person_move(db, write_id, actor, now, "send_again")


def _person_move(db: Database, write_id: str, actor: str, now: datetime, move: str) -> dict:
    with joined(db):
        write = get_write(db, write_id)
        if write is None:
            raise LookupError("There is no such write.")
        current = WriteState(State(write["state"]), write["attempts"])
        if move == "cancel":
            new = states.cancel(current)
            sql = "cancelled_by = :actor, cancelled_at = :now"
            resolution = "cancelled"
        else:
            new = states.send_again(current)
            sql = "next_attempt_at = :now, last_error = NULL"
            resolution = "sent_again"
        db.conn.execute(
            f"UPDATE outbox SET state = :new, attempts = :attempts, {sql}"
            " WHERE id = :id AND state = :old",
            {
                "id": write_id,
                "old": write["state"],
                "new": new.state,
                "attempts": new.attempts,
                "actor": actor,
                "now": clock.iso(now),
            },
        )
        review_items.close_open(
            db, REVIEW_KIND, "outbox", write_id, resolution=resolution, actor=actor, now=now
        )
        return get_write(db, write_id)
