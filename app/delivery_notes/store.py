"""The delivery note tables: every write of a DN, its items, its history and a PO closed short.

The one module with SQL writes on `delivery_notes`, `delivery_note_items`,
`delivery_note_history` and `delivery_closures`. Writes run inside the
caller's transaction (the import, a match, an edit, a review decision), so a
change and its history line land together; nothing here opens one. It knows
no rules about matching or delivery: those are in the modules that call it.
"""

from __future__ import annotations

from datetime import datetime

from sqlite_utils import Database

from app import change_history, clock
from app.db import one, rows
from app.ids import new_id

ITEM_COLUMNS = ("item_code", "description", "quantity", "unit", "ordered_quantity")
# What a person may set on its own; each is a plain column.
EDITABLE_COLUMNS = (
    "dn_number",
    "number_key",
    "dn_date",
    "supplier_name",
    "po_reference",
    "project_code",
    "site_id",
)

_DN = (
    "SELECT dn.*, s.code AS site_code, s.name AS site_name,"
    " po.purchase_order_number AS po_number, po.currency AS po_currency"
    " FROM delivery_notes dn LEFT JOIN sites s ON s.id = dn.site_id"
    " LEFT JOIN purchase_orders po ON po.id = dn.purchase_order_id"
)

# Its history table and the column naming the record (`app/change_history.py` reads them).
_HISTORY = ("delivery_note_history", "delivery_note_id")
_HISTORY_INSERT = (
    "INSERT INTO delivery_note_history (delivery_note_id, at, actor, action,"
    " field, old_value, new_value, note)"
    " VALUES (:record, :at, :actor, :action, :field, :old, :new, :note)"
)

# --- reading ------------------------------------------------------------------------


def get_dn(db: Database, dn_id: str) -> dict | None:
    """The DN with its site's code and name and its PO's number."""
    return one(db, f"{_DN} WHERE dn.id = :id", {"id": dn_id})


def dns_by_number(db: Database, number_key: str) -> list[dict]:
    """Every DN with this number (suppliers may share one), oldest first."""
    return rows(
        db, f"{_DN} WHERE dn.number_key = :key ORDER BY dn.created_at, dn.id", {"key": number_key}
    )


def same_number(
    db: Database, number_key: str, supplier_key: str, supplier_id: str | None
) -> dict | None:
    """A DN this supplier already sent with this number (by its name, or its record)."""
    return one(
        db,
        f"{_DN} WHERE dn.number_key = :key"
        " AND (dn.supplier_key = :supplier_key OR dn.supplier_id = :supplier_id)"
        " ORDER BY dn.created_at LIMIT 1",
        {"key": number_key, "supplier_key": supplier_key, "supplier_id": supplier_id},
    )


def dn_items(db: Database, dn_id: str) -> list[dict]:
    """The DN's lines, each with the PO line it was matched to (its number and words)."""
    return rows(
        db,
        "SELECT i.*, p.line_no AS po_line_no, p.item_code AS po_item_code,"
        " p.description AS po_description, p.quantity AS po_quantity"
        " FROM delivery_note_items i"
        " LEFT JOIN purchase_order_items p ON p.id = i.purchase_order_item_id"
        " WHERE i.delivery_note_id = :id ORDER BY i.line_no",
        {"id": dn_id},
    )


def dn_item(db: Database, dn_id: str, item_id: str) -> dict | None:
    return one(
        db,
        "SELECT * FROM delivery_note_items WHERE id = :id AND delivery_note_id = :dn",
        {"id": item_id, "dn": dn_id},
    )


def dns_of_po(db: Database, po_id: str) -> list[dict]:
    """The DNs delivered against a PO, in the order they arrived."""
    return rows(
        db,
        f"{_DN} WHERE dn.purchase_order_id = :po ORDER BY coalesce(dn.dn_date, ''), dn.created_at",
        {"po": po_id},
    )


def delivered_lines(db: Database, po_id: str) -> list[dict]:
    """Every delivered line matched to one of the PO's lines: (PO line id, quantity)."""
    return rows(
        db,
        "SELECT i.purchase_order_item_id AS po_item_id, i.quantity, i.delivery_note_id"
        " FROM delivery_note_items i JOIN delivery_notes dn ON dn.id = i.delivery_note_id"
        " WHERE dn.purchase_order_id = :po AND i.purchase_order_item_id IS NOT NULL",
        {"po": po_id},
    )


def waiting_for_po(db: Database) -> list[dict]:
    """DNs whose PO is not known yet, oldest first."""
    return rows(
        db,
        "SELECT * FROM delivery_notes WHERE purchase_order_id IS NULL ORDER BY created_at, id",
    )


def dn_history(db: Database, dn_id: str) -> list[dict]:
    return change_history.lines(db, *_HISTORY, dn_id)


def closure(db: Database, po_id: str) -> dict | None:
    """Whether a person closed this PO short (and who, when)."""
    return one(db, "SELECT * FROM delivery_closures WHERE purchase_order_id = :id", {"id": po_id})


# --- writing ------------------------------------------------------------------------


def insert_dn(db: Database, dn: dict, now: datetime) -> None:
    """A new DN row; `dn` holds its columns by name (see the INSERT)."""
    db.conn.execute(
        "INSERT INTO delivery_notes (id, dn_number, number_key, supplier_key, dn_date,"
        " supplier_name, supplier_id, po_reference, project_code, site_id, file_path,"
        " content_type, raw_ocr_data, batch_id, created_at)"
        " VALUES (:id, :dn_number, :number_key, :supplier_key, :dn_date, :supplier_name,"
        " :supplier_id, :po_reference, :project_code, :site_id, :file_path, :content_type,"
        " :raw_ocr_data, :batch_id, :now)",
        dn | {"now": clock.iso(now)},
    )


