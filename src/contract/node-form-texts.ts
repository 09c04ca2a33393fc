/**
 * Texts of the node form (spec §2 "Create and edit node pages", §5 Node form, §8 Dashboard and
 * nodes) and the node rule messages the server shares. Kept free of zod so the browser bundles
 * can use them without pulling in the schemas; nodes.ts re-exports NODE_MESSAGES.
 */
import { LIMITS, tooLongMessage } from './limits';
import { defineTexts, icu } from './texts';

const ALLOWED = LIMITS.attachmentExtensions.join(', ');
export const NODE_MESSAGES = defineTexts('nodeForm.messages', {
  nameRequired: 'Name is required',
  nameTooLong: tooLongMessage('Name', LIMITS.nameMaxLength),
  typeRequired: 'Node type is required',
  typeTooLong: tooLongMessage('Node type', LIMITS.nameMaxLength),
  descriptionTooLong: tooLongMessage('Description', LIMITS.nodeTextMax),
  noteTooLong: tooLongMessage('Note', LIMITS.nodeTextMax),
  /** The server's 409 and the picker's warning as soon as a used code is picked (issue 18 item 4). */
  snomedInUse: icu(['code', 'name'], (code: string, name: string) => `SNOMED code ${code} is already used by node "${name}"`),
  invalidUrl: 'Please enter a valid URL',
  snomedDigits: 'SNOMED code must contain only digits (6 to 18)',
  typeLocked: 'Relations exist, update of node type is disabled.',
  notFound: 'Node not found',
});

export const NODE_FORM_TEXTS = defineTexts('nodeForm', {
  createPageTitle: 'Create New Knowledge Node',
  editPageTitle: 'Edit Knowledge Node',
  createHeading: 'Create Knowledge Node',
  editHeading: 'Edit Knowledge Node',
  createButton: 'Create Node',
  updateButton: 'Update Node',
  cancel: 'Cancel',
  name: 'Name',
  nodeType: 'Node Type',
  nodeTypePlaceholder: 'Search for a node type...',
  nodeTypeNone: 'No node type found',
  snomedCode: 'SNOMED Code',
  snomedPlaceholder: 'Type code or term to search...',
  snomedLoading: 'Loading...',
  snomedNone: 'No code found',
  snomedIdle: 'Type to search SNOMED',
  snomedUsedBy: icu(['name'], (name: string) => `Used by ${name}`),
  url: 'URL',
  description: 'Description',
  note: 'Note',
  attachments: 'Attachments',
  addFiles: 'Add Files',
  attachmentsHint: `Optional. Allowed types: ${ALLOWED}.`,
  existingAttachments: 'Current attachments',
  newAttachments: 'To upload on save',
  removeFile: icu(['filename'], (filename: string) => `Remove ${filename}`),
  deleteAttachment: icu(['filename'], (filename: string) => `Delete ${filename}`),
  deleteAttachmentTitle: 'Delete Attachment',
  deleteAttachmentConfirm: icu(['filename'], (filename: string) => `Are you sure you want to delete ${filename}?`),
  delete: 'Delete',
  attachmentDeleted: 'Attachment deleted successfully',
  attachmentDeleteFailed: 'Failed to delete attachment',
  badExtension: icu(['names'], (names: string[]) => `${names.join(', ')}: file type not allowed. Allowed types: ${ALLOWED}.`, `{names}: file type not allowed. Allowed types: ${ALLOWED}.`),
  loadFailed: 'Failed to load node data.',
  createFailed: 'Failed to create node. Please try again.',
  updateFailed: 'Failed to update node. Please try again.',
  partialCreate: icu(['failed', 'total'], (failed: number, total: number) => `Node created but ${failed}/${total} attachment(s) failed to upload`),
  partialUpdate: icu(['failed', 'total'], (failed: number, total: number) => `Node updated but ${failed}/${total} attachment(s) failed to upload`),
  uploading: icu(['done', 'total'], (done: number, total: number) => `Uploading attachments (${done}/${total})...`),
  noCreatePermission: 'Your role cannot create nodes.',
  noUpdatePermission: 'Your role cannot edit nodes.',
  /** An unknown node id in the address (issue 18 item 5). */
  notFoundTitle: 'Node not found',
  notFoundText: 'It may have been deleted, or the address is wrong.',
  backToList: 'Back to Knowledge Nodes',
});
