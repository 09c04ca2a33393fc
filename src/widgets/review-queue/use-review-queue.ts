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

export interface QueueQuery {
  /** 0-based. */
  page: number;
  pageSize: number;
  filters: QueueFilters;
}

/**
 * The queue's page of proposals (GET /api/proposals with its filters), newest first: loads on every
 * change of the query, and again when a proposal's live message arrives (a new one, one decided or
 * withdrawn elsewhere). The proposers met so far feed the proposer filter (the API has no list of them).
 */
export function useReviewQueue(apiBase: string, onFailed: () => void) {
  const api = useMemo(() => apiClient({ base: apiBase }), [apiBase]);
  const calls = useMemo(() => reviewApi(api), [api]);
  const [query, setQuery] = useState<QueueQuery>({ page: 0, pageSize: LIMITS.defaultPageSize, filters: FIRST_FILTERS });
  const [proposers, setProposers] = useState<ReadonlyMap<string, string>>(new Map());
  const load = useCallback(
    async (q: QueueQuery, signal: AbortSignal) => {
      const f = q.filters;
      const page = await calls.list(
        { state: f.state || undefined, type: f.type || undefined, proposer: f.proposer || undefined, olderThanDays: f.olderThanDays ? Number(f.olderThanDays) : undefined, limit: q.pageSize, skip: q.page * q.pageSize },
        signal,
      );
      const met = page.data.filter((p) => p.proposer.id !== null);
      if (met.length > 0) setProposers((known) => (met.every((p) => known.get(p.proposer.id!) === p.proposer.name) ? known : new Map([...known, ...met.map((p) => [p.proposer.id!, p.proposer.name] as const)])));
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
  const knownProposers = [...proposers].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  return { api, calls, list, query, change, filter, knownProposers };
}
