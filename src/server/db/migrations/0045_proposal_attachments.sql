-- Files a proposer chose for the node a proposal creates, kept with the proposal until it is
-- decided: an approval moves them to the new node's attachments (same blob), a rejection or
-- withdrawal deletes them. blob_key names the contents in the blob store, as attachments.blob_key.
CREATE TABLE proposal_attachments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  proposal_id uuid NOT NULL REFERENCES proposals (id) ON DELETE CASCADE,
  filename text NOT NULL,
  content_type text NOT NULL,
  size bigint NOT NULL,
  blob_key text NOT NULL,
  uploaded_by uuid REFERENCES users (id) ON DELETE SET NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX proposal_attachments_proposal ON proposal_attachments (proposal_id, uploaded_at);

-- The same names as attachments keep (migration 0032): no bidirectional controls, whatever writes the row.
CREATE TRIGGER proposal_attachments_strip_bidi BEFORE INSERT OR UPDATE OF filename ON proposal_attachments
  FOR EACH ROW EXECUTE FUNCTION attachments_strip_bidi();
