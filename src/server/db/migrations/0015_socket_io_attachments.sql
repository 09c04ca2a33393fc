-- The socket.io PostgreSQL adapter (plugins/socket-adapter.ts) sends events between server instances
-- with NOTIFY, whose payload is limited to 8000 bytes; a larger or binary event is stored here and
-- only its id is notified. The adapter deletes rows older than 30 s itself. Unused (and empty) on
-- the embedded database, which has one process and the in-memory adapter. Columns as the adapter
-- expects them (@socket.io/postgres-adapter's README).
CREATE TABLE IF NOT EXISTS socket_io_attachments (
  id bigserial UNIQUE,
  created_at timestamptz DEFAULT now(),
  payload bytea
);
