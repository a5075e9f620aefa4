"""The purchase order tables: every read and write of a PO, its items, history and versions.

The one module with SQL on `purchase_orders`, `purchase_order_items`,
`purchase_order_history` and `purchase_order_versions`. Writes run inside
the caller's transaction (the import, an edit, a review decision), so a
change and its history line always land together; nothing here opens one.
It knows no rules about what a change means: those are in the modules that
call it.
"""

from __future__ import annotations

import json
from datetime import datetime

from sqlite_utils import Database

from app import change_history, clock
from app.db import one, rows
from app.ids import new_id

ITEM_COLUMNS = (
    "item_code",
    "description",
    "quantity",
    "unit",
    "unit_price_cents",
    "discount_percent",
    "amount_cents",
)
# The columns a revision replaces wholesale (the number and the people's marks stay).
CONTENT_COLUMNS = (
    "po_date",
    "supplier_name",
    "project_code",
    "currency",
    "subtotal_cents",
    "tax_cents",
    "total_cents",
)
# What a person may set on its own; each is a plain column.
EDITABLE_COLUMNS = ("purchase_order_number", "site_id", *CONTENT_COLUMNS)


# Its history table and the column naming the record (`app/change_history.py` reads them).
_HISTORY = ("purchase_order_history", "purchase_order_id")
_HISTORY_INSERT = (
    "INSERT INTO purchase_order_history (purchase_order_id, at, actor, action,"
    " field, old_value, new_value, note)"
    " VALUES (:record, :at, :actor, :action, :field, :old, :new, :note)"
)

# --- reading ------------------------------------------------------------------------


def get_po(db: Database, po_id: str) -> dict | None:
    """The PO with its site's code and name."""
    return one(
        db,
        "SELECT po.*, s.code AS site_code, s.name AS site_name"
        " FROM purchase_orders po LEFT JOIN sites s ON s.id = po.site_id WHERE po.id = :id",
        {"id": po_id},
    )


def get_po_by_number(db: Database, po_number: str) -> dict | None:
    return one(
        db,
        "SELECT po.*, s.code AS site_code, s.name AS site_name FROM purchase_orders po"
        " LEFT JOIN sites s ON s.id = po.site_id WHERE po.purchase_order_number = :n",
        {"n": po_number},
    )


def get_po_of_same_file(db: Database, batch_id: str) -> dict | None:
    """The PO imported from another batch of the very same file (by its sha256)."""
    return one(
        db,
        "SELECT po.*, s.code AS site_code, s.name AS site_name FROM data_import_batches b"
        " JOIN data_import_batches other ON other.sha256 = b.sha256 AND other.id != b.id"
        " JOIN purchase_orders po ON po.batch_id = other.id"
        " LEFT JOIN sites s ON s.id = po.site_id WHERE b.id = :batch"
        " ORDER BY po.created_at LIMIT 1",
        {"batch": batch_id},
    )


def batches_of(db: Database, po_id: str) -> list[str]:
    """The processed batches that made this PO or found it again (the same file uploaded
    twice is `already_imported`, pointing at it)."""
    found = rows(
        db,
        "SELECT id FROM data_import_batches WHERE processed_record_id = :po"
        " AND batch_type = 'purchase_orders' AND status = 'processed' ORDER BY date_uploaded, id",
        {"po": po_id},
    )
    return [row["id"] for row in found]


def delete_po(db: Database, po_id: str) -> None:
    """The PO goes, with its items, history, versions and layout read (they cascade)."""
    db.conn.execute("DELETE FROM purchase_orders WHERE id = ?", (po_id,))


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


def po_item(db: Database, po_id: str, item_id: str) -> dict | None:
    return one(
        db,
        "SELECT * FROM purchase_order_items WHERE id = :id AND purchase_order_id = :po",
        {"id": item_id, "po": po_id},
    )


def po_history(db: Database, po_id: str) -> list[dict]:
    return change_history.lines(db, *_HISTORY, po_id)


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


def unverified_count(db: Database) -> int:
    return one(db, "SELECT count(*) AS n FROM purchase_orders WHERE is_verified = 0")["n"]


def without_supplier(db: Database) -> list[dict]:
    """POs with no supplier record yet, oldest first: they wait for their name to be linked."""
    return rows(
        db,
        "SELECT id, purchase_order_number, supplier_name FROM purchase_orders"
        " WHERE supplier_id IS NULL ORDER BY created_at, id",
    )


