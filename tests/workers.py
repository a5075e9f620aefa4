"""Real worker processes for the tests: started with `intake worker`, stopped or killed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from app.config import Settings


def worker_env(settings: Settings, **extra: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("INTAKE_")}
    env.update(
        {"INTAKE_DATA_DIR": str(settings.data_dir), "INTAKE_SECRET_KEY": settings.secret_key}
    )
    env.update(extra)
    return env


def start_worker(settings: Settings, **extra: str) -> subprocess.Popen:
    # The log goes to a file, not a pipe: a busy worker would fill a pipe nobody
    # reads until stop(), and then block on its next log line.
    log = tempfile.TemporaryFile(mode="w+")  # noqa: SIM115 - closed by stop()
    process = subprocess.Popen(
        [sys.executable, "-m", "app.cli", "worker"],
        env=worker_env(settings, **extra),
        stdout=subprocess.DEVNULL,
        stderr=log,
        text=True,
    )
    process.log = log  # type: ignore[attr-defined]
    return process


def start_remote_worker(url: str, secret: str, home: Path, **extra: str) -> subprocess.Popen:
    """`intake worker --remote URL` as on another machine: `home` is its own (empty) data dir."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("INTAKE_")}
    env.update({"INTAKE_DATA_DIR": str(home), "INTAKE_INGEST_SECRET": secret, **extra})
    # Appending, so reading it while the worker runs (`logged`) never moves where it writes.
    log = tempfile.TemporaryFile(mode="a+")  # noqa: SIM115 - closed by stop()
    process = subprocess.Popen(
        [sys.executable, "-m", "app.cli", "worker", "--remote", url],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=log,
        text=True,
    )
    process.log = log  # type: ignore[attr-defined]
    return process


def logged(process: subprocess.Popen) -> str:
    """What a remote worker has logged so far."""
    process.log.seek(0)  # type: ignore[attr-defined]
    return process.log.read()  # type: ignore[attr-defined]


def stop(process: subprocess.Popen, timeout: float = 20) -> str:
    """Ask a worker to finish gracefully; returns what it logged."""
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    with process.log:  # type: ignore[attr-defined]
        process.log.seek(0)  # type: ignore[attr-defined]
        return process.log.read()  # type: ignore[attr-defined]


def wait_for(condition: Callable[[], bool], timeout: float = 60, every: float = 0.05) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(every)
    raise AssertionError(f"gave up after {timeout}s waiting for {condition.__name__}")
