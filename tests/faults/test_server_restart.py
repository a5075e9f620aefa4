"""The web server stopped while uploads stream in: killed outright, and shut down politely.

Clients upload slowly (the body arrives in pieces) against a real `intake
serve`, which is SIGKILLed mid-stream, started again, stopped with SIGTERM
mid-stream and started again. Every upload either got its 202 and its batch
exists with its file, or got an error; and what the server leaves is whole:
no row without its file, no file without its row, no partial file. The
sweep's reaper is never run here: the server cleans up after itself when it
starts again.
"""

from __future__ import annotations

import hashlib
import os
import signal
import threading
import time
from dataclasses import dataclass, field

import httpx
import pytest

from app import auth, clock, storage
from app.db import open_database, rows
from tests.conftest import make_user
from tests.faults.checks import files_on_disk, referenced_files
from tests.server import RunningIntake

pytestmark = pytest.mark.slow

CLIENTS = 4
RESTARTS = int(os.environ.get("FAULT_RESTARTS", "1"))  # each: one kill and one polite stop
CHUNK = 32 * 1024


@dataclass
class Outcomes:
    accepted: dict[str, str] = field(default_factory=dict)  # sha256 -> batch id
    refused: dict[str, str] = field(default_factory=dict)  # sha256 -> what the client saw
    lock: threading.Lock = field(default_factory=threading.Lock)


def slow_body(data: bytes, boundary: str, name: str):
    head = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{name}"\r\n'
        "Content-Type: application/pdf\r\n\r\n"
    ).encode()
    yield head
    for start in range(0, len(data), CHUNK):
        yield data[start : start + CHUNK]
        time.sleep(0.004)
    yield f"\r\n--{boundary}--\r\n".encode()


def client_loop(n: int, server: dict, token: str, stop: threading.Event, out: Outcomes) -> None:
    sequence = 0
    while not stop.is_set():
        sequence += 1
        # a PDF of ~400 KB, different every time, so each upload is known by its hash
        data = b"%PDF-1.7\n%" + f"client {n} upload {sequence}".encode() + b"\n" + b"0" * 400_000
        digest = hashlib.sha256(data).hexdigest()
        try:
            response = httpx.post(
                server["url"] + "/api/purchase-orders/upload",
                content=slow_body(data, "XyZ", f"c{n}-{sequence}.pdf"),
                headers={
                    "authorization": f"Bearer {token}",
                    "content-type": "multipart/form-data; boundary=XyZ",
                },
                timeout=30,
            )
            outcome = response.status_code
        except httpx.HTTPError as exc:
            outcome = type(exc).__name__
            time.sleep(0.05)  # the server is away; try the next one shortly
        with out.lock:
            if outcome == 202:
                out.accepted[digest] = response.json()["batch_id"]
            else:
                out.refused[digest] = str(outcome)


def test_uploads_survive_the_server_being_killed_and_restarted(tmp_path):
    data_dir = tmp_path / "data"
    running = RunningIntake(data_dir, "--no-worker")
    settings = running.settings
    db = open_database(settings.db_path)
    token = auth.create_api_token(db, make_user(db, "clerk@example.com")["id"], clock.now())
    server = {"url": running.url}
    stop = threading.Event()
    out = Outcomes()
    clients = [
        threading.Thread(target=client_loop, args=(n, server, token, stop, out), daemon=True)
        for n in range(CLIENTS)
    ]
    try:
        for client in clients:
            client.start()
        for _ in range(RESTARTS):
            time.sleep(1.0)
            running.process.send_signal(signal.SIGKILL)  # a crash, mid-stream
            running.process.wait(timeout=10)
            running = RunningIntake(data_dir, "--no-worker")
            server["url"] = running.url
            time.sleep(1.0)
            running.stop()  # SIGTERM: a polite restart while uploads are in flight
            running = RunningIntake(data_dir, "--no-worker")
            server["url"] = running.url
        time.sleep(0.5)
    finally:
        stop.set()
        for client in clients:
            client.join(timeout=60)
        log = running.stop()
    assert "Traceback" not in log, log

    batches = {b["sha256"]: b for b in rows(db, "SELECT * FROM data_import_batches")}
    assert len(out.accepted) >= CLIENTS and out.refused, (out.accepted, out.refused)
    for digest, batch_id in out.accepted.items():
        assert batches[digest]["id"] == batch_id
    # an upload that saw an error left nothing, unless the server had committed its batch
    # the instant before it died (then the batch is whole, and the uploader sees it listed)
    committed_then_cut = [d for d in out.refused if d in batches]
    named, on_disk = referenced_files(db), files_on_disk(settings)
    assert named == on_disk, (sorted(named - on_disk), sorted(on_disk - named))
    assert not any(name.endswith(storage.PARTIAL_SUFFIX) for name in on_disk)
    assert len(batches) == len(out.accepted) + len(committed_then_cut)
    print(
        f"\naccepted {len(out.accepted)}, refused {len(out.refused)} "
        f"({sorted(set(out.refused.values()))}), committed then cut {len(committed_then_cut)}"
    )
    db.close()
