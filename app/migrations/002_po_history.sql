-- The history of a purchase order: how it was created, every change a person
-- or the importer made (field, old and new value), and every decision about it.
-- Rows are only ever added.

CREATE TABLE purchase_order_history (
    id INTEGER PRIMARY KEY,
    purchase_order_id TEXT NOT NULL REFERENCES purchase_orders(id) ON DELETE CASCADE,
    at TEXT NOT NULL,
    actor TEXT REFERENCES users(id),
    action TEXT NOT NULL,
    field TEXT,
    old_value TEXT,
    new_value TEXT,
    note TEXT NOT NULL DEFAULT ''
);
CREATE INDEX purchase_order_history_po ON purchase_order_history(purchase_order_id, id);
