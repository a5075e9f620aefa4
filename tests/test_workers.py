"""Real worker processes on a real SQLite file: racing for batches, and killed mid-task."""

from __future__ import annotations

import signal
import subprocess
import sys
from datetime import timedelta

import pytest

from app import clock, queue, storage
from app.db import rows
from tasks import huey_app
from tasks.jobs import process_batch
from tests.conftest import store_batch
from tests.fixtures.po_pdf import po_fields, po_pdf_bytes, slow_po_pdf_bytes
from tests.workers import start_worker, stop, wait_for, worker_env

pytestmark = pytest.mark.slow


@pytest.fixture
def real_queue(settings):
    """Tasks go through data/huey.db to worker processes, as in production."""
    huey_app.configure(settings, immediate=False)
    yield
    huey_app.configure(settings, immediate=True)


def count(db, sql: str) -> int:
    return rows(db, sql)[0]["n"]


def test_two_workers_and_a_sweep_import_each_batch_once(settings, db, real_queue):
    batch_ids = [
        store_batch(settings, db, po_pdf_bytes(po_fields(f"RACE{n:03d}"))) for n in range(50)
    ]
    for batch_id in batch_ids * 2:  # every batch announced twice
        process_batch(batch_id)
    workers = [start_worker(settings) for _ in range(2)]
    sweeps = [
        subprocess.Popen(
            [sys.executable, "-m", "app.cli", "sweep"],
            env=worker_env(settings),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for _ in range(2)
    ]
    try:

        def all_processed() -> bool:
            return (
                count(
                    db, "SELECT count(*) AS n FROM data_import_batches WHERE status = 'processed'"
                )
                == 50
            )

        wait_for(all_processed, timeout=90)
    finally:
        logs = [stop(worker) for worker in workers]
        for sweep in sweeps:
            sweep.wait(timeout=30)
    assert count(db, "SELECT count(*) AS n FROM purchase_orders") == 50
    assert rows(db, "SELECT DISTINCT attempts FROM data_import_batches") == [{"attempts": 1}]
    assert count(db, "SELECT count(*) AS n FROM batch_events WHERE event = 'claimed'") == 50
    assert all("Traceback" not in log for log in logs), logs


def test_a_worker_killed_mid_task_is_recovered_by_the_watchdog(settings, db, real_queue):
    batch_id = store_batch(settings, db, slow_po_pdf_bytes(po_fields("SLOW1"), no_ops=900_000))
    worker = start_worker(settings)
    try:
        process_batch(batch_id)

        def processing() -> bool:
            return queue.get_batch(db, batch_id)["status"] == "processing"

        wait_for(processing, timeout=30, every=0.01)
        worker.send_signal(signal.SIGKILL)  # in the middle of reading the document
        worker.wait(timeout=10)
    finally:
        stop(worker)
    assert queue.get_batch(db, batch_id)["status"] == "processing"  # nobody will finish it

    later = clock.now() + timedelta(minutes=settings.stuck_minutes, seconds=1)
    assert queue.reset_stuck_batches(db, later, timedelta(minutes=settings.stuck_minutes)) == [
        (batch_id, "pending")
    ]
    replacement = start_worker(settings)
    try:
        subprocess.run(
            [sys.executable, "-m", "app.cli", "sweep"],
            env=worker_env(settings),
            check=True,
            capture_output=True,
            timeout=60,
        )

        def processed() -> bool:
            return queue.get_batch(db, batch_id)["status"] == "processed"

        wait_for(processed, timeout=60)
    finally:
        stop(replacement)
    batch = queue.get_batch(db, batch_id)
    assert batch["attempts"] == 2
    assert count(db, "SELECT count(*) AS n FROM purchase_orders") == 1
    assert count(db, "SELECT count(*) AS n FROM purchase_order_items") == 2
    assert storage.resolve(settings, batch["file_path"]).exists()
    assert list((settings.files_dir / storage.INCOMING).iterdir()) == []
