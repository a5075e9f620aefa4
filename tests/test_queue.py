"""The queue SQL on a real SQLite file: claim, fence, fail, watchdog, retry, process."""

from __future__ import annotations

import json
import os
import time
from dataclasses import replace
from datetime import timedelta

import pytest

from app import batches, clock, pipeline, queue, queue_reads, sites, storage
from app.batches import QueueState, Status
from app.db import rows
from app.intake import ClaimLost
from app.purchase_orders import intake, store
from tests.conftest import store_batch
from tests.fixtures.po_pdf import po_fields, po_pdf_bytes

STUCK = timedelta(minutes=15)


@pytest.fixture
def batch_id(settings, db):
    return store_batch(settings, db, po_pdf_bytes(po_fields()))


def status(db, batch_id):
    return queue_reads.get_batch(db, batch_id)


def set_row(db, batch_id, **values):
    assignments = ", ".join(f"{key} = :{key}" for key in values)
    db.conn.execute(
        f"UPDATE data_import_batches SET {assignments} WHERE id = :id", {"id": batch_id, **values}
    )


@pytest.mark.parametrize(
    ("row", "offset"),
    [
        ({"status": "pending"}, None),
        ({"status": "failed", "attempts": 1}, -1),
        ({"status": "failed", "attempts": 1}, +60),
        ({"status": "processing", "attempts": 1}, None),
        ({"status": "processed", "attempts": 1}, None),
        ({"status": "dead", "attempts": 3}, None),
    ],
)
def test_claim_sql_agrees_with_the_state_machine(db, batch_id, row, offset):
    now = clock.now()
    retry_at = now + timedelta(seconds=offset) if offset is not None else None
    set_row(db, batch_id, next_retry_at=clock.iso(retry_at) if retry_at else None, **row)
    state = QueueState(Status(row["status"]), row.get("attempts", 0), retry_at)
    listed_as_due = batch_id in queue_reads.due_batch_ids(db, now, 10)
    claimed = queue.claim_batch(db, batch_id, now)
    assert (claimed is not None) == listed_as_due == batches.is_due(state, now)


def test_a_claim_takes_the_next_attempt(db, batch_id):
    claim = queue.claim_batch(db, batch_id, clock.now())
    assert claim.attempt == 1
    assert queue.claim_batch(db, batch_id, clock.now()) is None  # the second worker skips
    assert status(db, batch_id)["status"] == "processing"


def test_failures_back_off_then_die(db, batch_id):
    now = clock.now()
    claim = queue.claim_batch(db, batch_id, now)
    assert queue.fail_batch(db, claim, "boom", now).next_retry_at == now + timedelta(minutes=1)
    assert queue.claim_batch(db, batch_id, now) is None  # not due for a minute
    claim = queue.claim_batch(db, batch_id, now + timedelta(minutes=1))
    assert queue.fail_batch(db, claim, "boom", now).next_retry_at == now + timedelta(minutes=5)
    claim = queue.claim_batch(db, batch_id, now + timedelta(minutes=5))
    assert queue.fail_batch(db, claim, "boom", now).status == Status.DEAD
    assert (status(db, batch_id)["status"], status(db, batch_id)["attempts"]) == ("dead", 3)


def test_watchdog_resets_a_stuck_batch_and_fences_its_worker(settings, db, batch_id):
    first = queue.claim_batch(db, batch_id, clock.now())
    later = clock.now() + STUCK + timedelta(seconds=1)
    assert queue.reset_stuck_batches(db, later, STUCK) == [(batch_id, Status.PENDING)]
    second = queue.claim_batch(db, batch_id, later)
    assert second.attempt == 2
    # the first worker wakes up late: nothing it writes lands
    with pytest.raises(ClaimLost):
        intake.process(db, settings, first, po_fields(), clock.now())
    assert queue.fail_batch(db, first, "late", clock.now()) is None
    assert rows(db, "SELECT count(*) AS n FROM purchase_orders") == [{"n": 0}]
    outcome = intake.process(db, settings, second, po_fields(), clock.now())
    assert outcome.created
    assert status(db, batch_id)["status"] == "processed"


def test_a_worker_given_up_on_stays_fenced_out_after_a_retry(settings, db, batch_id):
    """A retry resets the attempt count; the claim number fences the old worker anyway."""
    stale = queue.claim_batch(db, batch_id, clock.now())
    set_row(db, batch_id, attempts=3)  # the stale worker's batch used every attempt meanwhile
    later = clock.now() + STUCK + timedelta(seconds=1)
    assert queue.reset_stuck_batches(db, later, STUCK) == [(batch_id, Status.DEAD)]
    assert queue.retry_batch(db, batch_id, later, None)
    fresh = queue.claim_batch(db, batch_id, later)
    assert fresh.attempt == stale.attempt == 1
    assert not queue.holds_claim(db, stale) and queue.holds_claim(db, fresh)
    with pytest.raises(ClaimLost):
        intake.process(db, settings, stale, po_fields(), clock.now())
    assert queue.fail_batch(db, stale, "late", clock.now()) is None
    assert intake.process(db, settings, fresh, po_fields(), clock.now()).created


