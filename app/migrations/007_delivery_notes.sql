-- rebuilds tables
-- Delivery notes: what arrived against which PO line, and what is still outstanding.
--
-- Three tables are rebuilt because SQLite cannot widen a CHECK in place: batches
-- gain the type `documents` (uploaded for Intake to work out, until read), the
-- review queue gains the delivery kinds and a currency for its money at risk, and
-- the identity map can point at a purchase order (a reference a person confirmed).
-- db.migrate runs this file with foreign keys off, so dropping an old table does
-- not cascade to the rows that point at it.

CREATE TABLE data_import_batches_new (
    id TEXT PRIMARY KEY,
    batch_type TEXT NOT NULL
        CHECK (batch_type IN ('purchase_orders', 'delivery_notes', 'documents', 'timesheets',
                              'fuel_logs')),
    content_type TEXT NOT NULL,
    original_filename TEXT NOT NULL,
    file_path TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    size INTEGER NOT NULL CHECK (size > 0),
    date_uploaded TEXT NOT NULL,
    uploaded_by TEXT REFERENCES users(id),
    status TEXT NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'processing', 'processed', 'failed', 'dead', 'discarded')),
    attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    last_error TEXT,
    last_attempt_at TEXT,
    next_retry_at TEXT,
    processed_at TEXT,
    processed_record_id TEXT,
    warnings TEXT NOT NULL DEFAULT '[]',
    extracted TEXT,
    claims INTEGER NOT NULL DEFAULT 0,
    CHECK (status != 'failed' OR next_retry_at IS NOT NULL)
);
INSERT INTO data_import_batches_new (id, batch_type, content_type, original_filename,
    file_path, sha256, size, date_uploaded, uploaded_by, status, attempts, last_error,
    last_attempt_at, next_retry_at, processed_at, processed_record_id, warnings, extracted, claims)
SELECT id, batch_type, content_type, original_filename, file_path, sha256, size, date_uploaded,
    uploaded_by, status, attempts, last_error, last_attempt_at, next_retry_at, processed_at,
    processed_record_id, warnings, extracted, claims
FROM data_import_batches;
DROP TABLE data_import_batches;
ALTER TABLE data_import_batches_new RENAME TO data_import_batches;
CREATE INDEX batches_due ON data_import_batches(status, next_retry_at);
CREATE INDEX batches_uploaded ON data_import_batches(date_uploaded, id);
CREATE INDEX batches_uploader ON data_import_batches(uploaded_by, date_uploaded);
CREATE INDEX batches_file ON data_import_batches(file_path);
CREATE INDEX batches_status_uploaded ON data_import_batches(status, date_uploaded, id);

-- money_currency: the currency of money_at_risk_cents (always one: the PO's), NULL when
-- nothing is at risk.
CREATE TABLE review_items_new (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN (
        'batch.dead', 'po.site_unmatched', 'po.revision', 'po.totals_mismatch',
        'low_confidence', 'supplier.proposed', 'link.conflict',
        'dn.po_unknown', 'dn.short', 'dn.over', 'dn.unmatched_line', 'dn.revision')),
    entity TEXT NOT NULL
        CHECK (entity IN ('batch', 'purchase_order', 'supplier_name', 'external_link',
                          'delivery_note', 'delivery_note_item')),
    record_id TEXT NOT NULL CHECK (record_id != ''),
    evidence TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(evidence)),
    money_at_risk_cents INTEGER NOT NULL DEFAULT 0 CHECK (money_at_risk_cents >= 0),
    money_currency TEXT CHECK (money_currency IS NULL OR length(money_currency) = 3),
    state TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'resolved', 'dismissed')),
    seen_count INTEGER NOT NULL DEFAULT 1 CHECK (seen_count >= 1),
    resolution TEXT,
    note TEXT NOT NULL DEFAULT '',
    resolved_by TEXT,
    resolved_at TEXT,
    created_at TEXT NOT NULL,
    last_seen_at TEXT NOT NULL,
    CHECK (
        (state = 'open' AND resolution IS NULL AND resolved_by IS NULL AND resolved_at IS NULL)
        OR (state != 'open' AND resolution IS NOT NULL AND resolution != ''
            AND resolved_by IS NOT NULL AND resolved_by != '' AND resolved_at IS NOT NULL)
    )
);
INSERT INTO review_items_new (id, kind, entity, record_id, evidence, money_at_risk_cents,
    money_currency, state, seen_count, resolution, note, resolved_by, resolved_at, created_at,
    last_seen_at)
