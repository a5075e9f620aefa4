"""Migration 007 on a database with records: the rebuilt tables keep every row and link."""

from __future__ import annotations

import json

from app import db as database
from app.db import connect, immediate, migrate
from tests.fixtures.records import add_batch, add_po


def at_version(path, version: int):
    db = connect(path)
    for number, _name, sql in database.migrations():
        if number > version:
            break
        with immediate(db):
            for statement in database._statements(sql):
                db.conn.execute(statement)
            db.conn.execute(f"PRAGMA user_version={number}")
    return db


def test_migration_7_keeps_batches_events_review_items_and_links(tmp_path):
    db = at_version(tmp_path / "intake.db", 6)
    batch = add_batch(db, status="processed")
    db.conn.execute(
        "INSERT INTO batch_events (batch_id, at, event) VALUES (?, '2026-08-01', 'uploaded')",
        (batch,),
    )
    po = add_po(db, "PO-1", batch_id=batch)
    db.conn.execute(
        "INSERT INTO review_items (id, kind, entity, record_id, evidence, money_at_risk_cents,"
        " created_at, last_seen_at) VALUES ('r1', 'po.site_unmatched', 'purchase_order', ?, '{}',"
        " 11500, 'now', 'now')",
        (po,),
    )
    db.conn.execute(
        "INSERT INTO review_items (id, kind, entity, record_id, evidence, money_at_risk_cents,"
        " created_at, last_seen_at) VALUES ('r2', 'supplier.proposed', 'supplier_name', 'acme',"
        " ?, 11500, 'now', 'now')",
        (json.dumps({"pos": [{"id": po}]}),),
    )
    assert migrate(db) >= 7
    assert db.conn.execute("PRAGMA foreign_keys").fetchone() == (1,)
    assert db.conn.execute("PRAGMA foreign_key_check").fetchall() == []
    assert db.conn.execute("SELECT count(*) FROM batch_events").fetchone() == (1,)
    assert db.conn.execute("SELECT batch_id FROM purchase_orders").fetchone() == (batch,)
    currencies = db.conn.execute("SELECT id, money_currency FROM review_items ORDER BY id")
    assert currencies.fetchall() == [("r1", "ZAR"), ("r2", "ZAR")]
    row = db.conn.execute("SELECT delivery_status, number_key FROM purchase_orders").fetchone()
    assert row == ("not_delivered", "PO1")
    # the rebuilt batches table still cascades to its events
    db.conn.execute("DELETE FROM purchase_orders")
    db.conn.execute("DELETE FROM data_import_batches")
    assert db.conn.execute("SELECT count(*) FROM batch_events").fetchone() == (0,)
    db.close()
