"""The SQL around the batch state machine: create, claim, fail, finish, watchdog, retry.

The batch row is the source of truth; Huey only carries messages. Every
change that depends on the row's current state is a conditional UPDATE inside
an IMMEDIATE transaction, and a worker finishing its attempt is fenced by the
attempt number it claimed, so a worker the watchdog gave up on changes nothing.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta

from sqlite_utils import Database

from app import batches, clock, review_items
from app.batches import QueueState, Status
from app.db import immediate, one, rows
from app.outbox import alerts
from app.queue_reads import DUE, among

# The state machine's retry move, as the values it sets.
_RETRY = batches.retry(QueueState(batches.RETRYABLE_STATUSES[0]))
_REMOVED = batches.remove_record(QueueState(Status.PROCESSED, 1))
# While an admin has paused processing no attempt starts; the batch stays due for later.
_NOT_PAUSED = "NOT EXISTS (SELECT 1 FROM queue_control WHERE paused_at IS NOT NULL)"


_CLAIM_COLUMNS = (
    "id, attempts, claims, batch_type, content_type, original_filename, file_path, uploaded_by"
)


@dataclass(frozen=True)
class Claim:
    """One worker's hold on one attempt of one batch."""

    batch_id: str
    attempt: int
    # The batch's claim counter when this claim was made: the fencing token.
    claim_no: int
    batch_type: str
    content_type: str
    original_filename: str
    file_path: str
    uploaded_by: str | None


def record_event(
    db: Database,
    batch_id: str,
    event: str,
    now: datetime,
    *,
    attempt: int = 0,
    detail: str = "",
    actor: str | None = None,
) -> None:
    db.conn.execute(
        "INSERT INTO batch_events (batch_id, at, event, attempt, detail, actor)"
        " VALUES (:batch_id, :at, :event, :attempt, :detail, :actor)",
        {
            "batch_id": batch_id,
            "at": clock.iso(now),
            "event": event,
            "attempt": attempt,
            "detail": detail,
            "actor": actor,
        },
    )


@dataclass(frozen=True)
class Upload:
    """What a new batch records of the file it carries."""

    batch_id: str
    batch_type: str
    content_type: str
    original_filename: str
    file_path: str
    sha256: str
    size: int
    uploaded_by: str | None


def create_batch(db: Database, *, now: datetime, **upload) -> None:
    """A document uploaded for a worker to read: a pending batch (`upload` an Upload's fields)."""
    with immediate(db):
        _insert_batch(db, Upload(**upload), now, "pending")


def record_import_batch(
    db: Database, *, extracted: dict, warnings: list[str], now: datetime, **upload
) -> None:
    """Inside the import's transaction: a CSV import (timesheets, fuel logs) is done when it is
    recorded, so its batch is written processed at once. Its rows point at the batch, so
    `processed_record_id` stays empty; the counts are in `extracted`."""
    new = Upload(content_type="text/csv", **upload)
    _insert_batch(db, new, now, "processed", warnings=warnings, extracted=extracted)
    detail = ", ".join(warnings)
    record_event(db, new.batch_id, "processed", now, actor=new.uploaded_by, detail=detail)


def _insert_batch(
    db: Database,
    upload: Upload,
    now: datetime,
    status: str,
    warnings: list[str] | None = None,
    extracted: dict | None = None,
) -> None:
    """Write the new batch, processed at once when its `status` says so, and its upload event."""
    db.conn.execute(
        "INSERT INTO data_import_batches (id, batch_type, content_type, original_filename,"
        " file_path, sha256, size, date_uploaded, uploaded_by, status, processed_at, warnings,"
        " extracted) VALUES (:batch_id, :batch_type, :content_type, :original_filename,"
        " :file_path, :sha256, :size, :now, :uploaded_by, :status, :processed_at, :warnings,"
        " :extracted)",
        asdict(upload)
        | {
            "now": clock.iso(now),
            "status": status,
            "processed_at": clock.iso(now) if status == "processed" else None,
            "warnings": json.dumps(warnings or []),
            "extracted": None if extracted is None else json.dumps(extracted),
        },
    )
    uploaded_by, filename = upload.uploaded_by, upload.original_filename
    record_event(db, upload.batch_id, "uploaded", now, actor=uploaded_by, detail=filename)


def claim_batch(
    db: Database, batch_id: str, now: datetime, batch_types: tuple[str, ...] | None = None
) -> Claim | None:
    """Take the next attempt of a due batch; None when it is not due or another worker won.

    With `batch_types`, only a batch of one of them: a worker takes what it can read and
    leaves the rest for their own reader.
    """
    of_type = f" AND batch_type IN {among(batch_types)}" if batch_types else ""
    return _take(db, batch_id, now, f"{DUE} AND {_NOT_PAUSED}{of_type}", "claimed")


