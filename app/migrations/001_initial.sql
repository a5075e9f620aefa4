-- The first schema: accounts, sites, the batch queue and purchase orders.
-- Times are UTC text in one format (2026-08-19T10:42:00.000Z); money is integer cents.

CREATE TABLE users (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL DEFAULT '',
    role TEXT NOT NULL CHECK (role IN ('admin', 'staff')),
    password_hash TEXT NOT NULL,
    active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    created_at TEXT NOT NULL
);

CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
);
CREATE INDEX sessions_user ON sessions(user_id);

CREATE TABLE api_tokens (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name TEXT NOT NULL DEFAULT '',
    token_hash TEXT NOT NULL UNIQUE,
    prefix TEXT NOT NULL,
    created_at TEXT NOT NULL,
    last_used_at TEXT,
    revoked_at TEXT
);
CREATE INDEX api_tokens_user ON api_tokens(user_id);

CREATE TABLE sites (
    id TEXT PRIMARY KEY,
    code TEXT NOT NULL,
    -- the code with case, spaces and dashes removed: what matching compares
    code_key TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    created_at TEXT NOT NULL
);

CREATE TABLE site_aliases (
    id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    alias TEXT NOT NULL,
    alias_key TEXT NOT NULL UNIQUE,
    created_by TEXT REFERENCES users(id),
    created_at TEXT NOT NULL
);
CREATE INDEX site_aliases_site ON site_aliases(site_id);

CREATE TABLE data_import_batches (
    id TEXT PRIMARY KEY,
    batch_type TEXT NOT NULL
        CHECK (batch_type IN ('purchase_orders', 'delivery_notes', 'timesheets', 'fuel_logs')),
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
    -- a failed batch always knows when it runs again
    CHECK (status != 'failed' OR next_retry_at IS NOT NULL)
);
CREATE INDEX batches_due ON data_import_batches(status, next_retry_at);
CREATE INDEX batches_uploaded ON data_import_batches(date_uploaded, id);
CREATE INDEX batches_uploader ON data_import_batches(uploaded_by, date_uploaded);
CREATE INDEX batches_file ON data_import_batches(file_path);

-- What happened to a batch, in order: uploads, claims, failures, resets, retries.
CREATE TABLE batch_events (
    id INTEGER PRIMARY KEY,
    batch_id TEXT NOT NULL REFERENCES data_import_batches(id) ON DELETE CASCADE,
    at TEXT NOT NULL,
    event TEXT NOT NULL,
    attempt INTEGER NOT NULL DEFAULT 0,
    detail TEXT NOT NULL DEFAULT '',
    actor TEXT REFERENCES users(id)
);
CREATE INDEX batch_events_batch ON batch_events(batch_id, id);

CREATE TABLE purchase_orders (
    id TEXT PRIMARY KEY,
    purchase_order_number TEXT NOT NULL UNIQUE,
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
    CHECK (is_verified = 0 OR (verified_by IS NOT NULL AND verified_at IS NOT NULL))
);
CREATE INDEX purchase_orders_created ON purchase_orders(created_at, id);
CREATE INDEX purchase_orders_file ON purchase_orders(file_path);

CREATE TABLE purchase_order_items (
    id TEXT PRIMARY KEY,
    purchase_order_id TEXT NOT NULL REFERENCES purchase_orders(id) ON DELETE CASCADE,
    line_no INTEGER NOT NULL,
    item_code TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL DEFAULT '',
    quantity TEXT NOT NULL,
    unit TEXT NOT NULL DEFAULT '',
    unit_price_cents INTEGER,
    amount_cents INTEGER,
    UNIQUE (purchase_order_id, line_no)
);
