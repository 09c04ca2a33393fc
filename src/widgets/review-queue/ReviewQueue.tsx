import type { KgDomEvents } from '../../contract/dom-events';
import { REVIEW_PERMISSION } from '../../contract/knowledge/review';
import type { User } from '../../contract/admin/users';
import { REVIEW_QUEUE_TEXTS as T } from '../../contract/texts/knowledge/review-queue';
import { AccessDenied } from '../parts/admin';
import { WidgetFrame } from '../element/widget-frame';
import { WithSession } from '../element/with-session';
import { ReviewQueueScreen } from './ReviewQueueScreen';

export interface ReviewQueueProps {
  /** Server origin ('' = this page's origin). */
  apiBase?: string;
  /** The signed-in user when the host mounts the component; the element uses the page's shared session. */
  user?: User | null;
  /** Set by the element wrapper: the styles for its shadow root. */
  css?: string;
  /** Proposals were approved or rejected from this queue (the element's `kg-proposals-decided`). */
  onDecided?: (detail: KgDomEvents['kg-proposals-decided']) => void;
}

/**
 * The review queue for users whose role grants changes.review; everyone else sees the refusal.
 * The server enforces it too (and never lets anyone decide their own proposal).
 */
export function ReviewQueue({ apiBase = '', user, css, onDecided }: ReviewQueueProps) {
  return (
    <WidgetFrame className="kg-admin kg-review-queue" css={css}>
      <WithSession apiBase={apiBase} user={user} signInPrompt={T.signIn}>
        {(current) => (current.permissions?.includes(REVIEW_PERMISSION) ? <ReviewQueueScreen key={current.id} apiBase={apiBase} userId={current.id} onDecided={onDecided} /> : <AccessDenied text={T.denied} />)}
      </WithSession>
    </WidgetFrame>
  );
}
