"""`intake check`: is a data dir whole? The databases, and every document a record names.

A data dir is whole when SQLite finds nothing wrong with either database
(`PRAGMA integrity_check`, and no broken reference between records), every
document a record points at is on disk with the content the record expects,
and no document lies under files/ that no record names. The content expected
is the upload's sha256, kept on its batch: a PO's document, and an earlier
version's, is the document of the batch it came from. A discarded batch whose
file the sweep removed after 30 days names a file that is rightly gone.
Previews are left out: they are made again from the documents on demand.

`stored_documents` is also what `intake backup` copies. Nothing here writes.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path

from sqlite_utils import Database

from app import previews, storage
from app.config import Settings
from app.db import connect, migrations, rows

CHUNK = 1024 * 1024


@dataclass(frozen=True)
class StoredDocument:
    path: str  # relative to the data dir, as the records hold it
    sha256: str | None  # None for a record whose batch is unknown


def stored_documents(db: Database) -> list[StoredDocument]:
    """Every document a record points at, with the content it must have."""
    found = rows(
        db,
        "SELECT b.file_path AS path, b.sha256 AS sha256 FROM data_import_batches b"
        " WHERE NOT (b.status = 'discarded' AND EXISTS (SELECT 1 FROM batch_events e"
        "            WHERE e.batch_id = b.id AND e.event = 'file_removed'))"
        " UNION SELECT p.file_path, b.sha256 FROM purchase_orders p"
        " LEFT JOIN data_import_batches b ON b.id = p.batch_id WHERE p.file_path IS NOT NULL"
        " UNION SELECT v.file_path, b.sha256 FROM purchase_order_versions v"
        " LEFT JOIN data_import_batches b ON b.id = v.batch_id WHERE v.file_path IS NOT NULL"
        " ORDER BY 1",
    )
    return [StoredDocument(row["path"], row["sha256"]) for row in found]


def file_sha256(path: Path) -> tuple[str, int]:
    """(sha256, size) of a file, read in pieces."""
    digest, size = hashlib.sha256(), 0
    with path.open("rb") as fh:
        while chunk := fh.read(CHUNK):
            digest.update(chunk)
            size += len(chunk)
    return digest.hexdigest(), size


def database_problems(path: Path, label: str) -> list[str]:
    """What SQLite's own checks find wrong in one database, as sentences."""
    if not path.exists():
        return [f"{label} is missing."]
    try:
        conn = sqlite3.connect(path, timeout=5)
        try:
            integrity = [row[0] for row in conn.execute("PRAGMA integrity_check")]
            broken = conn.execute("PRAGMA foreign_key_check").fetchall()
        finally:
            conn.close()
    except sqlite3.Error as exc:
        return [f"{label} cannot be read as a database: {exc}."]
    problems = [] if integrity == ["ok"] else [f"{label} is damaged: {'; '.join(integrity)}."]
    if broken:
        tables = sorted({row[0] for row in broken})
        problems.append(
            f"{label} has {len(broken)} record(s) pointing at records that do not exist "
            f"(in {', '.join(tables)})."
        )
    return problems


@dataclass
class CheckReport:
    problems: list[str] = field(default_factory=list)
    documents: int = 0
    document_bytes: int = 0
    schema_version: int = 0
    seconds: float = 0.0

    @property
    def clean(self) -> bool:
        return not self.problems

    def summary(self) -> str:
        if not self.clean:
            return f"{len(self.problems)} problem(s):\n" + "\n".join(
                f"  - {problem}" for problem in self.problems
            )
        return (
            f"clean: the databases pass SQLite's checks (schema version "
            f"{self.schema_version}); {self.documents} documents ({_mb(self.document_bytes)}), "
            f"each present with its sha256; no orphaned files ({self.seconds:.1f} s)"
        )


def _mb(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MB"


def check(settings: Settings) -> CheckReport:
    """Everything `intake check` looks at, in one report."""
    started = time.monotonic()
    report = CheckReport()
    report.problems += database_problems(settings.db_path, "intake.db")
    if settings.huey_path.exists():  # made again at start when missing: the rows are the truth
        report.problems += database_problems(settings.huey_path, "huey.db")
    if not settings.db_path.exists() or report.problems:
        report.seconds = time.monotonic() - started
        return report
    db = connect(settings.db_path, settings.busy_timeout_ms)
    try:
        report.schema_version = db.conn.execute("PRAGMA user_version").fetchone()[0]
        documents = stored_documents(db)
    finally:
        db.close()
    latest = migrations()[-1][0]
    if report.schema_version != latest:
        report.problems.append(
            f"intake.db is at schema version {report.schema_version}, this Intake at {latest}; "
            "run `intake migrate`."
        )
    report.problems += _document_problems(settings, documents, report)
    report.problems += _orphans(settings, {document.path for document in documents})
    report.seconds = time.monotonic() - started
    return report


def _document_problems(
    settings: Settings, documents: list[StoredDocument], report: CheckReport
) -> list[str]:
    problems = []
    expected: dict[str, str | None] = {}
    for document in documents:
        if document.path in expected and expected[document.path] != document.sha256:
            problems.append(f"{document.path} is named by records expecting different contents.")
            continue
        expected[document.path] = document.sha256
        try:
            sha256, size = file_sha256(storage.resolve(settings, document.path))
        except storage.StorageError:
            problems.append(f"A record names {document.path!r}, which is outside files/.")
            continue
        except FileNotFoundError:
            problems.append(f"{document.path} is missing.")
            continue
        if document.sha256 is not None and sha256 != document.sha256:
            problems.append(
                f"{document.path} is not the document that was uploaded (sha256 differs)."
            )
            continue
        report.documents += 1
        report.document_bytes += size
    return problems


def _orphans(settings: Settings, named: set[str]) -> list[str]:
    """Files under files/ that no record names (previews aside)."""
    skip = settings.files_dir / previews.PREVIEWS
    problems = []
    for folder, subfolders, names in os.walk(settings.files_dir):
        if Path(folder) == skip:
            subfolders.clear()
            continue
        for name in names:
            relative = storage.relative(settings, Path(folder) / name)
            if relative not in named:
                problems.append(f"{relative} is named by no record (an orphaned file).")
    return sorted(problems)
