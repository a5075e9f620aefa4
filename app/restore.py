"""`intake restore SRC`: a backup checked against its manifest, then copied into an empty data dir.

A restore reads the manifest first and refuses, in words, a backup whose
files do not match it, before writing anything; it only fills an empty data
dir, so it can never overwrite one. Everything is copied under `.restoring`
and moved up at the end, then the database is brought up to date and
checked. The manifest catches damage and changes to any file; it is not a
signature, so someone who rewrites the manifest to match a changed
database is not caught. The layout of a backup is `app/backup.py`'s.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from app import datacheck, storage
from app.backup import (
    DOCUMENTS,
    FORMAT,
    MANIFEST,
    BackupError,
    object_path,
    read_only,
    record_counts,
    snapshots,
)
from app.config import Settings
from app.db import migrations, open_database

RESTORING = ".restoring"


@dataclass
class Restored:
    snapshot: Path
    manifest: dict
    check: datacheck.CheckReport


def find_snapshot(source: Path) -> Path:
    """SRC may be one snapshot, or a backup folder (then its newest snapshot)."""
    if (source / MANIFEST).is_file():
        return source
    if source.is_dir():
        found = snapshots(source)
        if found:
            return found[-1]
    raise BackupError(
        f"{source} is not an Intake backup: it has no {MANIFEST}, and no snapshot folder has one."
    )


def verify(snapshot: Path) -> dict:
    """The snapshot's manifest, once every file matches it; BackupError lists what does not."""
    try:
        manifest = json.loads((snapshot / MANIFEST).read_text())
        files, documents = manifest["files"], manifest["documents"]
        version = int(manifest["schema_version"])
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise BackupError(
            f"The manifest of {snapshot} cannot be read ({exc}); it is damaged or not Intake's."
        ) from None
    if manifest.get("format") != FORMAT:
        raise BackupError(f"{snapshot} was written in a backup format this Intake does not know.")
    latest = migrations()[-1][0]
    if version > latest:
        raise BackupError(
            f"{snapshot} was taken by a newer Intake (schema version {version}, this one "
            f"knows {latest}); restore it with that version."
        )
    problems = [_mismatch(snapshot / name, entry, name) for name, entry in files.items()]
    objects = snapshot.parent / DOCUMENTS
    for path, entry in documents.items():
        problems.append(_mismatch(object_path(objects, entry["sha256"]), entry, path))
    problems = [problem for problem in problems if problem]
    if not problems:
        problems = _count_problems(snapshot, manifest)
    if problems:
        raise BackupError(
            f"{snapshot} does not match its manifest, so it was changed or damaged after it "
            "was taken; nothing was restored.\n" + "\n".join(f"  - {p}" for p in problems)
        )
    return manifest


def _mismatch(path: Path, entry: dict, label: str) -> str | None:
    try:
        sha256, size = datacheck.file_sha256(path)
    except FileNotFoundError:
        return f"{label} is missing from the backup."
    if (sha256, size) != (entry.get("sha256"), entry.get("size")):
        return f"{label} is not the file that was backed up (its sha256 differs)."
    return None


def _count_problems(snapshot: Path, manifest: dict) -> list[str]:
    copy = read_only(snapshot / "intake.db")
    try:
        found = record_counts(copy)
    except sqlite3.Error as exc:
        return [f"intake.db cannot be read: {exc}."]
    finally:
        copy.close()
    return [
        f"the manifest counts {expected} {name}, the database holds {found.get(name)}."
        for name, expected in manifest["counts"].items()
        if found.get(name) != expected
    ]


def restore_backup(source: Path, data_dir: Path) -> Restored:
    """Fill an empty data dir from a backup, after checking the backup against its manifest."""
    _refuse_unless_empty(data_dir)
    snapshot = find_snapshot(source)
    manifest = verify(snapshot)
    staging = data_dir / RESTORING
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    objects = snapshot.parent / DOCUMENTS
    for name in manifest["files"]:
        _copy_checked(snapshot / name, staging / name, manifest["files"][name]["sha256"])
    for path, entry in manifest["documents"].items():
        target = staging / path
        target.parent.mkdir(parents=True, exist_ok=True)
        _copy_checked(object_path(objects, entry["sha256"]), target, entry["sha256"])
    # Everything is in place under .restoring; now move it up, one rename per entry.
    for entry in staging.iterdir():
        os.rename(entry, data_dir / entry.name)
    staging.rmdir()
    open_database(data_dir / "intake.db").close()  # an older backup is brought up to date
    settings = Settings.from_env(env={}, data_dir=data_dir)
    return Restored(snapshot, manifest, datacheck.check(settings))


def _refuse_unless_empty(data_dir: Path) -> None:
    if not data_dir.exists():
        return
    left = sorted(entry.name for entry in data_dir.iterdir() if entry.name != RESTORING)
    if left:
        shown = ", ".join(left[:5]) + (" …" if len(left) > 5 else "")
        raise BackupError(
            f"{data_dir} is not empty (it holds {shown}); a restore only fills an empty "
            "folder, so that nothing there is overwritten. Move it aside or choose another "
            "INTAKE_DATA_DIR."
        )


def _copy_checked(source: Path, target: Path, sha256: str) -> None:
    shutil.copyfile(source, target)
    if datacheck.file_sha256(target)[0] != sha256:
        raise BackupError(f"{source} changed while it was being restored; run the restore again.")
    storage.fsync_file(target)
