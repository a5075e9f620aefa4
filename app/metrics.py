"""What `/metrics` tells Prometheus, read from the database at the moment it is scraped.

Nothing is counted in memory: the web process may restart, several may run,
and the rows already say everything (a histogram of upload-to-imported time
is the processed batches' own times, read in one pass). So the figures
are the same whichever process answers, and survive restarts. Each family is
one function from (db, settings, now) to metric families; a new one is one
more function in FAMILIES (as the outbox's writes per state are). The queries
only read, each in one pass over an index or a table (`make bench-ops` times
a scrape of 50,000 batches).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator
from datetime import datetime
from itertools import accumulate

from prometheus_client.core import GaugeMetricFamily, HistogramMetricFamily, Metric
from prometheus_client.registry import Collector, CollectorRegistry
from sqlite_utils import Database

from app import batch_admin, clock, health, pausing, review_items
from app.config import Settings
from app.db import connect, rows
from app.outbox import reads as outbox_reads
from app.outbox import systems
from app.outbox.states import State

# Seconds from upload to imported: a document read at once takes seconds, a retried one
# minutes, one that waited for a person or a stopped worker hours.
IMPORT_BUCKETS = (1, 2, 5, 10, 30, 60, 120, 300, 900, 1800, 3600, 4 * 3600, 24 * 3600)
# Seconds one reading of a document took: a text PDF well under a second, OCR several.
EXTRACT_BUCKETS = (0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120)

Family = Callable[[Database, Settings, datetime], Iterable[Metric]]


def batches(db: Database, settings: Settings, now: datetime) -> Iterator[Metric]:
    family = GaugeMetricFamily(
        "intake_batches", "Uploaded documents by status and type.", labels=["status", "type"]
    )
    found = {
        (row["status"], row["batch_type"]): row["n"]
        for row in rows(
            db,
            "SELECT status, batch_type, count(*) AS n FROM data_import_batches"
            " GROUP BY status, batch_type",
        )
    }
    for batch_type in batch_admin.BATCH_TYPES:
        for status in batch_admin.STATUSES:
            family.add_metric([status, batch_type], found.get((status, batch_type), 0))
    yield family


def _histogram(
    db: Database, name: str, text: str, label: str, sql: str, bounds: tuple
) -> HistogramMetricFamily:
    """One histogram of the (label, seconds) rows `sql` yields, bucketed here: one pass over
    the rows, far quicker than a sum per bucket in SQL."""
    counts: dict[str, list[int]] = {}
    totals: dict[str, float] = {}
    for found_label, seconds in db.conn.execute(sql):
        if seconds is None:
            continue
        key = found_label or ""
        counts.setdefault(key, [0] * (len(bounds) + 1))[bisect_left(bounds, seconds)] += 1
        totals[key] = totals.get(key, 0.0) + seconds
    family = HistogramMetricFamily(name, text, labels=[label], unit="seconds")
    for key, per_bucket in sorted(counts.items()):
        cumulative = list(accumulate(per_bucket))
        buckets = [(str(float(bound)), cumulative[n]) for n, bound in enumerate(bounds)]
        family.add_metric([key], [*buckets, ("+Inf", cumulative[-1])], totals[key])
    return family


def upload_to_imported(db: Database, settings: Settings, now: datetime) -> Iterator[Metric]:
    yield _histogram(
        db,
        "intake_upload_to_imported",
        "Time from a document's upload to its PO being imported, by batch type.",
        "type",
        "SELECT batch_type AS label,"
        " (julianday(processed_at) - julianday(date_uploaded)) * 86400 AS seconds"
        " FROM data_import_batches WHERE status = 'processed'",
        IMPORT_BUCKETS,
    )


def extraction(db: Database, settings: Settings, now: datetime) -> Iterator[Metric]:
    yield _histogram(
        db,
        "intake_extraction",
        "Time the last reading of each document took, by the engine that read it.",
        "engine",
        "SELECT json_extract(extracted, '$.engine') AS label,"
        " json_extract(extracted, '$.extract_seconds') AS seconds"
        " FROM data_import_batches WHERE extracted IS NOT NULL AND json_valid(extracted)",
        EXTRACT_BUCKETS,
    )


def review_open(db: Database, settings: Settings, now: datetime) -> Iterator[Metric]:
    family = GaugeMetricFamily(
        "intake_review_items_open", "Review items waiting for a person, by kind.", labels=["kind"]
    )
    found = review_items.open_counts(db)
    for kind in review_items.KINDS:
        family.add_metric([kind], found.get(kind, 0))
    yield family


def workers(db: Database, settings: Settings, now: datetime) -> Iterator[Metric]:
    beats = health.heartbeats(settings)
    yield GaugeMetricFamily(
        "intake_workers_alive",
        "Worker processes whose heartbeat is fresh (INTAKE_WORKER_GONE_SECONDS).",
        value=len(health.live_workers(settings, now)),
    )
    if beats:
        yield GaugeMetricFamily(
            "intake_worker_heartbeat_age_seconds",
            "Seconds since the newest worker heartbeat.",
            value=max(now.timestamp() - beats[0].at, 0),
        )
    yield GaugeMetricFamily(
        "intake_processing_paused",
        "1 while an administrator has paused processing.",
        value=int(pausing.processing_paused(db) is not None),
    )


def outbox_writes(db: Database, settings: Settings, now: datetime) -> Iterator[Metric]:
    family = GaugeMetricFamily(
        "intake_outbox_writes",
        "Writes to other systems (the outbox), by system and state.",
        labels=["system", "state"],
    )
    found = outbox_reads.counts(db)
    for system in systems.ALL:
        for state in State:
            family.add_metric([system, state], found.get((system, state), 0))
    yield family


FAMILIES: tuple[Family, ...] = (
    batches,
    upload_to_imported,
    extraction,
    review_open,
    workers,
    outbox_writes,
)


class IntakeCollector(Collector):
    """Reads the data dir once per scrape, on a connection of its own."""

    def __init__(self, settings: Settings):
        self.settings = settings

    def collect(self) -> Iterator[Metric]:
        db = connect(self.settings.db_path, self.settings.busy_timeout_ms)
        try:
            now = clock.now()
            for family in FAMILIES:
                yield from family(db, self.settings, now)
        finally:
            db.close()


def registry(settings: Settings) -> CollectorRegistry:
    found = CollectorRegistry(auto_describe=False)
    found.register(IntakeCollector(settings))
    return found
