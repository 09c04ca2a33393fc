import { defineTexts } from '../define';

/** What the review routes answer when they refuse (English; the client localises declared texts). */
export const REVIEW_MESSAGES = defineTexts('review.messages', {
  notFound: 'Proposal not found',
  notProposer: 'Only the proposer can change or withdraw a proposal',
  ownProposal: 'A proposal is reviewed by someone else than its proposer',
  notOpen: 'This proposal has already been decided or withdrawn',
  notSubmitted: 'Only a submitted proposal can be approved or rejected',
  reasonRequired: 'Say why the proposal is rejected',
  outdated: 'A record in this proposal has changed since it was proposed: bring the proposal up to date first',
  noChanges: 'A proposal needs at least one change',
  badRef: 'A local reference looks like ref:name',
  badChange: 'This change is incomplete: a create needs its values, an update its record and values, a delete its record',
  unknownRef: 'A relation refers to a node this proposal does not create',
  unknownType: 'Unknown type in the review settings',
  notNodeCreate: 'Files can be kept only with a proposal that creates a node',
  tooManyFiles: 'A proposal keeps at most 20 files',
  fileNotFound: 'File not found',
});
