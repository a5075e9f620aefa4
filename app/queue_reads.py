"""The batch queue, read: a batch with the record it produced (for its pill), a user's
recent batches, what is due (for the sweep and for outside extractors), a batch's
events, a file brought before, discarded files whose time is up.

Only reads. `app/queue.py` owns `data_import_batches` and `batch_events` and is the
one module that changes them; "due" is the state machine's (`app/batches.py`),
written here once in SQL and used by the queue's claim as well.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta

from sqlite_utils import Database

from app import batches, clock
from app.db import one, rows


def among(values: tuple[str, ...]) -> str:
    """An SQL list of fixed words from the code (statuses, batch types), never of input."""
    return "(" + ", ".join(f"'{value}'" for value in values) + ")"


# The state machine's `is_due`, as SQL on the batch row.
DUE = (
    f"(status IN {among(batches.WAITING)}"
    f" OR (status IN {among(batches.WAITING_FOR_RETRY)} AND next_retry_at <= :now))"
)


# What the pill shows of a processed batch: the PO it made, or the delivery note it made
# and the PO that was delivered against.
_PRODUCED = (
    "SELECT b.*, po.id AS po_id, po.purchase_order_number AS po_number, dn.dn_number,"
    " dn.purchase_order_id AS dn_po_id, dn_po.purchase_order_number AS dn_po_number"
    " FROM data_import_batches b"
    " LEFT JOIN purchase_orders po"
    "   ON po.id = b.processed_record_id AND b.batch_type = 'purchase_orders'"
    " LEFT JOIN delivery_notes dn"
    "   ON dn.id = b.processed_record_id AND b.batch_type = 'delivery_notes'"
    " LEFT JOIN purchase_orders dn_po ON dn_po.id = dn.purchase_order_id"
)


def get_batch(db: Database, batch_id: str) -> dict | None:
    """The batch with what the pill shows: the PO or delivery note it produced, if any."""
    return decoded(one(db, f"{_PRODUCED} WHERE b.id = :id", {"id": batch_id}))


def recent_batches(db: Database, uploaded_by: str, limit: int = 10) -> list[dict]:
    found = rows(
        db,
        f"{_PRODUCED}"
        " WHERE b.uploaded_by = :user ORDER BY b.date_uploaded DESC, b.id DESC LIMIT :limit",
        {"user": uploaded_by, "limit": limit},
    )
    return [decoded(row) for row in found]


def due_batch_ids(db: Database, now: datetime, limit: int) -> list[str]:
    """Batches a worker should take now, oldest upload first."""
    return [batch["id"] for batch in due_batches(db, now, limit)]


def due_batches(
    db: Database, now: datetime, limit: int, batch_types: tuple[str, ...] | None = None
) -> list[dict]:
    """What an outside extractor sees of the due batches (of these types), oldest upload first."""
    types = {f"type{n}": batch_type for n, batch_type in enumerate(batch_types or ())}
    of_type = f" AND batch_type IN ({', '.join(':' + name for name in types)})" if types else ""
    return rows(
        db,
        "SELECT id, batch_type, content_type, attempts, date_uploaded FROM data_import_batches"
        f" WHERE {DUE}{of_type} ORDER BY date_uploaded, id LIMIT :limit",
        {"now": clock.iso(now), "limit": limit, **types},
    )


def batch_events(db: Database, batch_id: str) -> list[dict]:
    return rows(db, "SELECT * FROM batch_events WHERE batch_id = :id ORDER BY id", {"id": batch_id})


def decoded(row: dict | None) -> dict | None:
    """A batch row with its warnings as a list."""
    if row is not None:
        row["warnings"] = json.loads(row["warnings"] or "[]")
    return row


def imported_file(db: Database, batch_type: str, sha256: str) -> dict | None:
    """The processed batch that already brought this very file (by its sha256), if any."""
    return decoded(
        one(
            db,
            "SELECT * FROM data_import_batches WHERE batch_type = :type AND sha256 = :sha"
            " AND status = 'processed' ORDER BY date_uploaded, id LIMIT 1",
            {"type": batch_type, "sha": sha256},
        )
    )


def same_file(db: Database, batch_id: str, other_batch_id: str) -> bool:
    """Two batches carried the very same file (by its sha256)."""
    found = one(
        db,
        "SELECT 1 AS same FROM data_import_batches b, data_import_batches other"
        " WHERE b.id = :batch AND other.id = :other AND b.sha256 = other.sha256",
        {"batch": batch_id, "other": other_batch_id},
    )
    return found is not None


def discarded_files_due(db: Database, now: datetime, keep: timedelta) -> list[dict]:
    """Discarded batches whose file has been kept long enough and is still on disk."""
    return rows(
        db,
        "SELECT b.id, b.file_path FROM data_import_batches b"
        " WHERE b.status = 'discarded'"
        "   AND (SELECT max(e.at) FROM batch_events e"
        "        WHERE e.batch_id = b.id AND e.event = 'discarded') < :cutoff"
        "   AND NOT EXISTS (SELECT 1 FROM batch_events e"
        "                   WHERE e.batch_id = b.id AND e.event = 'file_removed')",
        {"cutoff": clock.iso(now - keep)},
    )
