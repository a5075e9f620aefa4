-- rebuilds tables
-- Timesheets and fuel logs imported from CSV files, the people and vehicles they
-- name (matched through the identity map like suppliers), and the column
-- mappings remembered per file layout. Hours are whole seconds, litres whole
-- millilitres, money integer cents; every imported row points at its batch.

CREATE TABLE employees (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL CHECK (name != ''),
    -- the name with case, accents and punctuation removed: what matching compares
    name_key TEXT NOT NULL UNIQUE CHECK (name_key != ''),
    created_by TEXT REFERENCES users(id),
    created_at TEXT NOT NULL
);

CREATE TABLE vehicles (
    id TEXT PRIMARY KEY,
    -- a registration or a plant number, as first written
    number TEXT NOT NULL CHECK (number != ''),
    -- upper case without spaces or dashes: what matching compares
    number_key TEXT NOT NULL UNIQUE CHECK (number_key != ''),
    -- what one fill can hold at most, when known
    tank_litres INTEGER CHECK (tank_litres IS NULL OR tank_litres > 0),
    created_by TEXT REFERENCES users(id),
    created_at TEXT NOT NULL
);

CREATE TABLE timesheets (
    id TEXT PRIMARY KEY,
    batch_id TEXT NOT NULL REFERENCES data_import_batches(id),
    line_no INTEGER NOT NULL CHECK (line_no >= 1),
    work_date TEXT NOT NULL,
    person_name TEXT NOT NULL CHECK (person_name != ''),
    person_key TEXT NOT NULL CHECK (person_key != ''),
    employee_id TEXT REFERENCES employees(id),
    site_code TEXT NOT NULL DEFAULT '',
    site_key TEXT NOT NULL DEFAULT '',
    site_id TEXT REFERENCES sites(id),
    seconds INTEGER NOT NULL CHECK (seconds > 0 AND seconds <= 86400),
    start_time TEXT NOT NULL DEFAULT '',
    end_time TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL DEFAULT '',
    warnings TEXT NOT NULL DEFAULT '[]',
    UNIQUE (batch_id, line_no)
);
-- The list walks this; duplicates and a person's day are looked up by the days of a file.
-- Few indexes, as an import writes 50,000 rows at once and each index costs every row.
CREATE INDEX timesheets_date ON timesheets(work_date, id);
-- rows whose name waits for a person to say who it is (few: most rows have their employee)
CREATE INDEX timesheets_waiting ON timesheets(person_key) WHERE employee_id IS NULL;

CREATE TABLE fuel_logs (
    id TEXT PRIMARY KEY,
    batch_id TEXT NOT NULL REFERENCES data_import_batches(id),
    line_no INTEGER NOT NULL CHECK (line_no >= 1),
    fill_date TEXT NOT NULL,
    fill_time TEXT NOT NULL DEFAULT '',
    vehicle_number TEXT NOT NULL CHECK (vehicle_number != ''),
    vehicle_key TEXT NOT NULL CHECK (vehicle_key != ''),
    vehicle_id TEXT REFERENCES vehicles(id),
    -- the card's last four digits only: a statement has no need of the whole number
    card TEXT NOT NULL DEFAULT '',
    odometer INTEGER,
    site_code TEXT NOT NULL DEFAULT '',
    site_key TEXT NOT NULL DEFAULT '',
    site_id TEXT REFERENCES sites(id),
    merchant TEXT NOT NULL DEFAULT '',
    product TEXT NOT NULL DEFAULT '',
    millilitres INTEGER NOT NULL CHECK (millilitres > 0),
    -- decimal text: pump prices have three decimals
    price_per_litre TEXT,
    amount_cents INTEGER,
    currency TEXT NOT NULL DEFAULT 'ZAR',
    warnings TEXT NOT NULL DEFAULT '[]',
    UNIQUE (batch_id, line_no)
);
-- The list walks this; duplicates and a vehicle's usual fill are read by the days of a file.
CREATE INDEX fuel_logs_date ON fuel_logs(fill_date, id);
CREATE INDEX fuel_logs_waiting ON fuel_logs(vehicle_key) WHERE vehicle_id IS NULL;

-- The same file again is recognised by its hash, and refused.
CREATE INDEX batches_sha256 ON data_import_batches(batch_type, sha256);

-- How the columns of a file layout (its header row) map to fields, as a person
-- last confirmed them: a layout seen before maps the same way without asking.
CREATE TABLE import_mappings (
    kind TEXT NOT NULL CHECK (kind IN ('timesheets', 'fuel_logs')),
    header_key TEXT NOT NULL,
    mapping TEXT NOT NULL CHECK (json_valid(mapping)),
    updated_by TEXT REFERENCES users(id),
    updated_at TEXT NOT NULL,
    PRIMARY KEY (kind, header_key)
);

-- The review queue learns three kinds (a person's or a vehicle's name close to a
-- known one, and a fill larger than the vehicle plausibly holds) and the identity
-- map two kinds of record (people and vehicles). A CHECK cannot be widened in
-- place, so both tables are rebuilt with their rows and indexes as they were;
-- db.migrate runs this file with foreign keys off.
CREATE TABLE review_items_new (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN (
        'batch.dead', 'po.site_unmatched', 'po.revision', 'po.totals_mismatch',
        'low_confidence', 'supplier.proposed', 'link.conflict',
        'dn.po_unknown', 'dn.short', 'dn.over', 'dn.unmatched_line', 'dn.revision',
        'employee.proposed', 'vehicle.proposed', 'fuel.outlier')),
    entity TEXT NOT NULL
        CHECK (entity IN ('batch', 'purchase_order', 'supplier_name', 'external_link',
                          'delivery_note', 'delivery_note_item',
                          'employee_name', 'vehicle_number', 'fuel_log')),
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
INSERT INTO review_items_new SELECT id, kind, entity, record_id, evidence,
    money_at_risk_cents, money_currency, state, seen_count, resolution, note, resolved_by,
    resolved_at, created_at, last_seen_at FROM review_items;
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
        CHECK (record_type IN ('supplier', 'site', 'purchase_order', 'employee', 'vehicle')),
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
