-- Attempt counters for the credential routes (sign-in, registration, refresh, password checks),
-- shared by every server instance on one PostgreSQL: one row per bucket (a client address or an
-- account), a fixed window that starts at the bucket's first attempt. Rows whose window has passed
-- are swept by the servers. The embedded database (one process) counts in memory instead.
CREATE TABLE auth_rate_limits (
  bucket text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL
);
CREATE INDEX auth_rate_limits_window_start ON auth_rate_limits (window_start);
