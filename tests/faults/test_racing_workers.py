"""Four worker processes and two sweeps racing over the same batches.

Every batch is announced twice at the start, and each sweep keeps announcing
the oldest due batches again until all are done, so workers constantly try to
claim batches another worker holds. Each must be claimed once and imported once:
counted in PO rows, attempts, and the claimed and processed events.

FAULT_BATCHES sets the number of batches (500).
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading

import pytest

from app.db import rows
from tasks import huey_app
from tasks.jobs import process_batch
from tests.conftest import store_batch
from tests.faults.checks import assert_consistent, status_counts
from tests.fixtures.po_pdf import po_fields, po_pdf_bytes
from tests.workers import start_worker, stop, wait_for, worker_env

pytestmark = pytest.mark.slow

BATCHES = int(os.environ.get("FAULT_BATCHES", "500"))


def sweep_until(settings, done: threading.Event, ran: list[int]) -> None:
    """`intake sweep` again and again (not once a minute), each announcing the oldest due
    batches again, as many as it would in production: the ones workers are busy with."""
    env = worker_env(settings)
    while not done.is_set():
        subprocess.run(
            [sys.executable, "-m", "app.cli", "sweep"],
            env=env,
            check=True,
            capture_output=True,
            timeout=120,
        )
        ran.append(1)
        done.wait(0.5)  # a sweep is a whole process: leave the cores to the workers between


def test_four_workers_and_two_sweeps_import_each_batch_once(settings, db):
    huey_app.configure(settings, immediate=False)
    items = {}
    batch_ids = []
    for n in range(BATCHES):
        fields = po_fields(f"RACE{n:05d}")
        items[fields["po_number"]] = len(fields["items"])
        batch_ids.append(store_batch(settings, db, po_pdf_bytes(fields)))
    for batch_id in batch_ids * 2:
        process_batch(batch_id)
    done = threading.Event()
    sweeps_ran: list[int] = []
    sweeps = [
        threading.Thread(target=sweep_until, args=(settings, done, sweeps_ran)) for _ in range(2)
    ]
    workers = [start_worker(settings) for _ in range(4)]
    try:
        for sweep in sweeps:
            sweep.start()
        wait_for(lambda: status_counts(db).get("processed") == BATCHES, timeout=60 + BATCHES * 0.25)
    finally:
        done.set()
        logs = [stop(worker) for worker in workers]
        for sweep in sweeps:
            sweep.join(timeout=120)
        huey_app.configure(settings, immediate=True)
    assert all("Traceback" not in log for log in logs), logs
    assert len(sweeps_ran) >= 2
    assert rows(db, "SELECT count(*) AS n FROM purchase_orders") == [{"n": BATCHES}]
    assert rows(db, "SELECT DISTINCT attempts FROM data_import_batches") == [{"attempts": 1}]
    events = rows(db, "SELECT event, count(*) AS n FROM batch_events GROUP BY event ORDER BY event")
    assert events == [
        {"event": "claimed", "n": BATCHES},
        {"event": "processed", "n": BATCHES},
        {"event": "uploaded", "n": BATCHES},
    ]
    assert_consistent(db, settings, items)