SELECT r.id, r.kind, r.entity, r.record_id, r.evidence, r.money_at_risk_cents,
    CASE WHEN r.money_at_risk_cents > 0 THEN coalesce(
        (SELECT po.currency FROM purchase_orders po WHERE po.id = r.record_id),
        (SELECT po.currency FROM purchase_orders po
          WHERE po.id = json_extract(r.evidence, '$.pos[0].id')),
        'ZAR') END,
    r.state, r.seen_count, r.resolution, r.note, r.resolved_by, r.resolved_at, r.created_at,
    r.last_seen_at
FROM review_items r;
DROP TABLE review_items;
ALTER TABLE review_items_new RENAME TO review_items;
CREATE UNIQUE INDEX review_items_one_open ON review_items(kind, entity, record_id)
    WHERE state = 'open';
CREATE INDEX review_items_queue ON review_items(state, money_at_risk_cents DESC, created_at);
CREATE INDEX review_items_record ON review_items(entity, record_id);

CREATE TABLE external_links_new (
    id TEXT PRIMARY KEY,
    system TEXT NOT NULL CHECK (system != ''),
    external_key TEXT NOT NULL CHECK (external_key != ''),
    external_value TEXT NOT NULL DEFAULT '',
    record_type TEXT NOT NULL CHECK (record_type IN ('supplier', 'site', 'purchase_order')),
    record_id TEXT NOT NULL,
    how TEXT NOT NULL
        CHECK (how IN ('exact_code', 'alias', 'person', 'created_by_intake', 'name')),
    state TEXT NOT NULL CHECK (state IN ('active', 'proposed', 'superseded')),
    score REAL,
    created_by TEXT REFERENCES users(id),
    created_at TEXT NOT NULL,
    confirmed_by TEXT REFERENCES users(id),
    confirmed_at TEXT,
    superseded_by TEXT REFERENCES external_links(id),
    superseded_at TEXT,
    CHECK (how != 'name' OR state != 'active'
           OR (confirmed_by IS NOT NULL AND confirmed_at IS NOT NULL)),
    CHECK ((state = 'superseded') = (superseded_at IS NOT NULL))
);
INSERT INTO external_links_new SELECT id, system, external_key, external_value, record_type,
    record_id, how, state, score, created_by, created_at, confirmed_by, confirmed_at,
    superseded_by, superseded_at FROM external_links;
DROP TABLE external_links;
ALTER TABLE external_links_new RENAME TO external_links;
CREATE UNIQUE INDEX external_links_active_key ON external_links(system, external_key)
    WHERE state = 'active';
CREATE UNIQUE INDEX external_links_active_record
    ON external_links(system, record_type, record_id) WHERE state = 'active';
CREATE INDEX external_links_key ON external_links(system, external_key, state);

-- A PO's delivery status, kept by the delivery notes against it (app/delivery_notes),
-- so the purchasing list filters on an index; and its number as references are
-- compared: upper case without spaces, dashes, slashes, points or underscores.
ALTER TABLE purchase_orders ADD COLUMN delivery_status TEXT NOT NULL DEFAULT 'not_delivered'
    CHECK (delivery_status IN ('not_delivered', 'part_delivered', 'delivered', 'over_delivered'));
CREATE INDEX purchase_orders_delivery_created
    ON purchase_orders(delivery_status, created_at, id);
ALTER TABLE purchase_orders ADD COLUMN number_key TEXT GENERATED ALWAYS AS (
    upper(replace(replace(replace(replace(replace(
        purchase_order_number, ' ', ''), '-', ''), '/', ''), '.', ''), '_', ''))
) VIRTUAL;
CREATE INDEX purchase_orders_number_key ON purchase_orders(number_key);