def _take(
    db: Database, batch_id: str, now: datetime, where: str, event: str, actor: str | None = None
) -> Claim | None:
    """Start the batch's next attempt if `where` still holds, fenced by a new claim number."""
    with immediate(db):
        row = one(
            db,
            "UPDATE data_import_batches"
            " SET status = 'processing', attempts = attempts + 1, claims = claims + 1,"
            "     last_attempt_at = :now, next_retry_at = NULL"
            f" WHERE id = :id AND {where}"
            f" RETURNING {_CLAIM_COLUMNS}",
            {"id": batch_id, "now": clock.iso(now)},
        )
        if row is None:
            return None
        record_event(db, batch_id, event, now, attempt=row["attempts"], actor=actor)
    return _claim(row)


def current_claim(db: Database, batch_id: str) -> Claim | None:
    """The attempt a processing batch is on, for results handed in from outside."""
    row = one(
        db,
        f"SELECT {_CLAIM_COLUMNS} FROM data_import_batches"
        " WHERE id = :id AND status = 'processing'",
        {"id": batch_id},
    )
    return _claim(row) if row else None


def _claim(row: dict) -> Claim:
    return Claim(
        batch_id=row["id"],
        attempt=row["attempts"],
        claim_no=row["claims"],
        batch_type=row["batch_type"],
        content_type=row["content_type"],
        original_filename=row["original_filename"],
        file_path=row["file_path"],
        uploaded_by=row["uploaded_by"],
    )


def holds_claim(db: Database, claim: Claim) -> bool:
    """Inside the caller's transaction: is this attempt still the batch's current one?"""
    return (
        one(
            db,
            "SELECT 1 AS ok FROM data_import_batches"
            " WHERE id = :id AND status = 'processing' AND claims = :claim_no",
            {"id": claim.batch_id, "claim_no": claim.claim_no},
        )
        is not None
    )


def mark_processed(
    db: Database,
    claim: Claim,
    *,
    record_id: str,
    warnings: list[str],
    extracted: dict,
    file_path: str,
    now: datetime,
    batch_type: str,
) -> bool:
    """Inside the caller's transaction: the attempt succeeded. False when fenced out.

    `batch_type` is what the document turned out to be: a batch uploaded for
    Intake to work out (`documents`) takes the type of the record it produced.
    """
    cursor = db.conn.execute(
        "UPDATE data_import_batches"
        " SET status = 'processed', processed_at = :now, processed_record_id = :record_id,"
        "     batch_type = :batch_type,"
        "     warnings = :warnings, extracted = :extracted, file_path = :file_path,"
        "     last_error = NULL, next_retry_at = NULL"
        " WHERE id = :id AND status = 'processing' AND claims = :claim_no",
        {
            "id": claim.batch_id,
            "claim_no": claim.claim_no,
            "now": clock.iso(now),
            "record_id": record_id,
            "warnings": json.dumps(warnings),
            "extracted": json.dumps(extracted),
            "file_path": file_path,
            "batch_type": batch_type,
        },
    )
    if cursor.rowcount != 1:
        return False
    detail = ", ".join(warnings)
    record_event(db, claim.batch_id, "processed", now, attempt=claim.attempt, detail=detail)
    return True


def fail_batch(
    db: Database,
    claim: Claim,
    error: str,
    now: datetime,
    retryable: bool = True,
    extracted: dict | None = None,
) -> QueueState | None:
    """Record a failed attempt; the new state, or None when the claim was lost.

    What the extractor read, when it read something that could not be imported,
    is kept for the person who looks at the batch (and pre-fills an entry by hand).
    """
    new = batches.fail(QueueState(Status.PROCESSING, claim.attempt), now, retryable)
    error = _shortened(error)
    with immediate(db):
        cursor = db.conn.execute(
            "UPDATE data_import_batches"
            " SET status = :status, next_retry_at = :next_retry_at, last_error = :error,"
            "     extracted = coalesce(:extracted, extracted)"
            " WHERE id = :id AND status = 'processing' AND claims = :claim_no",
            {
                "id": claim.batch_id,
                "claim_no": claim.claim_no,
                "status": new.status,
                "next_retry_at": clock.iso(new.next_retry_at) if new.next_retry_at else None,
                "error": error,
                "extracted": json.dumps(extracted) if extracted is not None else None,
            },
        )
        if cursor.rowcount != 1:
            return None
        record_event(db, claim.batch_id, new.status, now, attempt=claim.attempt, detail=error)
        if new.status == Status.DEAD:
            open_dead_review(db, claim.batch_id, claim.original_filename, error, claim.attempt, now)
    return new


# An error an outside extractor sends may be anything; a person reads this much of it.
ERROR_LIMIT = 2000


def _shortened(error: str) -> str:
    return error if len(error) <= ERROR_LIMIT else error[: ERROR_LIMIT - 1] + "…"


def open_dead_review(
    db: Database, batch_id: str, filename: str, error: str, attempts: int, now: datetime
) -> None:
    """Inside the caller's transaction: a dead batch waits in the review queue for a person,
    and the alert channels tell one."""
    evidence = {"filename": filename, "error": error, "attempts": attempts}
    review_items.open_item(db, "batch.dead", "batch", batch_id, evidence, 0, now)
    alerts.queue_batch_dead(db, batch_id, filename, error, now)


