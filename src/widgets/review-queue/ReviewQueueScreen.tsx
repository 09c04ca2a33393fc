import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { typesApi } from '../../api/knowledge/types';
import type { KgDomEvents } from '../../contract/dom-events';
import { REVIEW_QUEUE_TEXTS as T } from '../../contract/texts/knowledge/review-queue';
import { LIMITS } from '../../contract/limits';
import { reviewQueueMachine } from '../../machines/review-queue.machine';
import { Button } from '../../ui/Button';
import { useLatest } from '../../ui/use-latest';
import { BlockSpinner } from '../../ui/feedback/Spinner';
import { Toast } from '../../ui/feedback/Toast';
import { Checkbox } from '../../ui/form/Checkbox';
import { FilteredEmpty } from '../../ui/table/FilteredEmpty';
import { Pagination } from '../../ui/table/Pagination';
import { AdminHeader, LoadFailed } from '../parts/admin';
import { useLoad } from '../hooks/use-load';
import { useToast } from '../hooks/use-toast';
import { ProposalCard } from './ProposalCard';
import { QueueFilters } from './QueueFilters';
import { RejectDialog } from './RejectDialog';
import { FIRST_FILTERS, useReviewQueue, type QueueFilters as Filters } from './use-review-queue';

export interface ReviewQueueScreenProps {
  apiBase: string;
  userId: string;
  onDecided?: (detail: KgDomEvents['kg-proposals-decided']) => void;
}

const filtered = (f: Filters) => Object.entries(f).some(([k, v]) => v !== FIRST_FILTERS[k as keyof Filters]);

/**
 * The reviewers' queue: filters, a page of proposals with their changes, approve or reject one or
 * the selected ones (machines/review-queue.machine.ts), the outcome in a toast and each failure on
 * its proposal. The page reloads after each decision and on every proposal's live message.
 */
