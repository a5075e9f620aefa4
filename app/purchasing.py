"""Purchase orders: turn an extracted payload into a PO, once, and read POs back.

`process()` is where every extractor ends (the built-in engine, an LLM, an
outside tool posting to the API, a person typing a PO by hand). It validates,
never imports a PO number twice, matches the project code to a site and the
supplier through the identity map, and writes the PO, its items, the moved
file, the batch's `processed` state and a review item for everything it is
unsure of in one transaction. A PO number seen again with different items or
money is a revision: the PO stays as it is until a person decides.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime

from sqlite_utils import Database

from app import clock, links, numbers, queue, review_items, revisions, sites, storage
from app.config import Settings
from app.db import immediate, one, rows
from app.ids import new_id
from app.queue import Claim

WARNING_TEXT = {
    "already_imported": "this PO number was imported before",
    "revision": "this PO number was imported before with different contents",
    "site_unmatched": "the project code matches no site",
    "totals_mismatch": "the items and totals do not add up",
}


def describe_warning(code: str) -> str:
    """A processing warning in words: 'low_confidence:total' -> 'unsure of the total'."""
    kind, _, subject = code.partition(":")
    if kind == "low_confidence" and subject:
        return f"unsure of the {subject.replace('_', ' ')}"
    return WARNING_TEXT.get(code, code.replace("_", " "))


class InvalidPayload(ValueError):
    """The extracted data cannot become a PO; `problems` lists each reason."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__(" ".join(problems))


class ClaimLost(Exception):
    """The batch was reset and claimed again while this attempt ran: write nothing."""


@dataclass
class Item:
    line_no: int
    item_code: str
    description: str
    quantity: str
    unit: str
    unit_price_cents: int | None
    amount_cents: int | None


@dataclass
class PurchaseOrderData:
    po_number: str
    po_date: str | None
    supplier_name: str
    project_code: str
    currency: str
    subtotal_cents: int | None
    tax_cents: int | None
    total_cents: int | None
    items: list[Item] = field(default_factory=list)


@dataclass(frozen=True)
class Outcome:
    po_id: str
    created: bool
    warnings: list[str]


def _text(payload: dict, key: str, limit: int = 500) -> str:
    value = payload.get(key)
    if value is None:
        return ""
    return str(value).strip()[:limit]


def _money(payload: dict, key: str, label: str, problems: list[str]) -> int | None:
    value = payload.get(key)
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    try:
        return numbers.parse_money(value)
    except ValueError as exc:
        verdict = "too large to be" if "too large" in str(exc) else "not"
        problems.append(f"The {label} {str(value)[:40]!r} is {verdict} an amount of money.")
        return None


def validate(payload: object) -> PurchaseOrderData:
    """Check an extracted payload and convert it; InvalidPayload lists every problem."""
    if not isinstance(payload, dict):
        raise InvalidPayload(["The extracted data must be a JSON object."])
    problems: list[str] = []
    po_number = _text(payload, "po_number", 64)
    if not po_number:
        problems.append("The document has no PO number.")
    po_date = None
    if _text(payload, "po_date"):
        try:
            po_date = numbers.parse_date(_text(payload, "po_date"))
        except ValueError:
            problems.append(f"The PO date {payload['po_date']!r} is not a date.")
    items = []
    raw_items = payload.get("items") or []
    if not isinstance(raw_items, list):
        problems.append("The items must be a list.")
        raw_items = []
    for line_no, raw in enumerate(raw_items, start=1):
        if not isinstance(raw, dict):
            problems.append(f"Item {line_no} must be an object.")
            continue
        try:
            quantity = numbers.parse_quantity(raw.get("quantity"))
        except ValueError:
            problems.append(
                f"Item {line_no}: the quantity {raw.get('quantity')!r} is not a number."
            )
            quantity = "0"
        items.append(
            Item(
                line_no=line_no,
                item_code=_text(raw, "item_code", 100),
                description=_text(raw, "description", 2000),
                quantity=quantity,
                unit=_text(raw, "unit", 40),
                unit_price_cents=_money(raw, "unit_price", f"item {line_no} unit price", problems),
                amount_cents=_money(raw, "amount", f"item {line_no} amount", problems),
            )
        )
    data = PurchaseOrderData(
        po_number=po_number,
        po_date=po_date,
        supplier_name=_text(payload, "supplier_name", 300),
        project_code=_text(payload, "project_code", 64),
        currency=(_text(payload, "currency", 3) or "ZAR").upper(),
        subtotal_cents=_money(payload, "subtotal", "subtotal", problems),
        tax_cents=_money(payload, "tax", "tax", problems),
        total_cents=_money(payload, "total", "total", problems),
        items=items,
    )
    if problems:
        raise InvalidPayload(problems)
    return data


