-- Adding a FHIR code system to the graph (the admin Terminology page) is a background job like the
-- imports (same runner, checkpoints and progress events), of kind 'terminology'.
ALTER TABLE import_jobs DROP CONSTRAINT IF EXISTS import_jobs_kind_check;
ALTER TABLE import_jobs ADD CONSTRAINT import_jobs_kind_check CHECK (kind IN ('nodes', 'snomed', 'relations', 'terminology'));

-- Which node a code system's concept became: keeps the concept's code with the node, lets a rerun skip
-- what was added (and an interrupted run go on), and gives is-a relations their ends by code. A deleted
-- node drops its row, so adding the code system again brings the concept back.
CREATE TABLE terminology_graph_nodes (
  system text NOT NULL,
  code text NOT NULL,
  node_id uuid NOT NULL REFERENCES nodes (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (system, code)
);
CREATE INDEX terminology_graph_nodes_node ON terminology_graph_nodes (node_id);
