-- The layouts the office's documents come in, each learned from a PO a person verified:
-- how to know one (its fingerprint: the printed words of its first page and their places),
-- where its values sit (anchors: each field's places, the item table's columns), and the
-- verifications it was learned from. A layout people kept correcting is dropped: it is
-- kept to show, but no document is read with it.

CREATE TABLE layouts (
    id TEXT PRIMARY KEY,
    fingerprint TEXT NOT NULL,
    anchors TEXT NOT NULL,
    supplier_name TEXT NOT NULL DEFAULT '',
    learned_from_po TEXT REFERENCES purchase_orders(id) ON DELETE SET NULL,
    learned_from_number TEXT NOT NULL,
    documents_seen INTEGER NOT NULL DEFAULT 1,
    last_verified_by TEXT REFERENCES users(id),
    last_verified_at TEXT NOT NULL,
    created_at TEXT NOT NULL,
    dropped_at TEXT,
    dropped_reason TEXT NOT NULL DEFAULT ''
);

-- Each PO read with a layout: what the layout read (`layout_values`, field by field; the
-- items as how many), whose verification the layout came from at the time, and, once a
-- person verified the PO, which of those values they had corrected.
CREATE TABLE layout_reads (
    purchase_order_id TEXT PRIMARY KEY REFERENCES purchase_orders(id) ON DELETE CASCADE,
    layout_id TEXT REFERENCES layouts(id) ON DELETE SET NULL,
    read_at TEXT NOT NULL,
    layout_values TEXT NOT NULL,
    learned_from_number TEXT NOT NULL,
    learned_by TEXT REFERENCES users(id),
    learned_at TEXT NOT NULL,
    checked_at TEXT,
    corrected TEXT
);
CREATE INDEX layout_reads_layout ON layout_reads(layout_id, checked_at);
