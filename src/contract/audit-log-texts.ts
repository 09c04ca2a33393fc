import { defineTexts, icu } from './texts';
/**
 * The audit log's vocabulary and texts (issue 16 items 3 and 5): what the server writes as actions
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
  retentionChange: 'retention_change',
  purge: 'purge',
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
  retention_change: 'Retention change',
  purge: 'Purge',
});

export const AUDIT_ENTITY_LABELS: Record<AuditLogEntityType, string> = defineTexts('auditLog.entities', {
  node: 'Node',
  relation: 'Relation',
  attachment: 'Attachment',
  node_type: 'Node type',
  relation_type: 'Relation type',
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
