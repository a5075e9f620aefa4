"""The sender: claim one system's due writes, deliver them, record what came of each.

What a Huey task (`tasks/jobs.py` send_writes) and the sweep call. A claim
holds a write for a lease of 10 minutes; a write whose earlier outcome is
unknown is looked up in the other system before it is sent again; whatever
the other side answers, or fails to, is turned into the next state by the
state machine and recorded with every attempt. Never raises for the network
or for a write: a sender that dies mid-write leaves the write `sending`, and
the sweep makes it ambiguous when the lease runs out.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from sqlite_utils import Database

from app import clock
from app.config import Settings
from app.db import connect, is_busy, is_disk_full
from app.outbox import reads, states, store, systems
from app.outbox.accounting import Accounting
from app.outbox.alerts import Email, Webhook
from app.outbox.states import Answer, State, WriteState
from app.outbox.store import Attempt, Claim

log = logging.getLogger("intake")

ADAPTERS = {
    systems.ACCOUNTING: Accounting,
    systems.ALERT_WEBHOOK: Webhook,
    systems.ALERT_EMAIL: Email,
}
# Writes one run of the sender takes on; the rest wait for the next run.
RUN_LIMIT = 200


@dataclass
class SendReport:
    system: str
    sent: int = 0
    waiting: int = 0
    failed: int = 0
    lost: int = 0
    # When the next waiting write of this system is due (None: nothing waits).
    next_due: datetime | None = None

    @property
    def attempted(self) -> int:
        return self.sent + self.waiting + self.failed + self.lost


def send_due(
    settings: Settings, system: str, now: datetime | None = None, limit: int = RUN_LIMIT
) -> SendReport:
    """Deliver the system's due writes; `now` fixes the clock (the tests move it on)."""
    report = SendReport(system)
    if system not in systems.enabled_in(settings):
        return report
    adapter = ADAPTERS[system](settings)
    db = connect(settings.db_path, settings.busy_timeout_ms)
    try:
        _run(db, adapter, now, limit, report)
        report.next_due = reads.next_due(db, system)
    except sqlite3.OperationalError as exc:
        if not (is_busy(exc) or is_disk_full(exc)):
            raise
        # Claimed writes stay `sending` until their lease runs out; the sweep finds them.
        log.warning("[outbox] %s", json.dumps({"system": system, "deferred": str(exc)}))
    finally:
        db.close()
    return report


def _run(db: Database, adapter, now: datetime | None, limit: int, report: SendReport) -> None:
    if adapter.spacing is not None:
        claims = store.claim_due(db, adapter.system, now or clock.now(), limit, adapter.spacing)
        if claims:
            together = _safely(adapter.send_all, claims, "send")
            for claim in claims:
                new = states.answered(claim.state, together.answer, now or clock.now())
                _finish(db, claim, new, [together], now, report)
        return
    for _ in range(limit):
        claims = store.claim_due(db, adapter.system, now or clock.now(), 1)
        if not claims:
            return
        _deliver(db, adapter, claims[0], now, report)


def _deliver(db: Database, adapter, claim: Claim, now: datetime | None, report) -> None:
    """Look an ambiguous write up first (where the system can be asked), then send it."""
    attempts: list[Attempt] = []
    new = claim.state
    if claim.ambiguous and hasattr(adapter, "look_up"):
        found = _safely(adapter.look_up, claim, "lookup")
        attempts.append(found)
        new = states.looked_up(new, found.answer, now or clock.now())
    if new.state == State.SENDING:
        sent = _safely(adapter.send, claim, "send")
        attempts.append(sent)
        new = states.answered(claim.state, sent.answer, now or clock.now())
    _finish(db, claim, new, attempts, now, report)


def _safely(call: Callable, what, kind: str) -> Attempt:
    """An adapter's answer; a bug in it is an outcome unknown, never a crashed sender."""
    try:
        return call(what)
    except Exception as exc:
        log.exception("[outbox] unexpected error in a %s", kind)
        error = f"Intake hit an unexpected error ({exc.__class__.__name__}); it will try again."
        return Attempt(kind, Answer.UNKNOWN, error=error)


def _finish(
    db: Database,
    claim: Claim,
    new: WriteState,
    attempts: list[Attempt],
    now: datetime | None,
    report: SendReport,
) -> None:
    recorded = store.finish(db, claim, new, attempts, now or clock.now())
    if not recorded:
        report.lost += 1
    elif new.state == State.SENT:
        report.sent += 1
    elif new.state == State.FAILED:
        report.failed += 1
    else:
        report.waiting += 1
    log.info(
        "[outbox] %s",
        json.dumps(
            {
                "write_id": claim.write_id,
                "system": claim.system,
                "key": claim.key,
                "attempt": claim.attempt,
                "state": new.state if recorded else "lost",
                "error": attempts[-1].error,
            }
        ),
    )


def expire_leases(db: Database, now: datetime) -> list[str]:
    """The sweep's part: writes whose sender died mid-write become ambiguous."""
    expired = store.expire_leases(db, now)
    if expired:
        log.warning("[outbox] %s", json.dumps({"lease_expired": expired}))
    return expired