@dataclass(frozen=True)
class TotalsCheck:
    """Do the items add up to the subtotal, and subtotal plus tax to the total?

    Each check is True, False, or None when a figure it needs is missing.
    """

    items_total: int | None
    subtotal: int | None
    tax: int | None
    total: int | None
    items_match: bool | None
    sum_matches: bool | None

    @property
    def agree(self) -> bool:
        return self.items_match is not False and self.sum_matches is not False

    def problems(self) -> list[str]:
        money = numbers.format_money
        found = []
        if self.items_match is False:
            found.append(
                f"The items add up to {money(self.items_total)}, but the subtotal is "
                f"{money(self.subtotal)} (a difference of "
                f"{money(self.items_total - self.subtotal)})."
            )
        if self.sum_matches is False:
            found.append(
                f"Subtotal {money(self.subtotal)} plus tax {money(self.tax)} is "
                f"{money(self.subtotal + self.tax)}, but the total is {money(self.total)}."
            )
        return found


def check_totals(
    items_total: int | None,
    all_priced: bool,
    subtotal: int | None,
    tax: int | None,
    total: int | None,
) -> TotalsCheck:
    """The one totals rule, for the importer, the PO pages and the review queue.

    The items are compared with the subtotal only when every item has an amount.
    """
    items_match = None
    if items_total is not None and all_priced and subtotal is not None:
        items_match = items_total == subtotal
    sum_matches = None
    if None not in (subtotal, tax, total):
        sum_matches = subtotal + tax == total
    return TotalsCheck(items_total, subtotal, tax, total, items_match, sum_matches)


def check_amounts(
    amounts: list[int | None], subtotal: int | None, tax: int | None, total: int | None
) -> TotalsCheck:
    """check_totals on the items' amounts themselves."""
    items_total = sum(a for a in amounts if a is not None) if amounts else None
    return check_totals(items_total, None not in amounts, subtotal, tax, total)


def totals_check(data: PurchaseOrderData) -> TotalsCheck:
    amounts = [item.amount_cents for item in data.items]
    return check_amounts(amounts, data.subtotal_cents, data.tax_cents, data.total_cents)


def totals_agree(data: PurchaseOrderData) -> bool:
    """Items add up to the subtotal, and subtotal plus tax to the total (where stated)."""
    return totals_check(data).agree


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
    if not totals_agree(data) and "totals_mismatch" not in warnings:  # the engine may have said so
        warnings.append("totals_mismatch")
    po_id = new_id()
    new_path = None
    try:
        with immediate(db):
            if not queue.holds_claim(db, claim):
                raise ClaimLost(claim.batch_id)
            existing = one(
                db,
                "SELECT * FROM purchase_orders WHERE purchase_order_number = :n",
                {"n": data.po_number},
            )
            if existing:
                po_id, created, file_path = existing["id"], False, claim.file_path
                warnings.append(_arrived_again(db, existing, data, claim, payload, now))
            else:
                site = sites.match_site(db, data.project_code)
                if site is None:
                    warnings.append("site_unmatched")
                supplier = links.match_supplier(
                    db,
                    data.supplier_name,
                    settings.supplier_match_threshold,
                    now,
                    {"id": po_id, "number": data.po_number, "total_cents": data.total_cents},
                )
                name = storage.stored_name(po_id, claim.content_type)
                new_path = storage.place_copy(
                    settings, claim.file_path, storage.PURCHASE_ORDERS, name
                )
                _insert_po(
                    db,
                    po_id,
                    data,
                    site,
                    supplier.record_id,
                    claim,
                    new_path,
                    payload,
                    now,
                    entered_by,
                )
                _open_reviews(db, po_id, data, warnings, now)
                created, file_path = True, new_path
            if not queue.mark_processed(
                db,
                claim,
                record_id=po_id,
                warnings=warnings,
                extracted=payload,
                file_path=file_path,
                now=now,
            ):
                raise ClaimLost(claim.batch_id)
            review_items.close_open(
                db,
                "batch.dead",
                "batch",
                claim.batch_id,
                resolution="entered_by_hand" if entered_by else "processed",
                actor=entered_by,
                now=now,
            )
    except BaseException:
        if new_path:
            storage.remove(settings, new_path)
        raise
    if new_path:
        storage.remove(settings, claim.file_path)
    return Outcome(po_id=po_id, created=created, warnings=warnings)


