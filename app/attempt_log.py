"""The `[po-process-batch]` log lines: one shape, whoever read the document.

The worker, a remote worker and the process-batch API log an attempt the same
way: a success with what it imported, a failure with the step it failed at
(download, extract, validate, import), and a refusal by the API with its
status. One JSON object a line, so a search for a batch id finds its whole
story. Nothing here changes a record.
"""

from __future__ import annotations

import json
import logging

from sqlite_utils import Database

from app import numbers
from app.delivery_notes import store as dn_store
from app.purchase_orders import store as po_store

log = logging.getLogger("intake")

TAG = "[po-process-batch]"
STEPS = ("download", "extract", "validate", "import")


def imported(db: Database, batch_id: str, outcome, duration_ms: int, **more) -> None:
    """An attempt that imported its document (or found it imported before)."""
    line = {"batch_id": batch_id, **what_was_imported(db, outcome)}
    line |= {"duration_ms": duration_ms, "warnings": outcome.warnings, **more}
    log.info("%s %s", TAG, json.dumps(line))


def what_was_imported(db: Database, outcome) -> dict:
    """The record an import made, as the success line names it."""
    if hasattr(outcome, "dn_id"):
        dn = dn_store.get_dn(db, outcome.dn_id) or {}
        po = po_store.get_po(db, dn["purchase_order_id"]) if dn.get("purchase_order_id") else None
        return {
            "dn_id": outcome.dn_id,
            "dn_number": dn.get("dn_number"),
            "po_number": dn.get("po_number"),
            "matched_site_id": (po or dn).get("site_id"),
            "items_count": len(dn_store.dn_items(db, outcome.dn_id)),
            "total_value": None,  # a DN states quantities; their value is the PO's
        }
    po = po_store.get_po(db, outcome.po_id) or {}
    total = numbers.cents_to_text(po.get("total_cents"))
    return {
        "po_id": outcome.po_id,
        "po_number": po.get("purchase_order_number"),
        "matched_site_id": po.get("site_id"),
        "items_count": po_store.item_count(db, outcome.po_id),
        "total_value": f"{total} {po['currency']}" if total else None,
    }


def handed_in(batch_id: str, payload: dict, answer: dict, duration_ms: int) -> None:
    """A remote worker's result, imported by the server: what it read and what it was told."""
    line = {
        "batch_id": batch_id,
        "po_number": payload.get("po_number"),
        "dn_number": payload.get("dn_number"),
        "items_count": len(payload.get("items") or []),
        "total_value": payload.get("total"),
        "duration_ms": duration_ms,
        "warnings": answer.get("warnings"),
        "record_id": answer.get("po_id") or answer.get("dn_id"),
        "via": "remote",
    }
    log.info("%s %s", TAG, json.dumps(line))


def failed(batch_id: str, step: str, error: str, **more) -> None:
    """An attempt that failed, and at which step."""
    line = {"batch_id": batch_id, "step": step, "error": error, **more}
    log.warning("%s %s", TAG, json.dumps(line))


def refused(status_code: int, error: str, batch_id: str | None = None, **more) -> None:
    """The API turned a request of the extraction loop away."""
    line = {"batch_id": batch_id, "refused": status_code, "error": error, **more}
    log.info("%s %s", TAG, json.dumps(line))
