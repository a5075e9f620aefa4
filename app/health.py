"""Whether Intake is running well: worker heartbeats, and the report `/healthz` gives.

Each worker process keeps one small file in `data/heartbeats/`; the time the
file last changed is its last heartbeat, written every INTAKE_HEARTBEAT_SECONDS
right after Huey has checked (and, if need be, restarted) the process's
threads. A worker is alive while some file changed within
INTAKE_WORKER_GONE_SECONDS. Files, not a table: a heartbeat is not a record, so
it never waits for the database's write lock behind an import, never makes a
live worker look dead while the database is busy, adds nothing to the
replica's stream every few seconds, and is never carried into a backup and
restored as if a worker were running. A worker that stops politely removes
its file, so the office is told at once; one that was killed is noticed when
its file grows old. A worker an admin paused keeps beating: it is alive.

Nothing here changes a record; the database check writes in a transaction it
rolls back.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from sqlite_utils import Database

from app import clock, pausing
from app.config import Settings
from tasks.huey_app import huey

HEARTBEATS = "heartbeats"
NO_WORKER = "Documents are not being read: no worker is running"


class Heartbeat:
    """This process's heartbeat file: written on each beat, removed when it stops politely."""

    def __init__(self, settings: Settings, threads: int, sweeps: bool):
        self.folder = settings.data_dir / HEARTBEATS
        self.path = self.folder / f"{socket.gethostname()}-{os.getpid()}.json"
        self.about = {
            "pid": os.getpid(),
            "host": socket.gethostname(),
            "threads": threads,
            "sweeps": sweeps,
            "started_at": clock.iso(clock.now()),
        }

    def beat(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        partial = self.path.with_suffix(".part")
        partial.write_text(json.dumps(self.about | {"beat_at": clock.iso(clock.now())}))
        os.replace(partial, self.path)

    def stop(self) -> None:
        self.path.unlink(missing_ok=True)


@dataclass(frozen=True)
class Beat:
    path: Path
    at: float  # seconds since the epoch


def heartbeats(settings: Settings) -> list[Beat]:
    """Every worker's last heartbeat, newest first."""
    found = []
    try:
        entries = list(os.scandir(settings.data_dir / HEARTBEATS))
    except FileNotFoundError:
        return []
    for entry in entries:
        if not entry.name.endswith(".json"):
            continue
        try:
            found.append(Beat(Path(entry.path), entry.stat().st_mtime))
        except FileNotFoundError:  # its worker stopped since the listing
            continue
    return sorted(found, key=lambda beat: beat.at, reverse=True)


def live_workers(settings: Settings, now: datetime) -> list[Beat]:
    since = now.timestamp() - settings.worker_gone_seconds
    return [beat for beat in heartbeats(settings) if beat.at >= since]


def worker_alive(settings: Settings, now: datetime) -> bool:
    """Whether some worker sent a heartbeat within INTAKE_WORKER_GONE_SECONDS."""
    return bool(live_workers(settings, now))


def remove_gone(settings: Settings, now: datetime) -> None:
    """A starting worker clears the files of workers killed long ago, so they do not pile up."""
    since = now.timestamp() - settings.worker_gone_seconds
    for beat in heartbeats(settings):
        if beat.at < since:
            beat.path.unlink(missing_ok=True)


# --- /healthz ------------------------------------------------------------------


def report(db: Database, settings: Settings, now: datetime) -> dict:
    """{ok, db, queue, worker, disk}: each part says whether it is well, and what was seen."""
    parts = {
        "db": _database(db),
        "queue": _queue(),
        "worker": _worker(db, settings, now),
        "disk": _disk(settings),
    }
    return {"ok": all(part["ok"] for part in parts.values()), **parts}


def _database(db: Database) -> dict:
    """Writable: the write lock is taken and the schema version written again as it is,
    then rolled back, so nothing changes (a read-only file fails at the write)."""
    try:
        db.conn.execute("BEGIN IMMEDIATE")
        version = db.conn.execute("PRAGMA user_version").fetchone()[0]
        db.conn.execute(f"PRAGMA user_version={int(version)}")
        db.conn.execute("ROLLBACK")
    except sqlite3.Error as exc:
        if db.conn.in_transaction:
            db.conn.execute("ROLLBACK")
        return {"ok": False, "error": f"The records database cannot be written: {exc}."}
    return {"ok": True, "schema_version": version}


def _queue() -> dict:
    """Reachable: the queue the web app enqueues on answers a count."""
    try:
        waiting, scheduled = huey.pending_count(), huey.scheduled_count()
    except sqlite3.Error as exc:
        return {"ok": False, "error": f"The queue cannot be read: {exc}."}
    return {"ok": True, "waiting": waiting, "scheduled": scheduled}


def _worker(db: Database, settings: Settings, now: datetime) -> dict:
    beats = heartbeats(settings)
    live = live_workers(settings, now)
    try:
        paused = pausing.processing_paused(db) is not None
    except sqlite3.Error:
        paused = None
    found = {
        "ok": bool(live),
        "alive": len(live),
        "last_heartbeat_seconds_ago": round(now.timestamp() - beats[0].at, 1) if beats else None,
        "paused": paused,
    }
    if not live:
        found["error"] = NO_WORKER + "."
    return found


def _disk(settings: Settings) -> dict:
    free_mb = shutil.disk_usage(settings.data_dir).free // (1024 * 1024)
    found = {"ok": free_mb >= settings.disk_free_min_mb, "free_mb": free_mb}
    if not found["ok"]:
        found["error"] = (
            f"Only {free_mb} MB are free on the data dir's disk "
            f"(INTAKE_DISK_FREE_MIN_MB is {settings.disk_free_min_mb})."
        )
    return found