def _insert_po(
    db: Database,
    po_id: str,
    data: PurchaseOrderData,
    site: dict | None,
    supplier_id: str | None,
    claim: Claim,
    file_path: str,
    payload: dict,
    now: datetime,
    entered_by: str | None = None,
) -> None:
    db.conn.execute(
        "INSERT INTO purchase_orders (id, purchase_order_number, po_date, supplier_name,"
        " supplier_id, project_code, site_id, currency, subtotal_cents, tax_cents, total_cents,"
        " file_path, content_type, raw_ocr_data, batch_id, created_at)"
        " VALUES (:id, :number, :po_date, :supplier, :supplier_id, :project, :site, :currency,"
        " :subtotal, :tax, :total, :file_path, :content_type, :raw, :batch_id, :now)",
        {
            "id": po_id,
            "number": data.po_number,
            "po_date": data.po_date,
            "supplier": data.supplier_name,
            "supplier_id": supplier_id,
            "project": data.project_code,
            "site": site["id"] if site else None,
            "currency": data.currency,
            "subtotal": data.subtotal_cents,
            "tax": data.tax_cents,
            "total": data.total_cents,
            "file_path": file_path,
            "content_type": claim.content_type,
            "raw": json.dumps(payload),
            "batch_id": claim.batch_id,
            "now": clock.iso(now),
        },
    )
    if entered_by:
        how = f"entered by hand from batch {claim.batch_id}"
    else:
        how = f"imported from batch {claim.batch_id}"
    record_history(db, po_id, "created", now, actor=entered_by or claim.uploaded_by, note=how)
    _insert_items(db, po_id, [item.__dict__ for item in data.items])


def _insert_items(db: Database, po_id: str, items: list[dict]) -> None:
    db.conn.executemany(
        "INSERT INTO purchase_order_items (id, purchase_order_id, line_no, item_code,"
        " description, quantity, unit, unit_price_cents, amount_cents)"
        " VALUES (:id, :po_id, :line_no, :item_code, :description, :quantity, :unit,"
        " :unit_price_cents, :amount_cents)",
        [
            {"id": new_id(), "po_id": po_id, **item, "line_no": item.get("line_no") or line_no}
            for line_no, item in enumerate(items, start=1)
        ],
    )


def _open_reviews(
    db: Database, po_id: str, data: PurchaseOrderData, warnings: list[str], now: datetime
) -> None:
    """Inside the import: a review item for each thing a person must check on the new PO."""
    about = {"po_number": data.po_number}
    if "site_unmatched" in warnings:
        review_items.open_item(
            db,
            "po.site_unmatched",
            "purchase_order",
            po_id,
            about | {"project_code": data.project_code},
            data.total_cents,
            now,
        )
    if "totals_mismatch" in warnings:
        check = totals_check(data)
        review_items.open_item(
            db,
            "po.totals_mismatch",
            "purchase_order",
            po_id,
            about | totals_evidence(check),
            totals_discrepancy(check),
            now,
        )
    unsure = [w.partition(":")[2] for w in warnings if w.startswith("low_confidence:")]
    if unsure:
        review_items.open_item(
            db,
            "low_confidence",
            "purchase_order",
            po_id,
            about | {"fields": unsure},
            data.total_cents,
            now,
        )


def totals_evidence(check: TotalsCheck) -> dict:
    return {
        "items_total_cents": check.items_total or 0,
        "subtotal_cents": check.subtotal,
        "tax_cents": check.tax,
        "total_cents": check.total,
    }


def totals_discrepancy(check: TotalsCheck) -> int:
    """How far apart the figures are: items against subtotal, subtotal and tax against total."""
    gaps = [0]
    if check.items_match is not None:
        gaps.append(abs(check.items_total - check.subtotal))
    if check.sum_matches is not None:
        gaps.append(abs(check.subtotal + check.tax - check.total))
    return max(gaps)


