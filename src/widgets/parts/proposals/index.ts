/** Review mode on the proposer's side: the sent notice, the "under review" note, a node's pending proposals. */
export { isUnderReview, useReviewSettings } from './review-settings';
export { MY_PROPOSALS_PATH, ProposalSentNotice, UnderReviewNote, type NavigateTo } from './ReviewNotes';
export { PendingProposals, REVIEW_QUEUE_PATH } from './PendingProposals';
export { changeName, changeSummary, shortValue } from './summary';
export { styles } from './styles';
