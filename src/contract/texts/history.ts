import { defineTexts, icu } from './define';

/**
 * The History tab's texts and the restore refusals. Zod-free, so the host pages
 * and the kg-node-manager / kg-relation-editor bundles use them without the schemas.
 */
export const HISTORY_TEXTS = defineTexts('history', {
  tab: 'History',
  detailsTab: 'Details',
  title: 'Change history',
  loading: 'Loading history...',
  empty: 'No changes recorded yet.',
  loadError: 'Could not load the history.',
  retry: 'Retry',
  loadMore: 'Show older changes',
  system: 'System',
  noFieldChanges: 'No field changed',
  restore: 'Restore',
  restoreTitle: 'Restore this version?',
  restoreBody: 'The record returns to its state right after this change. The restore is itself recorded in the history.',
  restoreDeletedBody: 'The record comes back as it was right before it was deleted, with the relations removed with it.',
  restoreConfirm: 'Restore',
  cancel: 'Cancel',
  restored: 'Version restored successfully',
  emptyValue: '(empty)',
  changedTo: 'changed to',
  previewLoading: 'Checking what the restore changes...',
  previewIntro: 'Restoring this version makes these changes:',
  previewNoChanges: 'The record already matches this version: nothing changes.',
  previewSkipped: 'Not restored:',
  removeAddedSince: icu(
    ['count'],
    (count: number) => `Also remove the ${count === 1 ? 'attachment' : `${count} attachments`} added since this version`,
    '{count, plural, one {Also remove the attachment added since this version} other {Also remove the # attachments added since this version}}',
  ),
  keptAddedSince: 'Kept (added since this version):',
  previewFailed: 'This version cannot be restored:',
});

/** How each action reads in the History tab. */
export const HISTORY_ACTION_LABELS: Record<string, string> = defineTexts('history.actions', {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  restore: 'Restored',
  import: 'Imported',
  attachment_add: 'Attachment added',
  attachment_remove: 'Attachment removed',
  snomed_drift_accept: 'SNOMED change accepted',
});

/** Field names (the API's camelCase) as the History tab shows them. */
export const HISTORY_FIELD_LABELS: Record<string, string> = defineTexts('history.fields', {
  name: 'Name',
  nodeType: 'Node Type',
  snomedCode: 'SNOMED Code',
  snomedTerm: 'SNOMED Term',
  url: 'URL',
  description: 'Description',
  note: 'Note',
  attachment: 'Attachment',
  relation: 'Relation',
  relationName: 'Relation Name',
  relationType: 'Relation Type',
  sourceNodeId: 'Source Node',
  targetNodeId: 'Target Node',
  sourceNodeName: 'Source Node',
  targetNodeName: 'Target Node',
  weight: 'Weight',
  evidence: 'Evidence',
  color: 'Colour',
});

/** Why a restore is refused (409) or not allowed (403). */
export const RESTORE_MESSAGES = defineTexts('history.restoreMessages', {
  eventNotFound: 'This change is not in the history of this record',
  notRestorable: 'This change cannot be restored',
  recordDeleted: 'This record was deleted. Restore it from its delete entry first.',
  recordExists: 'This record exists; a delete entry restores only a deleted record.',
  createRightNeeded: 'Bringing back a deleted record needs the right to create it',
  nodeTypeGone: icu(['type'], (type: string) => `The node type "${type}" no longer exists`),
  relationTypeGone: icu(['type'], (type: string) => `The relation type "${type}" no longer exists`),
  typeLocked: 'The node type cannot change while the node has relations',
  endsGone: 'A node at an end of this relation no longer exists',
  outdated: 'The record changed since the restore was previewed. Review the changes again.',
  relationCreateRightNeeded: 'Re-creating relations needs the right to create relations',
  attachmentContentGone: 'The file content is no longer kept',
});
