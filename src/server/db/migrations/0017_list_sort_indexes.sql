-- Every list's default and usual sorts get an index, so a page is an index walk that stops after
-- the page instead of sorting the whole table (a million nodes, three million relations on the
-- large benchmark graph), and their counts stop at a cap (nodes/relations repository).
--
-- The node list sorts by created_at, name or updated_at; only updated_at had no index. A node's
-- degree changes (relation writes) do not touch updated_at, so those updates stay HOT.
CREATE INDEX IF NOT EXISTS nodes_updated_at ON nodes (updated_at DESC);
-- The relation list's default sort (newest first) had none.
CREATE INDEX IF NOT EXISTS relations_created_at ON relations (created_at DESC);