CREATE TABLE delivery_notes (
    id TEXT PRIMARY KEY,
    dn_number TEXT NOT NULL CHECK (dn_number != ''),
    -- the number as compared (see number_key above), and who issued it (the printed
    -- supplier name, normalised): one DN number per supplier
    number_key TEXT NOT NULL CHECK (number_key != ''),
    supplier_key TEXT NOT NULL,
    dn_date TEXT,
    supplier_name TEXT NOT NULL DEFAULT '',
    supplier_id TEXT REFERENCES suppliers(id),
    po_reference TEXT NOT NULL DEFAULT '',  -- the PO number as printed on the DN
    purchase_order_id TEXT REFERENCES purchase_orders(id),
    -- how the PO was found: its number, a reference a person linked, the lines, a person
    po_match TEXT CHECK (po_match IN ('number', 'link', 'lines', 'person')),
    po_match_score REAL,
    project_code TEXT NOT NULL DEFAULT '',
    site_id TEXT REFERENCES sites(id),
    file_path TEXT,
    content_type TEXT,
    raw_ocr_data TEXT,
    batch_id TEXT REFERENCES data_import_batches(id),
    is_verified INTEGER NOT NULL DEFAULT 0 CHECK (is_verified IN (0, 1)),
    verified_by TEXT REFERENCES users(id),
    verified_at TEXT,
    created_at TEXT NOT NULL,
    CHECK (is_verified = 0 OR (verified_by IS NOT NULL AND verified_at IS NOT NULL)),
    CHECK ((purchase_order_id IS NULL) = (po_match IS NULL))
);
CREATE UNIQUE INDEX delivery_notes_number ON delivery_notes(supplier_key, number_key);
CREATE INDEX delivery_notes_created ON delivery_notes(created_at, id);
CREATE INDEX delivery_notes_po ON delivery_notes(purchase_order_id);
CREATE INDEX delivery_notes_site_created ON delivery_notes(site_id, created_at, id);
CREATE INDEX delivery_notes_supplier ON delivery_notes(supplier_id);
CREATE INDEX delivery_notes_date ON delivery_notes(dn_date);
CREATE INDEX delivery_notes_batch ON delivery_notes(batch_id);
CREATE INDEX delivery_notes_file ON delivery_notes(file_path);

-- What was delivered, line by line, and the PO line it was delivered against:
-- how that was matched (its code, its description, its quantity, a person; or
-- `extra`, on no PO line) and how sure the match is (0..1).
CREATE TABLE delivery_note_items (
    id TEXT PRIMARY KEY,
    delivery_note_id TEXT NOT NULL REFERENCES delivery_notes(id) ON DELETE CASCADE,
    line_no INTEGER NOT NULL,
    item_code TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL DEFAULT '',
    quantity TEXT NOT NULL,
    unit TEXT NOT NULL DEFAULT '',
    ordered_quantity TEXT,
    purchase_order_item_id TEXT REFERENCES purchase_order_items(id) ON DELETE SET NULL,
    match_method TEXT
        CHECK (match_method IN ('code', 'description', 'quantity', 'person', 'extra')),
    match_score REAL,
    UNIQUE (delivery_note_id, line_no)
);
CREATE INDEX delivery_note_items_po_item ON delivery_note_items(purchase_order_item_id);

CREATE TABLE delivery_note_history (
    id INTEGER PRIMARY KEY,
    delivery_note_id TEXT NOT NULL REFERENCES delivery_notes(id) ON DELETE CASCADE,
    at TEXT NOT NULL,
    actor TEXT REFERENCES users(id),
    action TEXT NOT NULL,
    field TEXT,
    old_value TEXT,
    new_value TEXT,
    note TEXT NOT NULL DEFAULT ''
);
CREATE INDEX delivery_note_history_dn ON delivery_note_history(delivery_note_id, id);

-- A PO a person closed short: what was not delivered will not come, so nothing is
-- outstanding on it any more.
CREATE TABLE delivery_closures (
    purchase_order_id TEXT PRIMARY KEY REFERENCES purchase_orders(id),
    closed_by TEXT REFERENCES users(id),
    closed_at TEXT NOT NULL,
    note TEXT NOT NULL DEFAULT ''
);
