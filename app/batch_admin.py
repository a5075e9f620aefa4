"""The batches admin page: filtered lists, counts per status, bulk retry, the hourly chart.

A filter is read from the URL (bookmarkable, shareable) into `BatchFilter`
(`app/filters.py`). Bulk actions act on everything that matches the filter
when they run, not on the page that happens to be on screen, and say how many
they touched. The state changes themselves are the queue's
(`queue.retry_batches`: one conditional UPDATE with a batch_events row per batch).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import ClassVar
from zoneinfo import ZoneInfo

from sqlite_utils import Database

from app import batches, clock, ids, keyset, queue
from app.batches import Status
from app.db import one, rows
from app.filters import Filter, QueryReader, like

PAGE_SIZE = 50
STATUSES = tuple(status.value for status in Status)
BATCH_TYPES = ("purchase_orders", "delivery_notes", "documents", "timesheets", "fuel_logs")
OUTCOMES = ("processed", "failed", "dead")
_ORDER = keyset.Order("b.date_uploaded", "b.id", descending=True)


@dataclass(frozen=True)
class BatchFilter(Filter):
    PARAMS: ClassVar[dict[str, str]] = {
        "status": "status",
        "batch_type": "type",
        "uploader": "uploader",
        "date_from": "from",
        "date_to": "to",
        "text": "q",
    }

    status: str = ""  # one of STATUSES, or "" for every status
    batch_type: str = ""
    uploader: str = ""  # a user id
    date_from: str = ""  # YYYY-MM-DD, a day in the office's zone
    date_to: str = ""
    text: str = ""  # in the last error or the file name
    zone: str | None = field(default=None, compare=False)

    @classmethod
    def from_query(cls, params: dict[str, str | None], zone: str | None = None) -> BatchFilter:
        read = QueryReader(params)
        status = read.choice(
            "status", STATUSES, "There is no “{value}” tab; showing every status.", True
        )
        batch_type = read.choice(
            "type", BATCH_TYPES, "“{value}” is not a batch type; showing every type."
        )
        uploader = read.raw("uploader")
        if uploader and not ids.is_valid(uploader):
            read.problems.append("That uploader is not a user; showing everyone's uploads.")
            uploader = ""
        date_from, date_to = read.date("from"), read.date("to")
        text = read.text("q", 200)
        return cls(
            status,
            batch_type,
            uploader,
            date_from,
            date_to,
            text,
            zone,
            problems=tuple(read.problems),
        )

    @property
    def is_filtered(self) -> bool:
        """Filtered beyond the status tab."""
        return any((self.batch_type, self.uploader, self.date_from, self.date_to, self.text))

    def _day_start(self, day: str) -> str:
        """Midnight of a day in the office's zone (the machine's when unset), as UTC text."""
        midnight = datetime.fromisoformat(day)
        local = midnight.replace(tzinfo=ZoneInfo(self.zone)) if self.zone else midnight.astimezone()
        return clock.iso(local)

    def where(self, with_status: bool = True) -> tuple[list[str], dict]:
        where: list[str] = []
        params: dict = {}
        if with_status and self.status:
            where.append("b.status = :status")
            params["status"] = self.status
        if self.batch_type:
            where.append("b.batch_type = :batch_type")
            params["batch_type"] = self.batch_type
        if self.uploader:
            where.append("b.uploaded_by = :uploader")
            params["uploader"] = self.uploader
        if self.date_from:
            where.append("b.date_uploaded >= :uploaded_from")
            params["uploaded_from"] = self._day_start(self.date_from)
        if self.date_to:
            next_day = (datetime.fromisoformat(self.date_to) + timedelta(days=1)).date()
            where.append("b.date_uploaded < :uploaded_to")
            params["uploaded_to"] = self._day_start(next_day.isoformat())
        if self.text:
            where.append(
                "(b.last_error LIKE :text ESCAPE '\\'"
                " OR b.original_filename LIKE :text ESCAPE '\\')"
            )
            params["text"] = like(self.text)
        return where, params


_ROW_COLUMNS = (
    "b.id, b.batch_type, b.original_filename, b.date_uploaded, b.uploaded_by, b.status,"
    " b.attempts, b.last_error, b.next_retry_at, b.processed_record_id, b.warnings,"
    " b.date_uploaded AS sort_key, u.name AS uploader_name, u.email AS uploader_email,"
    " po.id AS po_id, po.purchase_order_number AS po_number, dn.dn_number,"
    " dn_po.purchase_order_number AS dn_po_number"
)
_ROW_JOINS = (
    " LEFT JOIN users u ON u.id = b.uploaded_by"
    " LEFT JOIN purchase_orders po ON po.id = b.processed_record_id"
    " LEFT JOIN delivery_notes dn ON dn.id = b.processed_record_id"
    " LEFT JOIN purchase_orders dn_po ON dn_po.id = dn.purchase_order_id"
)


def _decoded(row: dict) -> dict:
    row["warnings"] = json.loads(row["warnings"] or "[]")
    return row


def list_batches(
    db: Database,
    flt: BatchFilter,
    after: str | None = None,
    before: str | None = None,
    limit: int = PAGE_SIZE,
) -> keyset.Page:
    """One page of batches, newest upload first."""
    where, params = flt.where()
    window = keyset.window(_ORDER, after, before, limit)
    found = rows(
        db,
        f"SELECT {_ROW_COLUMNS} FROM data_import_batches b {_ROW_JOINS}"
        f" WHERE {' AND '.join([*where, window.where])} ORDER BY {window.order_by} LIMIT :limit",
        params | window.params,
    )
    return window.page([_decoded(row) for row in found])


def batch_rows(db: Database, batch_ids: list[str]) -> list[dict]:
    """The list rows of these batches, for the page's live refresh."""
    if not batch_ids:
        return []
    marks = ", ".join(f":id{n}" for n in range(len(batch_ids)))
    found = rows(
        db,
        f"SELECT {_ROW_COLUMNS} FROM data_import_batches b {_ROW_JOINS} WHERE b.id IN ({marks})",
        {f"id{n}": batch_id for n, batch_id in enumerate(batch_ids)},
    )
    return [_decoded(row) for row in found]