def test_watchdog_ignores_a_batch_within_its_time(db, batch_id):
    queue.claim_batch(db, batch_id, clock.now())
    assert queue.reset_stuck_batches(db, clock.now() + STUCK - timedelta(minutes=1), STUCK) == []


def test_watchdog_kills_a_batch_that_used_every_attempt(db, batch_id):
    set_row(db, batch_id, attempts=2)
    queue.claim_batch(db, batch_id, clock.now())
    later = clock.now() + STUCK + timedelta(seconds=1)
    assert queue.reset_stuck_batches(db, later, STUCK) == [(batch_id, Status.DEAD)]
    assert "on each of its 3 attempts" in status(db, batch_id)["last_error"]


@pytest.mark.parametrize(
    ("before", "allowed"),
    [
        ("failed", True),
        ("dead", True),
        ("pending", False),
        ("processing", False),
        ("processed", False),
    ],
)
def test_retry_only_from_failed_or_dead(db, batch_id, before, allowed):
    set_row(
        db,
        batch_id,
        status=before,
        attempts=3,
        last_error="x",
        next_retry_at=clock.iso(clock.now()) if before == "failed" else None,
    )
    assert queue.retry_batch(db, batch_id, clock.now(), None) is allowed
    row = status(db, batch_id)
    expected = ("pending", 0, None) if allowed else (before, 3, "x")
    assert (row["status"], row["attempts"], row["last_error"]) == expected


def test_run_batch_imports_and_moves_the_file(settings, db, batch_id):
    incoming = status(db, batch_id)["file_path"]
    attempt = pipeline.run_batch(settings, batch_id)
    assert attempt.outcome == "processed"
    batch = status(db, batch_id)
    po = store.get_po(db, batch["processed_record_id"])
    assert po["file_path"] == batch["file_path"] == f"files/purchase_orders/{po['id']}.pdf"
    assert storage.resolve(settings, po["file_path"]).read_bytes() == po_pdf_bytes(po_fields())
    assert not storage.resolve(settings, incoming).exists()
    assert [e["event"] for e in queue_reads.batch_events(db, batch_id)] == [
        "uploaded",
        "claimed",
        "processed",
    ]
    history = store.po_history(db, po["id"])
    assert [(h["action"], h["note"]) for h in history] == [
        ("created", f"imported from batch {batch_id}")
    ]


def test_the_same_po_number_is_imported_once(settings, db):
    first = store_batch(settings, db, po_pdf_bytes(po_fields()))
    second = store_batch(settings, db, po_pdf_bytes(po_fields()))
    pipeline.run_batch(settings, first)
    pipeline.run_batch(settings, second)
    assert rows(db, "SELECT count(*) AS n FROM purchase_orders") == [{"n": 1}]
    again = status(db, second)
    assert again["status"] == "processed"
    assert again["processed_record_id"] == status(db, first)["processed_record_id"]
    assert "already_imported" in again["warnings"]
    assert storage.resolve(settings, again["file_path"]).exists()  # the upload is kept


def test_a_document_that_cannot_be_read_dies_at_once(settings, db):
    batch_id = store_batch(settings, db, b"%PDF-1.4 not really")
    attempt = pipeline.run_batch(settings, batch_id)
    assert attempt.outcome == "dead"
    assert status(db, batch_id)["attempts"] == 1


def test_what_was_read_is_kept_when_it_cannot_be_imported(settings, db, monkeypatch):
    unreadable = {**po_fields(), "po_date": "someday", "total": "lots"}
    monkeypatch.setattr(pipeline, "extract", lambda document: unreadable)
    batch_id = store_batch(settings, db, po_pdf_bytes(po_fields()))
    assert pipeline.run_batch(settings, batch_id).outcome == "dead"
    batch = queue_reads.get_batch(db, batch_id)
    assert "The total 'lots' is not an amount of money." in batch["last_error"]
    assert json.loads(batch["extracted"]) == unreadable


def test_an_unexpected_error_is_retried(settings, db, batch_id, monkeypatch):
    def explode(document):
        raise RuntimeError("disk hiccup")

    monkeypatch.setattr(pipeline, "extract", explode)
    attempt = pipeline.run_batch(settings, batch_id)
    assert attempt.outcome == "failed"
    assert "unexpected error (RuntimeError)" in status(db, batch_id)["last_error"]


def test_the_last_failed_attempt_promises_no_other(settings, db, batch_id, monkeypatch):
    def explode(document):
        raise RuntimeError("disk hiccup")

    monkeypatch.setattr(pipeline, "extract", explode)
    for _ in range(3):
        db.conn.execute("UPDATE data_import_batches SET next_retry_at = '2000-01-01T00:00:00.000Z'")
        attempt = pipeline.run_batch(settings, batch_id)
    assert attempt.outcome == "dead"
    assert status(db, batch_id)["last_error"] == "Intake hit an unexpected error (RuntimeError)."


