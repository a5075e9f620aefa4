"""The worker's tasks. Each takes ids, re-reads the database, and is safe to run twice."""

from __future__ import annotations

import logging
import sqlite3

from app import pipeline
from app.batches import Status
from app.db import is_busy, is_disk_full
from app.outbox import sender, systems
from tasks.huey_app import huey, settings

log = logging.getLogger("intake")


# The fast path: an upload or a retry enqueues this so the document is read at once.
@huey.task()
def process_batch(batch_id: str) -> None:
    attempt = pipeline.run_batch(settings(), batch_id)
    if attempt.outcome == "deferred":
        # The database could not take the claim (busy or full); the batch is untouched, still due.
        process_batch.schedule((batch_id,), delay=settings().busy_timeout_ms / 1000)
        return
    state = attempt.state
    if state is not None and state.status == Status.FAILED and state.next_retry_at:
        # Punctual retry; the sweep would find it anyway, up to one interval later.
        process_batch.schedule((batch_id,), eta=state.next_retry_at)
    if state is not None and state.status == Status.DEAD:
        send_alerts()  # the alerts were queued with the batch's death


# Delivers one outside system's due writes (the outbox); the sweep hands it what a lost
# message left behind. A run that sent something comes back when the next write is due.
@huey.task()
def send_writes(system: str) -> None:
    report = sender.send_due(settings(), system)
    if report.attempted and report.next_due:
        send_writes.schedule((system,), eta=report.next_due)


def send_alerts() -> None:
    for system in systems.ALERTS:
        if systems.enabled(system):
            send_writes(system)


# After processing was paused: every waiting batch goes to the workers at once, not
# ten a sweep. A task, so the admin's Resume answers at once however long the queue.
@huey.task()
def release_due_batches() -> None:
    for batch_id in pipeline.due_batches(settings()):
        process_batch(batch_id)


def every_tick(_moment) -> bool:
    """The worker's scheduler wakes every INTAKE_SWEEP_SECONDS; sweep on each wake."""
    return True


# The safety net: Huey drops a task whose worker dies, the batch row does not.
@huey.periodic_task(every_tick)
def sweep() -> None:
    try:
        run_sweep()
    except sqlite3.OperationalError as exc:
        if not (is_busy(exc) or is_disk_full(exc)):
            raise
        log.warning("sweep skipped this tick: %s", exc)  # the next tick tries again


def run_sweep() -> pipeline.SweepReport:
    report = pipeline.sweep(settings())
    for batch_id in report.due:
        process_batch(batch_id)
    for system in report.writes_due:
        send_writes(system)
    return report
