"""Turning an extracted payload into a purchase order, once.

`process()` is where every extractor ends (the built-in engine, an LLM, an
outside tool posting to the API, a person typing a PO by hand). It validates,
never imports a PO number twice, matches the project code to a site and the
supplier through the identity map, and writes the PO, its items, the moved
file, the batch's `processed` state and a review item for everything it is
unsure of in one transaction. A PO number seen again with different items or
money is a revision: the PO stays as it is until a person decides. A PO whose
number was not read is imported with the rest, its number left for a person
(`no_po_number`); it cannot be verified until they type it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime

from sqlite_utils import Database

from app import intake, layouts, numbers, sites, storage, suppliers
from app.config import Settings
from app.delivery_notes import hooks as delivery_hooks
from app.ids import new_id
from app.intake import InvalidPayload
from app.purchase_orders import reviews, revisions, store, totals
from app.queue import Claim

# Far more lines than any real PO has; the page of a PO stays one a person can read.
MAX_ITEMS = 500
TOO_MANY_ITEMS = f"A purchase order has at most {MAX_ITEMS} items"

WARNING_TEXT = {
    "already_imported": "this PO number was imported before",
    "revision": "this PO number was imported before with different contents",
    "site_unmatched": "the project code matches no site",
    "totals_mismatch": "the items and totals do not add up",
    "po_unknown": "no PO matches this delivery note yet",
    "unmatched_lines": "some delivered lines are on no PO line",
    "untitled": "no title on the page says it is a purchase order",
    "quoted": "the page is the supplier's quotation or proforma for this order",
    "no_po_number": "no PO number was read: type it from the document",
}

# The warning on a PO imported without a number: it waits for a person to type it.
NO_NUMBER = "no_po_number"


_FIELD_WORDS = {"po_number": "PO number", "po_date": "PO date"}


def field_words(name: str) -> str:
    """A PO field's name in words: 'po_number' -> 'PO number', 'project_code' -> 'project code'."""
    return _FIELD_WORDS.get(name, name.replace("_", " "))


def describe_warning(code: str) -> str:
    """A processing warning in words: 'low_confidence:total' -> 'unsure of the total'."""
    kind, _, subject = code.partition(":")
    if kind == "low_confidence" and subject:
        return f"unsure of the {field_words(subject)}"
    return WARNING_TEXT.get(code, code.replace("_", " "))


@dataclass
class Item(intake.ItemLine):
    unit_price_cents: int | None
    discount_percent: str | None
    amount_cents: int | None


@dataclass
class PurchaseOrderData:
    po_number: str | None  # None: none was read; a person types it before verifying
    po_date: str | None
    supplier_name: str
    project_code: str
    currency: str
    subtotal_cents: int | None
    tax_cents: int | None
    total_cents: int | None
    items: list[Item] = field(default_factory=list)

    def totals(self) -> totals.TotalsCheck:
        amounts = [item.amount_cents for item in self.items]
        return totals.check_amounts(amounts, self.subtotal_cents, self.tax_cents, self.total_cents)


@dataclass(frozen=True)
class Outcome:
    po_id: str
    created: bool
    warnings: list[str]


def _money(payload: dict, key: str, label: str, problems: list[str]) -> int | None:
    try:
        return numbers.money_field(payload.get(key), label)
    except ValueError as exc:
        problems.append(str(exc))
        return None


def _percent(item: dict, line_no: int, problems: list[str]) -> str | None:
    """An item's discount: `discount_percent`, or `discount` as the built-in engine names it."""
    raw = item.get("discount_percent", item.get("discount"))
    try:
        return numbers.parse_percent(raw)
    except ValueError:
        problems.append(f"Item {line_no}: the discount {raw!r} is not a percentage (0 to 99.99).")
        return None


