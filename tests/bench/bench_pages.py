"""How long the office's list pages take on a big data set: `make bench-pages`.

Seeds a temporary data dir with 100,000 purchase orders (500,000 items) and
50,000 batches, then asks the app in-process (Litestar's test client, no
network) for each page many times and prints the median and 95th percentile.
The target is under 100 ms median for each. The figures are wall time of one
request through the whole app on this machine; a busy machine makes them
worse, so read them beside the load average printed with them.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from litestar.testing import TestClient  # noqa: E402

from app import auth, clock  # noqa: E402
from app.config import Settings  # noqa: E402
from app.db import immediate, open_database  # noqa: E402
from app.main import create_app  # noqa: E402
from app.web import CSRF_COOKIE, CSRF_HEADER  # noqa: E402

PASSWORD = "benchmark password"
STATUSES = [  # (status, share of the batches)
    ("processed", 0.86),
    ("failed", 0.02),
    ("dead", 0.05),
    ("pending", 0.03),
    ("processing", 0.01),
    ("discarded", 0.03),
]
ERRORS = [
    "This PDF is password-protected; upload an unlocked copy.",
    "The document has no PO number.",
    "Intake hit an unexpected error (OSError).",
    "This file could not be read as a PDF (PdfStreamError); it may be damaged.",
]
WORDS = [
    "Acme",
    "Steel",
    "Bolt",
    "Cement",
    "Timber",
    "Electrical",
    "Plumbing",
    "Hardware",
    "Supplies",
    "Trading",
    "Logistics",
    "Concrete",
    "Paint",
    "Glass",
    "Roofing",
]


def new_id(rng: random.Random) -> str:
    return "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(15))


def raw_ocr_data(n: int, amounts: list[int]) -> str:
    """What the extractor returned, kept on every PO: it makes rows as wide as real ones."""
    items = [{"description": "Hex bolt M8x40 galvanised", "amount": a} for a in amounts]
    return json.dumps({"po_number": f"PO{n:07d}", "items": items, "notes": "n" * 400})


def seed(db, pos: int, items_per_po: int, batch_count: int, rng: random.Random) -> dict:
    now = clock.now()
    users = [auth.create_user(db, "admin@example.com", "admin", PASSWORD, now, name="Admin")]
    users += [
        auth.create_user(db, f"staff{n}@example.com", "staff", PASSWORD, now, name=f"Staff {n}")
        for n in range(20)
    ]
    suppliers = [f"{rng.choice(WORDS)} {rng.choice(WORDS)} (Pty) Ltd" for _ in range(300)]
    with immediate(db):
        sites = []
        for n in range(60):
            site_id = new_id(rng)
            sites.append((site_id, f"S{n:03d}"))
            db.conn.execute(
                "INSERT INTO sites (id, code, code_key, name, active, created_at)"
                " VALUES (?, ?, ?, ?, 1, ?)",
                (site_id, f"S{n:03d}", f"S{n:03d}", f"Site {n}", clock.iso(now)),
            )
        # Batches over the last 60 days, oldest first; each with an upload and an outcome event.
        weights = [share for _, share in STATUSES]
        batch_rows, event_rows, processed = [], [], []
        for n in range(batch_count):
            at = now - timedelta(days=60) * (1 - n / batch_count)
            status = rng.choices([s for s, _ in STATUSES], weights)[0]
            batch_id = new_id(rng)
            error = rng.choice(ERRORS) if status in ("failed", "dead", "discarded") else None
            stamp = clock.iso(at)
            batch_rows.append(
                (
                    batch_id,
                    "application/pdf",
                    f"scan-{n:06d}.pdf",
                    f"files/incoming/{batch_id}.pdf",
                    "0" * 64,
                    1000,
                    stamp,
                    rng.choice(users),
                    status,
                    1 if status != "pending" else 0,
                    error,
                    stamp if status == "failed" else None,
                )
            )
            event_rows.append((batch_id, stamp, "uploaded", 0))
            if status in ("processed", "failed", "dead"):
                event_rows.append((batch_id, stamp, status, 1))
            if status == "processed":
                processed.append(batch_id)
        db.conn.executemany(
            "INSERT INTO data_import_batches (id, batch_type, content_type, original_filename,"
            " file_path, sha256, size, date_uploaded, uploaded_by, status, attempts, last_error,"
            " next_retry_at) VALUES (?, 'purchase_orders', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            batch_rows,
        )
        db.conn.executemany(
            "INSERT INTO batch_events (batch_id, at, event, attempt) VALUES (?, ?, ?, ?)",
            event_rows,
        )
        # POs over two years; the newest ones came from the processed batches.
        po_rows, item_rows = [], []
        for n in range(pos):
            po_id = new_id(rng)
            created = now - timedelta(days=730) * (1 - n / pos)
            site = rng.choice(sites) if rng.random() < 0.85 else None
            amounts = [rng.randint(100, 500_000) for _ in range(items_per_po)]
            subtotal = sum(amounts)
            tax = subtotal * 15 // 100
            verified = rng.random() < 0.7
            batch_id = processed[n - (pos - len(processed))] if n >= pos - len(processed) else None
            po_rows.append(
                (
                    po_id,
                    f"PO{n:07d}",
                    (created - timedelta(days=rng.randint(0, 20))).date().isoformat(),
                    rng.choice(suppliers),
                    site[1] if site else "X999",
                    site[0] if site else None,
                    subtotal,
                    tax,
                    subtotal + tax,
                    int(verified),
                    users[0] if verified else None,
                    clock.iso(created) if verified else None,
                    batch_id,
                    clock.iso(created),
                    raw_ocr_data(n, amounts),
                )
            )
            for line_no, amount in enumerate(amounts, start=1):
                item_rows.append(
                    (
                        new_id(rng),
                        po_id,
                        line_no,
                        f"C{line_no}",
                        "Item",
                        "1",
                        "each",
                        amount,
                        amount,
                    )
                )
        db.conn.executemany(
            "INSERT INTO purchase_orders (id, purchase_order_number, po_date, supplier_name,"
            " project_code, site_id, currency, subtotal_cents, tax_cents, total_cents, is_verified,"
            " verified_by, verified_at, batch_id, created_at, raw_ocr_data, content_type)"
            " VALUES (?, ?, ?, ?, ?, ?, 'ZAR', ?, ?, ?, ?, ?, ?, ?, ?, ?, 'application/pdf')",
            po_rows,
        )
        db.conn.executemany(
            "INSERT INTO purchase_order_items (id, purchase_order_id, line_no, item_code,"
            " description, quantity, unit, unit_price_cents, amount_cents)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            item_rows,
        )
        # what has arrived: six in ten POs delivered, two part delivered, two not yet
        db.conn.execute(
            "UPDATE purchase_orders SET delivery_status = CASE"
            " WHEN rowid % 10 < 6 THEN 'delivered'"
            " WHEN rowid % 10 < 8 THEN 'part_delivered' ELSE 'not_delivered' END"
        )
    return {"suppliers": suppliers, "sites": sites}


def timed(client: TestClient, path: str, runs: int) -> list[float]:
    for _ in range(2):  # warm the caches, as a page someone keeps open would be
        assert client.get(path).status_code == 200, path
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        response = client.get(path)
        times.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, (path, response.status_code)
    return times


def page_path(client: TestClient, path: str, page: int) -> str:
    """The address of page `page` of a list, found by following its Next links."""
    import re

    for _ in range(page - 1):
        html = client.get(path).text
        found = re.search(r'rel="next" href="([^"]+)"', html)
        if not found:
            raise SystemExit(f"{path} has fewer than {page} pages")
        path = found.group(1).replace("&amp;", "&")
    return path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pos", type=int, default=100_000)
    parser.add_argument("--items", type=int, default=5, help="items per PO")
    parser.add_argument("--batches", type=int, default=50_000)
    parser.add_argument("--runs", type=int, default=25)
    args = parser.parse_args()
    rng = random.Random(20260819)
    with tempfile.TemporaryDirectory(prefix="intake-bench-") as tmp:
        settings = Settings.from_env(env={}, data_dir=Path(tmp) / "data")
        db = open_database(settings.db_path)
        started = time.perf_counter()
        data = seed(db, args.pos, args.items, args.batches, rng)
        counts = {
            table: db.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
            for table in (
                "purchase_orders",
                "purchase_order_items",
                "data_import_batches",
                "batch_events",
            )
        }
        db.close()
        print(
            f"seeded in {time.perf_counter() - started:.1f}s: "
            + ", ".join(f"{n:,} {table}" for table, n in counts.items())
        )
        app = create_app(settings, immediate_tasks=True)
        with TestClient(app) as client:
            client.get("/login")
            client.post(
                "/login",
                data={"email": "admin@example.com", "password": PASSWORD},
                headers={CSRF_HEADER: client.cookies[CSRF_COOKIE]},
            )
            supplier_word = data["suppliers"][0].split()[0].lower()
            cases = (
                [
                    ("/purchasing (first page)", "/purchasing"),
                    (
                        f"/purchasing search '{supplier_word}' (common word)",
                        f"/purchasing?q={supplier_word}",
                    ),
                    ("/purchasing search 'PO0012345' (one PO)", "/purchasing?q=PO0012345"),
                    (
                        "/purchasing?verified=no, page 50",
                        page_path(client, "/purchasing?verified=no", 50),
                    ),
                    (
                        "/purchasing?site=S007, page 20",
                        page_path(client, "/purchasing?site=S007", 20),
                    ),
                    (
                        "/purchasing sorted by total, page 50",
                        page_path(client, "/purchasing?sort=-total", 50),
                    ),
                    (
                        "/purchasing PO dates in one month",
                        "/purchasing?from=2026-01-01&to=2026-01-31",
                    ),
                    (
                        "/purchasing PO dates in one year",
                        "/purchasing?from=2025-01-01&to=2025-12-31",
                    ),
                    (
                        "/purchasing?delivery=part_delivered, page 20",
                        page_path(client, "/purchasing?delivery=part_delivered", 20),
                    ),
                    ("/batches (all)", "/batches"),
                ]
                + [(f"/batches?status={s}", f"/batches?status={s}") for s, _ in STATUSES]
                + [
                    ("/batches?status=dead&q=password", "/batches?status=dead&q=password"),
                ]
            )
            load = os.getloadavg()
            print(
                f"load average before: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}"
                f" on {os.cpu_count()} cores; {args.runs} timed requests each, in-process"
            )
            print(f"{'page':<52} {'median ms':>10} {'p95 ms':>8}")
            worst = 0.0
            for label, path in cases:
                times = sorted(timed(client, path, args.runs))
                median = statistics.median(times)
                p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
                worst = max(worst, median)
                print(f"{label:<52} {median:>10.1f} {p95:>8.1f}")
            load = os.getloadavg()
            print(f"load average after: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
            verdict = "met" if worst < 100 else "NOT met"
            print(f"slowest median {worst:.1f} ms; target under 100 ms: {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
