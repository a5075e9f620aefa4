"""One attempt at one batch, and one tick of the sweep: what the worker's tasks do.

Kept apart from Huey so tests call them directly. `run_batch` never raises
for a bad document: every failure is written to the batch as an attempt that
failed, retryable or not, so the worker goes on to the next one.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import time
from dataclasses import dataclass, field, replace
from datetime import timedelta
from pathlib import Path

from app import (
    attempt_log,
    clock,
    layouts,
    pausing,
    previews,
    queue,
    queue_reads,
    sites,
    storage,
    suppliers,
)
from app.batches import QueueState, Status
from app.config import Settings
from app.db import connect, is_busy, is_disk_full
from app.delivery_notes import hooks as delivery_hooks
from app.delivery_notes import intake as dn_intake
from app.extract import (
    Document,
    ExtractionError,
    ExtractOptions,
    extract,
    extract_delivery_note,
    extract_document,
)
from app.intake import ClaimLost, InvalidPayload
from app.outbox import reads as outbox_reads
from app.outbox import sender as outbox_sender
from app.outbox import systems as outbox_systems
from app.purchase_orders import intake, matching
from app.review import hooks

log = logging.getLogger("intake")

# Files no row points at are removed only after this long, well past any upload or commit.
ORPHAN_AGE = timedelta(hours=1)
# A discarded batch keeps its file this long, in case someone wants it after all.
DISCARDED_FILE_AGE = timedelta(days=30)


@dataclass(frozen=True)
class Attempt:
    """What one call to run_batch did."""

    batch_id: str
    outcome: str  # skipped | deferred | processed | failed | dead | lost
    state: QueueState | None = None


def run_batch(settings: Settings, batch_id: str) -> Attempt:
    if settings.extractor == "external":
        return Attempt(batch_id, "skipped")  # outside extractors claim it through the API
    db = connect(settings.db_path, settings.busy_timeout_ms)
    try:
        try:
            claim = queue.claim_batch(db, batch_id, clock.now(), READABLE)
        except sqlite3.OperationalError as exc:
            if not (is_busy(exc) or is_disk_full(exc)):
                raise
            # Nothing changed: the batch is still due, and the caller tries again soon.
            log.warning(
                "[po-process-batch] %s", json.dumps({"batch_id": batch_id, "deferred": str(exc)})
            )
            return Attempt(batch_id, "deferred")
        if claim is None:
            return Attempt(batch_id, "skipped")
        started = time.monotonic()
        step = "extract"
        try:
            payload = _read(db, settings, claim)
            step = "import"
            result = import_payload(db, settings, claim, payload)
        except ClaimLost:
            log.info("[po-process-batch] %s", json.dumps({"batch_id": batch_id, "lost": True}))
            return Attempt(batch_id, "lost")
        except ExtractionError as exc:
            return _failed(
                db, claim, "extract", exc.message, exc.retryable, started, extracted=exc.kept
            )
        except InvalidPayload as exc:
            return _failed(db, claim, "validate", str(exc), False, started, extracted=payload)
        # The machine or a bug, not the document: try again later. The message makes no
        # promise of another attempt; the batch's state (and its pill) says whether one follows.
        except Exception as exc:
            if is_disk_full(exc):
                message = "The server's disk was full."
            elif is_busy(exc):
                message = "The database was busy for too long."
            else:
                log.exception("[po-process-batch] unexpected error in batch %s", batch_id)
                message = f"Intake hit an unexpected error ({exc.__class__.__name__})."
            return _failed(db, claim, step, message, True, started)
        attempt_log.imported(db, batch_id, result, _since(started), created=result.created)
        return Attempt(batch_id, "processed", QueueState(Status.PROCESSED, claim.attempt))
    finally:
        db.close()


# A worker claims only these; a batch of another type waits for its own reader.
READABLE = ("purchase_orders", "delivery_notes", "documents")


def _reader(batch_type: str):
    """What a batch type is read with: as a PO, as a DN, or as whichever the document is."""
    readers = {
        "purchase_orders": extract,
        "delivery_notes": extract_delivery_note,
        "documents": extract_document,
    }
    return readers[batch_type]


def _read(db, settings: Settings, claim: queue.Claim) -> dict:
    path = storage.resolve(settings, claim.file_path)
    if not path.exists():
        raise ExtractionError("The stored file is missing; upload the document again.")
    return read_document(
        settings,
        claim.batch_type,
        path,
        claim.content_type,
        claim.original_filename,
        office_names(db),
    )


def office_names(db) -> dict:
    """What a reading is checked against and read with: the site codes, the supplier names
    and the layouts learned from verified POs. The extraction child has no database, nor
    has a remote worker: these go with the document."""
    return {
        "site_codes": list(sites.known_codes(db)),
        "supplier_names": [supplier["name"] for supplier in suppliers.list_suppliers(db)],
        "layouts": list(layouts.for_reading(db)),
    }


def read_document(
    settings: Settings,
    batch_type: str,
    path: Path,
    content_type: str,
    filename: str,
    names: dict,
) -> dict:
    """The payload of one document, read as its batch type says (here or on a remote worker),
    checked against the office's `names` (`office_names`)."""
    options = replace(
        ExtractOptions.from_settings(settings),
        site_codes=tuple(names["site_codes"]),
        supplier_names=tuple(names["supplier_names"]),
        layouts=tuple(names.get("layouts") or ()),
    )
    started = time.monotonic()
    payload = _reader(batch_type)(Document(path, content_type, filename, options))
    # Kept with what the extractor returned, so /metrics can tell each engine's time.
    payload["extract_seconds"] = round(time.monotonic() - started, 3)
    return payload


