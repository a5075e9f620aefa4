"""`intake worker`: a Huey consumer for Intake's tasks, in a process of its own.

Huey's consumer installs signal handlers, so it always runs as its own
process. Several workers may share the data dir; the one that holds
data/scheduler.lock also runs the periodic sweep, so there is one schedule.
"""

from __future__ import annotations

import fcntl
import logging
import os
import signal
import threading
import time
from pathlib import Path

from huey.consumer import Consumer, Scheduler

from app import clock, health
from app.config import Settings
from app.db import open_database
from tasks import jobs  # noqa: F401 - registers the tasks with the consumer
from tasks.huey_app import configure, huey

log = logging.getLogger("intake")


def _hold_schedule_lock(path: Path):
    handle = open(path, "a")  # noqa: SIM115 - held open for the life of the process
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.close()
        return None
    return handle


def _stop_when_parent_exits(parent_pid: int) -> None:
    """`intake serve` started us in our own session; follow it if it dies without telling us."""

    def watch() -> None:
        while os.getppid() == parent_pid:
            time.sleep(1)
        os.kill(os.getpid(), signal.SIGINT)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


class BeatingConsumer(Consumer):
    """Huey's consumer, beating the process's heartbeat each time it has checked its threads
    (and started again any that died), so a heartbeat means the consumer is working."""

    heartbeat: health.Heartbeat | None = None

    def check_worker_health(self):
        healthy = super().check_worker_health()
        if self.heartbeat is not None:
            self.heartbeat.beat()
        return healthy


def make_consumer(settings: Settings, periodic: bool) -> Consumer:
    scheduler = type(
        "SweepScheduler", (Scheduler,), {"periodic_task_seconds": settings.sweep_seconds}
    )
    consumer_class = type("IntakeConsumer", (BeatingConsumer,), {"scheduler_class": scheduler})
    return consumer_class(
        huey,
        workers=settings.workers,
        worker_type="thread",
        periodic=periodic,
        initial_delay=0.05,
        backoff=1.15,
        max_delay=settings.worker_max_delay,
        scheduler_interval=1,
        health_check_interval=settings.heartbeat_seconds,
    )


def run_worker(settings: Settings, parent_pid: int | None = None) -> None:
    open_database(settings.db_path).close()
    configure(settings)
    lock = _hold_schedule_lock(settings.data_dir / "scheduler.lock")
    if parent_pid:
        _stop_when_parent_exits(parent_pid)
    log.info(
        "worker started: %d threads, sweep %s",
        settings.workers,
        f"every {settings.sweep_seconds}s" if lock else "run by another worker",
    )
    consumer = make_consumer(settings, periodic=lock is not None)
    consumer.heartbeat = health.Heartbeat(settings, settings.workers, sweeps=lock is not None)
    health.remove_gone(settings, clock.now())
    consumer.heartbeat.beat()
    try:
        consumer.run()
    finally:
        consumer.heartbeat.stop()
