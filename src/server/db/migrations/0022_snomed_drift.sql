-- SNOMED drift: after a catalogue import, the nodes whose code is no longer in
-- the catalogue, has no active description left, or whose preferred term changed wait here for a
-- curator (GET /api/snomed/drift, the node list's snomedReview filter). One row per node at most.
-- The job's filename is kept with the row: import jobs are not in a backup archive, so a restored
-- row loses its job id (backup/tables.ts) but still says which file flagged it.
CREATE TABLE snomed_drift (
  node_id uuid PRIMARY KEY REFERENCES nodes (id) ON DELETE CASCADE,
  code text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('missing', 'inactive', 'term_changed')),
  previous_term text,
  current_term text,
  detected_by_job_id uuid REFERENCES import_jobs (id) ON DELETE SET NULL,
  detected_by_filename text,
  detected_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX snomed_drift_detected ON snomed_drift (detected_at DESC, node_id);

-- The preferred term of each code used by a node, taken before an import writes (the "before" of
-- a term change; only used codes: a few thousand rows, not the catalogue). A code absent here was
-- not in the catalogue. Removed when the job's drift check ends; a job that never ends takes its
-- rows with it when the job row goes.
CREATE TABLE snomed_drift_snapshots (
  job_id uuid NOT NULL REFERENCES import_jobs (id) ON DELETE CASCADE,
  code text NOT NULL,
  active boolean NOT NULL,
  term text NOT NULL,
  PRIMARY KEY (job_id, code)
);

-- Any change of a node's code (form, API, bulk upload, history restore) resolves its drift: the
-- curator picked another code. A trigger, so that no writer of nodes can forget it.
CREATE FUNCTION nodes_clear_snomed_drift() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM snomed_drift WHERE node_id = NEW.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER nodes_clear_snomed_drift AFTER UPDATE OF snomed_code ON nodes
  FOR EACH ROW WHEN (OLD.snomed_code IS DISTINCT FROM NEW.snomed_code) EXECUTE FUNCTION nodes_clear_snomed_drift();
