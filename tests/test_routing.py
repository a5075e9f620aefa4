"""Routing by content: every fixture PO is read as a PO and every fixture DN as a DN.

Each document of the corpus (tests/fixtures/documents) and of the delivery set
(tests/fixtures/deliveries) is read from its PDF as an upload Intake works
out. Its photos are the same documents; `make bench-extract` measures their
routing too (OCR is too slow to run here on every photo).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.extract import routing
from app.extract.document import Document, ExtractionError

FIXTURES = Path(__file__).resolve().parent / "fixtures"
RECORDS = [
    (folder, json.loads(path.read_text()))
    for folder in ("documents", "deliveries")
    for path in sorted((FIXTURES / folder).glob("*.json"))
]


@pytest.mark.parametrize(
    ("folder", "record"), RECORDS, ids=[record["name"] for _, record in RECORDS]
)
def test_each_document_is_routed_as_what_it_is(folder, record):
    path = FIXTURES / folder / record["pdf"]
    payload = routing.read_any(Document(path, "application/pdf", path.name))
    assert payload["document_type"] == record["kind"]


def test_the_corpus_has_both_kinds():
    kinds = [record["kind"] for _, record in RECORDS]
    assert kinds.count("purchase_order") >= 40 and kinds.count("delivery_note") >= 15


@pytest.mark.parametrize(
    ("title", "said"),
    [("QUOTATION", "a quotation"), ("TAX INVOICE", "an invoice"), ("CREDIT NOTE", "a credit note")],
)
def test_neither_po_nor_dn_is_refused_in_words(tmp_path, title, said):
    from fpdf import FPDF

    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 16)
    pdf.cell(0, 10, title)
    path = tmp_path / "doc.pdf"
    path.write_bytes(bytes(pdf.output()))
    with pytest.raises(ExtractionError) as caught:
        routing.read_any(Document(path, "application/pdf", path.name))
    assert caught.value.message.startswith(f"This looks like {said}; Intake imports purchase")
    assert not caught.value.retryable
