import { LIMITS, tooLongMessage } from '../limits';
import { defineTexts, icu } from './define';

/** Spec §5 relation form messages, in the order they are checked. */
export const RELATION_MESSAGES = defineTexts('relationEditor.messages', {
  nameRequired: 'Relation name is required',
  nameTooLong: tooLongMessage('Relation name', LIMITS.nameMaxLength),
  sourceRequired: 'Source node is required',
  targetRequired: 'Target node is required',
  typeRequired: 'Relation type is required',
  typeTooLong: tooLongMessage('Relation type', LIMITS.nameMaxLength),
  weightRange: 'Weight must be between 1 and 100',
  descriptionTooLong: 'Description must be 500 characters or less',
  noteTooLong: 'Note must be 250 characters or less',
  invalidUrl: 'Please enter a valid URL',
  sameNode: 'Source and target must be different nodes',
  notFound: 'Relation not found',
});

export const RELATION_TEXTS = defineTexts('relationEditor', {
  filtersLabel: 'Filter relations',
  // Relations list
  title: 'Relations',
  subtitle: 'Manage all relations between knowledge nodes.',
  addNew: 'Add New Relation',
  search: 'Search',
  searchPlaceholder: 'Search by name or node...',
  typeFilter: 'Relation Type',
  allTypes: 'All Types',
  colName: 'Name',
  colType: 'Type',
  colSource: 'Source Node',
  colTarget: 'Target Node',
  colCreated: 'Created',
  colActions: 'Actions',
  unknownNode: 'Unknown Node',
  edit: 'Edit',
  viewInGraph: 'View in Graph',
  delete: 'Delete',
  empty: 'No relations found',
  noMatches: 'No relations match your search',
  loading: 'Loading relations',
  retry: 'Retry',
  loadFailed: 'Failed to load data. Please try again.',
  deleteTitle: 'Confirm Deletion',
  deleteQuestion: 'Are you sure you want to delete this relation? This action cannot be undone.',
  deleted: 'Relation deleted successfully!',
  deleteFailed: 'Failed to delete relation',
  deleting: 'Deleting...',
  signIn: 'Sign in to manage relations.',
  // Relation form
  createHeading: 'Create New Relation',
  editHeading: 'Edit Relation',
  back: 'Back',
  sourceNode: 'Source Node',
  targetNode: 'Target Node',
  relationType: 'Relation Type',
  relationName: 'Relation Name',
  strength: 'Relationship Strength',
  url: 'URL',
  description: 'Description',
  note: 'Internal Note',
  noteHint: 'Internal notes (not visible to all users)',
  nodePlaceholder: 'Search for a node...',
  typePlaceholder: 'Search for a relation type...',
  noNodes: 'No nodes found',
  noTypes: 'No relation types found',
  pickerLoading: 'Loading...',
  createNode: '+ Create New Node',
  createNodeTitle: 'Create Knowledge Node',
  nodeDescription: icu(['type', 'code'], (type: string, code: string | null | undefined) => `Type: ${type} | SNOMED: ${code || 'N/A'}`, 'Type: {type} | SNOMED: {code, select, none {N/A} other {{code}}}'),
  counter: icu(['length', 'max'], (length: number, max: number) => `${length}/${max}`),
  cancel: 'Cancel',
  /** Said above a form the role cannot submit, which is then shown read-only (as the node form). */
  noCreatePermission: 'Your role cannot create relations.',
  noUpdatePermission: 'Your role cannot edit relations.',
  save: 'Save Relation',
  saving: 'Saving...',
  deleteRelation: 'Delete Relation',
  fixErrors: 'Please correct the following:',
  formLoadFailed: 'Failed to load data.',
  authIssue: 'Authentication issue detected. Please try logging out and back in.',
  createFailed: 'Failed to create relation. Please try again.',
  editFailed: 'Failed to edit relation. Please try again.',
  loadingForm: 'Loading relation',
  /** An unknown id in the address. */
  relationNotFound: 'Relation not found',
  nodeNotFound: 'Node not found',
  notFoundText: 'It may have been deleted, or the address is wrong.',
  backToList: 'Back to Relations',
  /** The arrow between a relation's ends, read aloud: one way, or both ways for a symmetric type. */
  endsTo: 'to',
  endsAnd: 'and',
  symmetricHint: 'Symmetric: reads both ways',
});

