-- rebuilds tables
-- The outbox: every write to another system (the accounting system, an alert
-- channel) is first a row here, written in the transaction of the change it
-- reports, with an idempotency key the other side can recognise. A sender
-- delivers it; every attempt and look-up is kept beside it.

CREATE TABLE outbox (
    id TEXT PRIMARY KEY,
    system TEXT NOT NULL CHECK (system IN ('accounting', 'alert_webhook', 'alert_email')),
    action TEXT NOT NULL CHECK (action != ''),
    entity TEXT NOT NULL CHECK (entity IN ('purchase_order', 'delivery_note', 'batch')),
    record_id TEXT NOT NULL CHECK (record_id != ''),
    idempotency_key TEXT NOT NULL UNIQUE CHECK (idempotency_key != ''),
    -- the body as it is sent, byte for byte (a signature is over these bytes)
    request TEXT NOT NULL CHECK (json_valid(request)),
    state TEXT NOT NULL DEFAULT 'pending'
        CHECK (state IN ('pending', 'sending', 'ambiguous', 'sent', 'failed', 'cancelled')),
    external_id TEXT,
    attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    -- a sender's claim number, never reset: the fence a sender that lost its lease hits
    claims INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT,
    last_error TEXT,
    lease_until TEXT,
    created_by TEXT,
    created_at TEXT NOT NULL,
    sent_at TEXT,
    cancelled_by TEXT,
    cancelled_at TEXT,
    -- sent means the other side said which record of theirs it is
    CHECK (state != 'sent' OR (external_id IS NOT NULL AND external_id != ''
                               AND sent_at IS NOT NULL)),
    CHECK ((state = 'sending') = (lease_until IS NOT NULL)),
    CHECK ((state = 'cancelled') = (cancelled_by IS NOT NULL AND cancelled_at IS NOT NULL))
);
-- The sender's and the sweep's question, what is due per system, and the nav's failed count.
CREATE INDEX outbox_due ON outbox(state, system, next_attempt_at);
CREATE INDEX outbox_record ON outbox(entity, record_id);
CREATE INDEX outbox_list ON outbox(created_at, id);

-- Every send and look-up of a write: when, what came back, and what it meant.
CREATE TABLE outbox_attempts (
    id INTEGER PRIMARY KEY,
    outbox_id TEXT NOT NULL REFERENCES outbox(id),
    attempt INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('send', 'lookup', 'lease')),
    at TEXT NOT NULL,
    outcome TEXT NOT NULL,
    status_code INTEGER,
    answer TEXT NOT NULL DEFAULT '',
    error TEXT NOT NULL DEFAULT '',
    duration_ms INTEGER
);
CREATE INDEX outbox_attempts_write ON outbox_attempts(outbox_id, id);

-- The review queue learns `write.failed` (about an outbox row) and the identity map
-- learns delivery notes (a DN the accounting system has). A CHECK cannot be widened
-- in place, so both tables are rebuilt with their rows and indexes as they were.
CREATE TABLE review_items_new (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN (
        'batch.dead', 'po.site_unmatched', 'po.revision', 'po.totals_mismatch',
        'low_confidence', 'supplier.proposed', 'link.conflict',
        'dn.po_unknown', 'dn.short', 'dn.over', 'dn.unmatched_line', 'dn.revision',
        'employee.proposed', 'vehicle.proposed', 'fuel.outlier', 'write.failed')),
    entity TEXT NOT NULL
        CHECK (entity IN ('batch', 'purchase_order', 'supplier_name', 'external_link',
                          'delivery_note', 'delivery_note_item',
                          'employee_name', 'vehicle_number', 'fuel_log', 'outbox')),
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
SELECT id, kind, entity, record_id, evidence, money_at_risk_cents, money_currency, state,
    seen_count, resolution, note, resolved_by, resolved_at, created_at, last_seen_at
FROM review_items;
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
    record_type TEXT NOT NULL
        CHECK (record_type IN ('supplier', 'site', 'purchase_order', 'employee', 'vehicle',
                               'delivery_note')),
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
INSERT INTO external_links_new (id, system, external_key, external_value, record_type,
    record_id, how, state, score, created_by, created_at, confirmed_by, confirmed_at,
    superseded_by, superseded_at)
SELECT id, system, external_key, external_value, record_type, record_id, how, state, score,
    created_by, created_at, confirmed_by, confirmed_at, superseded_by, superseded_at
FROM external_links;
DROP TABLE external_links;
ALTER TABLE external_links_new RENAME TO external_links;
CREATE UNIQUE INDEX external_links_active_key ON external_links(system, external_key)
    WHERE state = 'active';
CREATE UNIQUE INDEX external_links_active_record
    ON external_links(system, record_type, record_id) WHERE state = 'active';
CREATE INDEX external_links_key ON external_links(system, external_key, state);
