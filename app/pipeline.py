"""One attempt at one batch, and one tick of the sweep: what the worker's tasks do.

Kept apart from Huey so tests call them directly. `run_batch` never raises
for a bad document: every failure is written to the batch as an attempt that
failed, retryable or not, so the worker goes on to the next one.
"""

from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass, field
from datetime import timedelta

from app import clock, purchasing, queue, storage
from app.batches import QueueState, Status
from app.config import Settings
from app.db import connect
from app.extract import Document, ExtractionError, ExtractOptions, extract

log = logging.getLogger("intake")

# Files no row points at are removed only after this long, well past any upload or commit.
ORPHAN_AGE = timedelta(hours=1)


@dataclass(frozen=True)
class Attempt:
    """What one call to run_batch did."""

    batch_id: str
    outcome: str  # skipped | processed | failed | dead | lost
    state: QueueState | None = None


def run_batch(settings: Settings, batch_id: str) -> Attempt:
    db = connect(settings.db_path)
    try:
        claim = queue.claim_batch(db, batch_id, clock.now())
        if claim is None:
            return Attempt(batch_id, "skipped")
        started = time.monotonic()
        try:
            payload = _read(settings, claim)
            result = purchasing.process(db, settings, claim, payload, clock.now())
        except purchasing.ClaimLost:
            log.info("[po-process-batch] %s", json.dumps({"batch_id": batch_id, "lost": True}))
            return Attempt(batch_id, "lost")
        except ExtractionError as exc:
            return _failed(db, claim, exc.message, exc.retryable, started)
        except purchasing.InvalidPayload as exc:
            return _failed(db, claim, str(exc), False, started)
        except Exception as exc:  # a bug or the machine, not the document: try again later
            log.exception("[po-process-batch] unexpected error in batch %s", batch_id)
            message = (
                f"Intake hit an unexpected error ({exc.__class__.__name__}); it will try again."
            )
            return _failed(db, claim, message, True, started)
        log.info(
            "[po-process-batch] %s",
            json.dumps(
                {
                    "batch_id": batch_id,
                    "po_id": result.po_id,
                    "created": result.created,
                    "warnings": result.warnings,
                    "duration_ms": round((time.monotonic() - started) * 1000),
                }
            ),
        )
        return Attempt(batch_id, "processed", QueueState(Status.PROCESSED, claim.attempt))
    finally:
        db.close()


def _read(settings: Settings, claim: queue.Claim) -> dict:
    if claim.batch_type != "purchase_orders":
        kind = claim.batch_type.replace("_", " ")
        raise ExtractionError(f"Intake cannot import {kind} yet; only purchase orders.")
    path = storage.resolve(settings, claim.file_path)
    if not path.exists():
        raise ExtractionError("The stored file is missing; upload the document again.")
    options = ExtractOptions.from_settings(settings)
    return extract(Document(path, claim.content_type, claim.original_filename, options))


def _failed(db, claim: queue.Claim, message: str, retryable: bool, started: float) -> Attempt:
    state = queue.fail_batch(db, claim, message, clock.now(), retryable)
    log.warning(
        "[po-process-batch] %s",
        json.dumps(
            {
                "batch_id": claim.batch_id,
                "attempt": claim.attempt,
                "error": message,
                "status": state.status if state else "lost",
                "duration_ms": round((time.monotonic() - started) * 1000),
            }
        ),
    )
    if state is None:
        return Attempt(claim.batch_id, "lost")
    return Attempt(claim.batch_id, str(state.status), state)


@dataclass
class SweepReport:
    reset: list[str] = field(default_factory=list)
    dead: list[str] = field(default_factory=list)
    due: list[str] = field(default_factory=list)
    reaped: list[str] = field(default_factory=list)

    def summary(self) -> str:
        return (
            f"watchdog: {len(self.reset)} reset to pending, {len(self.dead)} dead; "
            f"due: {len(self.due)} enqueued; orphaned files removed: {len(self.reaped)}"
        )


def sweep(settings: Settings) -> SweepReport:
    """The safety net: recover batches whose worker vanished, and find every due batch.

    The caller enqueues `report.due`; a batch enqueued twice is claimed once.
    """
    db = connect(settings.db_path)
    report = SweepReport()
    try:
        now = clock.now()
        stuck_after = timedelta(minutes=settings.stuck_minutes)
        for batch_id, status in queue.reset_stuck_batches(db, now, stuck_after):
            (report.dead if status == Status.DEAD else report.reset).append(batch_id)
        if report.reset or report.dead:
            log.warning(
                "[batches-watchdog] %s",
                json.dumps(
                    {
                        "count": len(report.reset) + len(report.dead),
                        "reset": report.reset,
                        "dead": report.dead,
                    }
                ),
            )
        report.due = queue.due_batch_ids(db, now, settings.sweep_batch)
        report.reaped = storage.reap_orphans(db, settings, now, ORPHAN_AGE)
    finally:
        db.close()
    return report
