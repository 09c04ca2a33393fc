-- Discussions on proposals: a comment belongs to exactly one node, relation or proposal. A proposal's
-- thread goes with it (proposals are never deleted today; the cascade keeps it that way if they are).
ALTER TABLE comments ADD COLUMN proposal_id uuid REFERENCES proposals (id) ON DELETE CASCADE;
ALTER TABLE comments DROP CONSTRAINT comments_one_record;
ALTER TABLE comments ADD CONSTRAINT comments_one_record CHECK (num_nonnulls(node_id, relation_id, proposal_id) = 1);
CREATE INDEX comments_proposal ON comments (proposal_id, created_at, id) WHERE proposal_id IS NOT NULL;
