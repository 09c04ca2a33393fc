import { ReviewQueue } from '../../../widgets/review-queue';
import { useCurrentUser } from '../../session';

/** /review: the review queue widget's component with the host's session (RequireAuth checked changes.review). */
export function ReviewQueuePage() {
  return <ReviewQueue user={useCurrentUser()} />;
}
