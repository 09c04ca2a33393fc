-- Import checkpoints (DESIGN §9): rows are committed in batches, and each batch's
-- transaction also records here how far the job got, so the checkpoint is exact — a job that
-- stops says how many rows were kept and can resume from there without duplicates.
--   rows_committed  valid rows whose batch committed (what the messages and clients show)
--   rows_total      the rows to import, once the file has been read (the denominator)
--   checkpoint      what a resume needs besides rows_committed (file row reached, counts so far)
--   run_token       the run that owns the job: a claim for a resume gives a new token, and a
--                   batch, heartbeat or final state of an older run then changes nothing
--   upload_path / upload_format  the uploaded file on this host, while the job may still need it
--   interrupted     stopped on purpose (shutdown, lost database): resumable at once, not only
--                   once its heartbeat is stale
--   resumes         how often it was resumed (bounded, so a file that always fails gives up)
ALTER TABLE import_jobs
  ADD COLUMN rows_committed integer NOT NULL DEFAULT 0,
  ADD COLUMN rows_total integer,
  ADD COLUMN checkpoint jsonb,
  ADD COLUMN run_token uuid,
  ADD COLUMN upload_path text,
  ADD COLUMN upload_format text,
  ADD COLUMN interrupted boolean NOT NULL DEFAULT false,
  ADD COLUMN resumes integer NOT NULL DEFAULT 0;

-- The sweep's question: which jobs are not finished?
CREATE INDEX import_jobs_unfinished ON import_jobs (updated_at) WHERE status IN ('processing', 'inserting');
