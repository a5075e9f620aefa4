"""A full disk: the data dir on a small tmpfs, filled up by another file.

An upload answers 507 with a sentence and leaves no partial file or row; a
worker that cannot write the import fails the attempt as retryable, and the
batch is imported once there is room again. Mounting needs root; elsewhere
these tests are skipped with the reason.
"""

from __future__ import annotations

import os
import subprocess
import uuid

import pytest
from litestar.testing import TestClient

from app import pipeline, queue_reads, storage
from app.config import Settings
from app.db import open_database
from app.main import create_app
from app.web import DISK_FULL
from tests.conftest import make_user, sign_in, store_batch
from tests.fixtures.po_pdf import po_fields, po_pdf_bytes

UPLOAD = "/api/purchase-orders/upload"


@pytest.fixture
def small_disk(tmp_path):
    """A 6 MB tmpfs mounted where the data dir goes."""
    mount_point = tmp_path / "data"
    mount_point.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs for the data dir needs root")
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=6m", f"intake-{uuid.uuid4().hex[:8]}", mount_point],
        capture_output=True,
        text=True,
    )
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.strip()}")
    try:
        yield Settings.from_env(env={}, data_dir=mount_point)
    finally:
        subprocess.run(["umount", "-l", mount_point], check=False)


def fill(settings: Settings, leave: int = 0) -> os.PathLike:
    """Fill the disk with one file, leaving about `leave` bytes free."""
    filler = settings.data_dir / "filler"
    stats = os.statvfs(settings.data_dir)
    size = max(0, stats.f_bavail * stats.f_frsize - leave)
    with open(filler, "wb", buffering=0) as handle:
        try:
            while size > 0:
                size -= handle.write(b"\0" * min(size, 1024 * 1024))
            if leave == 0:
                while True:  # the last blocks a reserve may have hidden
                    handle.write(b"\0" * 4096)
        except OSError:
            pass
    return filler


def wal_room_for_small_writes(db, kilobytes: int = 48) -> None:
    """Leave the WAL file just big enough for a few small transactions.

    After a checkpoint SQLite writes its WAL from the start again, in the file
    it already has: on a full disk, a claim or a failure that fits still
    commits, while an import that needs the WAL to grow cannot.
    """
    db.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.conn.execute("BEGIN IMMEDIATE")
    db.conn.execute(
        "INSERT INTO batch_events (batch_id, at, event, detail)"
        " SELECT id, date_uploaded, 'padding', :pad FROM data_import_batches LIMIT 1",
        {"pad": "x" * (kilobytes * 1024)},
    )
    db.conn.execute("DELETE FROM batch_events WHERE event = 'padding'")
    db.conn.execute("COMMIT")
    db.conn.execute("PRAGMA wal_checkpoint(PASSIVE)")


def big_po(number: str) -> bytes:
    """A PO whose import writes a few hundred kilobytes: many items, stored twice as JSON."""
    items = [
        {
            "item_code": f"C{n:03d}",
            "description": f"Galvanised pipe section {n}",
            "quantity": "1",
            "unit": "each",
            "unit_price": "1.00",
        }
        for n in range(300)
    ]
    return po_pdf_bytes(po_fields(number, items=items))


def test_an_upload_to_a_full_disk_is_507_and_leaves_nothing(small_disk):
    settings = small_disk
    app = create_app(settings, immediate_tasks=True)
    db = open_database(settings.db_path)
    user = make_user(db, "clerk@example.com")
    with TestClient(app) as client:
        sign_in(client, user["email"])
        filler = fill(settings, leave=64 * 1024)
        document = b"%PDF-1.7\n" + os.urandom(1024 * 1024)
        response = client.post(UPLOAD, files={"file": ("po.pdf", document, "application/pdf")})
        assert response.status_code == 507
        assert response.json()["detail"] == (
            "The server's disk is full, so the file was not saved. Tell an administrator."
        )
        assert list((settings.files_dir / storage.INCOMING).iterdir()) == []
        assert db.execute("SELECT count(*) FROM data_import_batches").fetchone()[0] == 0
        filler.unlink()
        again = client.post(
            UPLOAD, files={"file": ("po.pdf", po_pdf_bytes(po_fields()), "application/pdf")}
        )
        assert again.status_code == 202
    db.close()


