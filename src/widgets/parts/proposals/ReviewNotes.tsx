import { PROPOSAL_TEXTS as T } from '../../../contract/texts/knowledge/proposals';
import { Alert } from '../../../ui/feedback/Alert';
import { RouteLink } from '../../../ui/RouteLink';

/** Where "My proposals" lives in the standalone app (host route /proposals). */
export const MY_PROPOSALS_PATH = '/proposals';

/** Leaves the widget for another screen of the app (RouteLink); absent: no link, as where nothing routes. */
export type NavigateTo = (detail: { path: string }) => void;

/**
 * A save or delete that review mode kept as a proposal: nothing changed yet; where to follow it
 * (My proposals, through `onNavigate`: the host's router or the element's kg-navigate).
 */
export function ProposalSentNotice({ onNavigate, keptFiles = 0 }: { onNavigate?: NavigateTo; keptFiles?: number }) {
  return (
    <Alert severity="info" className="kg-proposal-sent">
      <strong>{T.sent}</strong> {T.sentDetail}
      {keptFiles > 0 && <> {T.filesKept(keptFiles)}</>}
      {onNavigate && (
        <>
          {' '}
          <RouteLink className="kg-proposal-sent__link" path={MY_PROPOSALS_PATH} onNavigate={onNavigate}>
            {T.openMine}
          </RouteLink>
        </>
      )}
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