STUCK_ERROR = "The worker stopped while reading this document"


def reset_stuck_batches(
    db: Database, now: datetime, stuck_after: timedelta
) -> list[tuple[str, Status]]:
    """The watchdog: batches processing longer than `stuck_after` lost their worker."""
    cutoff = clock.iso(now - stuck_after)
    changed: list[tuple[str, Status]] = []
    with immediate(db):
        stuck = rows(
            db,
            "SELECT id, attempts, original_filename FROM data_import_batches"
            " WHERE status = 'processing' AND last_attempt_at < :cutoff ORDER BY last_attempt_at",
            {"cutoff": cutoff},
        )
        for row in stuck:
            new = batches.reset_stuck(QueueState(Status.PROCESSING, row["attempts"]))
            if new.status == Status.DEAD:
                error = f"{STUCK_ERROR} on each of its {row['attempts']} attempts."
            else:
                error = f"{STUCK_ERROR}; it will be tried again."
            db.conn.execute(
                "UPDATE data_import_batches SET status = :status, last_error = :error"
                " WHERE id = :id AND status = 'processing' AND attempts = :attempts",
                {
                    "id": row["id"],
                    "attempts": row["attempts"],
                    "status": new.status,
                    "error": error,
                },
            )
            record_event(db, row["id"], "watchdog", now, attempt=row["attempts"], detail=error)
            if new.status == Status.DEAD:
                open_dead_review(
                    db, row["id"], row["original_filename"], error, row["attempts"], now
                )
            changed.append((row["id"], new.status))
    return changed


def retry_batch(db: Database, batch_id: str, now: datetime, actor: str | None) -> bool:
    """A person's retry: a failed or dead batch starts again with fresh attempts."""
    return bool(retry_batches(db, ["b.id = :batch_id"], {"batch_id": batch_id}, now, actor))


def retry_batches(
    db: Database, where: list[str], params: dict, now: datetime, actor: str | None, detail: str = ""
) -> list[str]:
    """Retry every failed or dead batch matching `where` (conditions on `b`): their ids."""
    with immediate(db):
        retried = rows(
            db,
            "UPDATE data_import_batches AS b"
            " SET status = :retry_status, attempts = :retry_attempts, next_retry_at = NULL,"
            "     last_error = NULL"
            f" WHERE {' AND '.join(where)} AND b.status IN {among(batches.RETRYABLE_STATUSES)}"
            " RETURNING id",
            params | {"retry_status": _RETRY.status, "retry_attempts": _RETRY.attempts},
        )
        for row in retried:
            note_retried(db, row["id"], now, actor, detail)
    return [row["id"] for row in retried]


def note_retried(
    db: Database, batch_id: str, now: datetime, actor: str | None, detail: str = ""
) -> None:
    """Inside the caller's transaction: a person retried the batch, so its dead item is settled."""
    record_event(db, batch_id, "retry", now, actor=actor, detail=detail)
    review_items.close_open(
        db, "batch.dead", "batch", batch_id, resolution="retried", actor=actor, now=now
    )


def discard_batch(db: Database, batch_id: str, now: datetime, actor: str | None) -> bool:
    """A person gives up on a failed or dead batch: it never runs again. False when not allowed."""
    with immediate(db):
        cursor = db.conn.execute(
            "UPDATE data_import_batches SET status = 'discarded', next_retry_at = NULL"
            f" WHERE id = :id AND status IN {among(batches.DISCARDABLE_STATUSES)}",
            {"id": batch_id},
        )
        if cursor.rowcount != 1:
            return False
        record_event(db, batch_id, "discarded", now, actor=actor)
        review_items.close_open(
            db, "batch.dead", "batch", batch_id, resolution="discarded", actor=actor, now=now
        )
    return True


def discard_processed(
    db: Database, batch_id: str, now: datetime, actor: str | None, detail: str
) -> bool:
    """Inside the caller's transaction: the record a processed batch made was removed by a
    person (app.purchase_orders.edit.remove_unnumbered), so the batch is discarded too: it
    never runs again, and its file is kept as any discarded batch's is."""
    cursor = db.conn.execute(
        "UPDATE data_import_batches SET status = :status, next_retry_at = NULL"
        " WHERE id = :id AND status = 'processed'",
        {"id": batch_id, "status": _REMOVED.status.value},
    )
    if cursor.rowcount != 1:
        return False
    record_event(db, batch_id, "discarded", now, actor=actor, detail=detail)
    return True


def claim_by_hand(db: Database, batch_id: str, now: datetime, actor: str) -> Claim | None:
    """A person takes a dead batch to enter its PO; None when it is no longer dead.

    Their attempt is fenced like a worker's: process() lands only while it holds.
    """
    return _take(db, batch_id, now, "status = 'dead'", "entering_by_hand", actor)
