-- File contents (attachments, error reports) when they live in the database: always on
-- PostgreSQL, so that every server instance sees every file; in memory for tests.
CREATE TABLE blobs (
  key text PRIMARY KEY,
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
