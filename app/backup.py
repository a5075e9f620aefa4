"""`intake backup DEST`: copies of a data dir that `intake restore` can prove and restore.

A backup folder holds one snapshot per run and the documents of all of them:

    DEST/20260819T020000Z/intake.db, huey.db, manifest.json
    DEST/documents/ab/ab12…      each document once, named by its sha256

The databases are copied with SQLite's online backup API in one step, so
the copy is the database at one moment while the app and its workers go on
writing. The documents copied are those the copy's records name; a document
already in DEST/documents is not copied again, so a nightly backup copies
only the day's new documents. A document that moved since that moment (an
upload imported meanwhile) is found by its content. The manifest lists the
sha256 and size of every file, the schema version, and counts of records.

The secret key is left out (a restored Intake makes a new one; everyone
signs in again). Restoring, and checking a snapshot against its manifest,
is `app/restore.py`; this module owns the backup folder's layout.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import sqlite3
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from sqlite_utils import Database

from app import clock, datacheck, storage
from app.config import Settings
from app.db import connect, rows

MANIFEST = "manifest.json"
DOCUMENTS = "documents"
FORMAT = 1
DATABASES = ("intake.db", "huey.db")
STAMP = "%Y%m%dT%H%M%SZ"


class BackupError(Exception):
    """A backup could not be taken or restored; the message says why and what to do."""


@dataclass
class Taken:
    snapshot: Path
    counts: dict
    documents: int = 0
    new_documents: int = 0
    new_bytes: int = 0
    missing: list[str] = field(default_factory=list)
    removed_snapshots: list[str] = field(default_factory=list)

    def summary(self) -> str:
        text = (
            f"backup {self.snapshot}: {self.counts['purchase_orders']} POs, "
            f"{self.counts['batches']} batches, {self.documents} documents "
            f"({self.new_documents} new, {self.new_bytes / (1024 * 1024):.1f} MB copied)"
        )
        if self.removed_snapshots:
            text += f"; older snapshots removed: {', '.join(self.removed_snapshots)}"
        return text


# --- taking a backup -------------------------------------------------------------


def take_backup(settings: Settings, dest: Path, now: datetime, keep: int | None = None) -> Taken:
    """Copy the databases and the documents they name into a new snapshot under dest."""
    if not settings.db_path.exists():
        raise BackupError(f"There is no Intake data in {settings.data_dir} to back up.")
    if keep is not None and keep < 1:
        raise BackupError("--keep must be at least 1: a backup keeps the snapshot it takes.")
    dest.mkdir(parents=True, exist_ok=True)
    with _locked(dest):
        snapshot = _new_snapshot_path(dest, now)
        partial = dest / f".{snapshot.name}.partial"
        shutil.rmtree(partial, ignore_errors=True)
        partial.mkdir()
        files = {
            name: _copy_database(settings.data_dir / name, partial / name)
            for name in DATABASES
            if (settings.data_dir / name).exists()  # no huey.db until a worker or the app ran
        }
        copy = read_only(partial / "intake.db")
        try:
            schema_version = copy.conn.execute("PRAGMA user_version").fetchone()[0]
            counts = record_counts(copy)
            documents = datacheck.stored_documents(copy)
        finally:
            copy.close()
        taken = Taken(snapshot, counts)
        manifest = {
            "format": FORMAT,
            "taken_at": clock.iso(now),
            "data_dir": str(settings.data_dir),
            "schema_version": schema_version,
            "counts": counts,
            "files": files,
            "documents": _copy_documents(settings, documents, dest / DOCUMENTS, taken),
            "missing": taken.missing,
        }
        taken.documents = len(manifest["documents"])
        _write_json(partial / MANIFEST, manifest)
        os.rename(partial, snapshot)
        storage.fsync_dir(dest)
        if keep:
            taken.removed_snapshots = _prune(dest, keep)
    return taken


class _locked:
    """One backup at a time into a folder: a second is refused, not interleaved."""

    def __init__(self, dest: Path):
        self.path = dest / ".lock"

    def __enter__(self):
        self.handle = self.path.open("a")
        try:
            fcntl.flock(self.handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            self.handle.close()
            raise BackupError(
                f"Another backup into {self.path.parent} is running; try again when it is done."
            ) from None
        return self

    def __exit__(self, *exc) -> None:
        self.handle.close()


def _copy_database(source: Path, target: Path) -> dict:
    """The whole database at one moment, in one step of the backup API (a stepwise copy
    starts over each time someone writes, and would never end on a busy day)."""
    src = sqlite3.connect(source, timeout=30)
    dst = sqlite3.connect(target)
    try:
        src.backup(dst)
        dst.execute("PRAGMA journal_mode=DELETE")  # one file, complete on its own
    finally:
        dst.close()
        src.close()
    storage.fsync_file(target)
    sha256, size = datacheck.file_sha256(target)
    return {"sha256": sha256, "size": size}


def read_only(path: Path) -> Database:
    """A copy opened without changing a byte of it (connect() would switch it to WAL)."""
    return Database(sqlite3.connect(f"file:{path}?mode=ro", uri=True))


def record_counts(db: Database) -> dict:
    """What a person checks after a restore: how many of each kind of record there are."""
    count = {
        "purchase_orders": "SELECT count(*) AS n FROM purchase_orders",
        "purchase_order_items": "SELECT count(*) AS n FROM purchase_order_items",
        "batches": "SELECT count(*) AS n FROM data_import_batches",
        "review_items_open": "SELECT count(*) AS n FROM review_items WHERE state = 'open'",
        "users": "SELECT count(*) AS n FROM users",
        "sites": "SELECT count(*) AS n FROM sites",
    }
    return {name: rows(db, sql)[0]["n"] for name, sql in count.items()}


def _copy_documents(settings: Settings, documents, objects: Path, taken: Taken) -> dict:
    found = {}
    live = connect(settings.db_path, settings.busy_timeout_ms)
    try:
        for document in documents:
            stored = _store(settings, live, document, objects, taken)
            if stored is None:
                taken.missing.append(document.path)
            else:
                found[document.path] = stored
    finally:
        live.close()
    return found


def _store(settings: Settings, live, document, objects: Path, taken: Taken) -> dict | None:
    """The document's content in objects/, copied unless it is there already."""
    if document.sha256 and object_path(objects, document.sha256).exists():
        size = object_path(objects, document.sha256).stat().st_size
        return {"sha256": document.sha256, "size": size}
    for candidate in _places(live, document):
        try:
            source = storage.resolve(settings, candidate)
        except storage.StorageError:
            continue
        copied = _copy_into(source, objects, document.sha256)
        if copied is not None:
            taken.new_documents += 1
            taken.new_bytes += copied["size"]
            return copied
    return None


