-- The index on nodes.degree made every relation write a non-HOT update of both end nodes,
-- rewriting their entries in every index on nodes (three of them trigram GIN indexes).
-- Picking the best-connected nodes for a truncated graph view is a top-N sort over the
-- filtered nodes, cheap without an index, so the index costs more than it saves.
DROP INDEX IF EXISTS nodes_degree;
