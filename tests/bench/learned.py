"""The seam where the layout memory joins the benchmark's learned-layout figures.

For each family the benchmark reads document 1 cold, then asks `teach` for the
reader of documents 2..n. `teach` does what the office does, on a database of
its own: document 1 goes through the worker's pipeline; the PO it makes is
corrected to the truth through the function the API's PATCH calls
(edit.edit_po), or, when the reader refused the document, typed by hand beside
it (hand_entry.enter_by_hand); then it is verified (edit.verify_po), which
learns its layout. The reader it returns is the cold one with the learned
layouts handed in, as the worker hands them.
"""

from __future__ import annotations

import hashlib
import logging
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

from app import auth, clock, ids, layouts, pipeline, queue, queue_reads, review_items, storage
from app.config import Settings
from app.db import open_database
from app.extract.document import ExtractOptions
from app.purchase_orders import edit
from app.review import hand_entry

Reader = Callable[[Path], dict]

NOTE = (
    "document 1 imported, corrected to its truth through the PATCH API's function (typed by "
    "hand beside it when the reader refused it) and verified; documents 2..n read with the "
    "layouts learned"
)
FIELDS = ("po_number", "po_date", "supplier_name", "project_code", "currency")
MONEY = ("subtotal", "tax", "total")
ITEM_FIELDS = ("item_code", "description", "quantity", "unit", "unit_price", "amount")


def teach(path: Path, truth: dict, options: ExtractOptions, reader) -> Reader:
    """The reader for a family's later documents once document 1 (`path`) was corrected to
    `truth` and verified; `reader(options)` makes a reader with the given options."""
    folder = Path(tempfile.mkdtemp(prefix="intake-learned-"))
    try:
        known = _verify_first(path, truth, Settings.from_env(env={}, data_dir=folder / "data"))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return reader(replace(options, layouts=known))


def _verify_first(path: Path, truth: dict, settings: Settings) -> tuple[dict, ...]:
    db = open_database(settings.db_path)
    try:
        now = clock.now()
        ann = auth.create_user(db, "ann@example.com", "staff", "correct horse battery", now)
        batch_id = _upload(db, settings, path, ann)
        with _quiet():
            pipeline.run_batch(settings, batch_id)
        batch = queue_reads.get_batch(db, batch_id)
        if batch["status"] == "processed":
            po_id = batch["processed_record_id"]
            edit.edit_po(db, po_id, _change(truth), ann, clock.now())
        else:
            item = review_items.open_item_for(db, "batch.dead", "batch", batch_id)
            user = auth.get_user(db, ann)
            po_id = hand_entry.enter_by_hand(
                db, settings, item["id"], _form(truth), user, clock.now()
            ).po_id
        edit.verify_po(db, po_id, ann, clock.now())
        return layouts.for_reading(db)
    finally:
        db.close()


@contextmanager
def _quiet() -> Iterator[None]:
    """The worker's log silenced: its line for a refused document quotes why, and a
    held-out family's misses are never printed."""
    log = logging.getLogger("intake")
    was, log.disabled = log.disabled, True
    try:
        yield
    finally:
        log.disabled = was


def _upload(db, settings: Settings, path: Path, user: str) -> str:
    """Document 1 as an upload leaves it: its file in place and a pending batch."""
    batch_id = ids.new_id()
    stored = storage.folder(settings, storage.INCOMING) / storage.stored_name(
        batch_id, "application/pdf"
    )
    data = path.read_bytes()
    stored.write_bytes(data)
    queue.create_batch(
        db,
        batch_id=batch_id,
        batch_type="purchase_orders",
        content_type="application/pdf",
        original_filename=path.name,
        file_path=storage.relative(settings, stored),
        sha256=hashlib.sha256(data).hexdigest(),
        size=len(data),
        uploaded_by=user,
        now=clock.now(),
    )
    return batch_id


def _change(truth: dict) -> dict:
    """The truth as a PATCH body: every field and the whole item list."""
    body = {name: truth.get(name) for name in (*FIELDS, *MONEY)}
    body["items"] = [{name: item.get(name) for name in ITEM_FIELDS} for item in truth["items"]]
    return body


def _form(truth: dict) -> dict:
    """The truth as the hand-entry form."""
    form = {name: truth.get(name) or "" for name in (*FIELDS, *MONEY)}
    for row, item in enumerate(truth["items"], start=1):
        form |= {f"{name}_{row}": item.get(name) or "" for name in ITEM_FIELDS}
    return form
