"""The extraction loop, for extractors outside the worker: claim a due batch, fetch its
file, hand in what was read, or say that reading failed.

These are the queue's own fenced moves (`app/queue.py`), with what an outsider's
word needs checked first: a result or a failure counts only for the batch's
current claim, so an extractor that lost a race, or one the watchdog gave up on,
changes nothing. A result that is not a valid PO or DN fails the attempt at once
(retried after the usual wait) rather than leaving the batch processing until
the watchdog. What a `documents` batch is imported as is the pipeline's one rule
(`pipeline.import_payload`), the same from inside and out.
"""

from __future__ import annotations

from datetime import datetime

from sqlite_utils import Database

from app import attempt_log, clock, pausing, pipeline, queue, queue_reads
from app.batches import QueueState
from app.config import Settings
from app.intake import ClaimLost, InvalidPayload

STOPPED = "This batch stopped processing just now; fetch its status."


class NotNow(Exception):
    """The batch cannot do this now (another claim holds it, or it is not processing)."""


class InvalidResult(Exception):
    """What was handed in is not a valid PO or DN; the attempt has been failed."""

    def __init__(self, message: str, problems: list[str]):
        super().__init__(message)
        self.problems = problems


def claim(db: Database, batch_id: str, now: datetime) -> queue.Claim:
    """The batch's next attempt, for an outside extractor; NotNow says why it is not to be had."""
    taken = queue.claim_batch(db, batch_id, now)
    if taken is None:
        raise NotNow(_why_not_claimable(db, queue_reads.get_batch(db, batch_id)))
    return taken


def _why_not_claimable(db: Database, batch: dict) -> str:
    status = batch["status"]
    if status == "processing":
        return "Another extractor claimed this batch first."
    if pausing.processing_paused(db):
        return "An administrator has paused processing; claim it once processing resumes."
    if status == "failed":
        return f"This batch failed; it is due again at {batch['next_retry_at']}."
    return f"This batch is {status}; there is nothing to claim."


def held(db: Database, batch_id: str, claim_no: int | None) -> queue.Claim:
    """The batch's current claim, if `claim_no` is it (or is not given); else NotNow."""
    current = queue.current_claim(db, batch_id)
    if current is None:
        status = queue_reads.get_batch(db, batch_id)["status"]
        raise NotNow(f"This batch is {status}; it takes results only while it is processing.")
    if claim_no is not None and claim_no != current.claim_no:
        raise NotNow(
            f"Claim {claim_no} is no longer this batch's current one: the batch was given to"
            " another attempt, and nothing from this one is used."
        )
    return current


def hand_in(db: Database, settings: Settings, batch_id: str, claim_no: int | None, extracted):
    """Import what an outside extractor read for the batch: the import's outcome."""
    current = held(db, batch_id, claim_no)
    started = clock.parse(queue_reads.get_batch(db, batch_id)["last_attempt_at"])
    try:
        outcome = pipeline.import_payload(db, settings, current, extracted)
    except InvalidPayload as exc:
        kind = pipeline.import_kind(current.batch_type, extracted)
        what = "delivery note" if kind == "delivery_notes" else "purchase order"
        message = f"The extracted data is not a valid {what}."
        kept = extracted if isinstance(extracted, dict) else None
        state = queue.fail_batch(db, current, f"{message} {exc}", clock.now(), True, kept)
        attempt_log.failed(batch_id, "validate", str(exc), via="api", status=_status(state))
        raise InvalidResult(message, exc.problems) from None
    except ClaimLost:
        raise NotNow(STOPPED) from None
    since_claim = round((clock.now() - started).total_seconds() * 1000)
    attempt_log.imported(db, batch_id, outcome, since_claim, created=outcome.created, via="api")
    return outcome


def fail(
    db: Database,
    batch_id: str,
    claim_no: int,
    error: str,
    retryable: bool,
    step: str,
    kept: dict | None = None,
) -> QueueState:
    """An outside extractor could not read the batch: the attempt fails as the worker's would,
    keeping what it read of the document (`kept`), as the worker keeps a refusal's words."""
    current = held(db, batch_id, claim_no)
    state = queue.fail_batch(db, current, error, clock.now(), retryable, kept)
    if state is None:
        raise NotNow(STOPPED)
    attempt_log.failed(batch_id, step, error, via="api", status=_status(state))
    return state


def _status(state: QueueState | None) -> str:
    return str(state.status) if state else "lost"
