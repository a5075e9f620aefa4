"""The review items delivery notes open and settle: unknown PO, short, over, an unmatched line.

Each runs in the caller's transaction, so a match and the items that follow
from it land together. Money at risk is always at the PO's prices, in the
PO's currency; an item about a DN whose PO is unknown has none.
"""

from __future__ import annotations

from datetime import datetime

from sqlite_utils import Database

from app import review_items
from app.delivery_notes import delivery, store
from app.delivery_notes.matching import Proposal


def _about(dn: dict) -> dict:
    return {"dn_number": dn["dn_number"], "supplier_name": dn["supplier_name"]}


def open_po_unknown(db: Database, dn: dict, proposals: list[Proposal], now: datetime) -> None:
    """No PO matches the DN: a person confirms one of the nearest, or names another."""
    evidence = _about(dn) | {
        "po_reference": dn["po_reference"],
        "proposals": [
            {"po_id": p.po_id, "po_number": p.po_number, "edits": p.edits, "fit": p.fit}
            for p in proposals
        ],
    }
    review_items.open_item(db, "dn.po_unknown", "delivery_note", dn["id"], evidence, 0, now)


def settle(
    db: Database, kind: str, entity: str, record_id: str, why: str, actor: str | None, now
) -> dict | None:
    """Close the open item of this kind about this record, if any, saying why."""
    return review_items.close_open(
        db, kind, entity, record_id, resolution="settled", actor=actor, now=now, note=why
    )


def follow_line(db: Database, dn: dict, item: dict, now: datetime, opening: bool) -> None:
    """A delivered line on no PO line waits for a person; once matched (or marked extra) its
    item closes."""
    if item["purchase_order_item_id"] or item["match_method"] == "extra":
        how = "marked extra" if item["match_method"] == "extra" else "matched to a PO line"
        settle(db, "dn.unmatched_line", "delivery_note_item", item["id"], how, None, now)
        return
    if not opening and not review_items.open_item_for(
        db, "dn.unmatched_line", "delivery_note_item", item["id"]
    ):
        return
    evidence = _about(dn) | {
        "dn_id": dn["id"],
        "po_id": dn["purchase_order_id"],
        "po_number": dn.get("po_number"),
        "line_no": item["line_no"],
        "item_code": item["item_code"],
        "description": item["description"],
        "quantity": item["quantity"],
        "unit": item["unit"],
    }
    review_items.open_item(
        db, "dn.unmatched_line", "delivery_note_item", item["id"], evidence, 0, now
    )


def follow_po(
    db: Database,
    po: dict,
    lines: list[dict],
    deliveries: dict[str, delivery.LineDelivery],
    closed: bool,
    now: datetime,
    opening: bool,
) -> None:
    """The PO's short and over items follow what has arrived: opened (when a delivery
    changed), refreshed, or closed by themselves once nothing is short or over."""
    numbers = {line["id"]: line for line in lines}
    dns = [dn["dn_number"] for dn in store.dns_of_po(db, po["id"])]
    about = {"po_number": po["purchase_order_number"], "delivery_notes": dns}
    for kind, units in (("dn.short", "outstanding"), ("dn.over", "over")):
        rows = [
            {
                "line_no": numbers[item_id]["line_no"],
                "description": numbers[item_id]["description"],
                "ordered": delivery.show_quantity(found.ordered),
                "delivered": delivery.show_quantity(found.delivered),
                "quantity": delivery.show_quantity(getattr(found, units)),
                "value_cents": getattr(found, f"{units}_cents"),
            }
            for item_id, found in deliveries.items()
            if getattr(found, units)
        ]
        if kind == "dn.short" and (closed or not dns):
            rows = []
        if not rows:
            why = "nothing is short any more" if kind == "dn.short" else "nothing is over now"
            settle(db, kind, "purchase_order", po["id"], why, None, now)
            continue
        if not opening and not review_items.open_item_for(db, kind, "purchase_order", po["id"]):
            continue
        money = delivery.total(row["value_cents"] for row in rows)
        review_items.open_item(
            db,
            kind,
            "purchase_order",
            po["id"],
            about | {"lines": rows},
            money,
            now,
            po["currency"],
        )
