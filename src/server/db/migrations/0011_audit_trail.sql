-- One audit trail (DESIGN §9 "one change, one transaction, one event"). The unused
-- audit_log table of 0001 becomes it: every write that changes a record inserts its event in the
-- same transaction (src/server/audit/record.ts), and the same event, after commit, feeds the
-- record's history and the live-change socket messages (src/server/audit/change-feed.ts).
ALTER TABLE audit_log RENAME COLUMN user_id TO actor_id;
ALTER TABLE audit_log RENAME COLUMN entity TO entity_type;
-- The actor's name at the time: kept when the user is deleted or renamed later.
ALTER TABLE audit_log ADD COLUMN actor_name text;
-- [{ "field": "weight", "before": 0.5, "after": 0.8 }, …] with the API's camelCase field names.
ALTER TABLE audit_log ADD COLUMN changes jsonb NOT NULL DEFAULT '[]'::jsonb;
-- `detail` stays for what is not a field change (an import's counts, a failed sign-in's name, a
-- delete's snapshot of the record and of what was removed with it).

CREATE INDEX audit_log_entity ON audit_log (entity_type, entity_id, id DESC);
CREATE INDEX audit_log_actor ON audit_log (actor_id, id DESC);

-- Events cannot be edited, and removed only by the retention purge, which sets kg.audit_purge
-- for its own transaction (SET LOCAL) and is itself audited. No API route updates or deletes them;
-- the trigger makes that hold for any code path.
CREATE FUNCTION audit_log_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('kg.audit_purge', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit events cannot be changed or deleted' USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER audit_log_immutable BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_immutable();
