"""The built-in engine: any document to positioned lines, then to a PO or DN payload.

Text PDFs give lines from pypdf's layout text; photos and pages without a
text layer go through OCR; from there one set of rules finds the kind of
document, its header fields, its item table and its foot, and checks the
sums. Every field comes with a confidence and the text it was read from;
what falls short becomes a warning (`low_confidence:<field>`,
`totals_mismatch`) for a person to check.
"""

from __future__ import annotations

import re
import subprocess

from app.extract import fields, items, ocr, pdf, tables, totals
from app.extract.document import Document, ExtractionError
from app.extract.fields import MISSING, Found
from app.extract.layout import Line, box_lines, box_scale, text_lines, typical_step
from app.extract.memory import recall, words
from app.extract.second_look import OcrPage, fill_missing_numbers

# Below this a field is flagged for a person to check.
LOW = 0.6
CHECKED_FIELDS = (
    "po_number",
    "po_date",
    "supplier_name",
    "project_code",
    "subtotal",
    "tax",
    "total",
)
DN_FIELDS = ("dn_number", "dn_date", "po_number", "supplier_name", "project_code")
KINDS = [
    ("delivery_note", r"delivery\s+note|delivery\s+slip|dispatch\s+note|goods\s+delivery|waybill"),
    ("purchase_order", r"purchase\s+order|order\s+form|official\s+order"),
    ("quotation", r"quotation|\bquote\b|pro\s*-?\s*forma|estimate"),
    ("credit_note", r"credit\s+note"),
    ("invoice", r"(?:tax\s+)?invoice"),
    ("statement", r"statement(?:\s+of\s+account)?"),
]
NOT_A_PO = {
    "quotation": "This looks like a quotation, not a purchase order. Upload the PO itself.",
    "invoice": "This looks like an invoice, not a purchase order. Upload the PO itself.",
    "credit_note": "This looks like a credit note, not a purchase order. Upload the PO itself.",
    "statement": "This looks like a statement, not a purchase order. Upload the PO itself.",
    "delivery_note": (
        "This looks like a delivery note, not a purchase order. Upload it as a delivery note."
    ),
}


def document_lines(document: Document) -> tuple[list[Line], int, str]:
    """The document's lines, its page count, and how they were read (text or the OCR engine)."""
    options = document.options
    if document.content_type != "application/pdf":
        image, boxes = ocr.read_image(
            ocr.load_image(document.path), options.ocr_engine, options.timeout
        )
        _remember(lines := box_lines(boxes), OcrPage(image, 0.0, *box_scale(boxes)))
        return lines, 1, f"ocr:{options.ocr_engine}"
    reader = pdf.open_pdf(document.path)
    lines: list[Line] = []
    source = "text"
    for number in range(len(reader.pages)):
        y0 = lines[-1].y + 4 if lines else 0.0
        page = text_lines(pdf.page_text(reader, number), number, y0)
        if not page:
            image = pdf.page_image(reader, number)
            if image is not None:
                seen, boxes = ocr.read_image(image, options.ocr_engine, options.timeout)
                page = box_lines(boxes, number, y0)
                _remember(page, OcrPage(seen, y0, *box_scale(boxes)))
                source = f"ocr:{options.ocr_engine}"
        lines.extend(page)
    return lines, len(reader.pages), source


def _remember(lines: list[Line], page: OcrPage) -> None:
    """Keep the OCR'd page with its lines, for a second look at numbers it missed."""
    for line in lines:
        line.ocr_page = page


def document_kind(lines: list[Line]) -> str | None:
    """The kind its title names, reading from the top; None when no title says.

    A title is a short cell that starts with the kind's name: 'PURCHASE ORDER',
    'Delivery Note', not 'please quote our order number on all delivery notes'.
    """
    for line in lines[:20]:
        for cell in line.cells:
            if len(cell.text.split()) > 5:
                continue
            for kind, pattern in KINDS:
                if re.match(rf"(?:{pattern})\b", cell.text.strip(), re.IGNORECASE):
                    return kind
    return None


