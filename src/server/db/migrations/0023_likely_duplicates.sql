-- Likely duplicate nodes (the Analytics page's quality finding and the node list's
-- likelyDuplicate filter): nodes of the same type with trigram-similar names. Comparing every name
-- with every other on each request cannot stay within 2 s at a million nodes, so the pairs are
-- precomputed here by refreshLikelyDuplicates (src/server/modules/analytics/duplicates.ts), run
-- shortly after start and then every 15 minutes (so the finding may lag edits by that much).
CREATE TABLE node_likely_duplicates (
  node_id uuid PRIMARY KEY REFERENCES nodes (id) ON DELETE CASCADE,
  -- The most similar other node of the same type.
  similar_to uuid NOT NULL REFERENCES nodes (id) ON DELETE CASCADE,
  similarity real NOT NULL
);
