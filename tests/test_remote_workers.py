"""Remote workers against a real server: `intake serve` and `intake worker --remote URL`
processes on 127.0.0.1, talking HTTP only.

Each remote worker gets a data dir of its own that must stay empty: it reads
for the server and never opens the server's database. The watchdog is made
quick (INTAKE_STUCK_MINUTES=0.15, nine seconds) so a killed worker's batch
comes back within the test.
"""

from __future__ import annotations

import json
import os
import signal
import threading
from pathlib import Path

import httpx
import pytest

from app import auth, clock
from app.db import open_database, rows
from tests.faults.checks import assert_consistent
from tests.fixtures import layout_pdf
from tests.fixtures.po_pdf import po_fields, po_pdf_bytes, slow_po_pdf_bytes
from tests.server import RunningIntake
from tests.workers import logged, start_remote_worker, stop, wait_for

pytestmark = pytest.mark.slow

SECRET = "remote-worker-secret"
LOOP = "/api/data-import-batches"
QUICK_WATCHDOG = {
    "INTAKE_EXTRACTOR": "external",  # its own worker sweeps and watches, and reads nothing
    "INTAKE_SWEEP_SECONDS": "1",
    "INTAKE_STUCK_MINUTES": "0.15",
}


class Office:
    """A running Intake with a clerk's token, and helpers to upload and look."""

    def __init__(self, folder: Path, *args: str, **env: str):
        self.server = RunningIntake(folder / "data", *args, INTAKE_INGEST_SECRET=SECRET, **env)
        self.db = open_database(self.server.settings.db_path)
        clerk = auth.create_user(
            self.db, "clerk@example.com", "staff", "clerk password!", clock.now()
        )
        token = auth.create_api_token(self.db, clerk, clock.now())
        self.http = httpx.Client(
            base_url=self.server.url, headers={"authorization": f"Bearer {token}"}, timeout=30
        )
        self.loop = httpx.Client(base_url=self.server.url, headers={"x-ingest-secret": SECRET})

    def upload(self, data: bytes, name: str = "po.pdf") -> str:
        response = self.http.post(
            "/api/purchase-orders/upload", files={"file": (name, data, "application/pdf")}
        )
        assert response.status_code == 202, response.text
        return response.json()["batch_id"]

    def batch(self, batch_id: str) -> dict:
        return rows(self.db, "SELECT * FROM data_import_batches WHERE id = ?", [batch_id])[0]

    def events(self, batch_id: str) -> list[str]:
        found = rows(
            self.db, "SELECT event FROM batch_events WHERE batch_id = ? ORDER BY id", [batch_id]
        )
        return [row["event"] for row in found]

    def settled(self, batch_ids: list[str]) -> bool:
        return all(self.batch(b)["status"] in ("processed", "dead") for b in batch_ids)

    def close(self) -> str:
        self.http.close()
        self.loop.close()
        self.db.close()
        return self.server.stop()


@pytest.fixture
def office(tmp_path):
    running = Office(tmp_path, "--no-worker")
    yield running
    running.close()


def upload_many(office: Office, prefix: str, count: int) -> dict[str, int]:
    """`count` POs of one to three items: {PO number: items}."""
    sent = {}
    for n in range(count):
        items = [
            {
                "item_code": f"I{line}",
                "description": f"Item {line}",
                "quantity": "1",
                "unit": "each",
                "unit_price": "1.00",
            }
            for line in range(1 + n % 3)
        ]
        fields = po_fields(f"{prefix}{n:03d}", items=items)
        office.upload(po_pdf_bytes(fields), f"{fields['po_number']}.pdf")
        sent[fields["po_number"]] = len(items)
    return sent


def test_one_then_two_remote_workers_read_each_upload_once(office, tmp_path):
    homes = [tmp_path / "machine-b", tmp_path / "machine-c"]
    first = start_remote_worker(office.server.url, SECRET, homes[0])
    second = None
    try:
        sent = upload_many(office, "ONE", 15)
        ids = [b["id"] for b in rows(office.db, "SELECT id FROM data_import_batches")]
        wait_for(lambda: office.settled(ids), timeout=60)
        second = start_remote_worker(office.server.url, SECRET, homes[1])
        sent |= upload_many(office, "TWO", 25)
        ids = [b["id"] for b in rows(office.db, "SELECT id FROM data_import_batches")]
        wait_for(lambda: office.settled(ids), timeout=90)
    finally:
        logs = [stop(first), *([stop(second)] if second else [])]
    assert all("Traceback" not in log for log in logs), logs
    for batch_id in ids:
        assert office.batch(batch_id)["status"] == "processed"
        assert office.events(batch_id) == ["uploaded", "claimed", "processed"]  # once each
    assert_consistent(office.db, office.server.settings, sent)
    assert all("remote worker started" in log for log in logs)
    assert [home.exists() for home in homes] == [False, False]  # they kept nothing


