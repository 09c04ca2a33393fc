-- Each node's number of relations moves out of `nodes` into a narrow table of its own.
-- As a column of `nodes`, every relation write updated both end nodes' rows: full pages
-- (fillfactor 100), so the new row version went to another page and all ten node indexes
-- (three trigram GIN) got new entries — the largest single cost of a relation import batch
-- (bench/results/import-notes.md). A node_degrees row is 40-odd bytes with one index (the
-- primary key) on a column that never changes, and pages half empty (fillfactor 50), so an
-- update of its degree is a HOT update: a new version on the same page, no index entry.
--
-- A node without a row has degree 0 (readers LEFT JOIN and COALESCE): only relation writes
-- create rows, so node imports do not pay for them. Rows whose degree falls back to 0 stay.
CREATE TABLE node_degrees (
  node_id uuid PRIMARY KEY REFERENCES nodes (id) ON DELETE CASCADE,
  degree integer NOT NULL
) WITH (fillfactor = 50);

INSERT INTO node_degrees (node_id, degree) SELECT id, degree FROM nodes WHERE degree <> 0;

-- The triggers of migration 0004 stay (statement-level, transition tables: one statement per
-- relation statement, however many rows); their functions now write node_degrees. Rows are
-- written in id order, so two concurrent relation statements lock shared nodes' rows in the
-- same order rather than deadlocking. ON CONFLICT: a node's first relation creates its row.
CREATE OR REPLACE FUNCTION nodes_degree_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO node_degrees AS d (node_id, degree)
  SELECT id, count(*)::int
    FROM (SELECT source_node_id AS id FROM new_rows UNION ALL SELECT target_node_id FROM new_rows) e
   GROUP BY id
   ORDER BY id
  ON CONFLICT (node_id) DO UPDATE SET degree = d.degree + EXCLUDED.degree;
  RETURN NULL;
END $$;

-- A removed relation's ends have rows (their relation created them). When a node is deleted,
-- its row may already be gone with it (ON DELETE CASCADE): the UPDATE then skips it.
CREATE OR REPLACE FUNCTION nodes_degree_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE node_degrees d SET degree = d.degree - e.c
    FROM (SELECT id, count(*)::int AS c
            FROM (SELECT source_node_id AS id FROM old_rows UNION ALL SELECT target_node_id FROM old_rows) x
           GROUP BY id) e
   WHERE d.node_id = e.id;
  RETURN NULL;
END $$;

-- A relation whose ends moved: the new ends gain (a new end may have no row yet), the old ones
-- lose; updates that move no end (a renamed relation) write nothing.
CREATE OR REPLACE FUNCTION nodes_degree_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO node_degrees AS d (node_id, degree)
  SELECT id, sum(c)::int
    FROM (SELECT source_node_id AS id, 1 AS c FROM new_rows UNION ALL SELECT target_node_id, 1 FROM new_rows
          UNION ALL SELECT source_node_id, -1 FROM old_rows UNION ALL SELECT target_node_id, -1 FROM old_rows) e
   GROUP BY id
  HAVING sum(c) <> 0
   ORDER BY id
  ON CONFLICT (node_id) DO UPDATE SET degree = d.degree + EXCLUDED.degree;
  RETURN NULL;
END $$;

ALTER TABLE nodes DROP COLUMN degree;