def insert_items(db: Database, dn_id: str, items: list[dict]) -> list[str]:
    """Items in order (line numbers from 1, unless given); their new ids."""
    ids = [new_id() for _ in items]
    db.conn.executemany(
        "INSERT INTO delivery_note_items (id, delivery_note_id, line_no, item_code,"
        " description, quantity, unit, ordered_quantity)"
        " VALUES (:id, :dn, :line_no, :item_code, :description, :quantity, :unit,"
        " :ordered_quantity)",
        [
            {name: item.get(name) for name in ITEM_COLUMNS}
            | {"id": item_id, "dn": dn_id, "line_no": item.get("line_no") or line_no}
            for line_no, (item_id, item) in enumerate(zip(ids, items, strict=True), start=1)
        ],
    )
    return ids


def update_item(db: Database, item_id: str, values: dict) -> None:
    db.conn.execute(
        "UPDATE delivery_note_items SET item_code = :item_code, description = :description,"
        " quantity = :quantity, unit = :unit WHERE id = :id",
        {name: values[name] for name in ("item_code", "description", "quantity", "unit")}
        | {"id": item_id},
    )


def delete_items(db: Database, dn_id: str) -> None:
    db.conn.execute("DELETE FROM delivery_note_items WHERE delivery_note_id = :id", {"id": dn_id})


def update_columns(db: Database, dn_id: str, values: dict) -> None:
    """Set some of a DN's editable columns."""
    if not values:
        return
    unknown = set(values) - set(EDITABLE_COLUMNS)
    if unknown:
        raise ValueError(f"not an editable DN column: {sorted(unknown)}")
    assignments = ", ".join(f"{name} = :{name}" for name in values)
    db.conn.execute(
        f"UPDATE delivery_notes SET {assignments} WHERE id = :id", {"id": dn_id, **values}
    )


def set_po(db: Database, dn_id: str, po_id: str | None, how: str | None, score: float | None):
    """The PO the DN was delivered against (None: not known), how it was found, how sure."""
    db.conn.execute(
        "UPDATE delivery_notes SET purchase_order_id = :po, po_match = :how,"
        " po_match_score = :score WHERE id = :id",
        {"id": dn_id, "po": po_id, "how": how if po_id else None, "score": score},
    )


def set_item_match(
    db: Database, item_id: str, po_item_id: str | None, method: str | None, score: float | None
) -> None:
    """The PO line one delivered line was matched to (or `extra`, or none), how and how sure."""
    db.conn.execute(
        "UPDATE delivery_note_items SET purchase_order_item_id = :po_item, match_method = :method,"
        " match_score = :score WHERE id = :id",
        {"id": item_id, "po_item": po_item_id, "method": method, "score": score},
    )


def replace_contents(db: Database, dn_id: str, contents: dict, batch: dict) -> None:
    """A revision's fields and document become the DN's (its items are replaced apart)."""
    db.conn.execute(
        "UPDATE delivery_notes SET dn_date = :dn_date, po_reference = :po_reference,"
        " project_code = :project_code, file_path = :file_path, content_type = :content_type,"
        " raw_ocr_data = :raw, batch_id = :batch_id WHERE id = :id",
        {
            "id": dn_id,
            "dn_date": contents["dn_date"],
            "po_reference": contents["po_reference"],
            "project_code": contents["project_code"],
            "file_path": batch["file_path"],
            "content_type": batch["content_type"],
            "raw": batch["extracted"],
            "batch_id": batch["id"],
        },
    )


def mark_verified(db: Database, dn_id: str, actor: str, now: datetime) -> bool:
    cursor = db.conn.execute(
        "UPDATE delivery_notes SET is_verified = 1, verified_by = :actor, verified_at = :now"
        " WHERE id = :id AND is_verified = 0",
        {"id": dn_id, "actor": actor, "now": clock.iso(now)},
    )
    return cursor.rowcount == 1


def clear_verified(db: Database, dn_id: str) -> bool:
    cursor = db.conn.execute(
        "UPDATE delivery_notes SET is_verified = 0, verified_by = NULL, verified_at = NULL"
        " WHERE id = :id AND is_verified = 1",
        {"id": dn_id},
    )
    return cursor.rowcount == 1


def close_short(db: Database, po_id: str, actor: str | None, now: datetime, note: str) -> bool:
    """Record that a PO's outstanding lines will not come; False when it was closed already."""
    cursor = db.conn.execute(
        "INSERT INTO delivery_closures (purchase_order_id, closed_by, closed_at, note)"
        " VALUES (:po, :actor, :now, :note) ON CONFLICT DO NOTHING",
        {"po": po_id, "actor": actor, "now": clock.iso(now), "note": note},
    )
    return cursor.rowcount == 1


def record_history(db: Database, dn_id: str, action: str, now: datetime, **details) -> None:
    """Add one line to a DN's history (`details` as `change_history.record` takes them)."""
    change_history.record(db, _HISTORY_INSERT, dn_id, action, now, **details)


def verification_count(db: Database, dn_id: str) -> int:
    """How many times the DN has been marked verified: each is a new version for other systems."""
    return change_history.verification_count(db, *_HISTORY, dn_id)
