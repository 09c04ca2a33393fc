import { defineTexts, icu } from '../define';

/**
 * The proposer's side of review mode: a write that became a proposal, "My proposals", the review
 * settings screen and the pending proposals on a node's detail.
 */
export const PROPOSAL_TEXTS = defineTexts('proposals', {
  /** A save or delete that the server kept as a proposal (202): nothing changed yet. */
  sent: 'Sent for review',
  sentDetail: 'Nothing has changed yet: a reviewer approves or rejects your change.',
  openMine: 'My proposals',
  /** Near a form's save button when the record's type is under review. */
  underReview: 'Changes to this type are reviewed before they go live.',
  attachmentsLater: 'Attachments are kept with the proposal and added once it is approved.',
  /** After the files chosen for a proposed node went to its proposal. */
  filesKept: icu(
    ['count'],
    (count: number) => `${count === 1 ? '1 attachment is' : `${count.toLocaleString('en')} attachments are`} kept with the proposal and added once it is approved.`,
    '{count, plural, one {# attachment is} other {# attachments are}} kept with the proposal and added once it is approved.',
  ),
  page: {
    title: 'My proposals',
    intro: 'Your changes that wait for a reviewer, and what became of them.',
    empty: 'You have not proposed any changes yet.',
    loading: 'Loading proposals…',
    loadFailed: 'Failed to load proposals',
    retry: 'Retry',
    all: 'All',
    stateFilter: 'State',
    changes: 'Changes',
    reviewer: 'Reviewer',
    reason: 'Reason',
    created: 'Proposed',
    outdated: 'The record has changed since: the proposal must be brought up to date',
    withdraw: 'Withdraw',
    withdrawQuestion: 'Withdraw this proposal? It cannot be submitted again.',
    withdrawConfirm: 'Withdraw',
    cancel: 'Cancel',
    withdrawn: 'Proposal withdrawn',
    submit: 'Submit for review',
    submitted: 'Proposal submitted',
    actionFailed: 'The proposal could not be changed',
    more: 'Show more',
  },
  state: {
    draft: 'Draft',
    submitted: 'Waiting for review',
    approved: 'Approved',
    rejected: 'Rejected',
    withdrawn: 'Withdrawn',
  },
  kind: { node: 'Node', relation: 'Relation' },
  action: { create: 'New', update: 'Change', delete: 'Delete' },
  /** One change's before/after summary. */
  change: {
    fieldChange: icu(['field', 'before', 'after'], (field: string, before: string, after: string) => `${field}: ${before} → ${after}`),
    empty: '(empty)',
    unchanged: 'No field changes',
  },
  fields: {
    name: 'Name',
    nodeType: 'Type',
    description: 'Description',
    note: 'Note',
    url: 'URL',
    snomedCode: 'SNOMED code',
    relationName: 'Name',
    relationType: 'Type',
    weight: 'Weight',
    sourceNodeId: 'Source',
    targetNodeId: 'Target',
    evidence: 'Evidence',
  },
  settings: {
    title: 'Review mode',
    intro: 'While review mode is on, every create, change or delete of a record under review becomes a proposal that a second person with "Review Changes" approves or rejects — admins included.',
    enabled: 'Review changes before they go live',
    nodeTypes: 'Node types under review',
    relationTypes: 'Relation types under review',
    allTypes: 'No type chosen in either list: every node type and relation type is under review.',
    noneOfKind: 'None chosen here: no type of this kind is under review.',
    save: 'Save',
    saved: 'Review settings saved',
    saveFailed: 'Failed to save the review settings',
    loadFailed: 'Failed to load the review settings',
    off: 'Review mode is off: every save goes live at once.',
  },
  detail: {
    title: 'Pending proposals',
    by: icu(['name'], (name: string) => `by ${name}`),
    openQueue: 'Open the review queue',
  },
});
