import { PROPOSAL_TEXTS as T } from '../../../contract/texts/knowledge/proposals';
import { Alert } from '../../../ui/feedback/Alert';

/** Where "My proposals" lives in the standalone app (host route /proposals). */
export const MY_PROPOSALS_PATH = '/proposals';

/** A save or delete that review mode kept as a proposal: nothing changed yet; where to follow it. */
export function ProposalSentNotice({ href = MY_PROPOSALS_PATH, keptFiles = 0 }: { href?: string; keptFiles?: number }) {
  return (
    <Alert severity="info" className="kg-proposal-sent">
      <strong>{T.sent}</strong> {T.sentDetail}
      {keptFiles > 0 && <> {T.filesKept(keptFiles)}</>}{' '}
      <a className="kg-proposal-sent__link" href={href}>
        {T.openMine}
      </a>
    </Alert>
  );
}

/** Near a form's save button while the record's type is under review. */
export function UnderReviewNote({ attachments }: { attachments?: boolean }) {
  return (
    <p className="kg-under-review" role="note">
      {T.underReview}
      {attachments && <> {T.attachmentsLater}</>}
    </p>
  );
}
