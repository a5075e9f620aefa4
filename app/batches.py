"""The batch state machine: what may happen to an uploaded document, and when.

Pure: no database, no web framework, no queue. `queue.py` turns these
decisions into SQL; the tests walk every transition as one table.

    upload -> pending -claim-> processing -ok-> processed
    processing -fail-> failed (attempts < 3, retried after 1 min, then 5 min)
    processing -fail-> dead (third failure, or an error waiting cannot fix)
    processing -stuck longer than the watchdog allows-> pending (dead when no attempts are left)
    failed | dead -retry-> pending, attempts reset
    failed | dead -discard-> discarded (final: never runs again; its file is kept 30 days)
    dead -enter by hand-> processing (a person types the PO; their entry goes through process())
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from enum import StrEnum


class Status(StrEnum):
    PENDING = "pending"
    PROCESSING = "processing"
    PROCESSED = "processed"
    FAILED = "failed"
    DEAD = "dead"
    DISCARDED = "discarded"


MAX_ATTEMPTS = 3
# Wait after the first and the second failed attempt; the third is final.
BACKOFF = (timedelta(minutes=1), timedelta(minutes=5))

# Due: waiting for its first attempt, or waiting for its retry time (then due once it passes).
WAITING = (Status.PENDING,)
WAITING_FOR_RETRY = (Status.FAILED,)
RETRYABLE_STATUSES = (Status.FAILED, Status.DEAD)
DISCARDABLE_STATUSES = (Status.FAILED, Status.DEAD)
TERMINAL_STATUSES = (Status.PROCESSED, Status.DEAD, Status.DISCARDED)


class InvalidTransition(Exception):
    """The event does not apply to a batch in this state."""


@dataclass(frozen=True)
class QueueState:
    status: Status
    attempts: int = 0
    next_retry_at: datetime | None = None


def is_due(state: QueueState, now: datetime) -> bool:
    """Pending, or failed with its retry time reached (`queue.py` says the same in SQL)."""
    if state.status in WAITING:
        return True
    return (
        state.status in WAITING_FOR_RETRY
        and state.next_retry_at is not None
        and state.next_retry_at <= now
    )


def claim(state: QueueState, now: datetime) -> QueueState:
    if not is_due(state, now):
        raise InvalidTransition(f"a {state.status} batch is not due at {now:%H:%M:%S}")
    return QueueState(Status.PROCESSING, state.attempts + 1, None)


def succeed(state: QueueState) -> QueueState:
    _require(state, Status.PROCESSING, "finish")
    return replace(state, status=Status.PROCESSED, next_retry_at=None)


def fail(state: QueueState, now: datetime, retryable: bool = True) -> QueueState:
    """After a failed attempt: wait and try again, or stop for a person."""
    _require(state, Status.PROCESSING, "fail")
    if not retryable or state.attempts >= MAX_ATTEMPTS:
        return replace(state, status=Status.DEAD, next_retry_at=None)
    wait = BACKOFF[min(state.attempts, len(BACKOFF)) - 1]
    return replace(state, status=Status.FAILED, next_retry_at=now + wait)


def reset_stuck(state: QueueState) -> QueueState:
    """The watchdog's move for a batch processing too long: its worker is gone."""
    _require(state, Status.PROCESSING, "reset")
    if state.attempts >= MAX_ATTEMPTS:
        return replace(state, status=Status.DEAD, next_retry_at=None)
    return replace(state, status=Status.PENDING, next_retry_at=None)


def retry(state: QueueState) -> QueueState:
    """A person asks for another go: a fresh set of attempts."""
    if state.status not in RETRYABLE_STATUSES:
        raise InvalidTransition(
            f"only a failed or dead batch can be retried, this one is {state.status}"
        )
    return QueueState(Status.PENDING, 0, None)


def discard(state: QueueState) -> QueueState:
    """A person gives up on a batch: it never runs again, and a retry is refused."""
    if state.status not in DISCARDABLE_STATUSES:
        raise InvalidTransition(
            f"only a failed or dead batch can be discarded, this one is {state.status}"
        )
    return replace(state, status=Status.DISCARDED, next_retry_at=None)


def remove_record(state: QueueState) -> QueueState:
    """A person removed what a processed batch made (a PO that was no PO of its own): the
    batch is discarded with it and never runs again."""
    _require(state, Status.PROCESSED, "remove the record of")
    return replace(state, status=Status.DISCARDED, next_retry_at=None)


def enter_by_hand(state: QueueState) -> QueueState:
    """A person takes a dead batch to type its PO: one more attempt, theirs.

    It is `processing` like a worker's claim, so the same fencing applies: the
    entry lands only while that attempt is still the batch's current one.
    """
    _require(state, Status.DEAD, "enter by hand")
    return QueueState(Status.PROCESSING, state.attempts + 1, None)


def _require(state: QueueState, status: Status, action: str) -> None:
    if state.status != status:
        raise InvalidTransition(f"cannot {action} a batch that is {state.status}")


def never_succeeds(state: QueueState) -> bool:
    """Dead before its attempts ran out: it failed with an error waiting cannot fix (a file
    that is not a document Intake reads, a damaged one), so another attempt fails the same way."""
    return state.status == Status.DEAD and 0 < state.attempts < MAX_ATTEMPTS


# A document is read in well under a second or two when the queue is quiet: its pill asks
# often at first, so "Imported" shows at once, then settles to the usual pace.
QUICK_POLLING_FOR = timedelta(seconds=10)
QUICK_POLL, USUAL_POLL = "500ms", "2s"


def poll_every(uploaded_at: datetime, now: datetime) -> str:
    """How often a live pill asks for its batch's state (an htmx interval)."""
    return QUICK_POLL if now - uploaded_at < QUICK_POLLING_FOR else USUAL_POLL
