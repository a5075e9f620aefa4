"""One delivery note as every reader sees it, and what has arrived against one PO.

`dn_record` is the one data function for a DN (the page and the API);
`po_deliveries` is the delivery side of a PO (its page and its API): per
line ordered, delivered and outstanding, the DNs that delivered, the status.
"""

from __future__ import annotations

from sqlite_utils import Database

from app import item_lines, queue_reads
from app.delivery_notes import delivery, reconcile, store
from app.delivery_notes.delivery import show_quantity


def dn_record(db: Database, dn_id: str) -> dict | None:
    """The DN, its lines (with their PO lines), its batch and its PO's lines; None if gone."""
    dn = store.get_dn(db, dn_id)
    if dn is None:
        return None
    po_lines = reconcile.po_lines(db, dn["purchase_order_id"]) if dn["purchase_order_id"] else []
    return {
        "dn": dn,
        "items": store.dn_items(db, dn_id),
        "batch": queue_reads.get_batch(db, dn["batch_id"]) if dn["batch_id"] else None,
        "po_lines": po_lines,
    }


def as_json(record: dict) -> dict:
    """The API's view of a DN: each line with the PO line it was matched to."""
    dn = record["dn"]
    return {
        "id": dn["id"],
        "dn_number": dn["dn_number"],
        "dn_date": dn["dn_date"],
        "supplier_name": dn["supplier_name"],
        "po_reference": dn["po_reference"],
        "purchase_order": {
            "id": dn["purchase_order_id"],
            "po_number": dn["po_number"],
            "matched_by": dn["po_match"],
            "score": dn["po_match_score"],
        }
        if dn["purchase_order_id"]
        else None,
        "project_code": dn["project_code"],
        "site": {"id": dn["site_id"], "code": dn["site_code"], "name": dn["site_name"]}
        if dn["site_id"]
        else None,
        "is_verified": bool(dn["is_verified"]),
        "verified_at": dn["verified_at"],
        "batch_id": dn["batch_id"],
        "created_at": dn["created_at"],
        "items": [
            {
                "id": item["id"],
                "line_no": item["line_no"],
                **item_lines.words(item),
                "ordered_quantity": item["ordered_quantity"],
                "purchase_order_item_id": item["purchase_order_item_id"],
                "match_method": item["match_method"],
                "match_score": item["match_score"],
            }
            for item in record["items"]
        ],
    }


def po_deliveries(db: Database, po_id: str) -> dict:
    """What has arrived against a PO: its status, each line's delivery, and the DNs."""
    lines, found, closed = reconcile.po_delivery(db, po_id)
    status = delivery.status(list(found.values()), closed)
    return {
        "status": status,
        "status_label": delivery.STATUSES[status],
        "closed": store.closure(db, po_id),
        "lines": [
            {
                "item": line,
                "ordered": show_quantity(found[line["id"]].ordered),
                "delivered": show_quantity(found[line["id"]].delivered),
                "outstanding": show_quantity(found[line["id"]].outstanding),
                "over": show_quantity(found[line["id"]].over),
                "outstanding_cents": found[line["id"]].outstanding_cents,
            }
            for line in lines
        ],
        "notes": store.dns_of_po(db, po_id),
        "outstanding_cents": delivery.total(f.outstanding_cents for f in found.values()),
    }