def status_counts(db: Database, flt: BatchFilter) -> dict[str, int]:
    """How many batches match the filter in each status (the tabs)."""
    where, params = flt.where(with_status=False)
    sql = "SELECT b.status, count(*) AS n FROM data_import_batches b"
    if where:
        sql += " WHERE " + " AND ".join(where)
    counts = dict.fromkeys(STATUSES, 0)
    for row in rows(db, sql + " GROUP BY b.status", params):
        counts[row["status"]] = row["n"]
    return counts


def needs_attention(db: Database) -> dict[str, int]:
    """Failed and dead batches: what an admin's navigation bar counts."""
    counts = {"failed": 0, "dead": 0}
    for row in rows(
        db,
        "SELECT status, count(*) AS n FROM data_import_batches"
        " WHERE status IN ('failed', 'dead') GROUP BY status",
    ):
        counts[row["status"]] = row["n"]
    return counts


def _retry_where(flt: BatchFilter) -> tuple[list[str], dict] | None:
    """The filter narrowed to what may be retried: its tab if failed or dead, else both."""
    allowed = [str(status) for status in batches.RETRYABLE_STATUSES]
    if flt.status and flt.status not in allowed:
        return None
    statuses = [flt.status] if flt.status else allowed
    where, params = flt.where(with_status=False)
    where.append("b.status IN (" + ", ".join(f"'{status}'" for status in statuses) + ")")
    return where, params


def retryable_count(db: Database, flt: BatchFilter) -> int:
    """How many batches a "retry all matching" would retry now."""
    narrowed = _retry_where(flt)
    if narrowed is None:
        return 0
    where, params = narrowed
    return one(
        db, f"SELECT count(*) AS n FROM data_import_batches b WHERE {' AND '.join(where)}", params
    )["n"]


def retry_matching(db: Database, flt: BatchFilter, now: datetime, actor: str | None) -> list[str]:
    """Retry every failed or dead batch matching the filter; the ids it retried.

    Everything matching counts, not the page on screen; the caller enqueues the ids.
    """
    narrowed = _retry_where(flt)
    if narrowed is None:
        return []
    where, params = narrowed
    return queue.retry_batches(
        db, where, params, now, actor, "retried with every batch matching a filter"
    )


def uploaders(db: Database) -> list[dict]:
    return rows(db, "SELECT id, name, email FROM users ORDER BY name, email")


def events_with_actors(db: Database, batch_id: str) -> list[dict]:
    return rows(
        db,
        "SELECT e.*, u.name AS actor_name, u.email AS actor_email FROM batch_events e"
        " LEFT JOIN users u ON u.id = e.actor WHERE e.batch_id = :id ORDER BY e.id",
        {"id": batch_id},
    )


def hourly_outcomes(db: Database, now: datetime, hours: int = 48) -> list[dict]:
    """Attempts that ended in each of the last `hours` hours, by outcome, oldest first.

    Each item is {"start": iso text of the hour, "processed": n, "failed": n, "dead": n}.
    """
    end = now.replace(minute=0, second=0, microsecond=0) + timedelta(hours=1)
    start = end - timedelta(hours=hours)
    buckets = {
        clock.iso(start + timedelta(hours=n))[:13]: dict.fromkeys(OUTCOMES, 0) for n in range(hours)
    }
    found = rows(
        db,
        "SELECT substr(at, 1, 13) AS hour, event, count(*) AS n FROM batch_events"
        " WHERE at >= :start AND event IN ('processed', 'failed', 'dead')"
        " GROUP BY hour, event",
        {"start": clock.iso(start)},
    )
    for row in found:
        if row["hour"] in buckets:
            buckets[row["hour"]][row["event"]] = row["n"]
    return [{"start": hour + ":00:00.000Z", **counts} for hour, counts in buckets.items()]
