"""`intake worker --remote URL`: a worker on another machine, reading for the server at URL.

It runs the extraction loop over HTTP in INTAKE_WORKERS threads: the due
batches of the types it reads, the office's site codes and supplier names
(what a reading is checked against), a claim, the document, the built-in engine
(`pipeline.read_document`, in its killable child as on the server), then the
result to process-batch, or the failure. So OCR, the heavy part, spreads over
as many machines as run one, while the records stay in the server's database,
which this process never opens; it keeps nothing but a temporary copy of the
document it is reading. Claims are fenced as the server's own worker's are:
each batch is read once per attempt however many workers ask, and a worker
killed mid-read leaves its batch to the server's watchdog.
"""

from __future__ import annotations

import logging
import random
import signal
import tempfile
import threading
import time
from pathlib import Path

from app import attempt_log, pipeline
from app.config import ConfigError, Settings
from app.extract import ExtractionError
from app.intake_client import IntakeServer, Refused, Unexpected, Unreachable

log = logging.getLogger("intake")

# How many due batches one look asks for and goes through: enough that workers
# racing for the oldest still find one each, few enough that a retry falling due
# meanwhile waits little.
LOOK_AHEAD = 10
# Idle, a thread looks again after this long, doubling up to IDLE_MOST.
IDLE_LEAST, IDLE_MOST = 0.05, 1.0
# A server that does not answer is asked again after this long.
UNREACHABLE_WAIT = 5.0
# A result or a failure is sent this many times before the watchdog is left to it.
SENDS = 3


def check(settings: Settings, url: str) -> None:
    """What a remote worker needs, said before it starts."""
    if not url.startswith(("http://", "https://")):
        raise ConfigError(
            f"--remote takes the server's URL, such as http://10.0.0.5:8000 (got {url!r})."
        )
    if not settings.ingest_secret:
        raise ConfigError(
            "intake worker --remote needs INTAKE_INGEST_SECRET: the server's x-ingest-secret."
        )
    if settings.extractor == "external":
        raise ConfigError("A remote worker reads documents itself: unset INTAKE_EXTRACTOR.")


class RemoteWorker:
    def __init__(self, settings: Settings, server: IntakeServer):
        self.settings = settings
        self.server = server
        self.stopping = threading.Event()
        self.refused: Refused | None = None

    def run(self, threads: int) -> int:
        workers = [
            threading.Thread(target=self.loop, name=f"remote-{n}", daemon=True)
            for n in range(threads)
        ]
        for worker in workers:
            worker.start()
        while any(worker.is_alive() for worker in workers):
            time.sleep(0.2)  # the main thread stays free for the signal handlers
        if self.refused:
            log.error("%s", self.refused)
            return 2
        return 0

    def stop(self, *_) -> None:
        self.stopping.set()

    def loop(self) -> None:
        idle = IDLE_LEAST
        while not self.stopping.is_set():
            try:
                worked = self.take_due()
            except Refused as exc:  # a setting to fix: every thread stops
                self.refused = exc
                self.stopping.set()
                return
            except (Unreachable, Unexpected) as exc:
                log.warning("remote worker: %s", exc)
                self.stopping.wait(UNREACHABLE_WAIT)
                continue
            if worked:
                idle = IDLE_LEAST
            else:
                self.stopping.wait(idle)
                idle = min(idle * 2, IDLE_MOST)

    def take_due(self) -> bool:
        """Claim and read what one look at the due list offers; False when none could be had."""
        due = self.server.due(pipeline.READABLE, LOOK_AHEAD)
        # Workers that looked at once try the same oldest batches in different orders,
        # so they rarely ask for the same one.
        random.shuffle(due)
        names = self.server.office_names() if due else {}
        worked = False
        for batch in due:
            if self.stopping.is_set():
                break
            claim = self.server.claim(batch["id"])
            if claim is not None:
                self.read(claim, names)
                worked = True
        return worked

    def read(self, claim: dict, names: dict) -> None:
        started = time.monotonic()
        with tempfile.TemporaryDirectory(prefix="intake-remote-") as folder:
            path = Path(folder) / "document"
            try:
                if not self.server.download(claim["file_url"], path):
                    log.info("remote worker: batch %s was given to another attempt", claim["id"])
                    return
            except (Unreachable, Unexpected) as exc:
                self.fail(claim, "download", f"The remote worker could not fetch it: {exc}", True)
                return
            try:
                payload = pipeline.read_document(
                    self.settings,
                    claim["batch_type"],
                    path,
                    claim["content_type"],
                    claim["original_filename"],
                    names,
                )
            except ExtractionError as exc:  # a refusal's words go too (a PO typed beside it learns)
                self.fail(claim, "extract", exc.message, exc.retryable, kept=exc.kept)
                return
            except Exception as exc:  # the machine or a bug, not the document
                log.exception("remote worker: unexpected error reading batch %s", claim["id"])
                error = f"The remote worker hit an unexpected error ({exc.__class__.__name__})."
                self.fail(claim, "extract", error, True)
                return
        self.hand_in(claim, payload, started)

    def hand_in(self, claim: dict, payload: dict, started: float) -> None:
        answer = self._send(self.server.hand_in, claim["id"], claim["claim"], payload)
        if answer is None:
            return
        duration_ms = round((time.monotonic() - started) * 1000)
        body = answer.body if isinstance(answer.body, dict) else {}
        if answer.status == 200:
            attempt_log.handed_in(claim["id"], payload, body, duration_ms)
        elif answer.status == 400:  # the server failed the attempt with the problems
            attempt_log.failed(claim["id"], "validate", body.get("detail", ""), via="remote")
        elif answer.status == 413:
            error = "What the engine read is larger than the server takes."
            self.fail(claim, "import", error, False)
        else:
            log.info("remote worker: batch %s was given to another attempt", claim["id"])

    def fail(
        self, claim: dict, step: str, error: str, retryable: bool, kept: dict | None = None
    ) -> None:
        attempt_log.failed(claim["id"], step, error, via="remote")
        self._send(self.server.fail, claim["id"], claim["claim"], error, retryable, step, kept)

    def _send(self, call, *args):
        """A result or failure, sent again if the server is briefly away; else the watchdog's."""
        for attempt in range(SENDS):
            try:
                return call(*args)
            except Unexpected as exc:
                log.warning("remote worker: %s", exc)
                return None
            except Unreachable as exc:
                log.warning("remote worker: %s", exc)
                if attempt < SENDS - 1:
                    self.stopping.wait(UNREACHABLE_WAIT)
        return None


def run_remote(settings: Settings, url: str) -> int:
    check(settings, url)
    worker = RemoteWorker(settings, IntakeServer(url, settings.ingest_secret))
    signal.signal(signal.SIGINT, worker.stop)
    signal.signal(signal.SIGTERM, worker.stop)
    log.info("remote worker started: %d threads, reading for %s", settings.workers, url)
    code = worker.run(settings.workers)
    log.info("remote worker stopped")
    return code
