import { useCallback, useMemo, useState } from 'react';
import { apiClient } from '../../api/client';
import { reviewApi } from '../../api/knowledge/review';
import type { ProposalState } from '../../contract/knowledge/review';
import { LIMITS } from '../../contract/limits';
import { useLiveChanges } from '../hooks/use-live-changes';
import { useServerPage } from '../hooks/use-server-page';

export interface QueueFilters {
  /** '' = every state. */
  state: ProposalState | '';
  /** A node or relation type name; '' = all. */
  type: string;
  /** A proposer's user id; '' = everyone. */
  proposer: string;
  /** '' = any age, else made more than this many days ago. */
  olderThanDays: string;
}
export const FIRST_FILTERS: QueueFilters = { state: 'submitted', type: '', proposer: '', olderThanDays: '' };

export interface Proposer {
  id: string;
  name: string;
}

export interface QueueQuery {
  /** 0-based. */
  page: number;
  pageSize: number;
  filters: QueueFilters;
}

/**
 * The queue's page of proposals (GET /api/proposals with its filters), newest first: loads on every
 * change of the query, and again when a proposal's live message arrives (a new one, one decided or
 * withdrawn elsewhere). With each page the proposer filter's list is loaded again for the chosen state
 * (GET /api/proposals/proposers: everyone with such proposals, also those beyond this page); the
 * chosen proposer stays offered when the list no longer names them.
 */
export function useReviewQueue(apiBase: string, onFailed: () => void) {
  const api = useMemo(() => apiClient({ base: apiBase }), [apiBase]);
  const calls = useMemo(() => reviewApi(api), [api]);
  const [query, setQuery] = useState<QueueQuery>({ page: 0, pageSize: LIMITS.defaultPageSize, filters: FIRST_FILTERS });
  const [proposers, setProposers] = useState<readonly Proposer[]>([]);
  /** Names of everyone listed so far: the chosen proposer keeps their name in a state they have none in. */
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  const load = useCallback(
    async (q: QueueQuery, signal: AbortSignal) => {
      const f = q.filters;
      // Beside the page, not before it: a failing list of proposers keeps the one shown.
      calls.proposers(f.state || undefined, signal).then(
        ({ data }) => {
          if (signal.aborted) return;
          setProposers(data);
          setNames((known) => (data.every((p) => known.get(p.id) === p.name) ? known : new Map([...known, ...data.map((p) => [p.id, p.name] as const)])));
        },
        () => undefined,
      );
      const page = await calls.list(
        { state: f.state || undefined, type: f.type || undefined, proposer: f.proposer || undefined, olderThanDays: f.olderThanDays ? Number(f.olderThanDays) : undefined, limit: q.pageSize, skip: q.page * q.pageSize },
        signal,
      );
      return page;
    },
    [calls],
  );
  const list = useServerPage(query, load, onFailed);
  useLiveChanges(
    api,
    (c) => c.entityType === 'proposal',
    (_, resync) => {
      if (resync || _.length > 0) list.reload();
    },
  );
  const change = useCallback((patch: Partial<QueueQuery>) => setQuery((q) => ({ ...q, page: 0, ...patch })), []);
  const filter = useCallback((patch: Partial<QueueFilters>) => setQuery((q) => ({ ...q, page: 0, filters: { ...q.filters, ...patch } })), []);
  const chosen = query.filters.proposer;
  const proposerOptions = chosen && !proposers.some((p) => p.id === chosen) ? [...proposers, { id: chosen, name: names.get(chosen) ?? chosen }] : proposers;
  return { api, calls, list, query, change, filter, proposers: proposerOptions };
}
