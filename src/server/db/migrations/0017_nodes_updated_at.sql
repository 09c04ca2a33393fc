-- The node list sorts by created_at, name or updated_at; only updated_at had no index, so a list
-- sorted by it read and sorted every node (a million on the large benchmark graph). With it, a
-- page of any of the three is an index walk that stops after the page, and a search with more
-- matches than the count cap can walk it too (nodes/repository.ts listNodes). A node's degree
-- changes (relation writes) do not touch updated_at, so those updates stay HOT.
CREATE INDEX IF NOT EXISTS nodes_updated_at ON nodes (updated_at DESC);
