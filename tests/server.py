"""A real Intake (web server and worker) on a free port, for the browser tests."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from app import clock, health
from app.config import Settings
from tests.workers import worker_env


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class RunningIntake:
    def __init__(self, data_dir: Path, *args: str, **env: str):
        """`intake serve --port <free> *args` on data_dir, with extra INTAKE_* env."""
        self.settings = Settings.from_env(env={}, data_dir=data_dir)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = data_dir.parent / "server.log"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "app.cli", "serve", "--port", str(self.port), *args],
            env=worker_env(self.settings, **env),
            stdout=self.log.open("a"),
            stderr=subprocess.STDOUT,
        )
        self._wait_until_up()
        if "--no-worker" not in args:
            self._wait_for_worker()

    def _wait_until_up(self, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"intake serve exited:\n{self.log.read_text()}")
            try:
                urllib.request.urlopen(self.url + "/login", timeout=1)  # noqa: S310 - our own server
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"intake serve did not answer:\n{self.log.read_text()}")

    def _wait_for_worker(self, timeout: float = 30) -> None:
        """Its worker's first heartbeat: until then every page says no worker is running."""
        deadline = time.monotonic() + timeout
        while not health.worker_alive(self.settings, clock.now()):
            if time.monotonic() > deadline:
                raise RuntimeError(f"intake serve's worker did not start:\n{self.log.read_text()}")
            time.sleep(0.1)

    def stop(self) -> str:
        self.process.terminate()  # SIGTERM: uvicorn shuts down, then stops its worker
        try:
            self.process.wait(timeout=40)
        except subprocess.TimeoutExpired:
            self.process.kill()
        return self.log.read_text()
