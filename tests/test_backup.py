"""Backups, restores and `intake check` on real files: a data dir with imported, waiting, dead
and discarded documents is backed up, damaged in each way a backup can be, and restored."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from datetime import timedelta

import pytest

from app import backup, clock, datacheck, pipeline, queue, restore, storage
from app.db import open_database, rows
from tasks.huey_app import QueueStorage
from tests.conftest import store_batch
from tests.fixtures.po_pdf import po_fields, po_pdf_bytes
from tests.workers import worker_env


@pytest.fixture
def office(settings, db):
    """A data dir as an office leaves it: two imported POs, one waiting, one dead, one
    discarded long ago (its file removed by the sweep)."""
    for number in ("BK1", "BK2"):
        pipeline.run_batch(settings, store_batch(settings, db, po_pdf_bytes(po_fields(number))))
    store_batch(settings, db, po_pdf_bytes(po_fields("BK3")))
    pipeline.run_batch(settings, store_batch(settings, db, b"%PDF-1.4 dead " + b"x" * 20))
    gone = store_batch(settings, db, b"%PDF-1.4 discarded " + b"y" * 20)
    pipeline.run_batch(settings, gone)
    queue.discard_batch(db, gone, clock.now(), None)
    pipeline.remove_discarded_files(db, settings, clock.now() + timedelta(days=31))
    QueueStorage("intake", filename=str(settings.huey_path)).close()  # as a worker makes it
    return settings


def po_numbers(db) -> list[str]:
    return [r["n"] for r in rows(db, "SELECT purchase_order_number AS n FROM purchase_orders")]


def test_a_backup_restores_every_record_and_document(office, db, tmp_path):
    previews = storage.folder(office, "previews")
    (previews / "some-photo.jpg").write_bytes(b"a cached preview")  # made again on demand
    assert datacheck.check(office).clean
    taken = backup.take_backup(office, tmp_path / "backups", clock.now())
    assert (taken.documents, taken.new_documents, taken.missing) == (4, 4, [])
    restored = restore.restore_backup(tmp_path / "backups", tmp_path / "restored")
    assert restored.check.clean, restored.check.summary()
    assert not (tmp_path / "restored" / "files" / "previews").exists()
    again = open_database(tmp_path / "restored" / "intake.db")
    assert sorted(po_numbers(again)) == sorted(po_numbers(db)) == ["BK1", "BK2"]
    assert rows(again, "SELECT id, status, sha256 FROM data_import_batches ORDER BY id") == rows(
        db, "SELECT id, status, sha256 FROM data_import_batches ORDER BY id"
    )


def test_a_nightly_backup_copies_only_new_documents(office, db, tmp_path):
    backup.take_backup(office, tmp_path / "backups", clock.now())
    same = backup.take_backup(office, tmp_path / "backups", clock.now() + timedelta(seconds=1))
    assert (same.documents, same.new_documents) == (4, 0)
    store_batch(office, db, po_pdf_bytes(po_fields("BK4")))
    more = backup.take_backup(office, tmp_path / "backups", clock.now() + timedelta(seconds=2))
    assert (more.documents, more.new_documents) == (5, 1)
    stored = list((tmp_path / "backups" / backup.DOCUMENTS).glob("*/*"))
    assert len(stored) == 5


def test_backups_in_the_same_second_are_all_kept_in_the_order_taken(office, db, tmp_path):
    dest, now = tmp_path / "backups", clock.now()
    first = backup.take_backup(office, dest, now)
    store_batch(office, db, po_pdf_bytes(po_fields("BK5")))
    second = backup.take_backup(office, dest, now)
    third = backup.take_backup(office, dest, now)
    assert second.snapshot.name == f"{first.snapshot.name}-02"
    assert backup.snapshots(dest) == [first.snapshot, second.snapshot, third.snapshot]
    assert (second.documents, second.new_documents) == (5, 1)


def test_keep_removes_old_snapshots_and_documents_only_they_named(office, db, tmp_path):
    dest = tmp_path / "backups"
    first = backup.take_backup(office, dest, clock.now())
    dead = rows(db, "SELECT id FROM data_import_batches WHERE status = 'dead'")[0]["id"]
    queue.discard_batch(db, dead, clock.now(), None)
    pipeline.remove_discarded_files(db, office, clock.now() + timedelta(days=31))
    kept = backup.take_backup(office, dest, clock.now() + timedelta(seconds=1), keep=1)
    assert kept.removed_snapshots == [first.snapshot.name]
    assert backup.snapshots(dest) == [kept.snapshot]
    assert len(list((dest / backup.DOCUMENTS).glob("*/*"))) == kept.documents == 3


def _flip_a_document(dest):
    document = next((dest / backup.DOCUMENTS).glob("*/*"))
    data = bytearray(document.read_bytes())
    data[-1] ^= 1
    document.write_bytes(bytes(data))


def _change_the_records(dest):
    (snapshot,) = backup.snapshots(dest)
    conn = sqlite3.connect(snapshot / "intake.db")
    conn.execute("UPDATE purchase_orders SET total_cents = 1")
    conn.commit()
    conn.close()


def _lose_a_document(dest):
    next((dest / backup.DOCUMENTS).glob("*/*")).unlink()


def _edit_the_counts(dest):
    (snapshot,) = backup.snapshots(dest)
    manifest = json.loads((snapshot / backup.MANIFEST).read_text())
    manifest["counts"]["purchase_orders"] += 1
    (snapshot / backup.MANIFEST).write_text(json.dumps(manifest))


def _scribble_on_the_manifest(dest):
    (snapshot,) = backup.snapshots(dest)
    (snapshot / backup.MANIFEST).write_text("{not json")


@pytest.mark.parametrize(
    ("damage", "says"),
    [
        (_flip_a_document, "is not the file that was backed up"),
        (_change_the_records, "intake.db is not the file that was backed up"),
        (_lose_a_document, "is missing from the backup"),
        (_edit_the_counts, "the manifest counts 3 purchase_orders, the database holds 2"),
        (_scribble_on_the_manifest, "cannot be read"),
    ],
)
def test_a_damaged_backup_is_refused_and_nothing_is_written(office, tmp_path, damage, says):
    backup.take_backup(office, tmp_path / "backups", clock.now())
    damage(tmp_path / "backups")
    with pytest.raises(backup.BackupError, match=says):
        restore.restore_backup(tmp_path / "backups", tmp_path / "restored")
    assert not (tmp_path / "restored").exists()


def test_a_restore_refuses_a_data_dir_that_is_not_empty(office, tmp_path):
    backup.take_backup(office, tmp_path / "backups", clock.now())
    with pytest.raises(backup.BackupError, match="is not empty .*intake.db"):
        restore.restore_backup(tmp_path / "backups", office.data_dir)


def test_check_names_what_is_wrong(office, db):
    assert datacheck.check(office).clean
    imported = rows(db, "SELECT file_path FROM purchase_orders ORDER BY file_path")
    storage.resolve(office, imported[0]["file_path"]).write_bytes(b"%PDF-1.4 other")
    storage.resolve(office, imported[1]["file_path"]).unlink()
    (office.files_dir / storage.INCOMING / "stray.pdf").write_bytes(b"%PDF-1.4 stray")
    db.conn.execute("PRAGMA foreign_keys=OFF")
    db.conn.execute(
        "INSERT INTO purchase_order_items (id, purchase_order_id, line_no, quantity)"
        " VALUES ('x', 'no-such-po', 1, '1')"
    )
    problems = datacheck.check(office).problems
    assert problems == [
        "intake.db has 1 record(s) pointing at records that do not exist (in purchase_order_items)."
    ]
    db.conn.execute("DELETE FROM purchase_order_items WHERE id = 'x'")
    assert datacheck.check(office).problems == [
        f"{imported[0]['file_path']} is not the document that was uploaded (sha256 differs).",
        f"{imported[1]['file_path']} is missing.",
        "files/incoming/stray.pdf is named by no record (an orphaned file).",
    ]


def intake(env: dict, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "app.cli", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_the_commands_back_up_restore_and_refuse_a_damaged_backup(office, tmp_path):
    here = worker_env(office)
    taken = intake(here, "backup", str(tmp_path / "backups"))
    assert taken.returncode == 0, taken.stderr
    assert "2 POs, 5 batches, 4 documents (4 new" in taken.stdout
    there = {**here, "INTAKE_DATA_DIR": str(tmp_path / "restored")}
    restored = intake(there, "restore", str(tmp_path / "backups"))
    assert restored.returncode == 0, restored.stderr
    assert "check: clean" in restored.stdout

    _flip_a_document(tmp_path / "backups")
    elsewhere = {**here, "INTAKE_DATA_DIR": str(tmp_path / "elsewhere")}
    refused = intake(elsewhere, "restore", str(tmp_path / "backups"))
    assert refused.returncode == 2
    assert "was changed or damaged after it was taken; nothing was restored" in refused.stderr
    assert not (tmp_path / "elsewhere").exists()