def unmatched_project_codes(db: Database) -> list[str]:
    """Project codes of POs that have no site, each once."""
    found = rows(
        db,
        "SELECT DISTINCT project_code FROM purchase_orders"
        " WHERE site_id IS NULL AND project_code != ''",
    )
    return [row["project_code"] for row in found]


# --- writing: the PO ---------------------------------------------------------------


def insert_po(db: Database, po: dict, now: datetime) -> None:
    """A new PO row; `po` holds its columns by name (see the INSERT)."""
    db.conn.execute(
        "INSERT INTO purchase_orders (id, purchase_order_number, po_date, supplier_name,"
        " supplier_id, project_code, site_id, currency, subtotal_cents, tax_cents, total_cents,"
        " file_path, content_type, raw_ocr_data, batch_id, created_at)"
        " VALUES (:id, :purchase_order_number, :po_date, :supplier_name, :supplier_id,"
        " :project_code, :site_id, :currency, :subtotal_cents, :tax_cents, :total_cents,"
        " :file_path, :content_type, :raw_ocr_data, :batch_id, :now)",
        po | {"now": clock.iso(now)},
    )


def update_columns(db: Database, po_id: str, values: dict) -> None:
    """Set some of a PO's editable columns."""
    if not values:
        return
    unknown = set(values) - set(EDITABLE_COLUMNS)
    if unknown:
        raise ValueError(f"not an editable PO column: {sorted(unknown)}")
    assignments = ", ".join(f"{name} = :{name}" for name in values)
    db.conn.execute(
        f"UPDATE purchase_orders SET {assignments} WHERE id = :id", {"id": po_id, **values}
    )


def mark_verified(db: Database, po_id: str, actor: str, now: datetime) -> bool:
    """Record who checked the PO and when; False when it was verified already."""
    cursor = db.conn.execute(
        "UPDATE purchase_orders SET is_verified = 1, verified_by = :actor, verified_at = :now"
        " WHERE id = :id AND is_verified = 0",
        {"id": po_id, "actor": actor, "now": clock.iso(now)},
    )
    return cursor.rowcount == 1


def clear_verified(db: Database, po_id: str) -> bool:
    """Take the verification away; False when the PO was not verified."""
    cursor = db.conn.execute(
        "UPDATE purchase_orders SET is_verified = 0, verified_by = NULL, verified_at = NULL"
        " WHERE id = :id AND is_verified = 1",
        {"id": po_id},
    )
    return cursor.rowcount == 1


def set_if_empty(db: Database, po_id: str, column: str, record_id: str) -> bool:
    """Give the PO a site or supplier record (`column`) only while it has none."""
    if column not in ("site_id", "supplier_id"):
        raise ValueError(f"not a record column: {column}")
    cursor = db.conn.execute(
        f"UPDATE purchase_orders SET {column} = :record WHERE id = :id AND {column} IS NULL",
        {"id": po_id, "record": record_id},
    )
    return cursor.rowcount == 1


def set_delivery_status(db: Database, po_id: str, status: str) -> bool:
    """What has arrived against the PO (kept by app/delivery_notes); True when it changed."""
    cursor = db.conn.execute(
        "UPDATE purchase_orders SET delivery_status = :status"
        " WHERE id = :id AND delivery_status != :status",
        {"id": po_id, "status": status},
    )
    return cursor.rowcount == 1


def give_site_to_code(db: Database, project_code: str, site_id: str) -> list[str]:
    """Every PO without a site whose project code is this one gets the site: their ids."""
    updated = rows(
        db,
        "UPDATE purchase_orders SET site_id = :site"
        " WHERE site_id IS NULL AND project_code = :code RETURNING id",
        {"site": site_id, "code": project_code},
    )
    return [row["id"] for row in updated]


