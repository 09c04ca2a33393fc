-- The global graph keeps the best-connected nodes (ORDER BY degree DESC LIMIT 5,000), of one type or
-- of all. Since 0025 moved the degree out of `nodes`, that top-N joined the nodes with the whole of
-- node_degrees: on a million nodes a hash join over all ~1,000,000 rows of it for every request (one
-- type: p50 0.7 s at one connection, p95 3.5 s at four; bench/results/api-notes.md). An index in degree
-- order, with each row's node type beside it, gives the top-N of all types, or of a type, from the
-- index alone, stopping after the page.
--
-- Its price: a degree change is no longer a HOT update (0025's reason for the table) but writes an entry
-- in this index and the primary key: two small btree inserts, where the degree column of `nodes` wrote
-- ten (three of them GIN). Measured on the relation import in bench/results/import-notes.md.
--
-- Additive (docs/OPERATIONS.md, rolling deploys): the column is nullable and a row inserted without it
-- (the previous version's backup restore) gets it from its node, in a trigger whose WHEN skips the
-- writers below that set it. On a large graph an operator may run the first three steps by hand before
-- the deploy (the index CONCURRENTLY): they are then found done (docs/OPERATIONS.md).
ALTER TABLE node_degrees ADD COLUMN IF NOT EXISTS node_type_id uuid;
UPDATE node_degrees d SET node_type_id = n.node_type_id FROM nodes n WHERE n.id = d.node_id AND d.node_type_id IS NULL;
CREATE INDEX IF NOT EXISTS node_degrees_best ON node_degrees (degree DESC, node_id) INCLUDE (node_type_id);

CREATE FUNCTION node_degrees_fill_type() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.node_type_id := (SELECT node_type_id FROM nodes WHERE id = NEW.node_id);
  RETURN NEW;
END $$;
CREATE TRIGGER node_degrees_fill_type BEFORE INSERT ON node_degrees
  FOR EACH ROW WHEN (NEW.node_type_id IS NULL) EXECUTE FUNCTION node_degrees_fill_type();

-- A node that changes type takes its row along (one statement per UPDATE of nodes, however many rows).
CREATE FUNCTION nodes_type_moved_degrees() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE node_degrees d SET node_type_id = n.node_type_id
    FROM new_rows n
   WHERE d.node_id = n.id AND d.node_type_id IS DISTINCT FROM n.node_type_id;
  RETURN NULL;
END $$;
CREATE TRIGGER nodes_type_moved_degrees AFTER UPDATE ON nodes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION nodes_type_moved_degrees();

-- The relation triggers of 0025 write the type with a node's first row (a join per statement, not a
-- trigger per row); ON CONFLICT changes only the degree.
CREATE OR REPLACE FUNCTION nodes_degree_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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

CREATE OR REPLACE FUNCTION nodes_degree_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO node_degrees AS d (node_id, degree, node_type_id)
  SELECT e.id, e.c, n.node_type_id
    FROM (SELECT id, sum(c)::int AS c
            FROM (SELECT source_node_id AS id, 1 AS c FROM new_rows UNION ALL SELECT target_node_id, 1 FROM new_rows
                  UNION ALL SELECT source_node_id, -1 FROM old_rows UNION ALL SELECT target_node_id, -1 FROM old_rows) x
           GROUP BY id
          HAVING sum(c) <> 0) e
    JOIN nodes n ON n.id = e.id
   ORDER BY e.id
  ON CONFLICT (node_id) DO UPDATE SET degree = d.degree + EXCLUDED.degree;
  RETURN NULL;
END $$;