def test_an_upload_whose_last_bytes_cannot_be_written_at_close_is_507(small_disk):
    """A small file's bytes wait in a buffer until the file is flushed: on a full disk that
    flush fails, and so does the close that tries it once more."""
    settings = small_disk
    app = create_app(settings, immediate_tasks=True)
    db = open_database(settings.db_path)
    user = make_user(db, "clerk@example.com")
    with TestClient(app) as client:
        sign_in(client, user["email"])
        filler = fill(settings)
        response = client.post(
            UPLOAD, files={"file": ("po.pdf", b"%PDF-1.7\n" + b"0" * 2000, "application/pdf")}
        )
        filler.unlink()
    assert response.status_code == 507
    assert response.json()["detail"].startswith("The server's disk is full")
    assert list((settings.files_dir / storage.INCOMING).iterdir()) == []
    assert db.execute("SELECT count(*) FROM data_import_batches").fetchone()[0] == 0
    db.close()


def test_an_upload_whose_row_does_not_fit_is_507_and_leaves_nothing(small_disk):
    settings = small_disk
    app = create_app(settings, immediate_tasks=True)
    db = open_database(settings.db_path)
    user = make_user(db, "clerk@example.com")
    with TestClient(app) as client:
        sign_in(client, user["email"])
        db.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        filler = fill(settings, leave=12 * 1024)  # room for the file, not for the database
        response = client.post(
            UPLOAD, files={"file": ("po.pdf", b"%PDF-1.7\n" + b"0" * 2000, "application/pdf")}
        )
        filler.unlink()
    assert response.status_code == 507
    assert response.json()["detail"] == DISK_FULL  # the row, not the file, failed to fit
    assert list((settings.files_dir / storage.INCOMING).iterdir()) == []
    assert db.execute("SELECT count(*) FROM data_import_batches").fetchone()[0] == 0
    db.close()


def test_a_worker_that_cannot_write_the_import_fails_the_attempt_as_retryable(small_disk):
    settings = small_disk
    db = open_database(settings.db_path)  # kept open, so the WAL file stays as it is
    batch_id = store_batch(settings, db, big_po("FULL1"))
    wal_room_for_small_writes(db)
    filler = fill(settings)
    attempt = pipeline.run_batch(settings, batch_id)
    batch = queue_reads.get_batch(db, batch_id)
    filler.unlink()
    assert (attempt.outcome, batch["status"], batch["attempts"]) == ("failed", "failed", 1)
    assert batch["last_error"] == "The server's disk was full."
    assert batch["next_retry_at"] is not None
    assert db.execute("SELECT count(*) FROM purchase_orders").fetchone()[0] == 0
    assert list((settings.files_dir / storage.PURCHASE_ORDERS).iterdir()) == []
    db.execute("UPDATE data_import_batches SET next_retry_at = '2000-01-01T00:00:00.000Z'")
    assert pipeline.run_batch(settings, batch_id).outcome == "processed"
    db.close()


def test_a_claim_on_a_full_disk_is_deferred_and_changes_nothing(small_disk):
    settings = small_disk
    db = open_database(settings.db_path)
    batch_id = store_batch(settings, db, po_pdf_bytes(po_fields("FULL2")))
    db.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # no room left even for the claim
    filler = fill(settings)
    attempt = pipeline.run_batch(settings, batch_id)
    batch = queue_reads.get_batch(db, batch_id)
    filler.unlink()
    assert (attempt.outcome, batch["status"], batch["attempts"]) == ("deferred", "pending", 0)
    assert pipeline.run_batch(settings, batch_id).outcome == "processed"
    db.close()