def _decimal_comma(lines: list[Line]) -> bool:
    text = "\n".join(line.text for line in lines)
    commas = len(re.findall(r"\d,\d{2}(?![\d,.])", text))
    points = len(re.findall(r"\d\.\d{2}(?![\d,.])", text))
    return commas > points


def _report(found: dict[str, Found], payload: dict, names: tuple[str, ...]) -> list[str]:
    payload["confidence"] = {name: found.get(name, MISSING).confidence for name in found}
    payload["source"] = {name: found[name].source for name in found if found[name].source}
    return [f"low_confidence:{name}" for name in names if found.get(name, MISSING).confidence < LOW]


def _item_warnings(rows: list[dict]) -> list[str]:
    if not rows or any(item.get("confidence", 1) < LOW for item in rows):
        return ["low_confidence:items"]
    return []


def read_po(lines: list[Line], day_first: bool = True) -> dict:
    step = typical_step(lines)
    comma = _decimal_comma(lines)
    found = {
        key: fields.find(lines, patterns, check, step)
        for key, patterns, check in [
            ("po_number", fields.PO_LABELS["po_number"], fields.reference),
            ("po_date", fields.PO_LABELS["po_date"], fields.date_checker(day_first)),
            ("supplier_name", fields.PO_LABELS["supplier_name"], fields.name),
            ("project_code", fields.PO_LABELS["project_code"], fields.code),
            ("currency", fields.PO_LABELS["currency"], fields.currency),
        ]
    }
    if not found["currency"].value:
        symbol = fields.detect_currency("\n".join(line.text for line in lines))
        found["currency"] = Found(symbol or "ZAR", 0.8 if symbol else 0.7, symbol or "")
    raw = tables.find_table(lines, step, comma) or tables.headerless_rows(lines, step, comma)
    items.name_columns(raw, comma)  # a misread header word ('aty') named by what is under it
    fill_missing_numbers(raw, lines, comma)
    raw = tables.settle_maybe_rows(raw, comma)
    rows = items.to_items(raw, comma)
    totals.complete_items(rows)
    # an item has a quantity and something it is of: a lone number is a speck or a stray mark
    rows = [
        row
        for row in rows
        if row.get("quantity") and (row["description"] or row.get("amount") or row["item_code"])
    ]
    discounts = any(column.key == "discount" for row in raw for column in row.columns)
    ocr = any(line.ocr_page is not None for line in lines)
    foot, failed = totals.check(rows, totals.read_foot(lines, comma), discounts, ocr)
    for row in rows:
        row.pop("doubtful", None)
    found.update(foot)
    payload = {
        "document_type": "purchase_order",
        **{
            key: found[key].value if key in found else None for key in (*CHECKED_FIELDS, "currency")
        },
        "items": rows,
        "checks_failed": failed,
    }
    warnings = _report(found, payload, CHECKED_FIELDS) + _item_warnings(rows)
    if failed:
        warnings.append("totals_mismatch")
    payload["warnings"] = warnings
    return payload


def read_dn(lines: list[Line], day_first: bool = True) -> dict:
    step = typical_step(lines)
    comma = _decimal_comma(lines)
    found = {
        key: fields.find(lines, fields.DN_LABELS[key], check, step)
        for key, check in [
            ("dn_number", fields.reference),
            ("dn_date", fields.date_checker(day_first)),
            ("po_number", fields.reference),
            ("supplier_name", fields.name),
            ("project_code", fields.code),
        ]
    }
    if not found["supplier_name"].value:
        found["supplier_name"] = fields.letterhead(lines, re.compile(KINDS[0][1], re.IGNORECASE))
    raw = tables.find_table(lines, step, comma)
    items.name_columns(raw, comma)
    fill_missing_numbers(raw, lines, comma)
    raw = tables.settle_maybe_rows(raw, comma)
    rows = items.to_items(raw, comma, delivery_note=True)
    rows = [row for row in rows if row.get("quantity")]
    payload = {
        "document_type": "delivery_note",
        **{key: found[key].value for key in DN_FIELDS},
        "items": rows,
    }
    payload["warnings"] = _report(found, payload, DN_FIELDS) + _item_warnings(rows)
    return payload


