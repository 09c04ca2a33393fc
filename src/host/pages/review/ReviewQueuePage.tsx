import { kgEvent } from '../../../contract/dom-events';
import { ReviewQueue } from '../../../widgets/review-queue';
import { useCurrentUser } from '../../session';

/**
 * /review: the review queue widget's component with the host's session (RequireAuth checked
 * changes.review). Its decisions go out as the element's event on the window, where the drawer's
 * badge (ReviewBadge) hears them as it would an embedded queue's.
 */
export function ReviewQueuePage() {
  return <ReviewQueue user={useCurrentUser()} onDecided={(detail) => window.dispatchEvent(kgEvent('kg-proposals-decided', detail))} />;
}
