"""How long /metrics and /healthz take on a big data set: `make bench-ops`.

Seeds a temporary data dir as `make bench-pages` does (100,000 POs, 500,000
items, 50,000 batches), gives each processed batch what a real import leaves
(its time of import and the extractor's JSON, about 2 KB), then times
/metrics and /healthz in-process. /metrics reads every batch at each scrape. A
Prometheus scrape every 15 s should take a small share of one core; the
figures are wall time on this machine, so read them beside the load average.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from litestar.testing import TestClient  # noqa: E402

from app import auth, clock  # noqa: E402
from app.config import Settings  # noqa: E402
from app.db import immediate, open_database  # noqa: E402
from app.main import create_app  # noqa: E402
from tests.bench.bench_pages import seed  # noqa: E402

RUNS = 15


def as_imported(db, rng: random.Random) -> int:
    """Processed batches as the importer leaves them: a time of import and what was read."""
    payload = {
        "po_number": "PO0000000",
        "supplier_name": "Acme Steel (Pty) Ltd",
        "items": [{"description": "Item", "quantity": "1", "unit_price": "10.00"}] * 8,
        "confidence": {name: 0.9 for name in ("po_number", "po_date", "supplier_name")},
        "source": {"po_number": "PO Number: PO0000000 " * 4},
        "engine": "text",
        "pages": 1,
    }
    ids = [r[0] for r in db.execute("SELECT id FROM data_import_batches WHERE status='processed'")]
    with immediate(db):
        for batch_id in ids:
            seconds = rng.choice((0.2, 0.4, 3.5, 8.0))
            engine = "text" if seconds < 1 else "ocr:tesseract"
            db.conn.execute(
                "UPDATE data_import_batches SET extracted = :extracted,"
                " processed_at = strftime('%Y-%m-%dT%H:%M:%fZ', date_uploaded, :later)"
                " WHERE id = :id",
                {
                    "id": batch_id,
                    "later": f"+{rng.randint(2, 600)} seconds",
                    "extracted": json.dumps(
                        payload | {"engine": engine, "extract_seconds": seconds}
                    ),
                },
            )
    return len(ids)


def timed(client: TestClient, path: str, headers: dict) -> list[float]:
    client.get(path, headers=headers)  # warm the caches, as a scraper every 15 s would
    times = []
    for _ in range(RUNS):
        started = time.perf_counter()
        response = client.get(path, headers=headers)
        times.append((time.perf_counter() - started) * 1000)
        assert response.status_code in (200, 503), (path, response.status_code)
    return times


def main() -> int:
    rng = random.Random(20260819)
    with tempfile.TemporaryDirectory(prefix="intake-bench-ops-") as tmp:
        settings = Settings.from_env(env={}, data_dir=Path(tmp) / "data")
        db = open_database(settings.db_path)
        seed(db, 100_000, 5, 50_000, rng)
        imported = as_imported(db, rng)
        admin = db.execute("SELECT id FROM users WHERE role = 'admin'").fetchone()[0]
        token = auth.create_api_token(db, admin, clock.now())
        db.close()
        size = settings.db_path.stat().st_size / (1024 * 1024)
        print(
            f"seeded: 100,000 POs, 50,000 batches ({imported:,} imported), intake.db {size:.0f} MB"
        )
        load = os.getloadavg()
        print(
            f"load average before: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}"
            f" on {os.cpu_count()} cores"
        )
        print(f"{'what':<40} {'median ms':>10} {'p95 ms':>8}")
        with TestClient(create_app(settings, immediate_tasks=True)) as client:
            bearer = {"authorization": f"Bearer {token}"}
            for label, path, headers in (
                ("/metrics", "/metrics", bearer),
                ("/healthz", "/healthz", {}),
            ):
                times = sorted(timed(client, path, headers))
                p95 = times[int(0.95 * (len(times) - 1))]
                print(f"{label:<40} {statistics.median(times):>10.1f} {p95:>8.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