def _without_rules(lines: list[Line], payload: dict, document: Document) -> dict:
    """A photo or scan whose table did not read or add up, read again with its ruled lines
    painted out: a boxed table can hide its header row and lone digits from the OCR.
    The second reading is kept only when it finds items where the first found none, adds
    up where the first did not, or finds more items with the same result. (Rules help
    the OCR elsewhere, so this is not the first reading.)"""
    pages = {line.page: line.ocr_page for line in lines if line.ocr_page is not None}
    if len(pages) != 1 or len({line.page for line in lines}) != 1:
        return payload  # one OCR'd page only: a multi-page scan is not read twice
    page = next(iter(pages.values()))
    clean = ocr.remove_rules(page.image)
    if clean is page.image:
        return payload
    options = document.options
    try:
        boxes = ocr.ENGINES[options.ocr_engine](clean, options.timeout)
    except (ExtractionError, subprocess.TimeoutExpired, OSError):
        return payload  # the first reading stands
    again = box_lines(boxes, lines[0].page, page.y0)
    _remember(again, OcrPage(clean, page.y0, *box_scale(boxes)))
    if not again:
        return payload
    second = read_po(again, options.day_first)

    def score(reading: dict) -> tuple[bool, bool, int]:
        return (bool(reading["items"]), not reading["checks_failed"], len(reading["items"]))

    return second if score(second) > score(payload) else payload


def read(document: Document) -> dict:
    """Whatever the document is: a PO or DN payload, or ExtractionError saying what it is."""
    lines, pages, source = document_lines(document)
    if not lines:
        raise ExtractionError(
            "No text could be found on this document (a blank page, or a photo too dark or "
            "blurred to read). Upload a clearer copy, or enter the PO by hand."
        )
    kind = document_kind(lines)
    if kind in NOT_A_PO and kind != "delivery_note":
        # a page of a layout people verified as a PO's is one, whatever its title says
        kind = "purchase_order" if recall.known(document.options.layouts, lines) else kind
    if kind == "delivery_note":
        payload = read_dn(lines, document.options.day_first)
    elif kind in (None, "purchase_order"):
        payload = read_po(lines, document.options.day_first)
        unsure = not payload["items"] or payload["checks_failed"]
        if unsure and (kind or payload["po_number"]):  # not for a letter: it has no table
            payload = _without_rules(lines, payload, document)
        # a layout learned from a verified PO reads its values at their places
        payload = recall.read_known(document.options.layouts, lines, payload, LOW)
        if kind is None and not (payload["po_number"] and payload["items"]):
            kind = "letter"
    else:
        payload = {"document_type": kind, "layout": words.keep(lines)}
    payload["document_type"] = payload.get("document_type") if kind != "letter" else "letter"
    payload.update(engine=source, pages=pages)
    return payload


def extract_po(document: Document) -> dict:
    return as_po(read(document))


def as_po(payload: dict) -> dict:
    """A reading that must be a PO: ExtractionError says what else it is."""
    kind = payload["document_type"]
    kept = {"layout": payload["layout"]} if "layout" in payload else None  # its words
    if kind in NOT_A_PO:
        raise ExtractionError(NOT_A_PO[kind], kept=kept)
    if kind == "letter":
        raise ExtractionError(
            "This does not look like a purchase order (no PO number and item table were "
            "found); it may be a letter or another document. Upload the PO itself, or enter "
            "it by hand.",
            kept=kept,
        )
    if not payload["po_number"]:
        raise ExtractionError(
            "No PO number was found on this document. Upload a clearer copy, or enter the PO "
            "by hand.",
            kept=kept,
        )
    return payload


def extract_delivery_note(document: Document) -> dict:
    payload = read(document)
    if payload["document_type"] != "delivery_note":
        raise ExtractionError(
            "This does not look like a delivery note (no 'Delivery Note' title was found). "
            "Upload the delivery note itself."
        )
    return payload


def read_text(text: str, day_first: bool = True) -> dict:
    """For tests: a PO payload from layout text, as pypdf would give for one page."""
    return read_po(text_lines(text), day_first)
