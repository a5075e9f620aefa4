-- Failed sign-ins, kept for the lockout window only: one row per failure for the
-- account (the email tried) and one for the address it came from.

CREATE TABLE sign_in_failures (
    id INTEGER PRIMARY KEY,
    scope TEXT NOT NULL CHECK (scope IN ('account', 'address')),
    key TEXT NOT NULL,
    at TEXT NOT NULL
);
CREATE INDEX sign_in_failures_key ON sign_in_failures(scope, key, at);
