"""The foot of the order: subtotal, VAT and total, each found by its label.

`read_foot` finds each total by its label, the amount to its right (or in the
same cell). The sums they must agree to are checks.py's; a total worked out
from the other two is a rule's (repairs.py). Pure.
"""

from __future__ import annotations

import re

from app.extract.layout import Line
from app.extract.model import Found
from app.extract.tables import money_text

FOOT_LABELS = {
    "subtotal": r"sub\s*-?\s*total|total\s+excl\.?(?:\s+(?:vat|tax))?|nett?\s+total|"
    r"total\s+before\s+(?:vat|tax)|amount\s+excl\.?(?:\s+vat)?|total\s+\(?excl\.?(?:\s+vat)?\)?",
    "tax": r"(?:vat|tax|gst|sales\s+tax)(?:\s+amount)?"
    r"(?:\s*(?:@|at)?\s*\(?\d{1,2}(?:[.,]\d+)?\s*%\)?)?",
    "total": r"(?:grand\s+)?total(?:\s+(?:incl\.?(?:\s+(?:vat|tax))?|due|amount|payable|"
    r"\(incl\.?(?:\s+vat)?\)|zar|usd|eur))?|amount\s+due|balance\s+due|total\s+payable",
}
_AMOUNT = re.compile(
    r"\(?-?(?:[A-Z]{3}\s?|R\s?|\$|€|£)?\d[\d ,.'\u00a0]*\d(?:\s?[A-Z]{3}|\s?€)?\)?"
)


def _amount(text: str, decimal_comma: bool) -> str | None:
    """The last amount in the text; 'R 12 038 03' and '1 805. 70' (a point the OCR lost or
    spaced) are read as 12038.03 and 1805.70 when nothing else makes them a number."""
    for match in reversed(list(_AMOUNT.finditer(text))):
        value = money_text(match.group().strip(), decimal_comma)
        if value is not None:
            return value
    return None


def read_foot(lines: list[Line], decimal_comma: bool) -> dict[str, Found]:
    """Each total from the last line that carries its label (the foot is at the end)."""
    found: dict[str, Found] = {}
    for line in reversed(lines):
        for position, cell in enumerate(line.cells):
            label = re.sub(r"\s+", " ", cell.text).strip().lower()
            for key, pattern in FOOT_LABELS.items():
                if key in found:
                    continue
                match = re.match(rf"(?:{pattern})\s*[:]?", label, re.IGNORECASE)
                if not match:
                    continue
                rest = cell.text[match.end() :].strip()
                if rest and not re.match(r"^[\d(R$€£-]|^[A-Z]{3}\s?\d", rest):
                    continue  # 'Total Excl. VAT' is not 'Total' followed by junk
                value_text = rest or " ".join(c.text for c in line.cells[position + 1 :])
                value = _amount(value_text, decimal_comma)
                if value is not None:
                    conf = 0.95 * (0.6 + 0.4 * min(c.conf for c in line.cells[position:]))
                    ocr = any(c.ocr for c in line.cells[position:])
                    found[key] = Found(value, round(conf, 3), line.text.strip(), 0, ocr)
                break
    return found
