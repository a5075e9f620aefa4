"""Turning an extracted payload into a delivery note, once, matched to its PO.

`process()` is where every reading of a DN ends. It validates, never imports
a DN number twice from the same supplier (the same contents again are
`already_imported`, others a `dn.revision` for a person), and writes the DN,
its lines, the moved file, the match to its PO and its lines, the PO's
delivery status, the batch's `processed` state and a review item for each
thing it is unsure of, in one transaction.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime

from sqlite_utils import Database

from app import links, numbers, queue, review_items, sites, storage
from app.config import Settings
from app.db import immediate
from app.delivery_notes import matching, reconcile, reviews, revisions, store
from app.ids import new_id
from app.purchase_orders import store as po_store
from app.purchase_orders.intake import ClaimLost, InvalidPayload
from app.queue import Claim

SUPPLIER_DOUBT = "low_confidence:supplier_name"


@dataclass
class Item:
    line_no: int
    item_code: str
    description: str
    quantity: str
    unit: str
    ordered_quantity: str | None


@dataclass
class DeliveryNoteData:
    dn_number: str
    dn_date: str | None
    supplier_name: str
    po_reference: str
    project_code: str
    items: list[Item] = field(default_factory=list)


@dataclass(frozen=True)
class Outcome:
    dn_id: str
    created: bool
    warnings: list[str]


def _text(payload: dict, key: str, limit: int = 500) -> str:
    value = payload.get(key)
    return "" if value is None else str(value).strip()[:limit]


def _quantity(raw: dict, key: str, line_no: int, problems: list[str]) -> str | None:
    if raw.get(key) in (None, ""):
        return None
    try:
        return numbers.parse_quantity(raw.get(key))
    except ValueError:
        problems.append(f"Item {line_no}: the quantity {raw.get(key)!r} is not a number.")
        return None


def validate(payload: object) -> DeliveryNoteData:
    """Check an extracted DN payload and convert it; InvalidPayload lists every problem."""
    if not isinstance(payload, dict):
        raise InvalidPayload(["The extracted data must be a JSON object."])
    problems: list[str] = []
    dn_number = _text(payload, "dn_number", 64)
    if not matching.reference_key(dn_number):
        problems.append("The document has no delivery note number.")
    dn_date = None
    if _text(payload, "dn_date"):
        try:
            dn_date = numbers.parse_date(_text(payload, "dn_date"))
        except ValueError:
            problems.append(f"The delivery date {payload['dn_date']!r} is not a date.")
    raw_items = payload.get("items") or []
    if not isinstance(raw_items, list):
        problems.append("The items must be a list.")
        raw_items = []
    items = []
    for line_no, raw in enumerate(raw_items, start=1):
        if not isinstance(raw, dict):
            problems.append(f"Item {line_no} must be an object.")
            continue
        delivered = _quantity(raw, "quantity", line_no, problems)
        if delivered is None and raw.get("quantity") in (None, ""):
            problems.append(f"Item {line_no} has no delivered quantity.")
        items.append(
            Item(
                line_no=line_no,
                item_code=_text(raw, "item_code", 100),
                description=_text(raw, "description", 2000),
                quantity=delivered or "0",
                unit=_text(raw, "unit", 40),
                ordered_quantity=_quantity(raw, "ordered_quantity", line_no, problems),
            )
        )
    if problems:
        raise InvalidPayload(problems)
    return DeliveryNoteData(
        dn_number=dn_number,
        dn_date=dn_date,
        supplier_name=_text(payload, "supplier_name", 300),
        po_reference=_text(payload, "po_number", 64),
        project_code=_text(payload, "project_code", 64),
        items=items,
    )


def process(
    db: Database, settings: Settings, claim: Claim, payload: dict, now: datetime
) -> Outcome:
    """Import one extracted DN for the batch this claim holds, matched to its PO."""
    data = validate(payload)
    warnings = [str(w) for w in payload.get("warnings") or []]
    dn_id = new_id()
    new_path = None
    try:
        with immediate(db):
            if not queue.holds_claim(db, claim):
                raise ClaimLost(claim.batch_id)
            supplier_id = reconcile.supplier_of(db, data.supplier_name)
            existing = store.same_number(
                db,
                matching.reference_key(data.dn_number),
                links.normalise_name(data.supplier_name),
                supplier_id,
            )
            if existing:
                dn_id, created, file_path = existing["id"], False, claim.file_path
                warnings.append(revisions.arrived_again(db, existing, data, claim, payload, now))
            else:
                new_path = _create(db, settings, dn_id, data, supplier_id, claim, payload, now)
                warnings += _match(db, dn_id, now)
                created, file_path = True, new_path
            warnings = _supplier_proven(db, dn_id, warnings)
            if not queue.mark_processed(
                db,
                claim,
                record_id=dn_id,
                warnings=warnings,
                extracted=payload,
                file_path=file_path,
                now=now,
                batch_type="delivery_notes",
            ):
                raise ClaimLost(claim.batch_id)
            review_items.close_open(
                db,
                "batch.dead",
                "batch",
                claim.batch_id,
                resolution="processed",
                actor=None,
                now=now,
            )
    except BaseException:
        if new_path:
            storage.remove(settings, new_path)
        raise
    if new_path:
        storage.remove(settings, claim.file_path)
    return Outcome(dn_id=dn_id, created=created, warnings=warnings)


def _create(
    db: Database,
    settings: Settings,
    dn_id: str,
    data: DeliveryNoteData,
    supplier_id: str | None,
    claim: Claim,
    payload: dict,
    now: datetime,
) -> str:
    """Inside the import: place the document and write the DN and its lines; its new path."""
    site = sites.match_site(db, data.project_code)
    name = storage.stored_name(dn_id, claim.content_type)
    new_path = storage.place_copy(settings, claim.file_path, storage.DELIVERY_NOTES, name)
    store.insert_dn(
        db,
        {
            "id": dn_id,
            "dn_number": data.dn_number,
            "number_key": matching.reference_key(data.dn_number),
            "supplier_key": links.normalise_name(data.supplier_name),
            "dn_date": data.dn_date,
            "supplier_name": data.supplier_name,
            "supplier_id": supplier_id,
            "po_reference": data.po_reference,
            "project_code": data.project_code,
            "site_id": site["id"] if site else None,
            "file_path": new_path,
            "content_type": claim.content_type,
            "raw_ocr_data": json.dumps(payload),
            "batch_id": claim.batch_id,
        },
        now,
    )
    store.insert_items(db, dn_id, [item.__dict__ for item in data.items])
    store.record_history(
        db,
        dn_id,
        "created",
        now,
        actor=claim.uploaded_by,
        note=f"imported from batch {claim.batch_id}",
    )
    return new_path


def _match(db: Database, dn_id: str, now: datetime) -> list[str]:
    """Inside the import: find the DN's PO and match its lines; the warnings that leaves."""
    dn = store.get_dn(db, dn_id)
    found = reconcile.find_po(db, dn, store.dn_items(db, dn_id))
    if not found.po_id:
        reviews.open_po_unknown(db, dn, found.proposals, now)
        return ["po_unknown"]
    reconcile.attach(db, dn_id, found.po_id, found.how, found.score, None, now)
    items = store.dn_items(db, dn_id)
    if any(not item["purchase_order_item_id"] for item in items):
        return ["unmatched_lines"]
    return []


def _supplier_proven(db: Database, dn_id: str, warnings: list[str]) -> list[str]:
    """The warnings without the supplier doubt when the DN's PO names the same supplier.

    A supplier read from a letterhead is unproven on its own; the purchase
    order the note delivers against, from that supplier, proves it.
    """
    dn = store.get_dn(db, dn_id)
    order = po_store.get_po(db, dn["purchase_order_id"]) if dn["purchase_order_id"] else None
    supplier = links.normalise_name(dn["supplier_name"])
    if order and supplier and supplier == links.normalise_name(order["supplier_name"]):
        return [w for w in warnings if w != SUPPLIER_DOUBT]
    return warnings