def import_kind(batch_type: str, payload: object) -> str:
    """What a payload is imported as: a `documents` batch as what the document turned out to be."""
    if batch_type != "documents":
        return batch_type
    is_dn = isinstance(payload, dict) and payload.get("document_type") == "delivery_note"
    return "delivery_notes" if is_dn else "purchase_orders"


def import_payload(db, settings: Settings, claim: queue.Claim, payload: dict):
    """Import what was read, from this worker or from outside, as `import_kind` says."""
    if import_kind(claim.batch_type, payload) == "delivery_notes":
        return dn_intake.process(db, settings, claim, payload, clock.now())
    return intake.process(db, settings, claim, payload, clock.now())


def _since(started: float) -> int:
    return round((time.monotonic() - started) * 1000)


def _failed(
    db,
    claim: queue.Claim,
    step: str,
    message: str,
    retryable: bool,
    started: float,
    extracted: dict | None = None,
) -> Attempt:
    try:
        state = queue.fail_batch(db, claim, message, clock.now(), retryable, extracted)
    except sqlite3.OperationalError as exc:
        if not (is_busy(exc) or is_disk_full(exc)):
            raise
        # The batch stays `processing`; the watchdog returns it to the queue.
        log.error(
            "[po-process-batch] %s",
            json.dumps({"batch_id": claim.batch_id, "unrecorded": message, "cause": str(exc)}),
        )
        return Attempt(claim.batch_id, "lost")
    attempt_log.failed(
        claim.batch_id,
        step,
        message,
        attempt=claim.attempt,
        status=state.status if state else "lost",
        duration_ms=_since(started),
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
    expired: list[str] = field(default_factory=list)
    paused: bool = False
    settled: int = 0
    # The outbox: writes whose sender died mid-write, and the systems with writes due.
    writes_ambiguous: list[str] = field(default_factory=list)
    writes_due: list[str] = field(default_factory=list)

    def summary(self) -> str:
        text = (
            f"watchdog: {len(self.reset)} reset to pending, {len(self.dead)} dead; "
            f"due: {len(self.due)} enqueued; orphaned files removed: {len(self.reaped)}"
        )
        if self.expired:
            text += f"; files of discarded batches removed: {len(self.expired)}"
        if self.writes_ambiguous or self.writes_due:
            text += f"; writes made ambiguous: {len(self.writes_ambiguous)}"
            text += f", systems with writes due: {', '.join(self.writes_due) or 'none'}"
        if self.paused:
            text = "processing is paused: batches left alone; " + text
        return text


def sweep(settings: Settings) -> SweepReport:
    """The safety net: recover batches whose worker vanished, and find every due batch.

    The caller enqueues `report.due`; a batch enqueued twice is claimed once.
    """
    db = connect(settings.db_path, settings.busy_timeout_ms)
    report = SweepReport()
    try:
        now = clock.now()
        report.reaped = storage.reap_orphans(db, settings, now, ORPHAN_AGE)
        report.expired = remove_discarded_files(db, settings, now)
        # A site, alias or supplier link added anywhere (the CLI, another page) gives
        # waiting POs their match and settles the review items about them.
        report.settled = len(matching.give_sites_to_waiting(db, None, now))
        report.settled += hooks.resolve_site_matches(db, now) + hooks.resolve_supplier_matches(
            db, now
        )
        report.settled += delivery_hooks.resolve_waiting_notes(db, now)
        if report.settled:
            log.info("[review-sweep] %s", json.dumps({"settled": report.settled}))
        # Writes to other systems go on while processing is paused: they are not documents.
        report.writes_ambiguous = outbox_sender.expire_leases(db, now)
        enabled = outbox_systems.enabled_in(settings)
        report.writes_due = outbox_reads.due_systems(db, enabled, now)
        if pausing.processing_paused(db):
            # An admin paused processing: no watchdog, nothing enqueued. Due batches
            # stay due, so the first sweep after resuming finds every one of them.
            report.paused = True
            return report
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
        if settings.extractor != "external":  # else outside extractors ask for the due list
            report.due = queue_reads.due_batch_ids(db, now, settings.sweep_batch)
    finally:
        db.close()
    return report


def due_batches(settings: Settings, limit: int = 100_000) -> list[str]:
    """Every batch a worker should take now, oldest first (after a pause ends)."""
    db = connect(settings.db_path, settings.busy_timeout_ms)
    try:
        return queue_reads.due_batch_ids(db, clock.now(), limit)
    finally:
        db.close()


def remove_discarded_files(db, settings: Settings, now) -> list[str]:
    """Delete the files of batches discarded DISCARDED_FILE_AGE ago; their rows stay."""
    removed = []
    for batch in queue_reads.discarded_files_due(db, now, DISCARDED_FILE_AGE):
        if not storage.is_referenced_by_po(db, batch["file_path"]):
            storage.remove(settings, batch["file_path"])
            previews.forget(settings, batch["file_path"])  # and its scaled copy, if shown
        queue.record_event(db, batch["id"], "file_removed", now, detail=batch["file_path"])
        removed.append(batch["id"])
    return removed
