-- Dry runs ("Check file"): a job that runs the whole import — every row checked,
-- every batch's real statements run against the database — but rolls each batch back, so no data
-- row is written. Only the job row, its summary, its error report and its own audit event remain.
-- A dry run never commits a checkpoint (rows_committed stays 0): an interrupted one checks the
-- file again from its first row.
ALTER TABLE import_jobs ADD COLUMN dry_run boolean NOT NULL DEFAULT false;
