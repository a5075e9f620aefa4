"""The purchase order list as CSV: every PO matching a filter, in its order.

Cells are written so a spreadsheet shows them as text and never runs one as
a formula (`app/spreadsheet.py`). The rows come page by page from `listing`, so an export of
100,000 POs streams in flat memory.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator

from sqlite_utils import Database

from app import numbers
from app.purchase_orders.intake import describe_warning
from app.purchase_orders.listing import PoFilter, list_pos
from app.spreadsheet import safe_cell

CSV_COLUMNS = [
    "PO number",
    "PO date",
    "Supplier",
    "Project code",
    "Site code",
    "Site name",
    "Currency",
    "Subtotal",
    "Tax",
    "Total",
    "Items total",
    "Verified",
    "Verified at",
    "Warnings",
    "Imported at",
]


def export_csv(db: Database, flt: PoFilter, chunk: int = 1000) -> Iterator[str]:
    """Every PO matching the filter, in its order, as CSV text in chunks of rows."""
    cents = numbers.cents_to_text
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(CSV_COLUMNS)
    after = None
    while True:
        page = list_pos(db, flt, after=after, limit=chunk)
        for po in page.rows:
            writer.writerow(
                [
                    safe_cell(value)
                    for value in (
                        po["purchase_order_number"],
                        po["po_date"],
                        po["supplier_name"],
                        po["project_code"],
                        po["site_code"],
                        po["site_name"],
                        po["currency"],
                        cents(po["subtotal_cents"]),
                        cents(po["tax_cents"]),
                        cents(po["total_cents"]),
                        cents(po["items_total"]),
                        "yes" if po["is_verified"] else "no",
                        po["verified_at"],
                        "; ".join(describe_warning(w) for w in po["warnings"]),
                        po["created_at"],
                    )
                ]
            )
        yield buffer.getvalue()
        buffer.seek(0)
        buffer.truncate()
        if page.next_cursor is None:
            return
        after = page.next_cursor
