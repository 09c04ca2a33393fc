-- Likely duplicates, refreshed incrementally. Migration 0023 recomputed every pair in
-- ONE transaction with one self-join: on the embedded database that statement held the server's only
-- thread for minutes (no request answered), and at a million nodes on PostgreSQL it did not finish in 12
-- minutes (bench/results/analytics-notes.md). refreshLikelyDuplicates (modules/analytics/duplicates.ts)
-- now probes only the nodes written since the last refresh, in small transactions with a turn of the
-- event loop between them; the first refresh of a database is the same loop over every node.
--
-- A node's row names ONE likely duplicate (the most similar one found). When that node is deleted, the
-- row is no longer dropped with it (0023 cascaded, silently losing a finding the node may owe to other
-- duplicates): the reference becomes NULL and the next refresh probes the node again. Until then a
-- row without similar_to is not a finding (NODE_QUALITY_CONDITIONS.likelyDuplicate).
ALTER TABLE node_likely_duplicates
  DROP CONSTRAINT node_likely_duplicates_similar_to_fkey,
  ALTER COLUMN similar_to DROP NOT NULL,
  ADD CONSTRAINT node_likely_duplicates_similar_to_fkey FOREIGN KEY (similar_to) REFERENCES nodes (id) ON DELETE SET NULL;
-- When the row was found (or last confirmed): a full pass (the first one) skips a node whose row it found
-- already, from the other end of the pair; the finding needs one duplicate per node, not its best.
ALTER TABLE node_likely_duplicates ADD COLUMN found_at timestamptz NOT NULL DEFAULT now();
-- Serves the foreign key's action on every node delete (without it each deleted node scanned the table),
-- the rows that name a node probed again (rechecked with it), and the rows left without one.
CREATE INDEX node_likely_duplicates_similar_to ON node_likely_duplicates (similar_to);

-- Where the refresh stands (one row). Every node with updated_at < probed_before has been probed. A pass
-- (begun at pass_started) probes the nodes with probed_before <= updated_at < pass_before in
-- (updated_at, id) order; cursor_at and cursor_id are the last one done, so a pass stopped between batches (the server closing, an import
-- starting) goes on from there. pass_before is taken when the pass starts: the start of the oldest
-- transaction then open on the database (or now()), so a transaction that started before it and committed
-- later, whose rows bear its start time, is probed by the next pass. That is why every writer of nodes sets
-- updated_at = now() (the node import does since this migration) and why a backup restore, which writes
-- the archive's times, clears probed_before (the next refresh probes every node).
CREATE TABLE node_duplicate_refresh (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  probed_before timestamptz,
  pass_before timestamptz,
  pass_started timestamptz,
  cursor_at timestamptz,
  cursor_id uuid,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO node_duplicate_refresh DEFAULT VALUES;

-- The pass reads the nodes in (updated_at, id) order from a cursor: an index walk that stops after the
-- batch. With 0017's index on updated_at alone, every batch sorted all the nodes sharing one updated_at (a
-- whole upload, a bulk load) to find the next few. The node list's sort by updatedAt (id breaks ties)
-- walks this index in either direction, so it replaces 0017's: no more index on node writes.
DROP INDEX IF EXISTS nodes_updated_at;
CREATE INDEX nodes_updated_at ON nodes (updated_at, id);
