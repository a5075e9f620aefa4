"""The processes `intake serve` keeps running beside the web app: a worker, and Litestream.

A child that dies is started again, as systemd would: after 1 s, then 2, 4, 8
... at most MAX_DELAY apart while it keeps dying, and after 1 s again once it
had run for STEADY seconds. Each restart is one log line saying what exited,
how, and when it starts again. Children run in a session of their own, so
Ctrl-C reaches `intake serve` alone, which then stops each child once,
politely, and waits for it (the worker finishes the documents in hand;
Litestream ships what it has not yet shipped). It only ever signals the
processes it started.
"""

from __future__ import annotations

import ctypes
import logging
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from app.config import ConfigError, Settings

log = logging.getLogger("intake")

FIRST_DELAY = 1.0
MAX_DELAY = 60.0
# A child that ran this long was well; its next failure starts the back-off again.
STEADY = 60.0
_PR_SET_PDEATHSIG = 1


class Supervised:
    """One child process, started again whenever it exits until stop() is called."""

    def __init__(
        self,
        name: str,
        argv: list[str],
        env: dict[str, str] | None = None,
        stop_signal: int = signal.SIGINT,
        stop_timeout: float = 30,
        die_with_parent: bool = False,
    ):
        self.name, self.argv, self.env = name, argv, env
        self.stop_signal, self.stop_timeout = stop_signal, stop_timeout
        self.die_with_parent = die_with_parent
        self.process: subprocess.Popen | None = None
        self.restarts = 0
        self._stopping = threading.Event()
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._keep_running, name=name, daemon=True)

    def start(self) -> None:
        self._thread.start()

    def _spawn(self) -> subprocess.Popen | None:
        with self._lock:
            if self._stopping.is_set():
                return None
            self.process = subprocess.Popen(
                self.argv,
                env=self.env,
                start_new_session=True,
                preexec_fn=_die_with_parent() if self.die_with_parent else None,
            )
            return self.process

    def _keep_running(self) -> None:
        delay = FIRST_DELAY
        while True:
            started = time.monotonic()
            try:
                process = self._spawn()
            except OSError as exc:
                log.error(
                    "%s could not be started (%s); trying again in %.0f s", self.name, exc, delay
                )
            else:
                if process is None:
                    return
                code = process.wait()
                if self._stopping.is_set():
                    return
                ran = time.monotonic() - started
                if ran >= STEADY:
                    delay = FIRST_DELAY
                log.warning(
                    "%s (pid %d) %s after %.0f s; starting it again in %.0f s",
                    self.name,
                    process.pid,
                    _how_it_ended(code),
                    ran,
                    delay,
                )
            if self._stopping.wait(delay):
                return
            self.restarts += 1
            delay = min(delay * 2, MAX_DELAY)

    def stop(self) -> None:
        """Stop the child politely (killed after stop_timeout) and start it no more."""
        with self._lock:
            self._stopping.set()
            process = self.process
        if process is not None and process.poll() is None:
            process.send_signal(self.stop_signal)
            try:
                process.wait(timeout=self.stop_timeout)
            except subprocess.TimeoutExpired:
                log.warning(
                    "%s did not stop within %.0f s; killing it", self.name, self.stop_timeout
                )
                process.kill()
                process.wait()
        if self._thread.is_alive():
            self._thread.join(timeout=5)


def _how_it_ended(code: int) -> str:
    if code < 0:
        return f"was killed by {signal.Signals(-code).name}"
    return f"exited with code {code}"


def _die_with_parent():
    """A child that Linux stops (SIGTERM) if `intake serve` itself is killed outright, for a
    child that cannot watch its parent as the worker does. Looked up before the fork."""
    prctl = ctypes.CDLL(None, use_errno=True).prctl

    def arrange() -> None:
        prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)

    return arrange


def worker(settings: Settings) -> Supervised:
    env = {**os.environ, "INTAKE_DATA_DIR": str(settings.data_dir)}
    argv = [sys.executable, "-m", "app.cli", "worker", "--parent-pid", str(os.getpid())]
    return Supervised("worker", argv, env)


def litestream_program() -> str:
    """The Litestream binary: beside this Python (pip installs it there), else on the PATH."""
    beside = Path(sys.executable).parent / "litestream"
    if beside.is_file():
        return str(beside)
    found = shutil.which("litestream")
    if found:
        return found
    raise ConfigError(
        "INTAKE_REPLICA_URL is set but the litestream program is not installed; "
        "install it with: pip install 'intake[replica]'."
    )


def replica(settings: Settings) -> Supervised:
    """Litestream copying intake.db to INTAKE_REPLICA_URL, about every second.

    Only the records: the queue (huey.db) is rebuilt by the sweep from the
    batch rows, and documents are copied by `intake backup`.
    """
    argv = [litestream_program(), "replicate", "-log-level", "warn"]
    argv += [str(settings.db_path), settings.replica_url]
    log.info("replica: Litestream copies %s to %s", settings.db_path, settings.replica_url)
    return Supervised(
        "litestream", argv, stop_signal=signal.SIGTERM, stop_timeout=40, die_with_parent=True
    )
