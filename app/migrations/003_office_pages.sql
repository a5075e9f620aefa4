-- The office's pages: pausing the queue, and the indexes the list pages need
-- so that each page is a short walk along one index (keyset pagination, no OFFSET).

-- One row: while paused_at is set, no worker claims a batch and the sweep
-- leaves batches alone; uploads still arrive and wait as pending.
CREATE TABLE queue_control (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    paused_at TEXT,
    paused_by TEXT REFERENCES users(id)
);
INSERT INTO queue_control (id) VALUES (1);

-- /batches: one tab per status, newest first; the chart reads the last 48 hours of events.
CREATE INDEX batches_status_uploaded ON data_import_batches(status, date_uploaded, id);
CREATE INDEX batch_events_at ON batch_events(at);

-- /purchasing: newest first within a site or a verified state, and each sortable column.
-- The first also holds the searched columns, so a search that matches few POs walks
-- this index alone instead of every (wide) purchase order row.
CREATE INDEX purchase_orders_search ON purchase_orders(
    created_at, id, purchase_order_number, supplier_name
);
CREATE INDEX purchase_orders_site_created ON purchase_orders(site_id, created_at, id);
CREATE INDEX purchase_orders_verified_created ON purchase_orders(is_verified, created_at, id);
CREATE INDEX purchase_orders_date ON purchase_orders(ifnull(po_date, ''), id);
CREATE INDEX purchase_orders_po_date ON purchase_orders(po_date);  -- date ranges and their counts
CREATE INDEX purchase_orders_supplier ON purchase_orders(supplier_name COLLATE NOCASE, id);
CREATE INDEX purchase_orders_total ON purchase_orders(ifnull(total_cents, -1e18), id);
CREATE INDEX purchase_orders_batch ON purchase_orders(batch_id);
