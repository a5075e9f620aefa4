"""A worker killed with SIGKILL again and again while documents keep arriving.

Uploads go through the HTTP API in a thread; a real worker process is killed
at random moments, some of them chosen to land inside extraction, between the
PO's insert and its commit, and during the file's move (see phased_worker.py).
After each kill the recovery paths run as they would in production: the
watchdog (with the clock moved past INTAKE_STUCK_MINUTES, as no worker is
alive) and the sweep's list of due batches. At the end every promise holds.

FAULT_KILLS sets the number of kills (20 here, 200 under `make soak`).
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import threading
from collections import Counter
from dataclasses import replace
from datetime import timedelta

import pytest
from litestar.testing import TestClient

from app import auth, clock, pipeline, queue
from app.config import Settings
from app.db import open_database
from app.main import create_app
from tasks import huey_app
from tasks.jobs import process_batch
from tests.conftest import make_user
from tests.faults.checks import assert_consistent, reap_everything_orphaned, status_counts
from tests.fixtures.po_pdf import po_fields, po_pdf_bytes, slow_po_pdf_bytes
from tests.workers import start_worker, stop, wait_for, worker_env

pytestmark = pytest.mark.slow

KILLS = int(os.environ.get("FAULT_KILLS", "20"))
PAUSE = 0.05
# Where each kill lands: after the mark, within the pause; None is any moment at all.
TARGETS = ["extracting", "inserted", "copied", "removing", "copying", "removed", None]


def document(n: int) -> tuple[str, int, bytes]:
    """The n-th upload: (PO number, items on it, PDF). Every 7th repeats an earlier PO."""
    number = n - 3 if n % 7 == 6 else n
    items = [
        {
            "item_code": f"I{line}",
            "description": f"Item {line}",
            "quantity": "1",
            "unit": "each",
            "unit_price": "1.00",
        }
        for line in range(1 + number % 5)
    ]
    fields = po_fields(f"KILL{number:05d}", items=items)
    data = slow_po_pdf_bytes(fields, no_ops=60_000) if number % 5 == 2 else po_pdf_bytes(fields)
    return fields["po_number"], len(items), data


class Uploader(threading.Thread):
    """Uploads documents over the API, one every tenth of a second, until stopped or `limit`."""

    def __init__(self, client: TestClient, token: str, limit: int):
        super().__init__(daemon=True)
        self.client, self.token, self.limit = client, token, limit
        self.stopping = threading.Event()
        self.items: dict[str, int] = {}
        self.answers: Counter[int] = Counter()

    def run(self) -> None:
        n = 0
        while not self.stopping.is_set() and n < self.limit:
            number, items, data = document(n)
            response = self.client.post(
                "/api/purchase-orders/upload",
                files={"file": (f"{number}.pdf", data, "application/pdf")},
                headers={"authorization": f"Bearer {self.token}"},
            )
            self.answers[response.status_code] += 1
            if response.status_code == 202:
                self.items[number] = items
            n += 1
            self.stopping.wait(0.1)


def marks(path) -> Counter[str]:
    return Counter(path.read_text().split()) if path.exists() else Counter()


def recover(db, settings: Settings) -> None:
    """With no worker alive: the watchdog, then every due batch announced again."""
    stuck_after = timedelta(minutes=settings.stuck_minutes)
    queue.reset_stuck_batches(db, clock.now() + stuck_after + timedelta(seconds=1), stuck_after)
    for batch_id in pipeline.sweep(replace(settings, sweep_batch=100_000)).due:
        process_batch(batch_id)


def spawn_phased_worker(settings: Settings, mark_file) -> subprocess.Popen:
    """A phased worker, imported and waiting: `go()` starts it."""
    env = worker_env(settings, FAULT_MARKS=str(mark_file), FAULT_PAUSE=str(PAUSE))
    return subprocess.Popen(
        [sys.executable, "-m", "tests.faults.phased_worker"],
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def go(worker: subprocess.Popen) -> subprocess.Popen:
    worker.stdin.write(b"go\n")
    worker.stdin.close()
    return worker


def test_a_worker_killed_at_random_moments_loses_and_doubles_nothing(tmp_path):
    settings = Settings.from_env(env={}, data_dir=tmp_path / "data")
    app = create_app(settings)  # tasks go through data/huey.db to worker processes
    db = open_database(settings.db_path)
    token = auth.create_api_token(db, make_user(db, "clerk@example.com")["id"], clock.now())
    mark_file = tmp_path / "marks"
    rng = random.Random(KILLS)
    landed: Counter[str] = Counter()
    try:
        with TestClient(app) as client:
            uploader = Uploader(client, token, limit=KILLS * 4)
            uploader.start()
            waiting = spawn_phased_worker(settings, mark_file)
            for kill in range(KILLS):
                target = TARGETS[kill % len(TARGETS)]
                seen = marks(mark_file)[target]
                worker = go(waiting)
                waiting = spawn_phased_worker(settings, mark_file)
                try:
                    if target:
                        wait_for(
                            lambda target=target, seen=seen: marks(mark_file)[target] > seen,
                            timeout=30,
                            every=0.005,
                        )
                        threading.Event().wait(rng.uniform(0, PAUSE))
                    else:
                        threading.Event().wait(rng.uniform(0.2, 1.0))
                finally:
                    worker.kill()
                    worker.wait(timeout=10)
                landed[target or "any moment"] += 1
                recover(db, settings)
            waiting.kill()
            waiting.wait(timeout=10)
            uploader.stopping.set()
            uploader.join(timeout=30)
        assert set(uploader.answers) == {202}, uploader.answers

        recover(db, settings)
        worker = start_worker(settings)
        try:

            def settled() -> bool:
                counts = status_counts(db)
                return not (counts.get("pending") or counts.get("processing"))

            wait_for(settled, timeout=120)
        finally:
            log = stop(worker)
        assert "Traceback" not in log, log
        reap_everything_orphaned(db, settings)
        counts = status_counts(db)
        print(
            f"\n{KILLS} kills landed: {dict(landed)}; batches: {counts}; marks: {marks(mark_file)}"
        )
        assert set(counts) <= {"processed", "dead"}, counts
        dead = [
            e
            for (e,) in db.execute(
                "SELECT last_error FROM data_import_batches WHERE status = 'dead'"
            )
        ]
        # a batch may die only by being killed on each of its attempts, never by a lost file
        assert [e for e in dead if "on each of its 3 attempts" not in e] == []
        assert_consistent(db, settings, uploader.items)
        assert counts.get("processed", 0) + counts.get("dead", 0) == sum(uploader.answers.values())
    finally:
        db.close()
        huey_app.configure(settings, immediate=True)
