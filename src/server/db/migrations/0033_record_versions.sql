-- Optimistic concurrency (docs/architecture/versions.md): every editable record carries a version
-- that each accepted write moves on, so a write made from a stale copy can be refused (412) instead
-- of silently overwriting someone else's change. Existing rows start at 1. updated_by says who made
-- the latest change (nodes and relations had it already); no foreign key, like the audit trail's
-- actor: a deleted user leaves the id, which then names nobody.
ALTER TABLE nodes ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE relations ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE node_types ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE node_types ADD COLUMN updated_by uuid;
ALTER TABLE relation_types ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE relation_types ADD COLUMN updated_by uuid;
ALTER TABLE users ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE users ADD COLUMN updated_by uuid;
ALTER TABLE roles ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE roles ADD COLUMN updated_by uuid;
ALTER TABLE server_settings ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE server_settings ADD COLUMN updated_by uuid;
ALTER TABLE server_settings ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
-- The version an audited change produced (null for events of records without one).
ALTER TABLE audit_log ADD COLUMN version integer;
