"""The first extractor: text PDFs in a simple labelled layout, read with pypdf.

Header fields are found by their labels ("PO Number:", "Date:", "Supplier:",
"Project:"), the item table by its header row, the totals by the labels in
its foot. A PDF without a text layer, an encrypted one or a broken one fails
with a message a person can act on; none of those is worth retrying.
"""

from __future__ import annotations

import re
from pathlib import Path

from pypdf import PdfReader
from pypdf.errors import (
    DependencyError,
    FileNotDecryptedError,
    LimitReachedError,
    PdfReadError,
    PyPdfError,
)

from app.extract.document import ExtractionError

MAX_PAGES = 50

_FIELDS = {
    "po_number": r"(?:P\.?\s?O\.?|Purchase\s+Order)\s*(?:Number|No\.?|#)",
    "po_date": r"(?:P\.?\s?O\.?\s+|Order\s+)?Date",
    "supplier_name": r"Supplier(?:\s+Name)?",
    "project_code": r"Project(?:\s+Code)?",
    "currency": r"Currency",
}
_FOOT = {
    "subtotal": r"Sub\s*-?\s*total",
    "tax": r"(?:VAT|Tax)(?:\s*\(?\d+(?:\.\d+)?\s*%\)?)?",
    "total": r"(?:Grand\s+)?Total(?:\s+Due)?",
}
_COLUMNS = {
    "item_code": r"(?:item\s+)?code|item|sku",
    "description": r"description|details",
    "quantity": r"qty|quantity",
    "unit": r"unit|uom",
    "unit_price": r"unit\s+price|price|rate",
    "amount": r"amount|line\s+total|total",
}
_NUMBER = re.compile(r"^[R$]?\s?-?[\d ,]*\d(?:\.\d+)?$")


def read_text(path: Path) -> str:
    try:
        reader = PdfReader(path)
        if reader.is_encrypted:
            try:
                reader.decrypt("")
                reader.pages[0].extract_text()
            except (FileNotDecryptedError, PdfReadError, DependencyError, NotImplementedError):
                raise ExtractionError(
                    "This PDF is password-protected; upload an unlocked copy."
                ) from None
        if len(reader.pages) > MAX_PAGES:
            raise ExtractionError(
                f"This PDF has {len(reader.pages)} pages; a PO has at most {MAX_PAGES}. "
                "Upload the PO on its own."
            )
        pages = [page.extract_text(extraction_mode="layout") for page in reader.pages]
    except ExtractionError:
        raise
    except LimitReachedError:
        raise ExtractionError(
            "This PDF is too complex to read safely (it exceeds the reader's limits). "
            "Print it to a new PDF and upload that, or enter the PO by hand."
        ) from None
    except (PyPdfError, ValueError, KeyError, TypeError) as exc:
        raise ExtractionError(
            f"This file could not be read as a PDF ({exc.__class__.__name__}); "
            "it may be damaged. Upload it again from the original."
        ) from None
    return "\n".join(pages)


def _label_value(lines: list[str], label: str) -> str | None:
    pattern = re.compile(rf"(?:^|\s{{2,}})(?:{label})\s*[:#]?\s*(\S.*?)(?:\s{{2,}}|$)", re.I)
    for line in lines:
        match = pattern.search(line)
        if match:
            return match.group(1).strip()
    return None


def _header_columns(line: str) -> list[str] | None:
    cells = [c.strip().lower() for c in re.split(r"\s{2,}", line.strip()) if c.strip()]
    names = []
    for cell in cells:
        for name, pattern in _COLUMNS.items():
            if re.fullmatch(pattern, cell) and name not in names:
                names.append(name)
                break
        else:
            return None
    if "description" in names and "quantity" in names:
        return names
    return None


def _is_foot(line: str) -> bool:
    return any(re.match(rf"\s*{label}\b", line, re.I) for label in _FOOT.values())


def _items(lines: list[str]) -> list[dict]:
    items: list[dict] = []
    columns: list[str] | None = None
    for line in lines:
        if not line.strip():
            continue
        header = _header_columns(line)
        if header:
            columns = header  # a table continuing on a new page repeats its header
            continue
        if columns is None:
            continue
        if _is_foot(line):
            columns = None
            continue
        cells = [c.strip() for c in re.split(r"\s{2,}", line.strip()) if c.strip()]
        if len(cells) == len(columns):
            items.append(dict(zip(columns, cells, strict=True)))
        elif items and len(cells) == 1 and not _NUMBER.match(cells[0]):
            # a description that wrapped onto the next line belongs to the item above
            items[-1]["description"] = f"{items[-1].get('description', '')} {cells[0]}".strip()
    return items


def parse_text(text: str) -> dict:
    lines = text.splitlines()
    if not any(line.strip() for line in lines):
        raise ExtractionError(
            "This PDF has no text layer (it is probably a scan); scans cannot be read yet. "
            "Upload a text PDF or enter the PO by hand."
        )
    payload: dict = {name: _label_value(lines, label) for name, label in _FIELDS.items()}
    if not payload["po_number"]:
        raise ExtractionError(
            "No PO number was found on this document; is it a purchase order? "
            "Upload the PO itself, or enter it by hand."
        )
    for name, label in _FOOT.items():
        payload[name] = _label_value(lines, label)
    payload["currency"] = payload["currency"] or "ZAR"
    payload["items"] = _items(lines)
    return payload


def extract_pdf(path: Path) -> dict:
    return parse_text(read_text(path))
