-- Every claim of a batch gets a number that never goes back, unlike `attempts`,
-- which a person's retry resets to 0. Workers are fenced by this number, so a
-- worker the watchdog gave up on can never pass for a later claim of the same
-- batch, even one with the same attempt number after a retry.

ALTER TABLE data_import_batches ADD COLUMN claims INTEGER NOT NULL DEFAULT 0;
UPDATE data_import_batches SET claims = attempts;
