"""One purchase order as every reader sees it: the page, its live parts and the JSON API.

`po_record` is the one data function for a PO (as datasette's row view has
one): the PO, its items, the totals check and the warnings brought up to
date. The page adds what only a page needs; `as_json` is the API's view of
the same record.
"""

from __future__ import annotations

import json

from sqlite_utils import Database

from app import auth, item_lines, numbers, queue_reads
from app.delivery_notes import record as deliveries
from app.purchase_orders import store, totals
from app.purchase_orders.intake import NO_NUMBER
from app.purchase_orders.totals import TotalsCheck


def current_warnings(po: dict, batch_warnings: list[str], check: TotalsCheck) -> list[str]:
    """What still needs a look: the import's warnings, brought up to date.

    Unmatched site, mismatched totals and a missing number are judged on the PO
    as it is now, so fixing them clears them; doubts the extractor had are
    settled once a person has verified the PO. A revision is the review queue's business: it
    is decided there, and once accepted it is the PO.
    """
    kept = [
        code
        for code in batch_warnings
        if code
        not in ("already_imported", "revision", "site_unmatched", "totals_mismatch", NO_NUMBER)
        and not (po["is_verified"] and code.startswith("low_confidence"))
    ]
    if po["site_id"] is None:
        kept.insert(0, "site_unmatched")
    if not po["purchase_order_number"]:  # says more than "unsure of the PO number"
        kept = [NO_NUMBER, *(code for code in kept if code != "low_confidence:po_number")]
    if not check.agree:
        kept.append("totals_mismatch")
    return kept


def items_doubt(po: dict) -> str | None:
    """Which lines the reader was unsure of, and why, as it read the document (`unproven`
    in what it read): "item 3: a number worked out, put right, or unsure"."""
    try:
        read = json.loads(po.get("raw_ocr_data") or "{}")
    except ValueError:
        return None
    unproven = read.get("unproven") if isinstance(read, dict) else None
    why = unproven.get("items") if isinstance(unproven, dict) else None
    return why[:200] if isinstance(why, str) else None


def po_record(db: Database, po_id: str) -> dict | None:
    """The PO, its items, its totals check, its batch, its current warnings and who verified
    it; None if gone."""
    po = store.get_po(db, po_id)
    if po is None:
        return None
    items = store.po_items(db, po_id)
    check = totals.check_po(po, items)
    batch = queue_reads.get_batch(db, po["batch_id"]) if po["batch_id"] else None
    import_warnings = batch["warnings"] if batch else []
    return {
        "po": po,
        "items": items,
        "totals": check,
        "warnings": current_warnings(po, import_warnings, check),
        "items_doubt": items_doubt(po),
        "import_warnings": import_warnings,
        "batch": batch,
        "verifier": auth.get_user(db, po["verified_by"]) if po["verified_by"] else None,
        "deliveries": deliveries.po_deliveries(db, po_id),
    }


def as_json(record: dict) -> dict:
    """The API's view of a PO record: money as decimal strings."""
    po, text = record["po"], numbers.cents_to_text
    delivered = {line["item"]["id"]: line for line in record["deliveries"]["lines"]}
    return {
        "id": po["id"],
        "po_number": po["purchase_order_number"],
        "po_date": po["po_date"],
        "supplier_name": po["supplier_name"],
        "project_code": po["project_code"],
        "site": {"id": po["site_id"], "code": po["site_code"], "name": po["site_name"]}
        if po["site_id"]
        else None,
        "currency": po["currency"],
        "subtotal": text(po["subtotal_cents"]),
        "tax": text(po["tax_cents"]),
        "total": text(po["total_cents"]),
        "is_verified": bool(po["is_verified"]),
        "verified_by": record["verifier"]["email"] if record["verifier"] else None,
        "verified_at": po["verified_at"],
        "batch_id": po["batch_id"],
        "created_at": po["created_at"],
        "delivery_status": record["deliveries"]["status"],
        "items": [
            {
                "id": item["id"],
                "line_no": item["line_no"],
                **item_lines.priced(item),
                "delivered_quantity": delivered[item["id"]]["delivered"],
                "outstanding_quantity": delivered[item["id"]]["outstanding"],
            }
            for item in record["items"]
        ],
    }
