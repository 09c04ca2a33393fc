-- Bulk relation import: relation imports are import jobs like node uploads
-- (same runner, checkpoints, resume and error reports), of kind 'relations'.
ALTER TABLE import_jobs DROP CONSTRAINT IF EXISTS import_jobs_kind_check;
ALTER TABLE import_jobs ADD CONSTRAINT import_jobs_kind_check CHECK (kind IN ('nodes', 'snomed', 'relations'));
