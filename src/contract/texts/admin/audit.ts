import { defineTexts, icu } from '../define';

/**
 * The audit log's vocabulary and texts: what the server writes as actions
 * and entity types, and what the admin page and kg-audit-log say. Zod-free, so the widget bundle
 * can import it; audit-log.ts (the schemas) re-exports it.
 */

/** Entity types an event may name (the server's AuditEntityType; the log's filter offers them). */
export const AUDIT_ENTITY_TYPES = [
  'node',
  'relation',
  'attachment',
  'node_type',
  'relation_type',
  'comment',
  'proposal',
  'snomed_concept',
  'snomed_catalogue',
  'user',
  'role',
  'session',
  'import',
  'audit_log',
  'backup',
] as const;

export type AuditLogEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/**
 * Known actions: those of the account, session and retention events (written by
 * src/server/modules/users, roles, auth and audit-log) and of the content events (nodes, relations,
 * types, imports, attachments). An action is lower-case words joined by underscores.
 */
export const AUDIT_ACTIONS = {
  create: 'create',
  update: 'update',
  delete: 'delete',
  restore: 'restore',
  import: 'import',
  download: 'download',
  attachmentAdd: 'attachment_add',
  attachmentRemove: 'attachment_remove',
  snomedDriftAccept: 'snomed_drift_accept',
  register: 'register',
  roleChange: 'role_change',
  activate: 'activate',
  deactivate: 'deactivate',
  passwordChange: 'password_change',
  permissionChange: 'permission_change',
  signIn: 'sign_in',
  signInFailed: 'sign_in_failed',
  signOutEverywhere: 'sign_out_everywhere',
  ssoSignIn: 'sso_sign_in',
  ssoSignInFailed: 'sso_sign_in_failed',
  ssoLink: 'sso_link',
  ssoUnlink: 'sso_unlink',
  ssoSignOut: 'sso_sign_out',
  breakGlassSignIn: 'break_glass_sign_in',
  retentionChange: 'retention_change',
  purge: 'purge',
  // Review mode's proposals (modules/review): a change applied by an approval is the record's own create/update/delete.
  propose: 'propose',
  submit: 'submit',
  withdraw: 'withdraw',
  approve: 'approve',
  reject: 'reject',
} as const;

export type AuditLogAction = (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS];

export const AUDIT_ACTION_PATTERN = /^[a-z][a-z_]{0,39}$/;

/** Readable names for the filter menus and the table (unknown values show as they are). */
export const AUDIT_ACTION_LABELS: Record<AuditLogAction, string> = defineTexts('auditLog.actions', {
  create: 'Create',
  update: 'Update',
  delete: 'Delete',
  restore: 'Restore',
  import: 'Import',
  download: 'Download',
  attachment_add: 'Attachment added',
  attachment_remove: 'Attachment removed',
  snomed_drift_accept: 'SNOMED change accepted',
  register: 'Register',
  role_change: 'Role change',
  activate: 'Activate',
  deactivate: 'Deactivate',
  password_change: 'Password change',
  permission_change: 'Permission change',
  sign_in: 'Sign-in',
  sign_in_failed: 'Failed sign-in',
  sign_out_everywhere: 'Sign out everywhere',
  sso_sign_in: 'Single sign-on',
  sso_sign_in_failed: 'Failed single sign-on',
  sso_link: 'Account linked to provider',
  sso_unlink: 'Account unlinked from provider',
  sso_sign_out: 'Signed out by provider',
  break_glass_sign_in: 'Break-glass sign-in',
  retention_change: 'Retention change',
  purge: 'Purge',
  propose: 'Proposed',
  submit: 'Submitted for review',
  withdraw: 'Withdrawn',
  approve: 'Approved',
  reject: 'Rejected',
});

export const AUDIT_ENTITY_LABELS: Record<AuditLogEntityType, string> = defineTexts('auditLog.entities', {
  node: 'Node',
  relation: 'Relation',
  attachment: 'Attachment',
  node_type: 'Node type',
  relation_type: 'Relation type',
  comment: 'Comment',
  proposal: 'Proposal',
  snomed_concept: 'SNOMED concept',
  snomed_catalogue: 'SNOMED catalogue',
  user: 'User',
  role: 'Role',
  session: 'Session',
  import: 'Import',
  audit_log: 'Audit log',
  backup: 'Backup',
});

/** Retention limits: at least a day, at most about a hundred years. */
export const AUDIT_RETENTION_LIMITS = { minDays: 1, maxDays: 36_500 } as const;

/** Rows per export: the whole filtered log streams, up to what a spreadsheet holds. */
export const AUDIT_EXPORT_MAX_ROWS = 1_000_000;