def validate(payload: object) -> PurchaseOrderData:
    """Check an extracted payload and convert it; InvalidPayload lists every problem."""
    payload = intake.fields(payload)
    problems: list[str] = []
    po_number = intake.text(payload, "po_number", 64) or None
    po_date = intake.day(payload, "po_date", "PO date", problems)
    items = []
    raw_items = intake.item_list(payload, problems)
    if len(raw_items) > MAX_ITEMS:
        raise InvalidPayload([f"{TOO_MANY_ITEMS}; this one has {len(raw_items)}."])
    for line_no, raw in intake.numbered_items(raw_items, problems):
        items.append(
            Item(
                line_no=line_no,
                quantity=intake.quantity(raw, "quantity", line_no, problems) or "0",
                **intake.item_words(raw),
                unit_price_cents=_money(raw, "unit_price", f"item {line_no} unit price", problems),
                discount_percent=_percent(raw, line_no, problems),
                amount_cents=_money(raw, "amount", f"item {line_no} amount", problems),
            )
        )
    data = PurchaseOrderData(
        po_number=po_number,
        po_date=po_date,
        supplier_name=intake.text(payload, "supplier_name", 300),
        project_code=intake.text(payload, "project_code", 64),
        currency=(intake.text(payload, "currency", 3) or "ZAR").upper(),
        subtotal_cents=_money(payload, "subtotal", "subtotal", problems),
        tax_cents=_money(payload, "tax", "tax", problems),
        total_cents=_money(payload, "total", "total", problems),
        items=items,
    )
    if not (po_number or items):
        problems.append("The document has neither a PO number nor items.")
    if problems:
        raise InvalidPayload(problems)
    return data


def process(
    db: Database,
    settings: Settings,
    claim: Claim,
    payload: dict,
    now: datetime,
    entered_by: str | None = None,
) -> Outcome:
    """Import one extracted PO for the batch this claim holds (or one a person typed)."""
    data = validate(payload)
    warnings = [str(w) for w in payload.get("warnings") or []]
    if not data.totals().agree and "totals_mismatch" not in warnings:  # the engine may say so
        warnings.append("totals_mismatch")
    if data.po_number is None:  # whoever read it, a person types the number
        warnings += [w for w in ("low_confidence:po_number", NO_NUMBER) if w not in warnings]
    filing = intake.Filing(settings, claim)

    def write() -> tuple[str, list[str]]:
        if data.po_number:
            existing = store.get_po_by_number(db, data.po_number)
        else:  # no number to know it by: the very same file, imported before, is known
            existing = store.get_po_of_same_file(db, claim.batch_id)
        if existing:
            warnings.append(revisions.arrived_again(db, existing, data, claim, payload, now))
            return existing["id"], warnings
        po_id = new_id()
        _create(db, filing, po_id, data, payload, warnings, now)
        _record_creation(db, po_id, data, claim, now, entered_by)
        layouts.record_read(db, po_id, payload, now)
        reviews.open_import_reviews(db, po_id, data, warnings, now)
        # a delivery note may have arrived before its PO
        delivery_hooks.on_po_imported(db, store.get_po(db, po_id), now)
        return po_id, warnings

    landed = intake.land(
        db,
        filing,
        write,
        batch_type="purchase_orders",
        payload=payload,
        now=now,
        actor=entered_by,
    )
    return Outcome(po_id=landed.record_id, created=landed.created, warnings=landed.warnings)


def _create(
    db: Database,
    filing: intake.Filing,
    po_id: str,
    data: PurchaseOrderData,
    payload: dict,
    warnings: list[str],
    now: datetime,
) -> None:
    """Inside the import: match site and supplier, place the document, write the PO."""
    settings, claim = filing.settings, filing.claim
    site = sites.match_site(db, data.project_code)
    if site is None:
        warnings.append("site_unmatched")
    supplier = suppliers.match_supplier(
        db,
        data.supplier_name,
        settings.supplier_match_threshold,
        now,
        {
            "id": po_id,
            "number": data.po_number,
            "total_cents": data.total_cents,
            "currency": data.currency,
        },
    )
    new_path = filing.place(storage.PURCHASE_ORDERS, po_id)
    store.insert_po(
        db,
        {
            "id": po_id,
            "purchase_order_number": data.po_number,
            "po_date": data.po_date,
            "supplier_name": data.supplier_name,
            "supplier_id": supplier.record_id,
            "project_code": data.project_code,
            "site_id": site["id"] if site else None,
            "currency": data.currency,
            "subtotal_cents": data.subtotal_cents,
            "tax_cents": data.tax_cents,
            "total_cents": data.total_cents,
            "file_path": new_path,
            "content_type": claim.content_type,
            "raw_ocr_data": json.dumps(payload),
            "batch_id": claim.batch_id,
        },
        now,
    )


def _record_creation(
    db: Database,
    po_id: str,
    data: PurchaseOrderData,
    claim: Claim,
    now: datetime,
    entered_by: str | None,
) -> None:
    if entered_by:
        how = f"entered by hand from batch {claim.batch_id}"
    else:
        how = f"imported from batch {claim.batch_id}"
    store.record_history(db, po_id, "created", now, actor=entered_by or claim.uploaded_by, note=how)
    store.insert_items(db, po_id, [item.__dict__ for item in data.items])
