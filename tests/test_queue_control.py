"""Discarding a batch, pausing processing, and what the sweep does about both."""

from __future__ import annotations

from datetime import timedelta

import pytest

from app import clock, pausing, pipeline, queue, queue_reads, storage
from tests.conftest import store_batch
from tests.fixtures.po_pdf import po_fields, po_pdf_bytes

MINUTE = timedelta(minutes=1)


@pytest.fixture
def batch_id(settings, db):
    return store_batch(settings, db, po_pdf_bytes(po_fields()))


def set_row(db, batch_id, **values):
    assignments = ", ".join(f"{key} = :{key}" for key in values)
    db.conn.execute(
        f"UPDATE data_import_batches SET {assignments} WHERE id = :id", {"id": batch_id, **values}
    )


def events(db, batch_id):
    return [(e["event"], e["actor"]) for e in queue_reads.batch_events(db, batch_id)]


@pytest.mark.parametrize(
    ("before", "allowed"),
    [
        ("failed", True),
        ("dead", True),
        ("pending", False),
        ("processing", False),
        ("processed", False),
        ("discarded", False),
    ],
)
def test_discard_only_from_failed_or_dead(db, admin, batch_id, before, allowed):
    retry_at = clock.iso(clock.now()) if before == "failed" else None
    set_row(db, batch_id, status=before, attempts=3, next_retry_at=retry_at)
    assert queue.discard_batch(db, batch_id, clock.now(), admin["id"]) is allowed
    batch = queue_reads.get_batch(db, batch_id)
    assert batch["status"] == ("discarded" if allowed else before)
    assert (("discarded", admin["id"]) in events(db, batch_id)) is allowed


def test_a_discarded_batch_never_runs_again(settings, db, admin, batch_id):
    set_row(db, batch_id, status="dead", attempts=3)
    queue.discard_batch(db, batch_id, clock.now(), admin["id"])
    assert queue.retry_batch(db, batch_id, clock.now(), admin["id"]) is False
    assert queue.claim_batch(db, batch_id, clock.now()) is None
    assert batch_id not in queue_reads.due_batch_ids(db, clock.now(), 10)


def test_no_batch_is_claimed_while_paused_and_none_is_lost(settings, db, admin, batch_id):
    assert pausing.pause_processing(db, clock.now(), admin["id"]) is True
    assert pausing.pause_processing(db, clock.now(), admin["id"]) is False  # already paused
    assert pausing.processing_paused(db)["paused_by"] == admin["id"]
    # a worker handed the batch while paused skips it; the row stays due
    assert pipeline.run_batch(settings, batch_id).outcome == "skipped"
    assert queue_reads.get_batch(db, batch_id)["status"] == "pending"
    report = pipeline.sweep(settings)
    assert (report.paused, report.due) == (True, [])
    assert report.summary().startswith("processing is paused")
    assert pausing.resume_processing(db) is True
    assert pausing.processing_paused(db) is None
    assert pipeline.sweep(settings).due == [batch_id]
    assert pipeline.run_batch(settings, batch_id).outcome == "processed"


def test_the_watchdog_waits_while_paused(settings, db, admin, batch_id):
    queue.claim_batch(db, batch_id, clock.now() - timedelta(hours=1))
    set_row(db, batch_id, last_attempt_at=clock.iso(clock.now() - timedelta(hours=1)))
    pausing.pause_processing(db, clock.now(), admin["id"])
    assert pipeline.sweep(settings).reset == []
    pausing.resume_processing(db)
    assert pipeline.sweep(settings).reset == [batch_id]


def test_a_discarded_file_is_kept_30_days_then_removed(settings, db, admin, batch_id):
    path = storage.resolve(settings, queue_reads.get_batch(db, batch_id)["file_path"])
    set_row(db, batch_id, status="dead", attempts=3)
    queue.discard_batch(db, batch_id, clock.now(), admin["id"])
    assert pipeline.sweep(settings).expired == []
    assert path.exists()
    db.conn.execute(
        "UPDATE batch_events SET at = :at WHERE batch_id = :id AND event = 'discarded'",
        {"id": batch_id, "at": clock.iso(clock.now() - pipeline.DISCARDED_FILE_AGE - MINUTE)},
    )
    report = pipeline.sweep(settings)
    assert report.expired == [batch_id]
    assert "files of discarded batches removed: 1" in report.summary()
    assert not path.exists()
    assert queue_reads.get_batch(db, batch_id)["status"] == "discarded"  # the row stays
    assert events(db, batch_id)[-1] == ("file_removed", None)
    assert pipeline.sweep(settings).expired == []  # once
