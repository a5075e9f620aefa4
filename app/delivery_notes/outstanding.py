"""What is still outstanding at a site: the lines of its POs not yet delivered, with their value.

Read-only, in three queries whatever the number of POs: the site's POs not
delivered (by the stored status), their delivered quantities, and the POs
closed short. Values are at each PO's prices in its own currency, and the
totals are per currency (`delivery.by_currency`), never one mixed sum.
"""

from __future__ import annotations

from decimal import Decimal

from sqlite_utils import Database

from app.db import rows
from app.delivery_notes import delivery
from app.delivery_notes.matching import quantity

SHOWN = 200  # lines listed on the page; the totals count every line

_OPEN = "po.site_id = :site AND po.delivery_status != 'delivered'"


def site_outstanding(db: Database, site_id: str, shown: int = SHOWN) -> dict:
    """{lines (the first `shown`, oldest PO first), count, po_count, totals per currency}."""
    params = {"site": site_id}
    items = rows(
        db,
        "SELECT i.*, po.purchase_order_number, po.currency, po.po_date, po.supplier_name"
        " FROM purchase_order_items i JOIN purchase_orders po ON po.id = i.purchase_order_id"
        f" WHERE {_OPEN} ORDER BY po.created_at, po.id, i.line_no",
        params,
    )
    delivered: dict[str, Decimal] = {}
    for row in rows(
        db,
        "SELECT di.purchase_order_item_id AS item_id, di.quantity FROM delivery_note_items di"
        " JOIN delivery_notes dn ON dn.id = di.delivery_note_id"
        " JOIN purchase_orders po ON po.id = dn.purchase_order_id"
        f" WHERE {_OPEN} AND di.purchase_order_item_id IS NOT NULL",
        params,
    ):
        delivered[row["item_id"]] = delivered.get(row["item_id"], Decimal(0)) + (
            quantity(row["quantity"]) or Decimal(0)
        )
    closed = {
        row["purchase_order_id"]
        for row in rows(
            db,
            "SELECT c.purchase_order_id FROM delivery_closures c"
            f" JOIN purchase_orders po ON po.id = c.purchase_order_id WHERE {_OPEN}",
            params,
        )
    }
    lines = []
    for item in items:
        found = delivery.line_delivery(
            item, delivered.get(item["id"], Decimal(0)), item["purchase_order_id"] in closed
        )
        if found.outstanding:
            lines.append(
                {
                    "item": item,
                    "ordered": delivery.show_quantity(found.ordered),
                    "delivered": delivery.show_quantity(found.delivered),
                    "outstanding": delivery.show_quantity(found.outstanding),
                    "value_cents": found.outstanding_cents,
                }
            )
    return {
        "lines": lines[:shown],
        "count": len(lines),
        "po_count": len({line["item"]["purchase_order_id"] for line in lines}),
        "totals": delivery.by_currency(
            (line["item"]["currency"], line["value_cents"]) for line in lines
        ),
    }
