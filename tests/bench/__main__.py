"""Run the measurements in one go, print the table, and write docs/benchmarks.md."""

from __future__ import annotations

import os
import platform
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from app.config import ROOT
from tests.bench import bench_imports, bench_remote, measures

QUEUE_DOCUMENTS = 500
DOC = ROOT / "docs" / "benchmarks.md"


def machine() -> str:
    model = next(
        (
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if line.startswith("model name")
        ),
        platform.processor() or "unknown CPU",
    )
    memory_kb = next(
        int(line.split()[1])
        for line in Path("/proc/meminfo").read_text().splitlines()
        if line.startswith("MemTotal")
    )
    python = sys.version.split()[0]
    return f"{os.cpu_count()} × {model}, {memory_kb / 1024 / 1024:.0f} GB, Python {python}"


def commit() -> str:
    try:
        return subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def load() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def verdict(met: bool) -> str:
    return "yes" if met else "**no**"


def table(raw: dict, queue: dict, one: dict, lat: dict, poll: dict, mem: dict) -> list[str]:
    ratio = queue["per_second"] / raw["per_second"]
    one_ratio = one["per_second"] / raw["per_second"]
    # what the queue adds to each document beyond reading it, one document at a time
    overhead_ms = 1000 / one["per_second"] - 1000 / raw["per_second"]
    rows = [
        (
            "1. raw extraction, plain loop",
            f"{raw['documents']} text PDFs in {raw['seconds']:.2f} s: "
            f"{raw['per_second']:.0f} documents/s",
            "(the limit)",
            "",
        ),
        (
            "2. 500 uploads through the HTTP API and the queue",
            f"{queue['seconds']:.1f} s first upload to last processed "
            f"({queue['processed']}/{queue['documents']} processed; uploads took "
            f"{queue['upload_seconds']:.1f} s): {queue['per_second']:.1f} batches/s, "
            f"ratio to (1) {ratio:.2f}",
            "ratio ≥ 0.7",
            verdict(ratio >= 0.7),
        ),
        (
            "2b. the same with one worker thread (one document at a time, as in (1))",
            f"{one['seconds']:.1f} s: {one['per_second']:.1f} batches/s, ratio to (1) "
            f"{one_ratio:.2f}; the queue adds {overhead_ms:.1f} ms a document",
            "",
            "",
        ),
        (
            "3. upload to imported, one-page PDF, idle",
            f"median {lat['median'] * 1000:.0f} ms, p95 {lat['p95'] * 1000:.0f} ms, "
            f"max {lat['max'] * 1000:.0f} ms over {lat['uploads']}",
            "median < 1 s",
            verdict(lat["median"] < 1),
        ),
        (
            f"4. {poll['clients']} clients polling status every 2 s for 60 s",
            f"{poll['per_second']:.0f} requests/s, median {poll['median'] * 1000:.1f} ms, "
            f"p99 {poll['p99'] * 1000:.1f} ms, errors {poll['errors']}"
            + (f" {poll['error_kinds']}" if poll["errors"] else ""),
            "no errors, p99 < 50 ms",
            verdict(poll["errors"] == 0 and poll["p99"] < 0.05),
        ),
        (
            f"5. web process RSS, {mem['clients']} × {mem['size_mb']:.0f} MB uploads at once",
            f"peak {mem['peak_mb']:.0f} MB (idle {mem['baseline_mb']:.0f} MB)",
            "< 150 MB",
            verdict(mem["peak_mb"] < 150),
        ),
    ]
    lines = ["| measure | figure | target | met |", "|---|---|---|---|"]
    lines += [f"| {a} | {b} | {c} | {d} |" for a, b, c, d in rows]
    return lines


def step(name: str):
    print(f"… {name}", file=sys.stderr, flush=True)


def main() -> int:
    started_at = datetime.now(UTC)
    load_before = load()
    with tempfile.TemporaryDirectory(prefix="intake-bench-") as folder:
        folder = Path(folder)
        docs = measures.documents(QUEUE_DOCUMENTS)
        step("1. raw extraction")
        raw = measures.raw_extraction(docs)
        step("2. 500 uploads through the queue")
        server = measures.Server(folder / "queue")
        try:
            queue = measures.through_the_queue(server, docs)
            time.sleep(2)  # let the machine settle: (3) is on an idle system
            step("3. latency")
            lat = measures.latency(server)
            step("4. polling (60 s)")
            with server.client() as client:
                batch_id = server.upload(client, docs[0], name="polled.pdf")
            poll = measures.polling(server, batch_id)
        finally:
            server.stop()
        step("2b. 500 uploads through one worker thread")
        single = measures.Server(folder / "single", INTAKE_WORKERS="1")
        try:
            one = measures.through_the_queue(single, docs)
        finally:
            single.stop()
        step("7. the same uploads through two remote workers")
        remote = bench_remote.two_remote_workers(folder / "remote", docs)
        step("5. memory")
        mem = measures.memory(folder / "memory")
    step("6. 50,000-row timesheet and fuel log imports")
    imports = [f"| 6. {a} | {b} | {c} | {d} |" for a, b, c, d in bench_imports.measure()]
    lines = table(raw, queue, one, lat, poll, mem) + imports
    lines.append("| {} | {} | {} | {} |".format(*bench_remote.row(queue, remote)))
    header = [
        f"Measured {started_at:%Y-%m-%d %H:%M} UTC at commit {commit()} on {machine()}; "
        f"load average {load_before} before, {load()} after. Command: `make bench`.",
        "",
    ]
    print("\n".join(header + lines))
    write_doc(header + lines)
    print(f"\nwritten to {DOC.relative_to(ROOT)}")
    return 0


def write_doc(result: list[str]) -> None:
    text = DOC.read_text() if DOC.exists() else ""
    marker = "<!-- results -->"
    intro = text.split(marker)[0] if marker in text else "# Benchmarks\n\n"
    DOC.parent.mkdir(exist_ok=True)
    DOC.write_text(intro + marker + "\n\n" + "\n".join(result) + "\n")


if __name__ == "__main__":
    sys.exit(main())
