import { LIMITS, tooLongMessage } from '../limits';
import { defineTexts, icu } from './define';

/**
 * The Knowledge Nodes list and Node detail texts (spec §2, §8). zod-free, so the widget bundle
 * does not pull in the schemas.
 */
export const NODE_TEXTS = defineTexts('nodeManager', {
  filtersLabel: 'Filter knowledge nodes',
  signIn: 'Sign in to manage knowledge nodes.',
  // List
  title: 'Knowledge Nodes',
  subtitle: 'Manage your knowledge nodes',
  addNode: 'Add Node',
  search: 'Search',
  searchPlaceholder: 'Search nodes...',
  nodeType: 'Node Type',
  allTypes: 'All Types',
  sortBy: 'Sort by',
  viewAs: 'Layout',
  clearQuality: 'Remove this filter',
  tableView: 'Table view',
  gridView: 'Grid view',
  colName: 'Name',
  colType: 'Type',
  colDescription: 'Description',
  colCreated: 'Created',
  colUpdated: 'Updated',
  colActions: 'Actions',
  empty: 'No knowledge nodes found',
  loading: 'Loading nodes',
  loadFailed: 'Failed to load nodes. Please try again.',
  typesFailed: 'Failed to load node types.',
  retry: 'Retry',
  // Row actions
  actionsFor: icu(['name'], (name: string) => `Actions for ${name}`),
  view: 'View',
  createRelation: 'Create Relation',
  viewGraph: 'View Graph',
  noRelations: 'No relations exist',
  edit: 'Edit',
  delete: 'Delete',
  // Delete
  deleteTitle: 'Delete Node',
  deleteQuestion: 'Are you sure you want to delete this node? This action cannot be undone.',
  deleting: 'Deleting...',
  deleted: 'Node deleted successfully',
  listDeleteFailed: 'Failed to delete knowledge node',
  detailDeleteFailed: 'Failed to delete node',
  // Detail
  detailLoading: 'Loading node',
  detailFailed: 'Failed to load node data.',
  backToList: 'Back to Knowledge Nodes',
  notFound: 'Node not found',
  notFoundText: 'It may have been deleted, or the address is wrong.',
  snomedCode: 'SNOMED Code',
  url: 'URL',
  description: 'Description',
  note: 'Note',
  noValue: '—',
  attachments: 'Attachments',
  noAttachments: 'No attachments',
  download: 'Download',
  downloadFailed: 'Failed to download attachment',
  relations: 'Relations',
  noRelationsYet: 'No relations yet',
  outgoing: 'Outgoing',
  incoming: 'Incoming',
  created: 'Created',
  by: 'by',
  unknown: 'Unknown',
  addRelation: 'Add Relation',
  viewRelations: 'View Relations',
  /** The row actions' accessible names: the action and the node's name. */
  viewNamed: icu(['name'], (name: string) => `View ${name}`),
  createRelationFrom: icu(['name'], (name: string) => `Create Relation from ${name}`),
  viewGraphOf: icu(['name'], (name: string) => `View Graph of ${name}`),
  editNamed: icu(['name'], (name: string) => `Edit ${name}`),
  deleteNamed: icu(['name'], (name: string) => `Delete ${name}`),
  /** Before a related node's name in node detail: this node relates to it, or it to this node. */
  relatesTo: 'to',
  relatesFrom: 'from',
  /** Node detail groups its relations by direction and type; each group's list is named by both. */
  relationGroup: icu(['direction', 'type'], (direction: string, type: string) => `${direction}: ${type}`),
  strength: icu(['weight'], (weight: number) => `Strength ${weight} of 100`),
  showAll: icu(['count'], (count: number) => `Show all ${count}`),
  showFewer: 'Show fewer',
});

/** The grid view's sort choices (the table sorts by its headers). */
const SORT_TEXTS = defineTexts('nodeManager.sort', {
  newest: 'Newest first',
  oldest: 'Oldest first',
  updated: 'Recently updated',
  nameAsc: 'Name (A–Z)',
  nameDesc: 'Name (Z–A)',
  typeAsc: 'Type (A–Z)',
});

/** The sort menu; each label is read when shown (the active language). */
const choice = <V extends string>(value: V, label: keyof typeof SORT_TEXTS) => ({ value, get label(): string { return SORT_TEXTS[label]; } });

export const SORT_CHOICES = [
  choice('createdAt:desc', 'newest'),
  choice('createdAt:asc', 'oldest'),
  choice('updatedAt:desc', 'updated'),
  choice('name:asc', 'nameAsc'),
  choice('name:desc', 'nameDesc'),
  choice('nodeType:asc', 'typeAsc'),
] as const;

const ALLOWED = LIMITS.attachmentExtensions.join(', ');

export const NODE_MESSAGES = defineTexts('nodeForm.messages', {
  nameRequired: 'Name is required',
  nameTooLong: tooLongMessage('Name', LIMITS.nameMaxLength),
  typeRequired: 'Node type is required',
  typeTooLong: tooLongMessage('Node type', LIMITS.nameMaxLength),
  descriptionTooLong: tooLongMessage('Description', LIMITS.nodeTextMax),
  noteTooLong: tooLongMessage('Note', LIMITS.nodeTextMax),
  /** The server's 409 and the picker's warning as soon as a used code is picked. */
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
  /** An unknown node id in the address. */
  notFoundTitle: 'Node not found',
  notFoundText: 'It may have been deleted, or the address is wrong.',
  backToList: 'Back to Knowledge Nodes',
});
