"""Typing the PO of a document that could not be read, beside the document itself.

The form starts with whatever the reader got before the batch died; what the
person sends becomes the same payload every extractor returns and goes through
the importer's `process()`, so a typed PO is checked, matched and recorded
exactly as a read one. Blank rows are skipped; a blank amount is quantity
times unit price.
"""

from __future__ import annotations

import json
from datetime import datetime

from sqlite_utils import Database

from app import batch_actions, clock, numbers, queue, queue_reads, storage
from app.config import Settings
from app.intake import ClaimLost
from app.purchase_orders import intake
from app.review.decisions import DecisionError, explain_batch_moved, open_item

ENTRY_FIELDS = (
    "po_number",
    "po_date",
    "supplier_name",
    "project_code",
    "currency",
    "subtotal",
    "tax",
    "total",
)
ENTRY_ITEM_FIELDS = ("item_code", "description", "quantity", "unit", "unit_price", "amount")
ENTRY_ROWS = 8
MORE_ROWS = 5  # empty rows added each time a person asks for more
_MAX_ROWS = 200


def _extracted(batch: dict) -> dict:
    """What the reader kept of the document when the batch died ({} when nothing)."""
    extracted = json.loads(batch["extracted"]) if batch.get("extracted") else {}
    return extracted if isinstance(extracted, dict) else {}


def entry_values(batch: dict) -> dict:
    """What the hand-entry form starts with: whatever was read before the batch died."""
    extracted = _extracted(batch)
    values = {name: str(extracted.get(name) or "") for name in ENTRY_FIELDS}
    values["currency"] = values["currency"] or "ZAR"
    items = [
        {name: str(item.get(name) or "") for name in ENTRY_ITEM_FIELDS}
        for item in extracted.get("items") or []
        if isinstance(item, dict)
    ]
    blank = {name: "" for name in ENTRY_ITEM_FIELDS}
    return values | {"items": items + [dict(blank)] * max(2, ENTRY_ROWS - len(items))}


# What the form calls the fields the reader may have been unsure of.
_FIELD_WORDS = {
    "po_number": "the PO number",
    "po_date": "the date",
    "supplier_name": "the supplier",
    "project_code": "the project code",
    "currency": "the currency",
    "subtotal": "the subtotal",
    "tax": "the tax",
    "total": "the total",
    "items": "the items",
}


def doubted(batch: dict) -> list[str]:
    """The fields the form starts with that the reader flagged (`low_confidence:<field>`):
    read, but not proven."""
    extracted = _extracted(batch)
    flagged = {
        str(w).partition(":")[2]
        for w in extracted.get("warnings") or []
        if str(w).startswith("low_confidence:")
    }
    start = entry_values(batch)
    read = {name for name in ENTRY_FIELDS if extracted.get(name)}
    if any(any(row.values()) for row in start["items"]):
        read.add("items")
    return [name for name in (*ENTRY_FIELDS, "items") if name in flagged and name in read]


def doubted_words(names: list[str]) -> list[str]:
    return [_FIELD_WORDS[name] for name in names]


def _kept_doubts(batch: dict, payload: dict) -> list[str]:
    """The reader's flags on the values the person sent on as the form started with them:
    a value no check proved stays flagged for review though a person pressed Import; one
    the person changed is theirs."""
    start = entry_values(batch)
    kept = []
    for name in doubted(batch):
        if name == "items":
            rows = [row for row in start["items"] if any(row.values())]
            sent = [
                {k: str(item.get(k) or "") for k in ENTRY_ITEM_FIELDS} for item in payload["items"]
            ]
            if any(row in rows for row in sent):
                kept.append("low_confidence:items")
        elif payload.get(name) == start[name].strip():
            kept.append(f"low_confidence:{name}")
    return kept


def form_values(form: dict, more_rows: int = 0) -> dict:
    """The hand-entry form as the person filled it, to show it again with what is wrong
    (or, asked for `more_rows`, with that many more empty rows)."""
    values = {name: form.get(name) or "" for name in ENTRY_FIELDS}
    rows_sent = [
        {name: form.get(f"{name}_{row}") or "" for name in ENTRY_ITEM_FIELDS}
        for row in range(1, _MAX_ROWS + 1)
    ]
    filled = [row for row in rows_sent if any(row.values())]
    blank = {name: "" for name in ENTRY_ITEM_FIELDS}
    room = min(max(2, ENTRY_ROWS - len(filled)) + more_rows, _MAX_ROWS - len(filled))
    return values | {"items": filled + [dict(blank)] * room}


