-- The review queue, the identity map, suppliers, and earlier versions of POs.
-- Everything the importer is unsure of waits here for a person; links and
-- versions are only ever added or marked superseded, never deleted.

-- One row per thing a person must decide. resolved_by is a user id, or
-- 'intake' when the item closed by itself because what it was about was
-- settled elsewhere (a site added on the sites page, a PO's totals corrected).
CREATE TABLE review_items (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN (
        'batch.dead', 'po.site_unmatched', 'po.revision', 'po.totals_mismatch',
        'low_confidence', 'supplier.proposed', 'link.conflict')),
    entity TEXT NOT NULL
        CHECK (entity IN ('batch', 'purchase_order', 'supplier_name', 'external_link')),
    record_id TEXT NOT NULL CHECK (record_id != ''),
    evidence TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(evidence)),
    money_at_risk_cents INTEGER NOT NULL DEFAULT 0 CHECK (money_at_risk_cents >= 0),
    state TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'resolved', 'dismissed')),
    seen_count INTEGER NOT NULL DEFAULT 1 CHECK (seen_count >= 1),
    resolution TEXT,
    note TEXT NOT NULL DEFAULT '',
    resolved_by TEXT,
    resolved_at TEXT,
    created_at TEXT NOT NULL,
    last_seen_at TEXT NOT NULL,
    -- a closed item says what was decided, by whom and when; an open one says none of it
    CHECK (
        (state = 'open' AND resolution IS NULL AND resolved_by IS NULL AND resolved_at IS NULL)
        OR (state != 'open' AND resolution IS NOT NULL AND resolution != ''
            AND resolved_by IS NOT NULL AND resolved_by != '' AND resolved_at IS NOT NULL)
    )
);
-- The same finding again refreshes the open item instead of adding a second.
CREATE UNIQUE INDEX review_items_one_open ON review_items(kind, entity, record_id)
    WHERE state = 'open';
CREATE INDEX review_items_queue ON review_items(state, money_at_risk_cents DESC, created_at);
CREATE INDEX review_items_record ON review_items(entity, record_id);

CREATE TABLE suppliers (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL CHECK (name != ''),
    -- the name with case, punctuation and company suffixes removed: what matching compares
    name_key TEXT NOT NULL UNIQUE CHECK (name_key != ''),
    created_by TEXT REFERENCES users(id),
    created_at TEXT NOT NULL
);

ALTER TABLE purchase_orders ADD COLUMN supplier_id TEXT REFERENCES suppliers(id);
CREATE INDEX purchase_orders_supplier_id ON purchase_orders(supplier_id);

-- The identity map: this name or code, seen in this system, is this record of ours.
CREATE TABLE external_links (
    id TEXT PRIMARY KEY,
    system TEXT NOT NULL CHECK (system != ''),
    external_key TEXT NOT NULL CHECK (external_key != ''),
    external_value TEXT NOT NULL DEFAULT '',
    record_type TEXT NOT NULL CHECK (record_type IN ('supplier', 'site')),
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
    -- a match by name alone is never active until a person confirmed it
    CHECK (how != 'name' OR state != 'active'
           OR (confirmed_by IS NOT NULL AND confirmed_at IS NOT NULL)),
    CHECK ((state = 'superseded') = (superseded_at IS NOT NULL))
);
CREATE UNIQUE INDEX external_links_active_key ON external_links(system, external_key)
    WHERE state = 'active';
CREATE UNIQUE INDEX external_links_active_record
    ON external_links(system, record_type, record_id) WHERE state = 'active';
CREATE INDEX external_links_key ON external_links(system, external_key, state);

-- What a PO was before a person replaced it with a revision: its fields and
-- items as JSON, and the document it came from.
CREATE TABLE purchase_order_versions (
    id TEXT PRIMARY KEY,
    purchase_order_id TEXT NOT NULL REFERENCES purchase_orders(id) ON DELETE CASCADE,
    version INTEGER NOT NULL CHECK (version >= 1),
    data TEXT NOT NULL CHECK (json_valid(data)),
    file_path TEXT,
    content_type TEXT,
    batch_id TEXT REFERENCES data_import_batches(id),
    replaced_at TEXT NOT NULL,
    replaced_by TEXT REFERENCES users(id),
    replaced_by_batch TEXT REFERENCES data_import_batches(id),
    UNIQUE (purchase_order_id, version)
);
CREATE INDEX purchase_order_versions_file ON purchase_order_versions(file_path);

-- Batches that were already dead before the review queue existed wait in it too.
INSERT INTO review_items (id, kind, entity, record_id, evidence, created_at, last_seen_at)
SELECT substr(lower(hex(randomblob(8))), 1, 15), 'batch.dead', 'batch', id,
       json_object('filename', original_filename, 'error', coalesce(last_error, ''),
                   'attempts', attempts),
       strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
FROM data_import_batches WHERE status = 'dead';
