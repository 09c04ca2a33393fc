-- Review mode: proposals of node and relation changes, approved by a second person (changes.review).
-- A proposal keeps its proposer's and reviewer's names beside their ids, so the queue still says who
-- after an account is deleted. Its changes are ordered (seq): a bundle applies in that order, all or
-- nothing. target_id has no foreign key: the record may be deleted while the proposal waits (it is
-- then outdated), and a decided proposal stays as it was.
CREATE TABLE proposals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL CHECK (state IN ('draft', 'submitted', 'approved', 'rejected', 'withdrawn')),
  proposer_id uuid REFERENCES users (id) ON DELETE SET NULL,
  proposer_name text NOT NULL,
  reviewer_id uuid REFERENCES users (id) ON DELETE SET NULL,
  reviewer_name text,
  reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz
);
CREATE INDEX proposals_state ON proposals (state, created_at, id);
CREATE INDEX proposals_proposer ON proposals (proposer_id, created_at, id);

CREATE TABLE proposal_changes (
  proposal_id uuid NOT NULL REFERENCES proposals (id) ON DELETE CASCADE,
  seq smallint NOT NULL,
  kind text NOT NULL CHECK (kind IN ('node', 'relation')),
  action text NOT NULL CHECK (action IN ('create', 'update', 'delete')),
  target_id uuid,
  -- A node created by the bundle: its relations name it by this local reference.
  ref text,
  -- The node type or relation type the change is about (the queue's filter).
  record_type text,
  base_version integer,
  before jsonb,
  after jsonb,
  PRIMARY KEY (proposal_id, seq)
);
CREATE INDEX proposal_changes_target ON proposal_changes (target_id) WHERE target_id IS NOT NULL;

-- The 20th permission: the system admin role holds every permission (the seed keeps it so on start too).
UPDATE roles SET permissions = array_append(permissions, 'changes.review')
 WHERE is_system AND name = 'admin' AND NOT ('changes.review' = ANY (permissions));