def test_a_po_a_remote_worker_reads_without_its_number_keeps_its_words(office, tmp_path):
    """As with the server's own worker: put right and verified, it teaches its layout."""
    unnumbered = layout_pdf.layout_pdf_bytes(layout_pdf.ISIZULU, layout_pdf.order(0))
    batch_id = office.upload(unnumbered, "oda.pdf")
    worker = start_remote_worker(office.server.url, SECRET, tmp_path / "machine-b")
    try:
        wait_for(lambda: office.settled([batch_id]), timeout=60)
    finally:
        log = stop(worker)
    assert "Traceback" not in log, log
    batch = office.batch(batch_id)
    # labels the engine does not know: no PO number found, the rest imported for a person
    assert batch["status"] == "processed"
    assert "no_po_number" in json.loads(batch["warnings"])
    assert json.loads(batch["extracted"])["layout"]["lines"]  # to teach its layout, verified


def descendants(pid: int) -> set[int]:
    parents = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parents[int(stat.parent.name)] = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
    found, frontier = set(), {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier}
        found |= frontier
    return found


def extracting(pid: int) -> bool:
    """A child of this worker is reading a document: extraction runs in a group of its own."""
    for child in descendants(pid):
        try:
            if os.getpgid(child) == child:
                return True
        except ProcessLookupError:
            continue
    return False


@pytest.fixture
def watched_office(tmp_path):
    """An Intake whose own worker only sweeps, with a watchdog of nine seconds."""
    running = Office(tmp_path, **QUICK_WATCHDOG)
    yield running
    running.close()


def test_a_remote_worker_killed_mid_read_leaves_the_batch_to_the_watchdog(watched_office, tmp_path):
    office = watched_office
    # An outside extractor claims a batch and goes quiet; its answer comes too late.
    quiet = office.upload(po_pdf_bytes(po_fields("QUIET1")))
    stale = office.loop.post(f"{LOOP}/{quiet}/claim").json()["claim"]
    slow = office.upload(slow_po_pdf_bytes(po_fields("SLOW1"), no_ops=150_000))
    worker = start_remote_worker(office.server.url, SECRET, tmp_path / "machine-b")
    rescuer = None
    try:
        wait_for(lambda: extracting(worker.pid), timeout=30, every=0.02)
        assert office.batch(slow)["status"] == "processing"
        reading = descendants(worker.pid)
        worker.send_signal(signal.SIGKILL)
        worker.wait(timeout=10)
        wait_for(lambda: not any(Path(f"/proc/{pid}").exists() for pid in reading), timeout=10)
        rescuer = start_remote_worker(office.server.url, SECRET, tmp_path / "machine-c")
        wait_for(lambda: "watchdog" in office.events(quiet), timeout=60)
        late = {"batch_id": quiet, "claim": stale, "extracted": po_fields("LATE-RESULT")}
        answer = office.loop.post("/api/purchase-orders/process-batch", json=late)
        assert answer.status_code == 409, answer.text
        wait_for(lambda: office.settled([quiet, slow]), timeout=60)
    finally:
        stop(worker)
        log = stop(rescuer) if rescuer else ""
    assert "Traceback" not in log
    assert office.events(slow) == ["uploaded", "claimed", "watchdog", "claimed", "processed"]
    numbers = [r["purchase_order_number"] for r in rows(office.db, "SELECT * FROM purchase_orders")]
    assert sorted(numbers) == ["QUIET1", "SLOW1"]  # the late result wrote nothing
    assert '"refused": 409' in office.server.log.read_text()


def test_a_claim_raced_by_two_workers_goes_to_one(office):
    batch_ids = [office.upload(po_pdf_bytes(po_fields(f"RACE{n}"))) for n in range(10)]
    answers: list[int] = []
    for batch_id in batch_ids:
        start = threading.Barrier(2)

        def race(batch_id=batch_id, start=start) -> None:
            with httpx.Client(base_url=office.server.url, headers={"x-ingest-secret": SECRET}) as c:
                start.wait()
                answers.append(c.post(f"{LOOP}/{batch_id}/claim").status_code)

        racers = [threading.Thread(target=race) for _ in range(2)]
        for racer in racers:
            racer.start()
        for racer in racers:
            racer.join()
    assert sorted(answers) == [200] * 10 + [409] * 10
    assert all(office.events(b) == ["uploaded", "claimed"] for b in batch_ids)


def test_a_wrong_or_missing_secret_is_refused(office, tmp_path):
    assert httpx.get(f"{office.server.url}{LOOP}/due").status_code == 401
    wrong = {"x-ingest-secret": "not the secret"}
    assert httpx.get(f"{office.server.url}{LOOP}/due", headers=wrong).status_code == 401
    worker = start_remote_worker(office.server.url, "not the secret", tmp_path / "machine-b")
    worker.wait(timeout=30)
    log = stop(worker)
    assert worker.returncode == 2
    assert "refused this worker: The x-ingest-secret header is wrong." in log


def test_a_remote_worker_waits_for_a_server_that_is_not_up_yet(tmp_path):
    worker = start_remote_worker("http://127.0.0.1:9", SECRET, tmp_path / "machine-b")
    wait_for(lambda: "did not answer" in logged(worker), timeout=30)
    assert worker.poll() is None  # still waiting, not crashed
    stop(worker)
    assert worker.returncode == 0  # SIGINT stops it cleanly
