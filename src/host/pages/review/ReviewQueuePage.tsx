import { ReviewQueue } from '../../../widgets/review-queue';
import { useCurrentUser } from '../../session';
import { announceProposalsDecided } from './proposals-decided';

/** /review: the review queue widget's component with the host's session (RequireAuth checked changes.review). */
export function ReviewQueuePage() {
  return <ReviewQueue user={useCurrentUser()} onDecided={announceProposalsDecided} />;
}
