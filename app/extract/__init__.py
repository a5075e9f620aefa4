"""Extraction: turn a stored document into the PO payload every extractor returns.

`extract(document)` is the one seam: the importer neither knows nor cares
which engine read the document. The payload is the JSON shape in DESIGN.md
(po_number, po_date, supplier_name, project_code, currency, items, subtotal,
tax, total) plus an optional list of `warnings`.
"""

from __future__ import annotations

from app.extract.document import Document, ExtractionError
from app.extract.textpdf import extract_pdf

__all__ = ["Document", "ExtractionError", "extract"]


def extract(document: Document) -> dict:
    if document.content_type == "application/pdf":
        return extract_pdf(document.path)
    raise ExtractionError(
        "Photos and scans cannot be read yet; upload the PO as a text PDF, or enter it by hand."
    )
