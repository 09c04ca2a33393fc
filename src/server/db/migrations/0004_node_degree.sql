-- Each node's number of relations, kept in the same transaction as every relation change.
-- The graph explorer keeps the best-connected nodes when a view is truncated; computing the
-- degree of every node per request cost seconds at 100k nodes (bench/results/api-notes.md §4).
-- Statement-level triggers with transition tables keep bulk inserts to one UPDATE.

ALTER TABLE nodes ADD COLUMN degree integer NOT NULL DEFAULT 0;

UPDATE nodes n SET degree = d.c
  FROM (SELECT id, count(*)::int AS c
          FROM (SELECT source_node_id AS id FROM relations UNION ALL SELECT target_node_id FROM relations) e
         GROUP BY id) d
 WHERE n.id = d.id;

CREATE INDEX nodes_degree ON nodes (degree DESC, id);

CREATE FUNCTION nodes_degree_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE nodes n SET degree = n.degree + d.c
    FROM (SELECT id, count(*)::int AS c
            FROM (SELECT source_node_id AS id FROM new_rows UNION ALL SELECT target_node_id FROM new_rows) e
           GROUP BY id) d
   WHERE n.id = d.id;
  RETURN NULL;
END $$;

CREATE FUNCTION nodes_degree_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE nodes n SET degree = n.degree - d.c
    FROM (SELECT id, count(*)::int AS c
            FROM (SELECT source_node_id AS id FROM old_rows UNION ALL SELECT target_node_id FROM old_rows) e
           GROUP BY id) d
   WHERE n.id = d.id;
  RETURN NULL;
END $$;

CREATE FUNCTION nodes_degree_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE nodes n SET degree = n.degree + d.c
    FROM (SELECT id, sum(c)::int AS c
            FROM (SELECT source_node_id AS id, 1 AS c FROM new_rows UNION ALL SELECT target_node_id, 1 FROM new_rows
                  UNION ALL SELECT source_node_id, -1 FROM old_rows UNION ALL SELECT target_node_id, -1 FROM old_rows) e
           GROUP BY id) d
   WHERE n.id = d.id AND d.c <> 0;
  RETURN NULL;
END $$;

CREATE TRIGGER relations_degree_insert AFTER INSERT ON relations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION nodes_degree_add();
CREATE TRIGGER relations_degree_delete AFTER DELETE ON relations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION nodes_degree_remove();
CREATE TRIGGER relations_degree_update AFTER UPDATE ON relations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION nodes_degree_move();