def payload_from_form(form: dict) -> dict:
    """The hand-entry form as the payload every extractor returns.

    Item rows are item_code_1, quantity_1, ...; empty rows are skipped, and an
    amount left empty is quantity times unit price.
    """
    payload = {name: (form.get(name) or "").strip() for name in ENTRY_FIELDS}
    items = []
    for row in range(1, _MAX_ROWS + 1):
        item = {name: (form.get(f"{name}_{row}") or "").strip() for name in ENTRY_ITEM_FIELDS}
        if not any(item.values()):
            continue
        if not item["amount"] and item["quantity"] and item["unit_price"]:
            try:
                cents = numbers.line_amount(
                    numbers.parse_decimal(item["quantity"]),
                    numbers.parse_decimal(item["unit_price"]) * 100,
                )
                item["amount"] = numbers.cents_to_text(cents)
            except ValueError:
                pass  # validate() names the bad number
        items.append(item)
    return payload | {"items": items, "entered_by_hand": True}


def kept_words(batch: dict) -> dict:
    """The document's words, kept when the reader refused it: the typed PO takes them, so
    verifying it teaches the document's layout (app/layouts.py)."""
    kept = _extracted(batch).get("layout")
    if not isinstance(kept, dict) or not kept.get("lines"):
        return {}
    return {"layout": {"lines": kept["lines"], "pages": kept.get("pages", 0)}}


def _check_typed(payload: dict) -> None:
    """A typed PO is valid and has its number (a person typing the document types it too;
    only a reader may leave it for a person)."""
    unnumbered = [] if payload["po_number"] else ["Type the PO number as the document shows it."]
    try:
        intake.validate(payload)
    except intake.InvalidPayload as exc:
        raise intake.InvalidPayload(unnumbered + exc.problems) from None
    if unnumbered:
        raise intake.InvalidPayload(unnumbered)


def enter_by_hand(
    db: Database, settings: Settings, item_id: str, form: dict, user: dict, now: datetime
) -> intake.Outcome:
    """A person types the PO of a dead batch; it goes through the importer's process().

    InvalidPayload (with every problem) when the form is not a valid PO; the
    batch stays dead and nothing is written.
    """
    item = open_item(db, item_id)
    if item["kind"] != "batch.dead":
        raise DecisionError("Only a document that could not be imported is entered by hand.")
    batch = queue_reads.get_batch(db, item["record_id"])
    batch_actions.check_may_act(user, batch)
    # a document Intake was to work out may be a PO the person types (it becomes one)
    if batch["batch_type"] not in ("purchase_orders", "documents"):
        raise DecisionError("Only purchase orders can be entered by hand for now.")
    payload = payload_from_form(form) | kept_words(batch)
    payload["warnings"] = _kept_doubts(batch, payload)
    _check_typed(payload)
    if not storage.resolve(settings, batch["file_path"]).is_file():
        raise DecisionError(
            "The stored document of this batch is missing, so its PO cannot be entered "
            "against it. Discard the batch and upload the document again."
        )
    claim = queue.claim_by_hand(db, batch["id"], now, user["id"])
    if claim is None:
        explain_batch_moved(db, item)
    try:
        return intake.process(db, settings, claim, payload, now, entered_by=user["id"])
    except ClaimLost:
        raise DecisionError("Someone else took this batch meanwhile; reload the queue.") from None
    except OSError as exc:
        message = f"Entering the PO by hand failed ({exc.__class__.__name__}); try again."
        queue.fail_batch(db, claim, message, clock.now(), retryable=False)
        raise DecisionError(
            "The document could not be stored with the PO (is the server's disk full?); "
            "nothing was imported. Try again in a while."
        ) from None
    except BaseException as exc:
        # Back to dead with the item still open, so the person can try again.
        message = f"Entering the PO by hand failed ({exc.__class__.__name__}); try again."
        queue.fail_batch(db, claim, message, clock.now(), retryable=False)
        raise
