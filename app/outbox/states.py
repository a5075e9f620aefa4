"""The outbox state machine: what may happen to one write to another system, and when.

Pure: no database, no network. `store.py` turns these moves into SQL, the
sender feeds it what the other side answered; the tests walk every move as
one table.

    queued -> pending -claim-> sending -answer with an id-> sent
    sending -refused (a 4xx other than 409 and 429)-> failed
    sending -not received (429, connection refused)-> pending, after a wait
    sending -outcome unknown (5xx, timeout, dropped)-> ambiguous, after a wait
    sending -the 8th attempt without an answer-> failed
    sending -lease ran out (the sender died mid-write)-> ambiguous, due now
    ambiguous -claim-> sending: looked up first; sent when the other side has it, sent
        again when it says it never had it, ambiguous again when the look-up gets no answer
    pending | ambiguous | failed -cancel-> cancelled (final)
    failed -send again-> ambiguous, attempts reset: looked up before it is sent
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from enum import StrEnum


class State(StrEnum):
    PENDING = "pending"
    SENDING = "sending"
    AMBIGUOUS = "ambiguous"
    SENT = "sent"
    FAILED = "failed"
    CANCELLED = "cancelled"


MAX_ATTEMPTS = 8
FIRST_WAIT = timedelta(minutes=1)
LONGEST_WAIT = timedelta(hours=6)
# A sender holds a claimed write this long; past it the write's outcome is unknown.
LEASE = timedelta(minutes=10)

CLAIMABLE = (State.PENDING, State.AMBIGUOUS)
CANCELLABLE = (State.PENDING, State.AMBIGUOUS, State.FAILED)
FINAL = (State.SENT, State.CANCELLED)


class Answer(StrEnum):
    """What one send or look-up came to, as the adapters classify the other side's reply."""

    ACCEPTED = "accepted"  # it has the write: 2xx or 409 with its id, or found by the look-up
    NOT_FOUND = "not_found"  # the look-up says it never had it: safe to send
    NOT_RECEIVED = "not_received"  # certainly not taken: 429, a refused connection
    UNKNOWN = "unknown"  # it may or may not have it: 5xx, a timeout, a dropped connection
    REFUSED = "refused"  # it will never take it as it is: another 4xx


class InvalidMove(Exception):
    """The move does not apply to a write in this state; the message says why."""


@dataclass(frozen=True)
class WriteState:
    state: State
    attempts: int = 0
    next_attempt_at: datetime | None = None


def wait_after(attempts: int) -> timedelta:
    """1 minute after the first failed attempt, doubling, never more than 6 hours."""
    return min(FIRST_WAIT * 2 ** max(attempts - 1, 0), LONGEST_WAIT)


def is_due(write: WriteState, now: datetime) -> bool:
    """Waiting to be sent (or looked up) and its time has come (`reads.py` says it in SQL)."""
    return write.state in CLAIMABLE and (
        write.next_attempt_at is None or write.next_attempt_at <= now
    )


def claim(write: WriteState, now: datetime) -> WriteState:
    if not is_due(write, now):
        raise InvalidMove(f"a {write.state} write is not due at {now:%H:%M:%S}")
    return WriteState(State.SENDING, write.attempts + 1, None)


def answered(write: WriteState, answer: Answer, now: datetime) -> WriteState:
    """After a send: where the other side's answer leaves the write."""
    _require(write, State.SENDING, "record an answer for")
    if answer == Answer.ACCEPTED:
        return replace(write, state=State.SENT, next_attempt_at=None)
    if answer == Answer.REFUSED:
        return replace(write, state=State.FAILED, next_attempt_at=None)
    if answer == Answer.NOT_FOUND:
        raise InvalidMove("a look-up that found nothing is followed by a send, not a new state")
    if write.attempts >= MAX_ATTEMPTS:
        return replace(write, state=State.FAILED, next_attempt_at=None)
    waiting = State.PENDING if answer == Answer.NOT_RECEIVED else State.AMBIGUOUS
    return replace(write, state=waiting, next_attempt_at=now + wait_after(write.attempts))


def looked_up(write: WriteState, answer: Answer, now: datetime) -> WriteState:
    """After a look-up of a write whose outcome was unknown: sent when the other side has it;
    still `sending` (send it now) when it says it never had it; else ambiguous, for later.

    A look-up that could not reach the other side leaves the write ambiguous, never merely
    pending: the earlier send may still have landed.
    """
    _require(write, State.SENDING, "record a look-up for")
    if answer == Answer.ACCEPTED:
        return replace(write, state=State.SENT, next_attempt_at=None)
    if answer == Answer.NOT_FOUND:
        return write
    if write.attempts >= MAX_ATTEMPTS:
        return replace(write, state=State.FAILED, next_attempt_at=None)
    return replace(write, state=State.AMBIGUOUS, next_attempt_at=now + wait_after(write.attempts))


def lease_expired(write: WriteState) -> WriteState:
    """The sweep's move for a write `sending` past its lease: its sender is gone mid-write."""
    _require(write, State.SENDING, "expire the lease of")
    return replace(write, state=State.AMBIGUOUS, next_attempt_at=None)


def hold(write: WriteState, until: datetime) -> WriteState:
    """A waiting write that may not go before `until` (an alert email waiting for its digest)."""
    if write.state not in CLAIMABLE:
        raise InvalidMove(f"only a waiting write can be held, this one is {write.state}")
    return replace(write, next_attempt_at=until)


def cancel(write: WriteState) -> WriteState:
    if write.state not in CANCELLABLE:
        raise InvalidMove(
            f"only a pending, ambiguous or failed write can be cancelled, this one is {write.state}"
        )
    return replace(write, state=State.CANCELLED, next_attempt_at=None)


def send_again(write: WriteState) -> WriteState:
    """A person asks for a failed write to go again: it is looked up first, in case the other
    side took it after all, with a fresh set of attempts."""
    _require(write, State.FAILED, "send again")
    return WriteState(State.AMBIGUOUS, 0, None)


def _require(write: WriteState, state: State, action: str) -> None:
    if write.state != state:
        raise InvalidMove(f"cannot {action} a write that is {write.state}")
