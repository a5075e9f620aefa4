"""Extraction: turn a stored document into the payload every extractor returns.

`extract(document)` is the one seam: the importer neither knows nor cares
which engine read the document. The payload is the JSON shape in DESIGN.md
(po_number, po_date, supplier_name, project_code, currency, items, subtotal,
tax, total) plus `warnings`, and, from the built-in engine, `document_type`,
per-field `confidence` and `source` text, `engine` and `pages`.

Every extraction runs in a child process with a time and memory limit
(isolate.py), so no document can hang or exhaust the worker.
"""

from __future__ import annotations

from app.extract import engine, isolate, llm, routing
from app.extract.document import Document, ExtractionError, ExtractOptions

__all__ = [
    "Document",
    "ExtractOptions",
    "ExtractionError",
    "extract",
    "extract_delivery_note",
    "extract_document",
]


def extract(document: Document) -> dict:
    """The purchase order in this document; ExtractionError says why not."""
    reader = llm.extract_po if document.options.extractor == "llm" else engine.extract_po
    return isolate.run_isolated(reader, document)


def extract_delivery_note(document: Document) -> dict:
    """The delivery note in this document (DN number, date, PO delivered against, items)."""
    return isolate.run_isolated(engine.extract_delivery_note, document)


def extract_document(document: Document) -> dict:
    """A PO or a DN, whichever this document is (its `document_type` says which)."""
    return isolate.run_isolated(routing.read_any, document)