export function ReviewQueueScreen({ apiBase, userId, onDecided }: ReviewQueueScreenProps) {
  const { toast, show, close } = useToast();
  const { api, calls, list, query, change, filter, proposers } = useReviewQueue(apiBase, () => show(T.loadFailed, 'error'));
  const types = useLoad(async (signal) => {
    const [nodeTypes, relationTypes] = await Promise.all([typesApi(api, 'node').list(signal), typesApi(api, 'relation').list(signal)]);
    return [...nodeTypes, ...relationTypes].map((t) => t.name);
  });
  const decisions = useActorRef(reviewQueueMachine, { input: { calls: useMemo(() => ({ approve: calls.approve, reject: calls.reject }), [calls]), fallback: T.decideFailed } });
  const ctx = useSelector(decisions, (s) => s.context);
  const dialogOpen = useSelector(decisions, (s) => s.matches('rejectOpen') || s.matches('rejecting'));
  const listRef = useRef<HTMLElement>(null);
  const latestOnDecided = useLatest(onDecided);
  const proposals = useMemo(() => list.data?.data ?? [], [list.data]);
  const decidable = proposals.filter((p) => p.state === 'submitted' && p.proposer.id !== userId);
  const decidableIds = decidable.map((p) => p.id);
  const allSelected = decidableIds.length > 0 && decidableIds.every((id) => ctx.selected.includes(id));

  useEffect(() => decisions.send({ type: 'page.shown', ids: proposals.map((p) => p.id) }), [decisions, proposals]);
  useEffect(() => {
    const sub = decisions.on('decided', (r) => {
      const failed = Object.keys(r.failed).length;
      if (r.done.length > 0) show(r.action === 'approve' ? T.approvedDone(r.done.length) : T.rejectedDone(r.done.length));
      if (failed > 0) show(T.someFailed(failed), 'error');
      // The page's counts (the host's badge) follow at once, not only when a live message comes.
      if (r.done.length > 0) latestOnDecided.current?.({ action: r.action, proposalIds: r.done });
      list.reload();
      // The decided cards leave the page: focus stays in the queue rather than falling to the page's start.
      listRef.current?.focus();
    });
    return () => sub.unsubscribe();
  }, [decisions, list, show, latestOnDecided]);

  return (
    <div className="kg-admin__screen kg-review">
      <AdminHeader title={T.title} subtitle={T.subtitle} />
      <QueueFilters
        filters={query.filters}
        types={types.data ?? []}
        proposers={proposers}
        refreshing={list.refreshing}
        onChange={filter}
        onClear={() => change({ filters: FIRST_FILTERS })}
        onRefresh={list.reload}
      />
      {list.status === 'loading' && <BlockSpinner label={T.title} />}
      {list.status === 'error' && <LoadFailed text={T.loadFailed} retryLabel={T.retry} onRetry={list.reload} />}
      {list.status === 'ready' && (
        <section className="kg-review__list" aria-label={T.listLabel} ref={listRef} tabIndex={-1} aria-busy={list.refreshing || undefined}>
          {decidable.length > 0 && (
            <div className="kg-review__bulk" role="toolbar" aria-label={T.selected(ctx.selected.length)}>
              <Checkbox label={T.selectPage} checked={allSelected} onChange={(on) => decisions.send(on ? { type: 'select.set', ids: decidableIds } : { type: 'select.clear' })} />
              <span className="kg-review__count" aria-live="polite">
                {T.selected(ctx.selected.length)}
              </span>
              <span className="kg-review__bulk-actions">
                <Button variant="primary" disabled={ctx.selected.length === 0 || ctx.busy.length > 0} onClick={() => decisions.send({ type: 'approve', ids: ctx.selected })}>
                  {T.approveSelected}
                </Button>
                <Button variant="outlined" disabled={ctx.selected.length === 0 || ctx.busy.length > 0} onClick={() => decisions.send({ type: 'reject.open', ids: ctx.selected })}>
                  {T.rejectSelected}
                </Button>
              </span>
            </div>
          )}
          {proposals.length === 0 ? (
            filtered(query.filters) ? (
              <FilteredEmpty text={T.emptyFiltered} onClear={() => change({ filters: FIRST_FILTERS })} />
            ) : (
              <p className="kg-review__empty">{T.empty}</p>
            )
          ) : (
            <ol className="kg-review__cards">
              {proposals.map((p) => {
                const own = p.proposer.id === userId;
                return (
                  <ProposalCard
                    key={p.id}
                    api={api}
                    proposal={p}
                    own={own}
                    canDecide={p.state === 'submitted' && !own}
                    selected={ctx.selected.includes(p.id)}
                    busy={ctx.busy.includes(p.id)}
                    error={ctx.errors[p.id]}
                    onToggle={() => decisions.send({ type: 'select.toggle', id: p.id })}
                    onApprove={(changes) => decisions.send({ type: 'approve', ids: [p.id], changes })}
                    onReject={() => decisions.send({ type: 'reject.open', ids: [p.id] })}
                    onDismissError={() => decisions.send({ type: 'error.dismiss', id: p.id })}
                  />
                );
              })}
            </ol>
          )}
          <Pagination
            page={query.page}
            pageSize={query.pageSize}
            total={list.data?.pagination.total ?? 0}
            pageSizes={LIMITS.listPageSizes}
            onPageChange={(page) => change({ page })}
            onPageSizeChange={(pageSize) => change({ pageSize })}
          />
        </section>
      )}
      {dialogOpen && (
        <RejectDialog
          count={ctx.rejecting.length}
          reason={ctx.reason}
          error={ctx.reasonError}
          busy={ctx.busy.length > 0}
          onReason={(value) => decisions.send({ type: 'reject.reason', value })}
          onConfirm={() => decisions.send({ type: 'reject.confirm' })}
          onCancel={() => decisions.send({ type: 'reject.cancel' })}
        />
      )}
      <Toast toast={toast} onClose={close} duration={LIMITS.toastMs} />
    </div>
  );
}
