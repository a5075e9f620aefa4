"""How long a 50,000-row timesheet and fuel log import takes, and whether the server answers
meanwhile.

Two exports are made like real ones (200 people over 250 working days across
20 site codes; 400 vehicles with 125 fills each, on a fuel card statement
with semicolons and decimal commas) and imported three ways: the preview and
the import in-process on a fresh database, and the import as a script sends
it, through `POST /api/imports/...` to `intake serve` on 127.0.0.1, while
another client asks for a page every 50 ms (its slowest answer is the
"responsive" figure). Run: `python -m tests.bench.bench_imports`.
"""

from __future__ import annotations

import hashlib
import os
import sys
import tempfile
import threading
import time
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import httpx

from app import clock, ids, sites, storage
from app.config import Settings
from app.db import open_database
from app.imports import flow, receiving
from app.imports.importing import Staged
from app.imports.reading import Choices
from tests.bench.measures import Server

ROWS = 50_000
TARGET_SECONDS = 5.0


def working_days(count: int) -> list[str]:
    days, day = [], date(2025, 1, 6)
    while len(days) < count:
        if day.weekday() < 5:
            days.append(day.strftime("%d/%m/%Y"))
        day += timedelta(days=1)
    return days


def timesheet_export(rows: int = ROWS) -> bytes:
    """A time-tracking export: 200 people, one row a working day each, on 20 site codes."""
    people = [f"Worker{n:03d} Surname{n % 37:02d}" for n in range(200)]
    days = working_days(rows // len(people) + 1)
    lines = ["Date,Employee,Site,Hours,Description"]
    for n in range(rows):
        person, day = people[n % len(people)], days[n // len(people)]
        hours = ("7.5", "8", "8.25", "9", "6.75")[n % 5]
        lines.append(f"{day},{person},CP{n % 20:02d},{hours},Work package {n % 97}")
    return ("\n".join(lines) + "\n").encode()


def _comma(value: Decimal) -> str:
    return str(value).replace(".", ",")


def fuel_export(rows: int = ROWS) -> bytes:
    """A fuel-card statement: 400 vehicles, 125 fills each; semicolons, decimal commas."""
    vehicles = [f"CA {100000 + n * 7}" for n in range(400)]
    days = working_days(rows // len(vehicles) + 1)
    lines = ["Datum;Tijd;Kenteken;Kostenplaats;Product;Liter;Prijs per liter;Bedrag"]
    for n in range(rows):
        vehicle, day = vehicles[n % len(vehicles)], days[n // len(vehicles)]
        litres = Decimal(40 + n % 35) + Decimal(n % 100) / 100
        price = Decimal("22.48")
        amount = (litres * price).quantize(Decimal("0.01"), ROUND_HALF_UP)
        lines.append(
            f"{day};07:{n % 60:02d};{vehicle};CP{n % 20:02d};Diesel;{_comma(litres)};"
            f"{_comma(price)};{_comma(amount)}"
        )
    return ("\ufeff" + "\r\n".join(lines) + "\r\n").encode()


def stage(settings: Settings, raw: bytes) -> Staged:
    batch_id = ids.new_id()
    path = receiving.staged_path(settings, batch_id)
    path.write_bytes(raw)
    return Staged(
        batch_id,
        "bench.csv",
        storage.relative(settings, path),
        hashlib.sha256(raw).hexdigest(),
        len(raw),
    )


def with_sites(settings: Settings) -> None:
    db = open_database(settings.db_path)
    for n in range(10):  # half the codes are sites; the other rows say site_unmatched
        sites.add_site(db, f"CP{n:02d}", f"Site {n}", clock.now())
    db.close()


def in_process(folder: Path, kind: str, raw: bytes) -> dict:
    """Seconds (wall and CPU) of the preview and of the import, on a fresh database."""
    settings = Settings.from_env(env={}, data_dir=folder / "data")
    with_sites(settings)
    db = open_database(settings.db_path)
    wall, cpu = time.perf_counter(), time.process_time()
    plan = flow.preview(db, settings, kind, stage(settings, raw))
    preview = (time.perf_counter() - wall, time.process_time() - cpu)
    wall, cpu = time.perf_counter(), time.process_time()
    outcome = flow.run(db, settings, kind, stage(settings, raw), Choices(), None, False)
    done = (time.perf_counter() - wall, time.process_time() - cpu)
    db.close()
    return {
        "preview": preview,
        "import": done,
        "rows": len(plan.rows),
        "imported": outcome.imported,
        "problems": len(outcome.problems),
    }


def cpu_seconds(pid: int) -> float:
    """User and system CPU time a process has used so far (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def through_http(folder: Path, kind: str, raw: bytes) -> dict:
    server = Server(folder)
    with_sites(server.settings)
    slowest, stop = [0.0], threading.Event()

    def poll() -> None:
        with httpx.Client(base_url=server.url, headers=server.headers, timeout=30) as client:
            while not stop.is_set():
                started = time.perf_counter()
                client.get("/api/timesheets?site=CP01&from=2030-01-01")
                slowest[0] = max(slowest[0], time.perf_counter() - started)
                time.sleep(0.05)

    try:
        poller = threading.Thread(target=poll)
        poller.start()
        time.sleep(0.5)
        path = "/api/imports/timesheets" if kind == "timesheets" else "/api/imports/fuel-logs"
        pid = server.running.process.pid
        with server.client() as client:
            started, cpu = time.perf_counter(), cpu_seconds(pid)
            response = client.post(path, files={"file": ("export.csv", raw, "text/csv")})
            seconds, cpu = time.perf_counter() - started, cpu_seconds(pid) - cpu
        stop.set()
        poller.join()
    finally:
        server.stop()
    if response.status_code != 200:
        raise RuntimeError(f"the import answered {response.status_code}: {response.text[:300]}")
    return {
        "seconds": seconds,
        "cpu": cpu,
        "imported": response.json()["imported"],
        "slowest": slowest[0],
    }


def verdict(met: bool) -> str:
    return "yes" if met else "**no**"


def measure() -> list[tuple[str, str, str, str]]:
    """(measure, figure, target, met) for both kinds of import."""
    lines = []
    for kind, raw in (("timesheets", timesheet_export()), ("fuel_logs", fuel_export())):
        with tempfile.TemporaryDirectory(prefix="intake-bench-imports-") as folder:
            local = in_process(Path(folder) / "local", kind, raw)
            remote = through_http(Path(folder) / "http", kind, raw)
        name = kind.replace("_", " ")
        lines += [
            (
                f"{name}: {ROWS:,} rows ({len(raw) / 1e6:.1f} MB), in-process",
                f"preview {local['preview'][0]:.2f} s (CPU {local['preview'][1]:.2f} s),"
                f" import {local['import'][0]:.2f} s (CPU {local['import'][1]:.2f} s);"
                f" {local['imported']:,} imported, {local['problems']} problems",
                f"import < {TARGET_SECONDS:.0f} s",
                verdict(local["import"][0] < TARGET_SECONDS),
            ),
            (
                f"{name}: the same through POST /api/imports on a real server",
                f"{remote['seconds']:.2f} s upload to answer (server CPU {remote['cpu']:.2f} s;"
                f" {remote['imported']:,} imported); slowest other request meanwhile"
                f" {remote['slowest'] * 1000:.0f} ms",
                f"< {TARGET_SECONDS:.0f} s",
                verdict(remote["seconds"] < TARGET_SECONDS),
            ),
        ]
    return lines


def main() -> int:
    load = " ".join(f"{value:.2f}" for value in os.getloadavg())
    rows = measure()
    after = " ".join(f"{value:.2f}" for value in os.getloadavg())
    print(f"load average {load} before, {after} after; {os.cpu_count()} cores")
    print("| measure | figure | target | met |\n|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
