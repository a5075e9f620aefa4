"""Where documents live on disk, and how they move without being lost.

Paths in the database are relative to the data dir (`files/incoming/<id>.pdf`)
and every one is resolved through `resolve()`, which refuses anything outside
the files dir. Stored names are made here from record ids, never from what a
user typed; the original file name is kept for display only.
"""

from __future__ import annotations

import os
import re
import shutil
import unicodedata
from datetime import datetime, timedelta
from pathlib import Path

from sqlite_utils import Database

from app.config import Settings, private_dir
from app.db import one

INCOMING = "incoming"
PURCHASE_ORDERS = "purchase_orders"
DELIVERY_NOTES = "delivery_notes"
IMPORTS = "imports"  # CSV files: waiting for their preview's import, then their batch's
EXTENSIONS = {
    "application/pdf": ".pdf",
    "image/jpeg": ".jpg",
    "image/png": ".png",
    "image/webp": ".webp",
}
PARTIAL_SUFFIX = ".part"


class StorageError(Exception):
    """A stored path points somewhere it must not."""


def resolve(settings: Settings, relative: str) -> Path:
    files = settings.files_dir.resolve()
    path = (settings.data_dir / relative).resolve()
    if not path.is_relative_to(files):
        raise StorageError(f"{relative!r} is outside the files directory")
    return path


def relative(settings: Settings, path: Path) -> str:
    return path.resolve().relative_to(settings.data_dir.resolve()).as_posix()


def folder(settings: Settings, name: str) -> Path:
    private_dir(settings.files_dir)
    return private_dir(settings.files_dir / name)


def stored_name(record_id: str, content_type: str) -> str:
    return record_id + EXTENSIONS[content_type]


def display_filename(raw: str | None, limit: int = 200) -> str:
    """A file name safe to show: no folders, control or direction-override characters."""
    name = (raw or "").replace("\\", "/").rsplit("/", 1)[-1]
    name = "".join(ch for ch in name if unicodedata.category(ch) not in {"Cc", "Cf", "Cs"})
    name = re.sub(r"\s+", " ", name).strip(" .")
    if len(name) > limit:
        stem, dot, ext = name.rpartition(".")
        keep = ext if dot and len(ext) <= 8 else ""
        name = name[: limit - len(keep) - 2] + "…" + ("." + keep if keep else "")
    return name or "document"


def fsync_file(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def place_copy(settings: Settings, source_relative: str, folder_name: str, name: str) -> str:
    """Make the file also exist at folder/name (a hard link where possible) and return that path.

    The source stays until the caller's transaction has committed and it
    calls `remove()`: a crash in between leaves two names, never none.
    """
    source = resolve(settings, source_relative)
    target_dir = folder(settings, folder_name)
    target = target_dir / name
    if target.exists():
        target.unlink()
    try:
        os.link(source, target)
    except OSError:
        tmp = target.with_name(target.name + PARTIAL_SUFFIX)
        shutil.copyfile(source, tmp)
        tmp.chmod(0o600)
        fsync_file(tmp)
        os.replace(tmp, target)
    # A fresh mtime keeps reap_orphans() off the new name until its row commits.
    os.utime(target)
    fsync_dir(target_dir)
    return relative(settings, target)


def remove(settings: Settings, relative_path: str) -> None:
    resolve(settings, relative_path).unlink(missing_ok=True)


def is_referenced(db: Database, relative_path: str) -> bool:
    return (
        one(
            db,
            "SELECT 1 AS ok FROM data_import_batches WHERE file_path = :p"
            " UNION ALL SELECT 1 FROM purchase_orders WHERE file_path = :p"
            " UNION ALL SELECT 1 FROM purchase_order_versions WHERE file_path = :p"
            " UNION ALL SELECT 1 FROM delivery_notes WHERE file_path = :p LIMIT 1",
            {"p": relative_path},
        )
        is not None
    )


def is_referenced_by_po(db: Database, relative_path: str) -> bool:
    found = one(
        db, "SELECT 1 AS ok FROM purchase_orders WHERE file_path = :p", {"p": relative_path}
    )
    return found is not None


def reap_orphans(
    db: Database, settings: Settings, now: datetime, older_than: timedelta
) -> list[str]:
    """Remove files no record points at, left by a crash between a file write and its commit.

    Only files older than `older_than` are touched, so an upload still being
    written, or a copy whose transaction is about to commit, is never taken.
    """
    cutoff = (now - older_than).timestamp()
    removed = []
    for name in (INCOMING, PURCHASE_ORDERS, DELIVERY_NOTES, IMPORTS):
        directory = settings.files_dir / name
        if not directory.is_dir():
            continue
        for path in directory.iterdir():
            try:
                if not path.is_file() or path.stat().st_mtime > cutoff:
                    continue
            except FileNotFoundError:  # a worker moved it on since the listing
                continue
            rel = relative(settings, path)
            if path.name.endswith(PARTIAL_SUFFIX) or not is_referenced(db, rel):
                path.unlink(missing_ok=True)
                removed.append(rel)
    return removed