def replace_contents(db: Database, po_id: str, contents: dict, document: dict) -> None:
    """A revision's fields and document become the PO's (its items are replaced apart).

    A new project code or supplier name loses its match, to be matched again.
    """
    db.conn.execute(
        "UPDATE purchase_orders SET po_date = :po_date, supplier_name = :supplier_name,"
        " project_code = :project_code, currency = :currency, subtotal_cents = :subtotal_cents,"
        " tax_cents = :tax_cents, total_cents = :total_cents, file_path = :file_path,"
        " content_type = :content_type, raw_ocr_data = :raw, batch_id = :batch_id,"
        " site_id = CASE WHEN project_code = :project_code THEN site_id END,"
        " supplier_id = CASE WHEN supplier_name = :supplier_name THEN supplier_id END"
        " WHERE id = :id",
        {name: contents[name] for name in CONTENT_COLUMNS}
        | {
            "id": po_id,
            "file_path": document["file_path"],
            "content_type": document["content_type"],
            "raw": document["extracted"],
            "batch_id": document["id"],
        },
    )


def save_version(db: Database, po: dict, contents: dict, replaced_by_batch: str, actor, now) -> int:
    """Keep the PO's current contents as its next version before a revision replaces them."""
    version = one(
        db,
        "SELECT coalesce(max(version), 0) + 1 AS n FROM purchase_order_versions"
        " WHERE purchase_order_id = :id",
        {"id": po["id"]},
    )["n"]
    db.conn.execute(
        "INSERT INTO purchase_order_versions (id, purchase_order_id, version, data, file_path,"
        " content_type, batch_id, replaced_at, replaced_by, replaced_by_batch)"
        " VALUES (:id, :po, :version, :data, :file_path, :content_type, :batch_id, :now, :actor,"
        " :new_batch)",
        {
            "id": new_id(),
            "po": po["id"],
            "version": version,
            "data": json.dumps(contents | {"raw_ocr_data": po["raw_ocr_data"]}),
            "file_path": po["file_path"],
            "content_type": po["content_type"],
            "batch_id": po["batch_id"],
            "now": clock.iso(now),
            "actor": actor,
            "new_batch": replaced_by_batch,
        },
    )
    return version


# --- writing: items ---------------------------------------------------------------


def insert_items(db: Database, po_id: str, items: list[dict]) -> None:
    """Items in order; an item without a `line_no` takes its place in the list."""
    db.conn.executemany(
        "INSERT INTO purchase_order_items (id, purchase_order_id, line_no, item_code,"
        " description, quantity, unit, unit_price_cents, discount_percent, amount_cents)"
        " VALUES (:id, :po_id, :line_no, :item_code, :description, :quantity, :unit,"
        " :unit_price_cents, :discount_percent, :amount_cents)",
        [
            {name: item[name] for name in ITEM_COLUMNS}
            | {"id": new_id(), "po_id": po_id, "line_no": item.get("line_no") or line_no}
            for line_no, item in enumerate(items, start=1)
        ],
    )


def item_count(db: Database, po_id: str) -> int:
    return one(
        db,
        "SELECT count(*) AS n FROM purchase_order_items WHERE purchase_order_id = :po",
        {"po": po_id},
    )["n"]


def next_line_no(db: Database, po_id: str) -> int:
    return one(
        db,
        "SELECT ifnull(max(line_no), 0) + 1 AS n FROM purchase_order_items"
        " WHERE purchase_order_id = :po",
        {"po": po_id},
    )["n"]


def update_item(db: Database, item_id: str, values: dict) -> None:
    db.conn.execute(
        "UPDATE purchase_order_items SET item_code = :item_code,"
        " description = :description, quantity = :quantity, unit = :unit,"
        " unit_price_cents = :unit_price_cents, discount_percent = :discount_percent,"
        " amount_cents = :amount_cents WHERE id = :id",
        {name: values[name] for name in ITEM_COLUMNS} | {"id": item_id},
    )


def delete_item(db: Database, item_id: str) -> None:
    db.conn.execute("DELETE FROM purchase_order_items WHERE id = :id", {"id": item_id})


def delete_items(db: Database, po_id: str) -> None:
    db.conn.execute("DELETE FROM purchase_order_items WHERE purchase_order_id = :id", {"id": po_id})


# --- history -------------------------------------------------------------------------


def record_history(db: Database, po_id: str, action: str, now: datetime, **details) -> None:
    """Add one line to a PO's history (`details` as `change_history.record` takes them)."""
    change_history.record(db, _HISTORY_INSERT, po_id, action, now, **details)


def verification_count(db: Database, po_id: str) -> int:
    """How many times the PO has been marked verified: each is a new version for other systems."""
    return change_history.verification_count(db, *_HISTORY, po_id)
