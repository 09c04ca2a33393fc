/**
 * Columns deliberately left out of the archive: secrets, and keys that belong to one installation.
 * backup.test.ts checks every other column of every backed-up table is in it.
 */
export const NOT_BACKED_UP: Readonly<Record<string, readonly string[]>> = {
  // The look-alike key is derived from the username; the server computes it for restored users.
  // Who changed a user, role or type last (migration 0033) is told by the restored audit trail; the
  // restore itself is their latest change.
  users: ['password_hash', 'username_skeleton', 'updated_by'],
  roles: ['updated_by'],
  node_types: ['updated_by'],
  relation_types: ['updated_by'],
  attachments: ['blob_key'],
  proposal_attachments: ['blob_key'],
  // Import jobs are this installation's history, not in the archive; the row keeps the job's filename.
  snomed_drift: ['detected_by_job_id'],
  // Who changed a setting last is told by the restored audit trail, as for types and roles.
  server_settings: ['updated_by'],
};
