"""A PO whose number the reader did not find: imported with the rest of what was read, the
number left for a person (a review item names it), never verified or matched without it."""

from __future__ import annotations

import json
from datetime import timedelta
from decimal import Decimal
from pathlib import Path

import pytest

from app import clock, pipeline, previews, queue_reads, sites, storage
from app.db import rows
from app.intake import InvalidPayload
from app.purchase_orders import edit, forms, store
from app.purchase_orders.intake import validate
from tests.conftest import make_user, store_batch
from tests.fixtures.po_pdf import po_fields, po_pdf_bytes


def imported(settings, db, fields: dict) -> dict:
    batch_id = store_batch(settings, db, po_pdf_bytes(fields))
    pipeline.run_batch(settings, batch_id)
    return queue_reads.get_batch(db, batch_id)


def test_a_po_without_its_number_is_imported_and_waits_for_a_person(settings, db):
    sites.add_site(db, "CP09", "Cape Point", clock.now())
    batch = imported(settings, db, po_fields(po_number=""))
    assert batch["status"] == "processed", batch["last_error"]
    assert {"no_po_number", "low_confidence:po_number"} <= set(batch["warnings"])
    po = store.get_po(db, batch["processed_record_id"])
    assert (po["purchase_order_number"], po["supplier_name"], po["total_cents"]) == (
        None,
        "Acme Steel (Pty) Ltd",
        po_cents(po_fields()["total"]),
    )
    assert po["site_id"]  # the rest matched as for any PO
    [review] = rows(db, "SELECT kind, evidence FROM review_items WHERE record_id = ?", [po["id"]])
    assert review["kind"] == "low_confidence"
    assert "po_number" in json.loads(review["evidence"])["fields"]


def test_two_pos_without_numbers_are_two_pos_until_a_person_tells_them_apart(settings, db):
    first = imported(settings, db, po_fields(po_number=""))
    second = imported(settings, db, po_fields(po_number="", po_date="2026-08-20"))
    assert first["processed_record_id"] != second["processed_record_id"]
    assert "already_imported" not in second["warnings"]
    ann = make_user(db, "ann@example.com")
    edit.edit_po(db, first["processed_record_id"], {"po_number": "PO-77"}, ann["id"], clock.now())
    with pytest.raises(forms.NumberTaken, match="already has the number PO-77"):
        edit.edit_po(
            db, second["processed_record_id"], {"po_number": "PO-77"}, ann["id"], clock.now()
        )


def test_a_po_is_verified_only_once_its_number_is_typed(settings, db):
    po_id = imported(settings, db, po_fields(po_number=""))["processed_record_id"]
    ann = make_user(db, "ann@example.com")
    with pytest.raises(forms.NoNumberYet, match="no number yet"):
        edit.verify_po(db, po_id, ann["id"], clock.now())
    assert store.get_po(db, po_id)["is_verified"] == 0
    assert rows(db, "SELECT count(*) AS n FROM outbox") == [{"n": 0}]  # nothing sent
    edit.edit_po(db, po_id, {"po_number": "PO-78"}, ann["id"], clock.now())
    edit.verify_po(db, po_id, ann["id"], clock.now())
    assert store.get_po(db, po_id)["is_verified"] == 1


def po_cents(text: str) -> int:
    return int(Decimal(text) * 100)


def test_the_same_file_again_is_the_po_it_made_though_it_has_no_number(settings, db):
    document = po_pdf_bytes(po_fields(po_number=""))
    first, second = (store_batch(settings, db, document) for _ in "12")
    for batch_id in (first, second):
        pipeline.run_batch(settings, batch_id)
    first, second = (queue_reads.get_batch(db, b) for b in (first, second))
    assert second["processed_record_id"] == first["processed_record_id"]
    assert "already_imported" in second["warnings"]
    assert rows(db, "SELECT count(*) AS n FROM purchase_orders") == [{"n": 1}]


def test_a_reading_with_neither_a_number_nor_items_is_no_po():
    with pytest.raises(InvalidPayload) as refused:
        validate({"document_type": "purchase_order", "supplier_name": "Acme"})
    assert refused.value.problems == ["The document has neither a PO number nor items."]


def test_a_removed_pos_document_and_its_preview_go_when_the_discarded_files_do(settings, db):
    po_id = imported(settings, db, po_fields(po_number=""))["processed_record_id"]
    file_path = store.get_po(db, po_id)["file_path"]
    preview = storage.folder(settings, previews.PREVIEWS) / f"{Path(file_path).stem}.jpg"
    preview.write_bytes(b"a scaled copy, as the page made it")
    ann = make_user(db, "ann@example.com")
    edit.remove_unnumbered(db, po_id, ann["id"], clock.now())
    assert storage.resolve(settings, file_path).exists()  # kept a while, as a discarded batch's
    pipeline.remove_discarded_files(db, settings, clock.now() + timedelta(days=31))
    assert not storage.resolve(settings, file_path).exists()
    assert not preview.exists()