export const AUDIT_LOG_TEXTS = defineTexts('auditLog', {
  filtersLabel: 'Filter audit events',
  title: 'Audit Log',
  subtitle: 'Who changed what, and when: every change, sign-in and account event.',
  tableLabel: 'Audit events',
  when: 'When',
  user: 'User',
  userPlaceholder: 'Username',
  action: 'Action',
  entityType: 'Entity type',
  entity: 'Record',
  changes: 'Changes',
  allActions: 'All actions',
  allEntityTypes: 'All entity types',
  from: 'From',
  to: 'To',
  search: 'Search',
  searchPlaceholder: 'Search events...',
  clearAll: 'Clear All',
  refresh: 'Refresh',
  exportCsv: 'Export CSV',
  exportXlsx: 'Export .xlsx',
  exporting: 'Exporting...',
  exportFailed: 'Failed to export the audit log',
  system: 'System',
  notSignedIn: 'not signed in',
  noEvents: 'No events yet',
  noMatches: 'No events match the filters',
  loadFailed: 'Failed to load the audit log',
  loadFailedToast: 'Failed to load the audit log. Please try again.',
  retry: 'Retry',
  denied: 'You do not have permission to access this page.',
  signIn: 'Sign in to read the audit log.',
  dateOrder: 'The From date must not be after the To date',
  showMore: 'Show more',
  showLess: 'Show less',
  empty: '(empty)',

  retentionTitle: 'Retention',
  retentionHint: 'Events older than this many days are deleted every day. Leave empty to keep every event.',
  retentionDays: 'Purge events older than (days)',
  retentionKeepAll: 'Every event is kept.',
  retentionSave: 'Save',
  retentionSaved: 'Retention saved',
  retentionInvalid: `Enter a whole number of days from ${AUDIT_RETENTION_LIMITS.minDays} to ${AUDIT_RETENTION_LIMITS.maxDays.toLocaleString('en')}, or leave it empty`,
  purgeNow: 'Purge now',
  purgeTitle: 'Purge old events',
  purgeBody: icu(['days'], (days: number) => `Delete every event older than ${days.toLocaleString('en')} days? This cannot be undone; the purge itself is logged.`, 'Delete every event older than {days, number} days? This cannot be undone; the purge itself is logged.'),
  purgeConfirm: 'Purge',
  purgeDone: icu(['count'], (count: number) => `${count.toLocaleString('en')} ${count === 1 ? 'event' : 'events'} purged`, '{count, plural, one {# event} other {# events}} purged'),
  purgeFailed: 'Failed to purge events',
  retentionFailed: 'Failed to save the retention',
  cancel: 'Cancel',
});

/** Server messages of the audit routes. */
export const AUDIT_LOG_MESSAGES = defineTexts('auditLog.messages', {
  noRetention: 'Set a retention period before purging.',
  logsOnly: 'Only users who may read the audit log can purge it.',
});

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
  'passwordChanged', 'ip', 'username', 'reason', 'provider', 'subject', 'via',
  'code', 'kind', 'jobId', 'filename', 'dryRun',
  'total', 'totalRows', 'created', 'updated', 'unchanged', 'skipped', 'errors', 'sheet',
  'count', 'olderThanDays', 'before',
  'movedUsers',
  'recordType', 'recordId',
  'proposal', 'proposer', 'reviewer',
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
  evidence: 'Evidence',
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
  body: 'Comment',
  // Details.
  fromEvent: 'Restored from event',
  relationsRestored: 'Relations restored',
  relationsSkipped: 'Relations not restored',
  removedWithNode: 'Deleted with node',
  attachmentMode: 'Attachments added since',
  attachmentsSkipped: 'Attachments not restored',
  passwordChanged: 'Password changed',
  ip: 'IP address',
  provider: 'Identity provider',
  subject: 'Subject at provider',
  via: 'Signed in through',
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
  recordType: 'On a',
  recordId: 'On record',
  proposal: 'Proposal',
  proposer: 'Proposed by',
  reviewer: 'Reviewed by',
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
  reason: {
    invalid_credentials: 'Wrong username, email or password',
    account_inactive: 'Account inactive',
    local_login_off: 'Password sign-in is off (not an admin)',
    email_domain: 'E-mail domain not allowed',
    account_exists: 'A local account has this e-mail (not linked)',
    role_unknown: 'Mapped role does not exist',
    cancelled: 'Cancelled at the provider',
    invalid_callback: 'Invalid or replayed answer from the provider',
    provider_unreachable: 'Provider unreachable',
    failed: 'Provider reported an error',
    verified_email: 'Verified e-mail (linking allowed)',
    admin: 'Linked by an administrator',
    token_malformed: 'Token malformed',
    token_algorithm: 'Token algorithm refused',
    token_signature: 'Token signature invalid',
    token_expired: 'Token expired',
    token_issuer: 'Token from another issuer',
    token_audience: 'Token for another audience',
    token_claims: 'Token claims invalid',
    token_provider_unreachable: 'Provider keys unreachable',
  },
  via: { redirect: 'Sign-in page', token_exchange: 'Token from a portal' },
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
    userIdentities: 'Sign-in links',
    nodeTypes: 'Node types',
    relationTypes: 'Relation types',
    relationTypeSourceNodeTypes: 'Source rules',
    relationTypeTargetNodeTypes: 'Target rules',
    serverSettings: 'Settings',
    nodes: 'Nodes',
    relations: 'Relations',
    relationEvidence: 'Relation evidence',
    proposals: 'Proposals',
    proposalChanges: 'Proposed changes',
    attachments: 'Attachments',
    snomedConcepts: 'SNOMED concepts',
    snomedRf2Concepts: 'SNOMED concept states',
    snomedRelationships: 'SNOMED relationships',
    snomedLanguageRefset: 'SNOMED language references',
    snomedAssociations: 'SNOMED associations',
    snomedDrift: 'SNOMED reviews',
    fhirResources: 'FHIR terminology resources',
    fhirConcepts: 'FHIR concepts',
    terminologyGraphNodes: 'Concepts added to the graph',
    auditLog: 'Audit events',
    auditBatches: 'Audit batches',
  },
});
