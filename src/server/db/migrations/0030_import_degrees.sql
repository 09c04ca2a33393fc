-- A relation import's batch may write its nodes' degrees itself, after the batch before it has
-- committed (two batches in flight on PostgreSQL, jobs/batch-pipeline.ts). Written by
-- the statement trigger, two batches in flight would both lock node_degrees rows of shared nodes
-- while their inserts ran, and the earlier one could wait for the later one's lock while the later
-- one waits (in the server, unseen by PostgreSQL's deadlock check) for the earlier one's commit.
--
-- node_degrees_add(ends): the insert trigger's upsert for a list of relation ends (each relation's
-- source and target once); the same rows in the same order as nodes_degree_add (migration 0028).
CREATE FUNCTION node_degrees_add(ends uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO node_degrees AS d (node_id, degree, node_type_id)
  SELECT e.id, e.c, n.node_type_id
    FROM (SELECT id, count(*)::int AS c FROM unnest(ends) AS id GROUP BY id) e
    JOIN nodes n ON n.id = e.id
   ORDER BY e.id
  ON CONFLICT (node_id) DO UPDATE SET degree = d.degree + EXCLUDED.degree
$$;

-- The insert trigger leaves the degrees to the statement's transaction when it says it writes them
-- (SET LOCAL kg.import_writes_degrees = 'on': the relation import's pipelined batches only).
CREATE OR REPLACE FUNCTION nodes_degree_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('kg.import_writes_degrees', true) = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO node_degrees AS d (node_id, degree, node_type_id)
  SELECT e.id, e.c, n.node_type_id
    FROM (SELECT id, count(*)::int AS c
            FROM (SELECT source_node_id AS id FROM new_rows UNION ALL SELECT target_node_id FROM new_rows) x
           GROUP BY id) e
    JOIN nodes n ON n.id = e.id
   ORDER BY e.id
  ON CONFLICT (node_id) DO UPDATE SET degree = d.degree + EXCLUDED.degree;
  RETURN NULL;
END $$;
