import { useCallback, useEffect, useRef, useState } from 'react';
import { concerns } from '../../../api/live/live-interest';
import { nodesApi } from '../../../api/knowledge/nodes';
import type { KnowledgeNode } from '../../../contract/knowledge/nodes';
import { useLiveChanges } from '../../../widgets';
import { api } from '../../session';
import { toNodeQuery, type SearchFilters } from './filters';
import { useLatest } from '../../../ui/use-latest';

/** Results per request; "Load more" fetches the next page (never a silent cap). */
export const RESULTS_PAGE_SIZE = 30;

export interface NodeSearch {
  results: KnowledgeNode[];
  total: number;
  /** The server stopped counting at `total`: more exist. */
  totalCapped: boolean;
  /** The first page for the current filters is loading. */
  loading: boolean;
  /** "Load more" is loading the next page. */
  loadingMore: boolean;
  failed: boolean;
  loadMore: () => void;
  /** Loads the current filters again from the first page (after a delete). */
  reload: () => void;
  /** Nodes changed elsewhere while more than one page is shown (a reload would drop the pages loaded). */
  stale: boolean;
}

const SEARCH_LIVE = { types: ['node', 'node_type'] } as const;

/**
 * Server-side search over all nodes (GET /nodes with the filters), page by page: the spec's
 * "load 1000 and filter in the browser" does not scale, and nothing is cut off silently —
 * the total is shown and "Load more" fetches the rest. Answers to superseded filters are dropped.
 * Live node changes reload the first page; with more pages loaded they mark the results stale.
 */
export function useNodeSearch(filters: SearchFilters): NodeSearch {
  const [state, setState] = useState({ results: [] as KnowledgeNode[], total: 0, totalCapped: false, loading: true, loadingMore: false, failed: false, stale: false });
  const generation = useRef(0);
  const controller = useRef<AbortController | null>(null);
  const filtersRef = useLatest(filters);

  const fetchPage = useCallback(async (skip: number) => {
    controller.current?.abort();
    const ctrl = new AbortController();
    controller.current = ctrl;
    const gen = skip === 0 ? ++generation.current : generation.current;
    setState((s) => (skip === 0 ? { ...s, loading: true, failed: false, stale: false } : { ...s, loadingMore: true }));
    try {
      const page = await nodesApi(api).list({ ...toNodeQuery(filtersRef.current), limit: RESULTS_PAGE_SIZE, skip, sortBy: 'createdAt', sortOrder: 'desc' }, ctrl.signal);
      if (gen !== generation.current || controller.current !== ctrl) return;
      setState((s) => ({
        results: skip === 0 ? page.data : [...s.results, ...page.data.filter((n) => !s.results.some((r) => r.id === n.id))],
        total: page.pagination.total,
        totalCapped: !!page.pagination.totalCapped,
        loading: false,
        loadingMore: false,
        failed: false,
        stale: s.stale,
      }));
    } catch (err) {
      if (gen !== generation.current || controller.current !== ctrl) return;
      console.error('Node search failed', err);
      setState((s) => ({ ...s, loading: false, loadingMore: false, failed: true }));
    }
  }, [filtersRef]);

  useEffect(() => {
    void fetchPage(0);
  }, [fetchPage, filters]);

  useEffect(() => () => controller.current?.abort(), []);

  const { results } = state;
  const shownPages = useLatest(Math.ceil(results.length / RESULTS_PAGE_SIZE));
  useLiveChanges(
    api,
    (c) => concerns(c, SEARCH_LIVE),
    () => {
      if (shownPages.current <= 1) void fetchPage(0);
      else setState((s) => ({ ...s, stale: true }));
    },
  );
  return {
    ...state,
    loadMore: useCallback(() => void fetchPage(results.length), [fetchPage, results.length]),
    reload: useCallback(() => void fetchPage(0), [fetchPage]),
  };
}
