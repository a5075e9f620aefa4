"""A long write held by another connection: requests wait for the busy timeout, then
answer 503 with Retry-After (never 500); reads go on; the worker's attempt is
deferred or failed as retryable, never lost. INTAKE_BUSY_TIMEOUT_MS is small here
so the waits are short.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from contextlib import contextmanager

import pytest
from litestar.testing import TestClient

from app import auth, clock, pipeline, queue, queue_reads, storage
from app.config import Settings
from app.db import open_database
from app.main import create_app
from tasks import huey_app
from tasks.jobs import process_batch
from tests.conftest import make_user, sign_in, store_batch
from tests.fixtures.po_pdf import po_fields, po_pdf_bytes
from tests.workers import start_worker, stop, wait_for

BUSY_MS = 300
UPLOAD = "/api/purchase-orders/upload"


@contextmanager
def long_write(path):
    """Another connection in the middle of a write transaction, holding the write lock."""
    conn = sqlite3.connect(str(path), isolation_level=None, timeout=30)
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield
    finally:
        conn.execute("ROLLBACK")
        conn.close()


def hold_write_lock(path, seconds: float) -> threading.Event:
    """Hold the lock in a thread for `seconds`; the event is set once it is held."""
    held = threading.Event()

    def run() -> None:
        with long_write(path):
            held.set()
            time.sleep(seconds)

    threading.Thread(target=run, daemon=True).start()
    held.wait(10)
    return held


def settings_with(tmp_path, busy_ms: int) -> Settings:
    return Settings.from_env(env={}, data_dir=tmp_path / "data", busy_timeout_ms=busy_ms)


@pytest.fixture
def busy_app(tmp_path):
    settings = settings_with(tmp_path, BUSY_MS)
    app = create_app(settings, immediate_tasks=True)
    db = open_database(settings.db_path)
    user = make_user(db, "clerk@example.com", "admin")
    yield app, settings, db, user
    db.close()


def pdf(number: str = "BUSY1") -> dict:
    return {"file": ("po.pdf", po_pdf_bytes(po_fields(number)), "application/pdf")}


def test_a_write_meets_a_long_write_and_answers_503(busy_app):
    app, settings, db, user = busy_app
    with TestClient(app) as client:
        sign_in(client, user["email"])
        with long_write(settings.db_path):
            started = time.monotonic()
            response = client.post(UPLOAD, files=pdf())
            waited = time.monotonic() - started
        assert response.status_code == 503
        assert response.json() == {
            "error": "unavailable",
            "detail": "The database is busy; try again in a few seconds.",
        }
        assert response.headers["retry-after"] == "5"
        assert waited >= BUSY_MS / 1000  # it waited for the lock before giving up
        assert db.execute("SELECT count(*) FROM data_import_batches").fetchone()[0] == 0
        assert list((settings.files_dir / storage.INCOMING).iterdir()) == []
        assert client.post(UPLOAD, files=pdf()).status_code == 202  # and once it is over


def test_reads_go_on_during_a_long_write(busy_app):
    app, settings, db, user = busy_app
    batch_id = store_batch(settings, db, po_pdf_bytes(po_fields()), uploaded_by=user["id"])
    with TestClient(app) as client:
        sign_in(client, user["email"])
        with long_write(settings.db_path):
            assert client.get(f"/api/data-import-batches/{batch_id}/status").status_code == 200
            assert client.get("/").status_code == 200


def test_sign_in_and_tokens_during_a_long_write_are_503_not_500(busy_app):
    app, settings, db, user = busy_app
    token = auth.create_api_token(db, user["id"], clock.now())
    with TestClient(app) as client:
        client.get("/login")
        with long_write(settings.db_path):
            page = client.post(
                "/login",
                data={"email": user["email"], "password": "correct horse battery"},
                headers={"x-csrftoken": client.cookies["intake_csrf"]},
            )
            api = client.get(
                "/api/purchase-orders?po_number=X", headers={"authorization": f"Bearer {token}"}
            )
    assert (page.status_code, page.headers["retry-after"]) == (503, "5")
    assert "The database is busy" in page.text
    assert (api.status_code, api.json()["error"]) == (503, "unavailable")


def test_a_short_write_is_waited_for(tmp_path):
    settings = settings_with(tmp_path, 5000)
    app = create_app(settings, immediate_tasks=True)
    db = open_database(settings.db_path)
    user = make_user(db, "clerk@example.com")
    with TestClient(app) as client:
        sign_in(client, user["email"])
        hold_write_lock(settings.db_path, 0.3)
        response = client.post(UPLOAD, files=pdf())
    assert response.status_code == 202
    assert queue_reads.get_batch(db, response.json()["batch_id"])["status"] == "processed"
    db.close()


def test_a_busy_queue_database_does_not_fail_a_saved_upload(busy_app):
    app, settings, db, user = busy_app
    huey_app.configure(settings, immediate=False)
    try:
        with TestClient(app) as client:
            sign_in(client, user["email"])
            with long_write(settings.huey_path):
                response = client.post(UPLOAD, files=pdf())
    finally:
        huey_app.configure(settings, immediate=True)
    assert response.status_code == 202  # the row is safe; the sweep announces it
    assert queue_reads.due_batch_ids(db, clock.now(), 10) == [response.json()["batch_id"]]


def test_a_claim_that_meets_a_long_write_is_deferred_not_lost(busy_app):
    _, settings, db, _ = busy_app
    batch_id = store_batch(settings, db, po_pdf_bytes(po_fields()))
    with long_write(settings.db_path):
        assert pipeline.run_batch(settings, batch_id).outcome == "deferred"
    assert (
        queue_reads.get_batch(db, batch_id)["status"],
        queue_reads.get_batch(db, batch_id)["attempts"],
    ) == (
        "pending",
        0,
    )
    assert pipeline.run_batch(settings, batch_id).outcome == "processed"


@pytest.mark.slow
def test_a_worker_retries_a_deferred_claim_by_itself(busy_app):
    _, settings, db, _ = busy_app
    huey_app.configure(settings, immediate=False)
    warm_up = store_batch(settings, db, po_pdf_bytes(po_fields("WARM1")))
    # no periodic sweep during the test: the task's own retry is what is tested
    worker = start_worker(
        settings, INTAKE_BUSY_TIMEOUT_MS=str(BUSY_MS), INTAKE_SWEEP_SECONDS="3600"
    )
    try:
        process_batch(warm_up)  # so the worker is up and idle before the long write
        wait_for(lambda: queue_reads.get_batch(db, warm_up)["status"] == "processed", timeout=30)
        batch_id = store_batch(settings, db, po_pdf_bytes(po_fields()))
        with long_write(settings.db_path):
            process_batch(batch_id)  # the only announcement; no sweep runs in this test
            time.sleep(1.5)  # the worker tries, waits, gives up, tries again…
            assert queue_reads.get_batch(db, batch_id)["status"] == "pending"
        wait_for(lambda: queue_reads.get_batch(db, batch_id)["status"] == "processed", timeout=30)
    finally:
        log = stop(worker)
        huey_app.configure(settings, immediate=True)
    assert '"deferred": "database is locked"' in log and "Traceback" not in log, log
    assert queue_reads.get_batch(db, batch_id)["attempts"] == 1


def test_a_long_write_in_the_middle_of_an_attempt_fails_it_as_retryable(tmp_path, monkeypatch):
    settings = settings_with(tmp_path, 1000)
    db = open_database(settings.db_path)
    batch_id = store_batch(settings, db, po_pdf_bytes(po_fields()))
    real_extract = pipeline.extract

    def extract_then_meet_a_long_write(document):
        # Reading went fine; as it ends, someone else starts a write that outlasts
        # the busy timeout once (the import gives up) but not twice (the failure is kept).
        # The write starts once the reading is done, so a slow reading on a busy machine
        # cannot use up the write before the import meets it.
        payload = real_extract(document)
        hold_write_lock(settings.db_path, 1.5)
        return payload

    monkeypatch.setattr(pipeline, "extract", extract_then_meet_a_long_write)
    attempt = pipeline.run_batch(settings, batch_id)
    batch = queue_reads.get_batch(db, batch_id)
    assert (attempt.outcome, batch["status"], batch["attempts"]) == ("failed", "failed", 1)
    assert batch["last_error"] == "The database was busy for too long."
    monkeypatch.setattr(pipeline, "extract", real_extract)
    later = clock.parse(batch["next_retry_at"])
    assert queue.claim_batch(db, batch_id, later).attempt == 2
    db.close()
