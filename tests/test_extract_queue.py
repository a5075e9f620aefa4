"""Scans and slow documents through the queue: what the worker does with them."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest

from app import pipeline, queue_reads
from app.purchase_orders import store
from tests.conftest import store_batch
from tests.fixtures.po_pdf import po_fields, po_pdf_bytes, slow_po_pdf_bytes

CORPUS = Path(__file__).resolve().parent / "fixtures" / "documents"


@pytest.mark.skipif(shutil.which("tesseract") is None, reason="needs Debian's tesseract-ocr")
def test_a_scanned_pdf_becomes_a_po(settings, db):
    batch_id = store_batch(settings, db, (CORPUS / "po-27.scan.pdf").read_bytes())
    assert pipeline.run_batch(settings, batch_id).outcome == "processed"
    batch = queue_reads.get_batch(db, batch_id)
    po = store.get_po(db, batch["processed_record_id"])
    assert po["purchase_order_number"] == "PO-2026-8050"
    assert store.po_items(db, po["id"])  # the table was read too


def test_a_document_over_the_time_limit_fails_retryably_and_the_worker_goes_on(settings, db):
    quick = dataclasses.replace(settings, extract_timeout=1)
    slow = store_batch(settings, db, slow_po_pdf_bytes(po_fields("SLOW2"), no_ops=900_000))
    fine = store_batch(settings, db, po_pdf_bytes(po_fields("FINE2")))
    attempt = pipeline.run_batch(quick, slow)
    assert attempt.outcome == "failed"
    assert "longer than 1 second," in queue_reads.get_batch(db, slow)["last_error"]
    assert pipeline.run_batch(quick, fine).outcome == "processed"


def test_low_confidence_and_mismatches_become_batch_warnings(settings, db):
    fields = po_fields("WARN1", total="9999.00", project_code="")
    batch_id = store_batch(settings, db, po_pdf_bytes(fields))
    assert pipeline.run_batch(settings, batch_id).outcome == "processed"
    warnings = queue_reads.get_batch(db, batch_id)["warnings"]
    assert "low_confidence:project_code" in warnings
    assert warnings.count("totals_mismatch") == 1