def test_a_failed_import_leaves_no_half_written_po(settings, db, batch_id, monkeypatch):
    def broken_items(*args, **kwargs):
        raise OSError("interrupted between the PO and its items")

    claim = queue.claim_batch(db, batch_id, clock.now())
    monkeypatch.setattr(intake, "_record_creation", broken_items)
    with pytest.raises(OSError):
        intake.process(db, settings, claim, po_fields(), clock.now())
    assert rows(db, "SELECT count(*) AS n FROM purchase_orders") == [{"n": 0}]
    assert list((settings.files_dir / storage.PURCHASE_ORDERS).iterdir()) == []
    assert status(db, batch_id)["status"] == "processing"


def test_site_matching_ignores_case_spaces_and_dashes(settings, db):
    site_id = sites.add_site(db, "CP-09", "Cape Point", clock.now())
    batch_id = store_batch(settings, db, po_pdf_bytes(po_fields(project_code="cp 09")))
    pipeline.run_batch(settings, batch_id)
    batch = status(db, batch_id)
    assert store.get_po(db, batch["processed_record_id"])["site_id"] == site_id
    assert batch["warnings"] == []


def test_sweep_finds_due_batches_and_removes_orphans(settings, db, batch_id):
    orphan = storage.folder(settings, storage.INCOMING) / "zzzzzzzzzzzzzzz.pdf"
    orphan.write_bytes(b"%PDF-")
    old = (clock.now() - pipeline.ORPHAN_AGE - timedelta(minutes=1)).timestamp()
    os.utime(orphan, (old, old))
    kept = storage.resolve(settings, status(db, batch_id)["file_path"])
    os.utime(kept, (old, old))
    report = pipeline.sweep(settings)
    assert report.due == [batch_id]
    assert report.reaped == ["files/incoming/zzzzzzzzzzzzzzz.pdf"]
    assert kept.exists() and not orphan.exists()


def test_a_worker_claims_only_the_types_it_reads(settings, db, batch_id):
    set_row(db, batch_id, batch_type="fuel_logs")  # never queued today; its reader is elsewhere
    assert pipeline.run_batch(settings, batch_id).outcome == "skipped"
    assert (status(db, batch_id)["status"], status(db, batch_id)["attempts"]) == ("pending", 0)
    assert queue.claim_batch(db, batch_id, clock.now(), pipeline.READABLE) is None
    assert queue.claim_batch(db, batch_id, clock.now(), ("fuel_logs",)).attempt == 1


@pytest.mark.parametrize(("length", "kept"), [(2000, 2000), (2001, 2000), (50_000, 2000), (5, 5)])
def test_a_long_error_is_cut_to_two_thousand_characters(db, batch_id, length, kept):
    claim = queue.claim_batch(db, batch_id, clock.now())
    queue.fail_batch(db, claim, "x" * length, clock.now())
    error = status(db, batch_id)["last_error"]
    assert len(error) == kept
    assert error.endswith("…") == (length > 2000)


def test_with_an_external_extractor_the_worker_leaves_batches_but_the_watchdog_runs(
    settings, db, batch_id
):
    external = replace(settings, extractor="external", stuck_minutes=0.001)
    assert pipeline.run_batch(external, batch_id).outcome == "skipped"
    assert pipeline.sweep(external).due == []  # no messages for workers that would not read
    other = store_batch(settings, db, po_pdf_bytes(po_fields("EXT2")))
    queue.claim_batch(db, other, clock.now())  # an outside extractor's claim, then silence
    time.sleep(0.1)
    assert pipeline.sweep(external).reset == [other]
    assert status(db, batch_id)["status"] == "pending"


def test_the_success_line_names_what_was_imported(settings, db, batch_id, caplog):
    sites.add_site(db, "CP09", "Cape Point", clock.now())
    with caplog.at_level("INFO", logger="intake"):
        pipeline.run_batch(settings, batch_id)
    [line] = [r.getMessage() for r in caplog.records if r.getMessage().startswith("[po-process")]
    logged = json.loads(line.removeprefix("[po-process-batch] "))
    po = store.get_po(db, status(db, batch_id)["processed_record_id"])
    assert logged["batch_id"] == batch_id and logged["po_number"] == po["purchase_order_number"]
    assert logged["matched_site_id"] == po["site_id"] is not None
    assert logged["items_count"] == store.item_count(db, po["id"]) > 0
    assert logged["total_value"] == f"{po['total_cents'] / 100:.2f} {po['currency']}"
    assert logged["warnings"] == [] and logged["duration_ms"] >= 0


def test_the_failure_line_names_the_step(settings, db, caplog):
    batch_id = store_batch(settings, db, b"%PDF-1.4 not really")
    with caplog.at_level("INFO", logger="intake"):
        pipeline.run_batch(settings, batch_id)
    [line] = [r.getMessage() for r in caplog.records if r.getMessage().startswith("[po-process")]
    logged = json.loads(line.removeprefix("[po-process-batch] "))
    assert (logged["batch_id"], logged["step"]) == (batch_id, "extract")
    assert logged["error"] == status(db, batch_id)["last_error"]
