-- rebuilds tables
-- A purchase order whose number the reader could not find is imported with the rest of
-- what it read and waits for a person to type the number (a `low_confidence` review item
-- names it), instead of the whole document going dead. Its number is NULL until then
-- (UNIQUE lets several wait at once), and it cannot be verified without one, so nothing
-- reaches the accounting system or the layout memory numberless.
--
-- SQLite cannot drop a NOT NULL in place: the table is rebuilt with the same columns, in
-- the same order, and its indexes made again.

CREATE TABLE purchase_orders_new (
    id TEXT PRIMARY KEY,
    purchase_order_number TEXT UNIQUE CHECK (purchase_order_number != ''),
    po_date TEXT,
    supplier_name TEXT NOT NULL DEFAULT '',
    project_code TEXT NOT NULL DEFAULT '',
    site_id TEXT REFERENCES sites(id),
    currency TEXT NOT NULL DEFAULT 'ZAR',
    subtotal_cents INTEGER,
    tax_cents INTEGER,
    total_cents INTEGER,
    file_path TEXT,
    content_type TEXT,
    raw_ocr_data TEXT,
    is_verified INTEGER NOT NULL DEFAULT 0 CHECK (is_verified IN (0, 1)),
    verified_by TEXT REFERENCES users(id),
    verified_at TEXT,
    batch_id TEXT REFERENCES data_import_batches(id),
    created_at TEXT NOT NULL,
    supplier_id TEXT REFERENCES suppliers(id),
    delivery_status TEXT NOT NULL DEFAULT 'not_delivered'
        CHECK (delivery_status IN ('not_delivered', 'part_delivered', 'delivered',
                                   'over_delivered')),
    number_key TEXT GENERATED ALWAYS AS (
        upper(replace(replace(replace(replace(replace(
            purchase_order_number, ' ', ''), '-', ''), '/', ''), '.', ''), '_', ''))
    ) VIRTUAL,
    CHECK (is_verified = 0 OR (verified_by IS NOT NULL AND verified_at IS NOT NULL)),
    CHECK (is_verified = 0 OR purchase_order_number IS NOT NULL)
);
INSERT INTO purchase_orders_new (id, purchase_order_number, po_date, supplier_name,
    project_code, site_id, currency, subtotal_cents, tax_cents, total_cents, file_path,
    content_type, raw_ocr_data, is_verified, verified_by, verified_at, batch_id, created_at,
    supplier_id, delivery_status)
SELECT id, nullif(trim(purchase_order_number), ''), po_date, supplier_name, project_code, site_id, currency,
    subtotal_cents, tax_cents, total_cents, file_path, content_type, raw_ocr_data,
    is_verified, verified_by, verified_at, batch_id, created_at, supplier_id, delivery_status
FROM purchase_orders;
DROP TABLE purchase_orders;
ALTER TABLE purchase_orders_new RENAME TO purchase_orders;

CREATE INDEX purchase_orders_created ON purchase_orders(created_at, id);
CREATE INDEX purchase_orders_file ON purchase_orders(file_path);
CREATE INDEX purchase_orders_search ON purchase_orders(
    created_at, id, purchase_order_number, supplier_name
);
CREATE INDEX purchase_orders_site_created ON purchase_orders(site_id, created_at, id);
CREATE INDEX purchase_orders_verified_created ON purchase_orders(is_verified, created_at, id);
CREATE INDEX purchase_orders_date ON purchase_orders(ifnull(po_date, ''), id);
CREATE INDEX purchase_orders_po_date ON purchase_orders(po_date);
CREATE INDEX purchase_orders_supplier ON purchase_orders(supplier_name COLLATE NOCASE, id);
CREATE INDEX purchase_orders_total ON purchase_orders(ifnull(total_cents, -1e18), id);
CREATE INDEX purchase_orders_batch ON purchase_orders(batch_id);
CREATE INDEX purchase_orders_supplier_id ON purchase_orders(supplier_id);
CREATE INDEX purchase_orders_delivery_created
    ON purchase_orders(delivery_status, created_at, id);
CREATE INDEX purchase_orders_number_key ON purchase_orders(number_key);
-- /purchasing sorted by number: the ones still without a number first
CREATE INDEX purchase_orders_number_sort
    ON purchase_orders(ifnull(purchase_order_number, ''), id);