def _arrived_again(
    db: Database,
    existing: dict,
    data: PurchaseOrderData,
    claim: Claim,
    payload: dict,
    now: datetime,
) -> str:
    """A PO number seen before: the same PO again, or a revision a person must decide on."""
    same_file = one(
        db,
        "SELECT 1 AS same FROM data_import_batches b, data_import_batches mine"
        " WHERE b.id = :current AND mine.id = :mine AND b.sha256 = mine.sha256",
        {"current": existing["batch_id"], "mine": claim.batch_id},
    )
    if same_file:
        return "already_imported"
    before = revisions.version_of_po(existing, po_items(db, existing["id"]))
    after = revisions.version_of_data(data)
    if not revisions.is_revision(before, after):
        return "already_imported"
    evidence = {
        "po_number": data.po_number,
        "batch_id": claim.batch_id,
        "filename": claim.original_filename,
        "revision": after,
        "payload": payload,
        "changed": revisions.changed_summary(before, after),
    }
    money = revisions.money_at_risk(before, after)
    review_items.open_item(
        db, "po.revision", "purchase_order", existing["id"], evidence, money, now
    )
    record_history(
        db,
        existing["id"],
        "revision_received",
        now,
        actor=claim.uploaded_by,
        note=f"batch {claim.batch_id} differs: {', '.join(evidence['changed'])}",
    )
    return "revision"


def record_history(
    db: Database,
    po_id: str,
    action: str,
    now: datetime,
    *,
    actor: str | None = None,
    field: str | None = None,
    old_value: str | None = None,
    new_value: str | None = None,
    note: str = "",
) -> None:
    """Add one line to a PO's history; the caller's transaction decides when it lands."""
    db.conn.execute(
        "INSERT INTO purchase_order_history"
        " (purchase_order_id, at, actor, action, field, old_value, new_value, note)"
        " VALUES (:po, :at, :actor, :action, :field, :old, :new, :note)",
        {
            "po": po_id,
            "at": clock.iso(now),
            "actor": actor,
            "action": action,
            "field": field,
            "old": old_value,
            "new": new_value,
            "note": note,
        },
    )


def po_history(db: Database, po_id: str) -> list[dict]:
    return rows(
        db,
        "SELECT h.*, u.name AS actor_name, u.email AS actor_email"
        " FROM purchase_order_history h LEFT JOIN users u ON u.id = h.actor"
        " WHERE h.purchase_order_id = :id ORDER BY h.id",
        {"id": po_id},
    )


# --- reading POs back -------------------------------------------------------


def get_po(db: Database, po_id: str) -> dict | None:
    return one(
        db,
        "SELECT po.*, s.code AS site_code, s.name AS site_name"
        " FROM purchase_orders po LEFT JOIN sites s ON s.id = po.site_id WHERE po.id = :id",
        {"id": po_id},
    )


def get_po_id_by_number(db: Database, po_number: str) -> str | None:
    found = one(
        db,
        "SELECT id FROM purchase_orders WHERE purchase_order_number = :n",
        {"n": po_number.strip()},
    )
    return found["id"] if found else None


def po_items(db: Database, po_id: str) -> list[dict]:
    return rows(
        db,
        "SELECT * FROM purchase_order_items WHERE purchase_order_id = :id ORDER BY line_no",
        {"id": po_id},
    )


def po_as_json(po: dict, items: list[dict]) -> dict:
    """The API's view of a PO: money as decimal strings."""
    text = numbers.cents_to_text
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
        "verified_at": po["verified_at"],
        "batch_id": po["batch_id"],
        "created_at": po["created_at"],
        "items": [
            {
                "line_no": item["line_no"],
                "item_code": item["item_code"],
                "description": item["description"],
                "quantity": item["quantity"],
                "unit": item["unit"],
                "unit_price": text(item["unit_price_cents"]),
                "amount": text(item["amount_cents"]),
            }
            for item in items
        ],
    }


# --- changes a review decision makes -------------------------------------------------
# Each runs inside the caller's transaction and writes its line of history.


def set_site(
    db: Database, po_id: str, site: dict, actor: str | None, now: datetime, note: str
) -> bool:
    """Give a PO that has no site this one; False when it has one already."""
    return _set_once(db, po_id, "site", site["id"], site["code"], actor, now, note)


def set_supplier(
    db: Database, po_id: str, supplier: dict, actor: str | None, now: datetime, note: str
) -> bool:
    """Give a PO that has no supplier record this one; False when it has one already."""
    return _set_once(db, po_id, "supplier", supplier["id"], supplier["name"], actor, now, note)


