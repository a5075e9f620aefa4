"""The outbox state machine as one table: every move from every state, and the waits."""

from __future__ import annotations

from datetime import timedelta

import pytest

from app import clock
from app.outbox import states
from app.outbox.states import Answer, InvalidMove, State, WriteState

NOW = clock.parse("2026-08-19T10:00:00.000Z")
LATER = NOW + timedelta(minutes=5)
MIN = timedelta(minutes=1)

P, S, A, D, F, C = (
    State.PENDING,
    State.SENDING,
    State.AMBIGUOUS,
    State.SENT,
    State.FAILED,
    State.CANCELLED,
)


def w(state, attempts=0, next_at=None):
    return WriteState(state, attempts, next_at)


def claim(write):
    return states.claim(write, NOW)


def answer(kind):
    return lambda write: states.answered(write, kind, NOW)


def looked_up(kind):
    return lambda write: states.looked_up(write, kind, NOW)


# (what happens, the write before, the move, the write after or the refusal)
CASES = [
    ("a new write is claimed", w(P), claim, w(S, 1)),
    ("a write due earlier is claimed", w(P, 2, NOW - MIN), claim, w(S, 3)),
    ("a write waiting for later is not", w(P, 1, LATER), claim, InvalidMove),
    ("an ambiguous write is claimed, to be looked up", w(A, 3, NOW), claim, w(S, 4)),
    ("a sending write is not claimed again", w(S, 1), claim, InvalidMove),
    ("a sent write is never claimed", w(D, 1), claim, InvalidMove),
    ("a failed write is not claimed", w(F, 8), claim, InvalidMove),
    ("a cancelled write is not claimed", w(C, 1), claim, InvalidMove),
    ("an id in the answer: sent", w(S, 1), answer(Answer.ACCEPTED), w(D, 1)),
    ("a 400: failed at once", w(S, 1), answer(Answer.REFUSED), w(F, 1)),
    ("429 or refused: pending in 1 min", w(S, 1), answer(Answer.NOT_RECEIVED), w(P, 1, NOW + MIN)),
    ("5xx or a timeout: ambiguous in 1 min", w(S, 1), answer(Answer.UNKNOWN), w(A, 1, NOW + MIN)),
    ("the third attempt waits 4 min", w(S, 3), answer(Answer.UNKNOWN), w(A, 3, NOW + 4 * MIN)),
    ("the seventh waits 64 min", w(S, 7), answer(Answer.NOT_RECEIVED), w(P, 7, NOW + 64 * MIN)),
    ("the eighth unanswered: failed", w(S, 8), answer(Answer.UNKNOWN), w(F, 8)),
    ("the eighth not received: failed", w(S, 8), answer(Answer.NOT_RECEIVED), w(F, 8)),
    ("an answer for a write not sending", w(P, 1), answer(Answer.ACCEPTED), InvalidMove),
    ("an answer for a sent write", w(D, 1), answer(Answer.ACCEPTED), InvalidMove),
    (
        "a look-up's not-found is no answer to a send",
        w(S, 1),
        answer(Answer.NOT_FOUND),
        InvalidMove,
    ),
    ("the look-up finds it: sent", w(S, 2), looked_up(Answer.ACCEPTED), w(D, 2)),
    ("the look-up finds nothing: send now", w(S, 2), looked_up(Answer.NOT_FOUND), w(S, 2)),
    ("no answer to the look-up", w(S, 2), looked_up(Answer.UNKNOWN), w(A, 2, NOW + 2 * MIN)),
    (
        "look-up refused: still ambiguous",
        w(S, 1),
        looked_up(Answer.NOT_RECEIVED),
        w(A, 1, NOW + MIN),
    ),
    ("the eighth look-up unanswered: failed", w(S, 8), looked_up(Answer.UNKNOWN), w(F, 8)),
    ("a look-up for a write not sending", w(A, 1), looked_up(Answer.ACCEPTED), InvalidMove),
    ("the lease ran out: ambiguous, due now", w(S, 2), states.lease_expired, w(A, 2)),
    ("no lease to run out on a pending write", w(P, 2), states.lease_expired, InvalidMove),
    ("a pending write is cancelled", w(P, 1, LATER), states.cancel, w(C, 1)),
    ("an ambiguous write is cancelled", w(A, 1), states.cancel, w(C, 1)),
    ("a failed write is cancelled", w(F, 8), states.cancel, w(C, 8)),
    ("a write in flight cannot be cancelled", w(S, 1), states.cancel, InvalidMove),
    ("a sent write cannot be cancelled", w(D, 1), states.cancel, InvalidMove),
    ("a cancelled write stays so", w(C, 1), states.cancel, InvalidMove),
    ("a failed write is sent again: looked up first", w(F, 8), states.send_again, w(A, 0)),
    ("a pending write is not sent again", w(P, 1), states.send_again, InvalidMove),
    ("a sent write is not sent again", w(D, 1), states.send_again, InvalidMove),
    ("a cancelled write is not sent again", w(C, 1), states.send_again, InvalidMove),
    ("an email held for its digest", w(P, 0, NOW), lambda x: states.hold(x, LATER), w(P, 0, LATER)),
    ("a sent write is not held", w(D, 1), lambda x: states.hold(x, LATER), InvalidMove),
]


@pytest.mark.parametrize(("case", "before", "move", "after"), CASES, ids=[c[0] for c in CASES])
def test_each_move(case, before, move, after):
    if after is InvalidMove:
        with pytest.raises(InvalidMove):
            move(before)
    else:
        assert move(before) == after


@pytest.mark.parametrize(
    ("attempts", "minutes"), [(1, 1), (2, 2), (3, 4), (6, 32), (8, 128), (9, 256), (10, 360)]
)
def test_waits_double_from_a_minute_to_six_hours(attempts, minutes):
    assert states.wait_after(attempts) == timedelta(minutes=minutes)


def test_only_waiting_writes_are_due():
    due = [s for s in State if states.is_due(w(s, 1, NOW), NOW)]
    assert due == [State.PENDING, State.AMBIGUOUS]
