import { useCallback, useEffect } from 'react';
import { reviewApi } from '../../../api/knowledge/review';
import { REVIEW_QUEUE_TEXTS as T } from '../../../contract/texts/knowledge/review-queue';
import { useLiveChanges, useLoad } from '../../../widgets';
import { api } from '../../session';

/**
 * The review queue's badge: how many others' submitted proposals wait for this reviewer (GET
 * /api/proposals/count → submitted), reloaded on every proposal's live message and at once when
 * this page decides proposals (a `kg-proposals-decided` event reaching the window: the host's queue
 * and graph, proposals-decided.ts, or an embedded element), so it never waits for the socket,
 * which may be slow to connect or blocked by a proxy. Nothing at zero.
 */
export function ReviewBadge() {
  const count = useLoad(useCallback((signal: AbortSignal) => reviewApi(api).count(signal), []));
  useLiveChanges(
    api,
    (c) => c.entityType === 'proposal',
    () => void count.reload(),
  );
  const { reload } = count;
  useEffect(() => {
    const decided = () => void reload();
    window.addEventListener('kg-proposals-decided', decided);
    return () => window.removeEventListener('kg-proposals-decided', decided);
  }, [reload]);
  const n = count.data?.submitted ?? 0;
  if (n === 0) return null;
  return (
    <span className="kg-nav__badge" data-testid="review-badge" aria-label={T.badge(n)} title={T.badge(n)}>
      {n > 99 ? '99+' : n}
    </span>
  );
}
