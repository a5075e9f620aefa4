"""The five measurements `make bench` takes. Each returns plain figures; __main__ prints them."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import statistics
import tempfile
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

from app import auth, clock
from app.db import open_database
from app.extract import Document, extract
from tests.fixtures.po_pdf import po_fields, po_pdf_bytes
from tests.server import RunningIntake

UPLOAD = "/api/purchase-orders/upload"


def documents(count: int, prefix: str = "BENCH") -> list[bytes]:
    """The text-PDF fixtures: labelled POs of one page with one to five items."""
    found = []
    for n in range(count):
        items = [
            {
                "item_code": f"C{line}",
                "description": f"Cement 50kg bag, lot {line}",
                "quantity": str(1 + line),
                "unit": "bag",
                "unit_price": "98.50",
            }
            for line in range(1 + n % 5)
        ]
        found.append(po_pdf_bytes(po_fields(f"{prefix}{n:05d}", items=items)))
    return found


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


# --- 1. raw extraction -----------------------------------------------------------


def raw_extraction(docs: list[bytes]) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        paths = []
        for n, data in enumerate(docs):
            path = Path(folder) / f"{n}.pdf"
            path.write_bytes(data)
            paths.append(path)
        started = time.perf_counter()
        for path in paths:
            extract(Document(path, "application/pdf", path.name))
        seconds = time.perf_counter() - started
    return {"documents": len(docs), "seconds": seconds, "per_second": len(docs) / seconds}


# --- a real server -----------------------------------------------------------------


class Server:
    """`intake serve` (web app and its worker, default settings) with a user and a token."""

    def __init__(self, folder: Path, *args: str, **env: str):
        self.running = RunningIntake(folder / "data", *args, **env)
        self.settings = self.running.settings
        self.url = self.running.url
        db = open_database(self.settings.db_path)
        user_id = auth.create_user(db, "bench@example.com", "staff", "bench password!", clock.now())
        self.token = auth.create_api_token(db, user_id, clock.now(), name="bench")
        db.close()
        self.headers = {"authorization": f"Bearer {self.token}"}

    def reader(self) -> sqlite3.Connection:
        return sqlite3.connect(f"file:{self.settings.db_path}?mode=ro", uri=True, timeout=30)

    def upload(self, client: httpx.Client, data: bytes, name: str = "po.pdf") -> str:
        response = client.post(UPLOAD, files={"file": (name, data, "application/pdf")})
        if response.status_code != 202:
            raise RuntimeError(f"upload answered {response.status_code}: {response.text}")
        return response.json()["batch_id"]

    def client(self) -> httpx.Client:
        return httpx.Client(base_url=self.url, headers=self.headers, timeout=120)

    def stop(self) -> None:
        self.running.stop()


# --- 2. through the queue ----------------------------------------------------------


def through_the_queue(server: Server, docs: list[bytes], uploaders: int = 4) -> dict:
    """Seconds from the first upload's start to the last batch's processed_at."""
    chunks = [docs[n::uploaders] for n in range(uploaders)]

    def send(chunk: list[bytes]) -> float:
        with server.client() as client:
            for data in chunk:
                server.upload(client, data)
        return time.time()

    started = time.time()
    with ThreadPoolExecutor(uploaders) as pool:
        uploads_done = max(pool.map(send, chunks))
    reader = server.reader()
    deadline = time.monotonic() + 900
    while time.monotonic() < deadline:
        (waiting,) = reader.execute(
            "SELECT count(*) FROM data_import_batches WHERE status IN ('pending', 'processing')"
        ).fetchone()
        if waiting == 0:
            break
        time.sleep(0.05)
    (processed, last) = reader.execute(
        "SELECT count(*), max(processed_at) FROM data_import_batches WHERE status = 'processed'"
    ).fetchone()
    reader.close()
    seconds = clock.parse(last).timestamp() - started
    return {
        "documents": len(docs),
        "processed": processed,
        "seconds": seconds,
        "per_second": processed / seconds,
        "upload_seconds": uploads_done - started,
    }


# --- 3. latency ------------------------------------------------------------------------


def latency(server: Server, count: int = 50, gap: float = 0.3) -> dict:
    """Upload one one-page PO at a time; seconds from the upload's start to processed_at."""
    docs = documents(count, prefix="LATENCY")
    reader = server.reader()
    found = []
    with server.client() as client:
        for data in docs:
            time.sleep(gap)  # idle between uploads
            started = time.time()
            batch_id = server.upload(client, data)
            while True:
                row = reader.execute(
                    "SELECT status, processed_at FROM data_import_batches WHERE id = ?", [batch_id]
                ).fetchone()
                if row[0] in ("processed", "dead"):
                    break
                time.sleep(0.005)
            found.append(clock.parse(row[1]).timestamp() - started)
    reader.close()
    return {
        "uploads": count,
        "median": statistics.median(found),
        "p95": percentile(found, 0.95),
        "max": max(found),
    }


# --- 4. polling ------------------------------------------------------------------------


def polling(server: Server, batch_id: str, clients: int = 200, every: float = 2.0, seconds=60):
    """`clients` pollers of one batch's status, each every `every` seconds, for `seconds`."""
    return asyncio.run(_poll(server, batch_id, clients, every, seconds))


async def _poll(server: Server, batch_id: str, clients: int, every: float, seconds: float):
    path = f"/api/data-import-batches/{batch_id}/status"
    latencies: list[float] = []
    errors: Counter[str] = Counter()
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    loop = asyncio.get_running_loop()
    async with httpx.AsyncClient(
        base_url=server.url, headers=server.headers, limits=limits, timeout=10
    ) as client:
        deadline = loop.time() + seconds

        async def poller(n: int) -> None:
            await asyncio.sleep(every * n / clients)  # spread over the interval, like people
            next_at = loop.time()
            while next_at < deadline:
                started = time.perf_counter()
                try:
                    response = await client.get(path)
                    if response.status_code != 200:
                        errors[str(response.status_code)] += 1
                except httpx.HTTPError as exc:
                    errors[type(exc).__name__] += 1
                latencies.append(time.perf_counter() - started)
                next_at += every
                await asyncio.sleep(max(0.0, next_at - loop.time()))

        await asyncio.gather(*(poller(n) for n in range(clients)))
    return {
        "clients": clients,
        "requests": len(latencies),
        "per_second": len(latencies) / seconds,
        "median": statistics.median(latencies),
        "p99": percentile(latencies, 0.99),
        "errors": sum(errors.values()),
        "error_kinds": dict(errors),
    }


# --- 5. memory -------------------------------------------------------------------------


def _status_kb(pid: int, field: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise RuntimeError(f"{field} not in /proc/{pid}/status")


def memory(folder: Path, clients: int = 10, size: int = 20_000_000) -> dict:
    """Peak RSS of a fresh web process while `clients` upload `size`-byte files at once."""
    server = Server(folder)
    try:
        pid = server.running.process.pid
        with server.client() as client:
            client.get("/api/purchase-orders?po_number=warm-up")
        baseline = _status_kb(pid, "VmRSS")
        data = b"%PDF-1.7\n" + os.urandom(size - 9)
        barrier = threading.Barrier(clients)

        def send(n: int) -> None:
            with server.client() as client:
                barrier.wait()
                server.upload(client, data, name=f"big-{n}.pdf")

        with ThreadPoolExecutor(clients) as pool:
            list(pool.map(send, range(clients)))
        peak = _status_kb(pid, "VmHWM")
    finally:
        server.stop()
    return {
        "clients": clients,
        "size_mb": size / 1_000_000,
        "baseline_mb": baseline / 1024,
        "peak_mb": peak / 1024,
    }
