import { useCallback, useMemo } from 'react';
import type { ApiClient } from '../../../api/client';
import { reviewApi } from '../../../api/knowledge/review';
import { REVIEW_PERMISSION } from '../../../contract/knowledge/review';
import { PROPOSAL_TEXTS as T } from '../../../contract/texts/knowledge/proposals';
import { useLiveChanges } from '../../hooks/use-live-changes';
import { useLoad } from '../../hooks/use-load';
import { RouteLink } from '../../../ui/RouteLink';
import { MY_PROPOSALS_PATH, type NavigateTo } from './ReviewNotes';
import { changeSummary } from './summary';

/** Where a reviewer decides (the review queue, host route /review). */
export const REVIEW_QUEUE_PATH = '/review';

export interface PendingProposalsProps {
  api: ApiClient;
  nodeId: string;
  /** The reader's permissions: a reviewer sees everyone's proposals and is sent to the queue. */
  permissions: readonly string[];
  /** Where the link to the queue or My proposals goes (RouteLink); absent: no link. */
  onNavigate?: NavigateTo;
}

/**
 * The submitted proposals on a node (node detail, issue's "the node detail shows pending proposals
 * on it"): who proposed what, and where to follow it. The server decides who sees which (reviewers:
 * all; others: their own; a viewer: none), so an empty answer shows nothing. Reloads on proposal
 * live messages.
 */
export function PendingProposals({ api, nodeId, permissions, onNavigate }: PendingProposalsProps) {
  const calls = useMemo(() => reviewApi(api), [api]);
  const list = useLoad((signal) => calls.list({ recordId: nodeId, state: 'submitted', limit: 20 }, signal));
  const reviewer = permissions.includes(REVIEW_PERMISSION);
  useLiveChanges(
    api,
    useCallback((c) => c.entityType === 'proposal', []),
    () => void list.reload(),
  );
  const proposals = list.data?.data ?? [];
  if (proposals.length === 0) return null;
  return (
    <section className="kg-pending-proposals" aria-labelledby={`kg-pending-${nodeId}`}>
      <h3 className="kg-pending-proposals__title" id={`kg-pending-${nodeId}`}>
        {T.detail.title}
      </h3>
      <ul className="kg-pending-proposals__list">
        {proposals.map((p) => (
          <li key={p.id} className="kg-pending-proposals__item">
            {p.changes.map((c, i) => {
              const { title, lines } = changeSummary(c);
              return (
                <div key={i}>
                  <strong>{title}</strong>
                  {lines.length > 0 && <div>{lines.join('; ')}</div>}
                </div>
              );
            })}
            <div className="kg-pending-proposals__meta">{T.detail.by(p.proposer.name)}</div>
          </li>
        ))}
      </ul>
      {onNavigate && (
        <RouteLink className="kg-pending-proposals__link" path={reviewer ? REVIEW_QUEUE_PATH : MY_PROPOSALS_PATH} onNavigate={onNavigate}>
          {reviewer ? T.detail.openQueue : T.openMine}
        </RouteLink>
      )}
    </section>
  );
}