def _set_once(
    db: Database,
    po_id: str,
    field: str,
    record_id: str,
    shown: str,
    actor: str | None,
    now: datetime,
    note: str,
) -> bool:
    """Set the PO's site or supplier (`field`) only while it has none, and say so in its history."""
    column = {"site": "site_id", "supplier": "supplier_id"}[field]
    cursor = db.conn.execute(
        f"UPDATE purchase_orders SET {column} = :record WHERE id = :id AND {column} IS NULL",
        {"id": po_id, "record": record_id},
    )
    if cursor.rowcount != 1:
        return False
    record_history(
        db, po_id, f"{field}_set", now, actor=actor, field=field, new_value=shown, note=note
    )
    return True


def replace_with_revision(
    db: Database, po_id: str, revision: dict, batch: dict, actor: str, now: datetime
) -> int:
    """Make a revision the PO's contents; the version it replaces is kept. Returns its number.

    `revision` is a version (revisions.version_of_data) and `batch` the batch
    its document came from: the PO points at that document from now on.
    """
    po = get_po(db, po_id)
    before = revisions.version_of_po(po, po_items(db, po_id))
    version = one(
        db,
        "SELECT coalesce(max(version), 0) + 1 AS n FROM purchase_order_versions"
        " WHERE purchase_order_id = :id",
        {"id": po_id},
    )["n"]
    db.conn.execute(
        "INSERT INTO purchase_order_versions (id, purchase_order_id, version, data, file_path,"
        " content_type, batch_id, replaced_at, replaced_by, replaced_by_batch)"
        " VALUES (:id, :po, :version, :data, :file_path, :content_type, :batch_id, :now, :actor,"
        " :new_batch)",
        {
            "id": new_id(),
            "po": po_id,
            "version": version,
            "data": json.dumps(before | {"raw_ocr_data": po["raw_ocr_data"]}),
            "file_path": po["file_path"],
            "content_type": po["content_type"],
            "batch_id": po["batch_id"],
            "now": clock.iso(now),
            "actor": actor,
            "new_batch": batch["id"],
        },
    )
    fields = {name: revision[name] for name, _ in revisions.FIELDS}
    db.conn.execute(
        "UPDATE purchase_orders SET po_date = :po_date, supplier_name = :supplier_name,"
        " project_code = :project_code, currency = :currency, subtotal_cents = :subtotal_cents,"
        " tax_cents = :tax_cents, total_cents = :total_cents, file_path = :file_path,"
        " content_type = :content_type, raw_ocr_data = :raw, batch_id = :batch_id,"
        " is_verified = 0, verified_by = NULL, verified_at = NULL,"
        # a new project code or supplier name is matched again (review.check_po_again)
        " site_id = CASE WHEN project_code = :project_code THEN site_id END,"
        " supplier_id = CASE WHEN supplier_name = :supplier_name THEN supplier_id END"
        " WHERE id = :id",
        fields
        | {
            "id": po_id,
            "file_path": batch["file_path"],
            "content_type": batch["content_type"],
            "raw": batch["extracted"],
            "batch_id": batch["id"],
        },
    )
    db.conn.execute("DELETE FROM purchase_order_items WHERE purchase_order_id = :id", {"id": po_id})
    _insert_items(db, po_id, revision["items"])
    for name, label in revisions.FIELDS:
        if before[name] != revision[name]:
            record_history(
                db,
                po_id,
                "revised",
                now,
                actor=actor,
                field=label.lower(),
                old_value=_shown(name, before[name]),
                new_value=_shown(name, revision[name]),
            )
    record_history(
        db,
        po_id,
        "revision_accepted",
        now,
        actor=actor,
        note=f"replaced by batch {batch['id']}; the earlier contents are kept as version {version}"
        f" ({len(before['items'])} items, total {_shown('total_cents', before['total_cents'])})",
    )
    return version


def _shown(name: str, value) -> str | None:
    if name.endswith("_cents"):
        return numbers.cents_to_text(value)
    return None if value is None else str(value)


def po_versions(db: Database, po_id: str) -> list[dict]:
    """Earlier contents of a PO, oldest first, each with its fields and items."""
    found = rows(
        db,
        "SELECT * FROM purchase_order_versions WHERE purchase_order_id = :id ORDER BY version",
        {"id": po_id},
    )
    for version in found:
        version["data"] = json.loads(version["data"])
    return found
