"""Telling the workers about batches: the one place the web side calls the tasks.

The batch row is committed first and is the truth; a queue message only says
"look now". So a message that cannot be written (the queue's own database
busy or full) is logged, not raised: the person's action already happened,
and the periodic sweep finds the batch within a minute.
"""

from __future__ import annotations

import logging
import sqlite3

from app.outbox import systems
from tasks.jobs import process_batch, release_due_batches
from tasks.jobs import send_writes as send_writes_task

log = logging.getLogger("intake")


def enqueue(batch_id: str) -> None:
    """Announce one committed batch to the workers."""
    try:
        process_batch(batch_id)
    except (sqlite3.Error, OSError):
        log.warning(
            "could not enqueue batch %s; the sweep will pick it up", batch_id, exc_info=True
        )


def enqueue_all(batch_ids: list[str]) -> None:
    for batch_id in batch_ids:
        enqueue(batch_id)


def release_due() -> None:
    """After a pause ends: every waiting batch goes to the workers at once."""
    try:
        release_due_batches()
    except (sqlite3.Error, OSError):
        log.warning("could not release the due batches; the sweep will find them", exc_info=True)


def send_writes() -> None:
    """After a change that queued writes to other systems (a PO verified): deliver them now."""
    try:
        for system in systems.ALL:
            if systems.enabled(system):
                send_writes_task(system)
    except (sqlite3.Error, OSError):
        log.warning("could not enqueue the outbox's sender; the sweep will find it", exc_info=True)
