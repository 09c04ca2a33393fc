import { defineTexts } from './texts';
/**
 * The words for what an audit event holds besides its action (the log's Changes column): the
 * fields a change names and the keys of its `detail`, and the values that are codes (a failed
 * sign-in's reason, an import's kind). The server writes keys (`fromEvent`, `sign_in_failed`);
 * the reader sees these words in their language. Zod-free, so the widget bundle can import it.
 */

/**
 * Every key the server writes in an event's `detail` (src/server/audit/events.ts types `detail`
 * with it, so a new key fails the typecheck until it is listed and worded here). `state` and
 * `relations` are the server's own (never shown: modules/audit-log/entry.ts).
 */
export const AUDIT_DETAIL_KEYS = [
  'state', 'relations',
  'fromEvent', 'relationsRestored', 'relationsSkipped', 'removedWithNode', 'attachmentMode', 'attachmentsSkipped',
  'passwordChanged', 'ip', 'username', 'reason',
  'code', 'kind', 'jobId', 'filename', 'dryRun',
  'total', 'totalRows', 'created', 'updated', 'unchanged', 'skipped', 'errors', 'sheet',
  'count', 'olderThanDays', 'before',
  'movedUsers',
  'counts', 'formatVersion', 'migration', 'createdAt', 'bytes', 'encrypted', 'completed',
] as const;
export type AuditDetailKey = (typeof AUDIT_DETAIL_KEYS)[number];
export type AuditDetail = Partial<Record<AuditDetailKey, unknown>>;

/** Field and detail names as the log shows them (a key not listed shows as words: `someKey` → "some key"). */
export const AUDIT_FIELD_LABELS = defineTexts('auditLog.fields', {
  // Changes: nodes, relations, types, users, roles, SNOMED rows, attachments, retention.
  name: 'Name',
  nodeType: 'Node type',
  snomedCode: 'SNOMED code',
  snomedTerm: 'SNOMED term',
  url: 'URL',
  description: 'Description',
  note: 'Note',
  relationName: 'Relation name',
  relationType: 'Relation type',
  sourceNodeName: 'Source node',
  targetNodeName: 'Target node',
  weight: 'Weight',
  color: 'Colour',
  sourceNodeTypes: 'Allowed source node types',
  targetNodeTypes: 'Allowed target node types',
  symmetric: 'Symmetric',
  defaultWeight: 'Default weight',
  email: 'Email',
  mobileNo: 'Mobile number',
  role: 'Role',
  isActive: 'Active',
  permissions: 'Permissions',
  attachment: 'Attachment',
  retentionDays: 'Retention (days)',
  conceptId: 'Concept ID',
  term: 'Term',
  active: 'Active',
  effectiveTime: 'Effective time',
  moduleId: 'Module ID',
  languageCode: 'Language code',
  typeId: 'Type ID',
  caseSignificanceId: 'Case significance ID',
  id: 'ID',
  size: 'Size (bytes)',
  contentType: 'File type',
  // Details.
  fromEvent: 'Restored from event',
  relationsRestored: 'Relations restored',
  relationsSkipped: 'Relations not restored',
  removedWithNode: 'Deleted with node',
  attachmentMode: 'Attachments added since',
  attachmentsSkipped: 'Attachments not restored',
  passwordChanged: 'Password changed',
  ip: 'IP address',
  username: 'Username',
  reason: 'Reason',
  code: 'Code',
  kind: 'Kind',
  jobId: 'Import job',
  filename: 'File',
  dryRun: 'Check only',
  total: 'Total rows',
  totalRows: 'Total rows',
  created: 'Created',
  updated: 'Updated',
  unchanged: 'Unchanged',
  skipped: 'Skipped',
  errors: 'Errors',
  sheet: 'Sheet',
  count: 'Events deleted',
  olderThanDays: 'Older than (days)',
  before: 'Before',
  movedUsers: 'Users moved to viewer',
  counts: 'Records',
  formatVersion: 'Format version',
  migration: 'Database migration',
  createdAt: 'Created at',
  bytes: 'Size (bytes)',
  encrypted: 'Encrypted',
  completed: 'Completed',
});

/** Values that are codes, in words. */
export const AUDIT_VALUE_LABELS = defineTexts('auditLog.values', {
  yes: 'Yes',
  no: 'No',
  reason: { invalid_credentials: 'Wrong username, email or password', account_inactive: 'Account inactive' },
  kind: {
    nodes: 'Node upload',
    relations: 'Relation import',
    snomed: 'SNOMED import',
    missing: 'Code no longer in the catalogue',
    inactive: 'Code inactive',
    term_changed: 'Term changed',
  },
  attachmentMode: { keep: 'Kept', match: 'Removed' },
  counts: {
    roles: 'Roles',
    users: 'Users',
    nodeTypes: 'Node types',
    relationTypes: 'Relation types',
    relationTypeSourceNodeTypes: 'Source rules',
    relationTypeTargetNodeTypes: 'Target rules',
    nodes: 'Nodes',
    relations: 'Relations',
    attachments: 'Attachments',
    snomedConcepts: 'SNOMED concepts',
    snomedDrift: 'SNOMED reviews',
    auditLog: 'Audit events',
    auditBatches: 'Audit batches',
  },
});
