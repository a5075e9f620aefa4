"""What must hold after any fault: the promises of Intake, checked on the database and the disk.

- Every batch is final (processed or dead) or due; none is stuck `processing`.
- Each PO number exists once, its PO has every item of its document, and it
  points at a processed batch that points back at it.
- Every file a row names exists, and every file under files/ is named by a row.
"""

from __future__ import annotations

import json
import os
from datetime import timedelta
from pathlib import Path

from app import clock, pipeline, storage
from app.config import Settings
from app.db import rows


def status_counts(db) -> dict[str, int]:
    found = rows(db, "SELECT status, count(*) AS n FROM data_import_batches GROUP BY status")
    return {row["status"]: row["n"] for row in found}


def files_on_disk(settings: Settings) -> set[str]:
    found = set()
    for directory, _, names in os.walk(settings.files_dir):
        for name in names:
            found.add(storage.relative(settings, Path(directory) / name))
    return found


def referenced_files(db) -> set[str]:
    found = rows(
        db,
        "SELECT file_path FROM data_import_batches UNION"
        " SELECT file_path FROM purchase_orders WHERE file_path IS NOT NULL",
    )
    return {row["file_path"] for row in found}


def reap_everything_orphaned(db, settings: Settings) -> list[str]:
    """The sweep's reaper, an hour later: what a killed worker left is its to remove."""
    later = clock.now() + pipeline.ORPHAN_AGE + timedelta(minutes=1)
    return storage.reap_orphans(db, settings, later, pipeline.ORPHAN_AGE)


def assert_consistent(db, settings: Settings, items_per_po: dict[str, int]) -> None:
    """items_per_po: every PO number uploaded -> the number of items its document lists."""
    batches = rows(db, "SELECT * FROM data_import_batches")
    stuck = [b["id"] for b in batches if b["status"] == "processing"]
    assert stuck == [], f"batches left processing: {stuck}"
    not_due = [b["id"] for b in batches if b["status"] == "failed" and b["next_retry_at"] is None]
    assert not_due == []

    pos = {po["id"]: po for po in rows(db, "SELECT * FROM purchase_orders")}
    numbers = [po["purchase_order_number"] for po in pos.values()]
    assert len(numbers) == len(set(numbers)), "a PO number was imported twice"
    processed = [b for b in batches if b["status"] == "processed"]
    for batch in processed:
        assert batch["processed_record_id"] in pos, f"batch {batch['id']} points at no PO"
        number = json.loads(batch["extracted"])["po_number"]
        assert pos[batch["processed_record_id"]]["purchase_order_number"] == number
    by_id = {b["id"]: b for b in batches}
    for po in pos.values():
        source = by_id[po["batch_id"]]
        assert (source["status"], source["processed_record_id"]) == ("processed", po["id"])
    imported = {json.loads(b["extracted"])["po_number"] for b in processed}
    assert set(numbers) == imported

    lines = rows(
        db,
        "SELECT po.purchase_order_number AS number, count(i.id) AS n,"
        " coalesce(max(i.line_no), 0) AS last"
        " FROM purchase_orders po LEFT JOIN purchase_order_items i ON i.purchase_order_id = po.id"
        " GROUP BY po.id",
    )
    partial = [
        (row["number"], row["n"], items_per_po[row["number"]])
        for row in lines
        if not row["n"] == row["last"] == items_per_po[row["number"]]
    ]
    assert partial == [], f"POs with a partial set of items (number, found, expected): {partial}"

    named = referenced_files(db)
    on_disk = files_on_disk(settings)
    assert named - on_disk == set(), f"files missing: {sorted(named - on_disk)}"
    assert on_disk - named == set(), f"files orphaned: {sorted(on_disk - named)}"
