-- Stored uploads: an accepted import upload is kept in the database, in chunks,
-- so that any instance can resume its job when the instance that took it dies. Streamed in and
-- out one chunk at a time: no server ever holds a whole file in memory.
--   import_uploads        one row per stored upload; `complete` once every chunk is in (a copy
--                         cut short by a crash is never resumed from, and the sweep removes it)
--   import_upload_chunks  the bytes, in order (seq from 0), at most 1 MiB each
--   import_jobs.upload_id the stored copy of the job's upload (the local file stays in
--                         upload_path for the instance that received it)
-- Additive only (docs/OPERATIONS.md, rolling deploys): new tables, one nullable column and one
-- index; instances of the previous version ignore all three.
CREATE TABLE import_uploads (
  id uuid PRIMARY KEY,
  size bigint NOT NULL DEFAULT 0,
  chunks integer NOT NULL DEFAULT 0,
  complete boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE import_upload_chunks (
  upload_id uuid NOT NULL REFERENCES import_uploads (id) ON DELETE CASCADE,
  seq integer NOT NULL CHECK (seq >= 0),
  data bytea NOT NULL,
  PRIMARY KEY (upload_id, seq)
);
-- Spreadsheets are zip archives already: no point in PostgreSQL trying to compress them again.
ALTER TABLE import_upload_chunks ALTER COLUMN data SET STORAGE EXTERNAL;

ALTER TABLE import_jobs ADD COLUMN upload_id uuid REFERENCES import_uploads (id) ON DELETE SET NULL;
-- The sweep's question: which stored uploads does an unfinished job still need?
CREATE INDEX import_jobs_upload_id ON import_jobs (upload_id) WHERE upload_id IS NOT NULL;
