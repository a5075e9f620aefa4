"""The purchase order list as CSV: every PO matching a filter, in its order.

The rows come page by page from `listing` and are written by `app/csv_export.py`
(flat memory; no cell a spreadsheet would run as a formula).
"""

from __future__ import annotations

from collections.abc import Iterator

from sqlite_utils import Database

from app import csv_export, numbers
from app.purchase_orders.intake import describe_warning
from app.purchase_orders.listing import PoFilter, list_pos

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
    return csv_export.stream(
        CSV_COLUMNS, lambda after, limit: list_pos(db, flt, after=after, limit=limit), _cells, chunk
    )


def _cells(po: dict) -> tuple:
    cents = numbers.cents_to_text
    return (
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
