"""Connections to the records database, its PRAGMAs, and its migrations.

A connection belongs to one request or one task and is never used by two at
once (a request may hand it from the event loop to a worker thread, hence
check_same_thread=False). It runs in autocommit mode; a change that spans
statements opens `immediate(db)`, which takes the write lock first so two
writers never deadlock on a lock upgrade.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlite_utils import Database

from app.config import private_dir

MIGRATIONS_DIR = Path(__file__).with_name("migrations")
BUSY_TIMEOUT_MS = 5000


def connect(path: Path | str, busy_timeout_ms: int = BUSY_TIMEOUT_MS) -> Database:
    conn = sqlite3.connect(
        str(path), isolation_level=None, timeout=busy_timeout_ms / 1000, check_same_thread=False
    )
    conn.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
    _write_ahead(conn, busy_timeout_ms / 1000)
    conn.execute("PRAGMA synchronous=NORMAL")
    conn.execute("PRAGMA foreign_keys=ON")
    return Database(conn, execute_plugins=False)


def _write_ahead(conn: sqlite3.Connection, patience: float) -> None:
    """Switch a new database to WAL. Two connections opening it at once (the app and its
    worker starting together) can be refused at once, without the busy timeout: SQLite
    will not wait where waiting could deadlock. So try again, briefly, until it is done."""
    deadline = time.monotonic() + patience
    while True:
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if not is_busy(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.01)


def is_busy(exc: BaseException) -> bool:
    """Another connection held the write lock for longer than the busy timeout."""
    text = str(exc).lower()
    return isinstance(exc, sqlite3.OperationalError) and ("locked" in text or "busy" in text)


def is_disk_full(exc: BaseException) -> bool:
    """The disk (or the quota) had no room for a file or for the database to grow."""
    if isinstance(exc, sqlite3.OperationalError):
        return "disk is full" in str(exc).lower()
    return isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EDQUOT)


@contextmanager
def immediate(db: Database) -> Iterator[Database]:
    """A write transaction that holds the write lock from its first statement."""
    db.conn.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        if db.conn.in_transaction:
            db.conn.execute("ROLLBACK")
        raise
    db.conn.execute("COMMIT")


@contextmanager
def joined(db: Database) -> Iterator[Database]:
    """The caller's transaction when there is one, else a new IMMEDIATE one.

    For steps that run alone or as part of a larger change (opening a review
    item while a PO is imported, or from a page on its own).
    """
    if db.conn.in_transaction:
        yield db
        return
    with immediate(db):
        yield db


def migrations() -> list[tuple[int, str, str]]:
    """(version, name, sql) of every file in migrations/, in order."""
    found = []
    for path in sorted(MIGRATIONS_DIR.glob("*.sql")):
        number = int(path.name.split("_", 1)[0])
        found.append((number, path.name, path.read_text()))
    versions = [number for number, _, _ in found]
    if versions != list(range(1, len(found) + 1)):
        raise RuntimeError(f"migrations must be numbered 1..n without gaps, found {versions}")
    return found


def _statements(sql: str) -> Iterator[str]:
    pending = ""
    for line in sql.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            if pending.strip():
                yield pending
            pending = ""
    if pending.strip() and not pending.strip().startswith("--"):
        raise RuntimeError(f"incomplete SQL statement at the end of a migration: {pending!r}")


# A migration starting with this line rebuilds tables (SQLite cannot widen a CHECK in
# place). It runs with foreign keys off, as SQLite's procedure for it says, so dropping
# the old table does not cascade to the rows pointing at it; they are checked before commit.
REBUILDS = "-- rebuilds tables"


def migrate(db: Database) -> int:
    """Apply every migration newer than the database; return the version reached.

    Each migration runs in its own IMMEDIATE transaction, so two processes
    starting together apply it once.
    """
    version = 0
    for number, name, sql in migrations():
        rebuilds = sql.startswith(REBUILDS)
        if rebuilds:
            db.conn.execute("PRAGMA foreign_keys=OFF")  # outside the transaction, or a no-op
        try:
            with immediate(db):
                version = db.conn.execute("PRAGMA user_version").fetchone()[0]
                if number <= version:
                    continue
                for statement in _statements(sql):
                    db.conn.execute(statement)
                if rebuilds and db.conn.execute("PRAGMA foreign_key_check").fetchone():
                    raise RuntimeError(f"{name} left rows pointing at rows that do not exist")
                db.conn.execute(f"PRAGMA user_version={number}")
                version = number
        finally:
            if rebuilds:
                db.conn.execute("PRAGMA foreign_keys=ON")
    return version


def create_private_file(path: Path | str) -> None:
    """Make a database file readable by this user only, before SQLite makes it readable by
    all; SQLite gives its -wal and -shm files the same mode."""
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))


def open_database(path: Path | str) -> Database:
    """Connect and bring the schema up to date: what start-up calls."""
    private_dir(Path(path).parent)
    create_private_file(path)
    db = connect(path)
    migrate(db)
    return db


def rows(db: Database, sql: str, params: dict | tuple = ()) -> list[dict]:
    """Run one statement and return every row as a dict.

    Always fetches to the end, so an UPDATE ... RETURNING is complete before
    the caller commits.
    """
    cursor = db.conn.execute(sql, params)
    if cursor.description is None:
        return []
    names = [column[0] for column in cursor.description]
    return [dict(zip(names, values, strict=True)) for values in cursor.fetchall()]


def one(db: Database, sql: str, params: dict | tuple = ()) -> dict | None:
    found = rows(db, sql, params)
    return found[0] if found else None
