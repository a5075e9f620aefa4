"""Reading a document Intake is to work out: a purchase order or a delivery note, by its content.

The built-in engine decides from the document's title (`engine.KINDS`), the
same rule that refuses a DN uploaded as a PO: a document titled as a delivery
note is read as one, a purchase order (or an untitled page with a PO number
and items) as a PO. Anything else fails with a sentence saying what it looks
like. With INTAKE_EXTRACTOR=llm a PO is then read by the LLM, as an upload
chosen as a PO would be; delivery notes are always read by the engine.
"""

from __future__ import annotations

from app.extract import engine, llm
from app.extract.document import Document, ExtractionError

KINDS_READ = ("purchase_order", "delivery_note")
OTHER = {
    "quotation": "a quotation",
    "invoice": "an invoice",
    "credit_note": "a credit note",
    "statement": "a statement",
}


def read_any(document: Document) -> dict:
    """The PO or DN payload in this document; ExtractionError when it is neither."""
    payload = engine.read(document)
    kind = payload["document_type"]
    if kind == "delivery_note":
        return payload
    kept = {"layout": payload["layout"]} if "layout" in payload else None  # its words
    if kind in OTHER:
        raise ExtractionError(
            f"This looks like {OTHER[kind]}; Intake imports purchase orders and delivery "
            "notes. Upload the PO or the delivery note itself.",
            kept=kept,
        )
    if kind not in KINDS_READ:
        raise ExtractionError(
            "This looks like neither a purchase order nor a delivery note (no title, PO "
            "number or item table was found). Upload the document itself, or enter it by hand.",
            kept=kept,
        )
    if document.options.extractor == "llm":
        return llm.extract_po(document)
    return engine.as_po(payload)