/** Relation-type rules: the type admin's fields, the pickers' and the node form's notices. */
export const RELATION_RULE_MESSAGES = defineTexts('relationRules', {
  defaultWeightRange: 'Default weight must be between 1 and 100',
  unknownNodeType: icu(['name'], (name: string) => `Node type "${name}" does not exist`),
  sourceTypes: 'Allowed source node types',
  targetTypes: 'Allowed target node types',
  anyType: 'Any node type',
  symmetric: 'Symmetric (one relation reads both ways)',
  defaultWeight: 'Default weight',
  rule: 'Type rule',
  ruleViolationsFilter: 'Only relations breaking a type rule',
  noFittingNodes: icu(
    ['relationType', 'end', 'types'],
    (relationType: string, end: 'source' | 'target', types: string) =>
      `No node fits: relation type "${relationType}" allows ${end} node types ${types} only`,
    'No node fits: relation type "{relationType}" allows {end, select, source {source} other {target}} node types {types} only',
  ),
  noFittingTypes: icu(
    ['sourceType', 'targetType'],
    (sourceType: string, targetType: string) =>
      `No relation type fits: none allows a "${sourceType}" source node with a "${targetType}" target node`,
  ),
  noOtherFittingTypes: icu(
    ['sourceType', 'targetType'],
    (sourceType: string, targetType: string) =>
      `No other relation type fits: none allows a "${sourceType}" source node with a "${targetType}" target node`,
  ),
  typeChangeWarning: icu(
    ['count'],
    (n: number) =>
      `Changing the type would make ${n} relation${n === 1 ? '' : 's'} break ${n === 1 ? 'its' : 'their'} relation type's rule. They are kept, and listed under relations breaking a rule. Save anyway?`,
    "{count, plural, one {Changing the type would make # relation break its relation type's rule.} other {Changing the type would make # relations break their relation type's rule.}} They are kept, and listed under relations breaking a rule. Save anyway?",
  ),
});

/** A relation's evidence: why a source is refused (server and form alike). */
export const EVIDENCE_MESSAGES = defineTexts('relationEditor.evidenceMessages', {
  sourceRequired: 'Evidence source is required',
  sourceTooLong: 'Evidence source must be 500 characters or less',
  quoteTooLong: 'Quote must be 1000 characters or less',
  invalidPmid: 'A PubMed source is PMID: followed by its number, e.g. PMID:12345678',
  invalidDoi: 'A DOI source is DOI:10.<registrant>/<suffix>, e.g. DOI:10.1056/NEJMoa123456',
  invalidUrl: 'A web source must be a valid http(s) address',
  invalidGrade: 'Grade must be high, moderate, low or very low',
  tooMany: 'A relation has at most 20 evidence sources',
  notAList: 'Evidence must be a list of sources',
});

/** A relation's evidence on the form, the graph's edge popover and the node detail. */
export const EVIDENCE_TEXTS = defineTexts('relationEditor.evidence', {
  title: 'Evidence',
  hint: 'PMID:12345678, DOI:10.xxxx/…, a web address or a citation',
  source: 'Source',
  quote: 'Quote',
  grade: 'Grade',
  noGrade: 'Not graded',
  add: 'Add Source',
  remove: 'Remove source',
  removeNamed: icu(['index'], (index: number) => `Remove source ${index}`, 'Remove source {index, number}'),
  none: 'No evidence given',
  count: icu(['count'], (n: number) => `${n} source${n === 1 ? '' : 's'}`, '{count, plural, one {# source} other {# sources}}'),
  grades: { high: 'High', moderate: 'Moderate', low: 'Low', veryLow: 'Very low' },
});
