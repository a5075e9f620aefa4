"""Migration 012 on a database with records: a PO's number may wait for a person, and the
rebuilt table keeps every row, link and index."""

from __future__ import annotations

import sqlite3

import pytest

from app.db import migrate
from tests.conftest import make_user
from tests.fixtures.records import add_batch, add_po
from tests.test_dn_migration import at_version


def test_migration_12_keeps_pos_their_items_history_and_links(tmp_path):
    db = at_version(tmp_path / "intake.db", 11)
    batch = add_batch(db, status="processed")
    po = add_po(db, "PO-1", batch_id=batch, items=[6000, 4000])
    db.conn.execute(
        "INSERT INTO purchase_order_history (purchase_order_id, at, action)"
        " VALUES (?, '2026-08-01', 'created')",
        (po,),
    )
    indexes_before = {
        row[0]
        for row in db.conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'purchase_orders'"
        )
    }
    assert migrate(db) >= 12
    assert db.conn.execute("PRAGMA foreign_keys").fetchone() == (1,)
    assert db.conn.execute("PRAGMA foreign_key_check").fetchall() == []
    row = db.conn.execute(
        "SELECT purchase_order_number, number_key, batch_id, total_cents FROM purchase_orders"
    ).fetchone()
    assert row == ("PO-1", "PO1", batch, 11500)
    assert db.conn.execute("SELECT count(*) FROM purchase_order_items").fetchone() == (2,)
    assert db.conn.execute("SELECT count(*) FROM purchase_order_history").fetchone() == (1,)
    indexes_after = {
        row[0]
        for row in db.conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'purchase_orders'"
        )
    }
    assert indexes_after == indexes_before | {"purchase_orders_number_sort"}  # and by number
    # the rebuilt table still cascades to the PO's items and history
    db.conn.execute("DELETE FROM purchase_orders")
    assert db.conn.execute("SELECT count(*) FROM purchase_order_items").fetchone() == (0,)
    assert db.conn.execute("SELECT count(*) FROM purchase_order_history").fetchone() == (0,)
    db.close()


def test_pos_wait_for_their_numbers_but_none_is_verified_without_one(tmp_path):
    db = at_version(tmp_path / "intake.db", 12)
    first, second = add_po(db, None), add_po(db, None)  # several may wait at once
    assert db.conn.execute(
        "SELECT count(*) FROM purchase_orders WHERE purchase_order_number IS NULL"
    ).fetchone() == (2,)
    ann = make_user(db, "ann@example.com")
    with pytest.raises(sqlite3.IntegrityError, match="CHECK"):
        db.conn.execute(
            "UPDATE purchase_orders SET is_verified = 1, verified_by = ?, verified_at = 'now'"
            " WHERE id = ?",
            (ann["id"], first),
        )
    with pytest.raises(sqlite3.IntegrityError, match="CHECK"):
        db.conn.execute(
            "UPDATE purchase_orders SET purchase_order_number = '' WHERE id = ?", (second,)
        )
    db.conn.execute(
        "UPDATE purchase_orders SET purchase_order_number = 'PO-7' WHERE id = ?", (first,)
    )
    with pytest.raises(sqlite3.IntegrityError, match="UNIQUE"):
        db.conn.execute(
            "UPDATE purchase_orders SET purchase_order_number = 'PO-7' WHERE id = ?", (second,)
        )
    db.close()
