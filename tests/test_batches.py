"""The batch state machine, every transition as one table."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from app import batches
from app.batches import InvalidTransition, QueueState, Status

NOW = datetime(2026, 8, 19, 10, 0, tzinfo=UTC)
EARLIER = NOW - timedelta(seconds=1)
LATER = NOW + timedelta(seconds=1)
MIN, FIVE_MIN = timedelta(minutes=1), timedelta(minutes=5)

P, R, D, F, X = Status.PENDING, Status.PROCESSING, Status.PROCESSED, Status.FAILED, Status.DEAD
Z = Status.DISCARDED


def claim(state):
    return batches.claim(state, NOW)


def succeed(state):
    return batches.succeed(state)


def fail(state):
    return batches.fail(state, NOW, retryable=True)


def fail_for_good(state):
    return batches.fail(state, NOW, retryable=False)


def watchdog(state):
    return batches.reset_stuck(state)


def retry(state):
    return batches.retry(state)


def discard(state):
    return batches.discard(state)


def enter_by_hand(state):
    return batches.enter_by_hand(state)


TRANSITIONS = [
    # (event, before, after) -- after None means the event is refused
    (claim, QueueState(P, 0), QueueState(R, 1)),
    (claim, QueueState(P, 2), QueueState(R, 3)),  # reset by the watchdog, keeps its count
    (claim, QueueState(F, 1, EARLIER), QueueState(R, 2)),  # a due failed batch is claimed
    (claim, QueueState(F, 1, NOW), QueueState(R, 2)),
    (claim, QueueState(F, 1, LATER), None),  # not due yet
    (claim, QueueState(R, 1), None),  # another worker holds it
    (claim, QueueState(D, 1), None),
    (claim, QueueState(X, 3), None),
    (succeed, QueueState(R, 1), QueueState(D, 1)),
    (succeed, QueueState(P, 0), None),
    (fail, QueueState(R, 1), QueueState(F, 1, NOW + MIN)),  # first failure: 1 min
    (fail, QueueState(R, 2), QueueState(F, 2, NOW + FIVE_MIN)),  # second: 5 min
    (fail, QueueState(R, 3), QueueState(X, 3)),  # third: dead
    (fail_for_good, QueueState(R, 1), QueueState(X, 1)),  # not retryable: dead at once
    (fail, QueueState(F, 1, NOW), None),
    (watchdog, QueueState(R, 1), QueueState(P, 1)),
    (watchdog, QueueState(R, 2), QueueState(P, 2)),
    (watchdog, QueueState(R, 3), QueueState(X, 3)),  # every attempt used
    (watchdog, QueueState(P, 0), None),
    (retry, QueueState(F, 2, LATER), QueueState(P, 0)),
    (retry, QueueState(X, 3), QueueState(P, 0)),
    (retry, QueueState(P, 0), None),
    (retry, QueueState(R, 1), None),
    (retry, QueueState(D, 1), None),
    (retry, QueueState(Z, 3), None),  # discarded is final
    (discard, QueueState(F, 1, LATER), QueueState(Z, 1)),  # no retry time left behind
    (discard, QueueState(X, 3), QueueState(Z, 3)),
    (discard, QueueState(P, 0), None),
    (discard, QueueState(R, 1), None),
    (discard, QueueState(D, 1), None),
    (discard, QueueState(Z, 1), None),
    (claim, QueueState(Z, 1), None),
    (fail, QueueState(Z, 1), None),
    (watchdog, QueueState(Z, 1), None),
    (enter_by_hand, QueueState(X, 3), QueueState(R, 4)),  # the person's attempt
    (enter_by_hand, QueueState(X, 1), QueueState(R, 2)),
    (enter_by_hand, QueueState(F, 1, LATER), None),  # a worker will try again by itself
    (enter_by_hand, QueueState(P, 0), None),
    (enter_by_hand, QueueState(R, 1), None),  # someone else holds it
    (enter_by_hand, QueueState(D, 1), None),
    (enter_by_hand, QueueState(Z, 1), None),
    (succeed, QueueState(R, 4), QueueState(D, 4)),  # an entry by hand finishes like a worker
    (watchdog, QueueState(R, 4), QueueState(X, 4)),  # an abandoned entry goes back to dead
]


@pytest.mark.parametrize(
    ("event", "before", "after"),
    TRANSITIONS,
    ids=[f"{e.__name__}-{b.status}-{b.attempts}-{i}" for i, (e, b, _) in enumerate(TRANSITIONS)],
)
def test_transition(event, before, after):
    if after is None:
        with pytest.raises(InvalidTransition):
            event(before)
    else:
        assert event(before) == after


@pytest.mark.parametrize(
    ("state", "due"),
    [
        (QueueState(P, 0), True),
        (QueueState(F, 1, EARLIER), True),
        (QueueState(F, 1, LATER), False),
        (QueueState(F, 1, None), False),
        (QueueState(R, 1), False),
        (QueueState(D, 1), False),
        (QueueState(X, 3), False),
        (QueueState(Z, 3), False),
    ],
)
def test_is_due(state, due):
    assert batches.is_due(state, NOW) is due


def test_three_failures_make_a_batch_dead():
    state = QueueState(P)
    for _ in range(3):
        state = fail(claim(state))
        if state.status == F:
            state = QueueState(F, state.attempts, NOW)  # time passes until it is due
    assert state == QueueState(X, 3)


def permanent_failure(state):
    return batches.fail(claim(state), NOW, retryable=False)


@pytest.mark.parametrize(
    ("state", "never"),
    [
        (permanent_failure(QueueState(P)), True),  # a damaged file, on its first attempt
        (permanent_failure(QueueState(F, 1, EARLIER)), True),
        (permanent_failure(QueueState(F, 2, EARLIER)), False),  # dead on its last attempt anyway
        (QueueState(X, 3), False),  # three timeouts: another day may go better
        (QueueState(F, 1, LATER), False),
        (QueueState(D, 1), False),
        (QueueState(P, 0), False),
    ],
)
def test_a_batch_that_never_succeeds_is_told_by_its_state(state, never):
    assert batches.never_succeeds(state) is never


@pytest.mark.parametrize(
    ("age", "every"),
    [
        (timedelta(0), "500ms"),
        (timedelta(seconds=9.9), "500ms"),
        (timedelta(seconds=10), "2s"),
        (timedelta(hours=3), "2s"),
    ],
)
def test_a_pill_polls_quickly_while_its_document_is_new(age, every):
    assert batches.poll_every(NOW - age, NOW) == every
