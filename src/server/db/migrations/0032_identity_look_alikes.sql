-- Look-alike identities. A username is refused when its confusable skeleton (Unicode TS #39,
-- modules/users/skeleton.ts) matches an existing user's: Cyrillic "аdmin" beside Latin "admin".
-- The skeleton is computed by the server, not in SQL: rows get it when written, and rows without
-- one (existing accounts, accounts restored from a backup) are filled in by the server at start and
-- before every check (modules/users/username-skeletons.ts). Not unique: existing installations may
-- already hold look-alike pairs, which stay; only new names and renames are checked.
ALTER TABLE users ADD COLUMN username_skeleton text;
CREATE INDEX users_username_skeleton ON users (username_skeleton);

-- A username changed without its skeleton (a restore, a hand-made UPDATE) loses the stale one, so
-- the server computes it again instead of comparing against the old name's.
CREATE FUNCTION users_forget_stale_skeleton() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.username IS DISTINCT FROM OLD.username AND NEW.username_skeleton IS NOT DISTINCT FROM OLD.username_skeleton THEN
    NEW.username_skeleton := NULL;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER users_forget_stale_skeleton BEFORE UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION users_forget_stale_skeleton();

-- Bidirectional controls (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069) make a stored
-- file name show in another order: "invoice<RLO>fdp.txt" shows as "invoicetxt.pdf". The server
-- strips them from client file names (safeFilename); these triggers do the same for every other
-- way a name is written, a backup's restore included, and the UPDATEs clean what is stored.
CREATE FUNCTION strip_bidi_controls(name text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT regexp_replace(name, E'[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]', '', 'g')
$$;

CREATE FUNCTION attachments_strip_bidi() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.filename := COALESCE(NULLIF(strip_bidi_controls(NEW.filename), ''), 'file');
  RETURN NEW;
END $$;
CREATE TRIGGER attachments_strip_bidi BEFORE INSERT OR UPDATE OF filename ON attachments
  FOR EACH ROW EXECUTE FUNCTION attachments_strip_bidi();

CREATE FUNCTION import_jobs_strip_bidi() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.filename := strip_bidi_controls(NEW.filename);
  RETURN NEW;
END $$;
CREATE TRIGGER import_jobs_strip_bidi BEFORE INSERT OR UPDATE OF filename ON import_jobs
  FOR EACH ROW EXECUTE FUNCTION import_jobs_strip_bidi();

CREATE FUNCTION snomed_drift_strip_bidi() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.detected_by_filename := strip_bidi_controls(NEW.detected_by_filename);
  RETURN NEW;
END $$;
CREATE TRIGGER snomed_drift_strip_bidi BEFORE INSERT OR UPDATE OF detected_by_filename ON snomed_drift
  FOR EACH ROW EXECUTE FUNCTION snomed_drift_strip_bidi();

UPDATE attachments SET filename = filename WHERE filename <> strip_bidi_controls(filename);
UPDATE import_jobs SET filename = filename WHERE filename <> strip_bidi_controls(filename);
UPDATE snomed_drift SET detected_by_filename = detected_by_filename
 WHERE detected_by_filename <> strip_bidi_controls(detected_by_filename);