def _places(live, document):
    """Where the content may be now: where the copy's records said, else wherever a live
    record with the same content points (an upload imported since was moved)."""
    yield document.path
    if document.sha256 is None:
        return
    for row in rows(
        live,
        "SELECT file_path FROM data_import_batches WHERE sha256 = :sha"
        " UNION SELECT p.file_path FROM purchase_orders p"
        " JOIN data_import_batches b ON b.id = p.batch_id WHERE b.sha256 = :sha",
        {"sha": document.sha256},
    ):
        if row["file_path"] and row["file_path"] != document.path:
            yield row["file_path"]


def object_path(objects: Path, sha256: str) -> Path:
    return objects / sha256[:2] / sha256


def _copy_into(source: Path, objects: Path, expected: str | None) -> dict | None:
    """Copy a file into objects/ under its sha256, checked while copying; None when the
    file is gone or is not the content expected."""
    partial = objects / f".{os.getpid()}.partial"
    objects.mkdir(parents=True, exist_ok=True)
    try:
        shutil.copyfile(source, partial)
    except FileNotFoundError:
        return None
    sha256, size = datacheck.file_sha256(partial)
    if expected is not None and sha256 != expected:
        partial.unlink()
        return None
    target = object_path(objects, sha256)
    target.parent.mkdir(exist_ok=True)
    storage.fsync_file(partial)
    os.replace(partial, target)
    return {"sha256": sha256, "size": size}


def _write_json(path: Path, value: dict) -> None:
    path.write_text(json.dumps(value, indent=1, sort_keys=True) + "\n")
    storage.fsync_file(path)


def _new_snapshot_path(dest: Path, now: datetime) -> Path:
    """A name for a new snapshot: its time, and -02, -03… after it when taken in the same second.

    Names sort in the order the snapshots were taken, which is how the newest is found.
    """
    stamp = now.strftime(STAMP)
    path, n = dest / stamp, 2
    while path.exists():
        path, n = dest / f"{stamp}-{n:02d}", n + 1
    return path


def snapshots(dest: Path) -> list[Path]:
    """Complete snapshots in a backup folder, oldest first."""
    return sorted(path for path in dest.iterdir() if path.is_dir() and (path / MANIFEST).is_file())


def _prune(dest: Path, keep: int) -> list[str]:
    """Keep the newest `keep` snapshots, and the documents they name; remove the rest."""
    old = snapshots(dest)[:-keep]
    for snapshot in old:
        shutil.rmtree(snapshot)
    named = set()
    for snapshot in snapshots(dest):
        manifest = json.loads((snapshot / MANIFEST).read_text())
        named |= {entry["sha256"] for entry in manifest["documents"].values()}
    objects = dest / DOCUMENTS
    if objects.is_dir():
        for path in objects.glob("*/*"):
            if path.name not in named:
                path.unlink()
    return [snapshot.name for snapshot in old]
