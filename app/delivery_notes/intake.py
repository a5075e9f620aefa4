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

from app import intake, links, sites, storage
from app.config import Settings
from app.delivery_notes import matching, reconcile, reviews, revisions, store
from app.ids import new_id
from app.intake import InvalidPayload
from app.purchase_orders import store as po_store
from app.queue import Claim

SUPPLIER_DOUBT = "low_confidence:supplier_name"


@dataclass
class Item(intake.ItemLine):
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


def _quantity(raw: dict, key: str, line_no: int, problems: list[str]) -> str | None:
    if raw.get(key) in (None, ""):
        return None
    return intake.quantity(raw, key, line_no, problems)


def validate(payload: object) -> DeliveryNoteData:
    """Check an extracted DN payload and convert it; InvalidPayload lists every problem."""
    payload = intake.fields(payload)
    problems: list[str] = []
    dn_number = intake.text(payload, "dn_number", 64)
    if not matching.reference_key(dn_number):
        problems.append("The document has no delivery note number.")
    dn_date = intake.day(payload, "dn_date", "delivery date", problems)
    items = []
    for line_no, raw in intake.numbered_items(intake.item_list(payload, problems), problems):
        delivered = _quantity(raw, "quantity", line_no, problems)
        if delivered is None and raw.get("quantity") in (None, ""):
            problems.append(f"Item {line_no} has no delivered quantity.")
        items.append(
            Item(
                line_no=line_no,
                quantity=delivered or "0",
                **intake.item_words(raw),
                ordered_quantity=_quantity(raw, "ordered_quantity", line_no, problems),
            )
        )
    if problems:
        raise InvalidPayload(problems)
    return DeliveryNoteData(
        dn_number=dn_number,
        dn_date=dn_date,
        supplier_name=intake.text(payload, "supplier_name", 300),
        po_reference=intake.text(payload, "po_number", 64),
        project_code=intake.text(payload, "project_code", 64),
        items=items,
    )


def process(
    db: Database, settings: Settings, claim: Claim, payload: dict, now: datetime
) -> Outcome:
    """Import one extracted DN for the batch this claim holds, matched to its PO."""
    data = validate(payload)
    warnings = [str(w) for w in payload.get("warnings") or []]
    filing = intake.Filing(settings, claim)

    def write() -> tuple[str, list[str]]:
        supplier_id = reconcile.supplier_of(db, data.supplier_name)
        existing = store.same_number(
            db,
            matching.reference_key(data.dn_number),
            links.normalise_name(data.supplier_name),
            supplier_id,
        )
        if existing:
            dn_id = existing["id"]
            warnings.append(revisions.arrived_again(db, existing, data, claim, payload, now))
        else:
            dn_id = new_id()
            _create(db, filing, dn_id, data, supplier_id, payload, now)
            warnings.extend(_match(db, dn_id, now))
        return dn_id, _supplier_proven(db, dn_id, warnings)

    landed = intake.land(db, filing, write, batch_type="delivery_notes", payload=payload, now=now)
    return Outcome(dn_id=landed.record_id, created=landed.created, warnings=landed.warnings)


def _create(
    db: Database,
    filing: intake.Filing,
    dn_id: str,
    data: DeliveryNoteData,
    supplier_id: str | None,
    payload: dict,
    now: datetime,
) -> None:
    """Inside the import: place the document and write the DN and its lines."""
    claim = filing.claim
    site = sites.match_site(db, data.project_code)
    new_path = filing.place(storage.DELIVERY_NOTES, dn_id)
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
