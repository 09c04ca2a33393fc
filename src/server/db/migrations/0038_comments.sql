-- Discussions: comment threads on nodes and relations. A comment belongs to exactly one record and
-- goes with it (ON DELETE CASCADE: deleting a node deletes its relations and every comment on
-- either; the record's delete event is the audit of that). The author's name is kept beside the id
-- so a thread still says who wrote a comment after the account is deleted.
CREATE TABLE comments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  node_id uuid REFERENCES nodes (id) ON DELETE CASCADE,
  relation_id uuid REFERENCES relations (id) ON DELETE CASCADE,
  body text NOT NULL,
  author_id uuid REFERENCES users (id) ON DELETE SET NULL,
  author_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  edited boolean NOT NULL DEFAULT false,
  CONSTRAINT comments_one_record CHECK ((node_id IS NULL) <> (relation_id IS NULL))
);
CREATE INDEX comments_node ON comments (node_id, created_at, id) WHERE node_id IS NOT NULL;
CREATE INDEX comments_relation ON comments (relation_id, created_at, id) WHERE relation_id IS NOT NULL;
