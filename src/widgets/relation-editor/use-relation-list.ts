import { useCallback, useEffect, useRef, useState } from 'react';
import type { Page } from '../../api/nodes';
import type { RelationsApi } from '../../api/relations';
import { LIMITS } from '../../contract/limits';
import type { Relation } from '../../contract/relations';
import type { SortState } from '../../ui/table-sort';

export type RelationSortField = 'relationName' | 'relationType' | 'createdAt';

export interface RelationQuery {
  page: number;
  pageSize: number;
  /** The search sent to the server (the box's text after the debounce). */
  search: string;
  relationType: string;
  sort: SortState;
}

export const FIRST_QUERY: RelationQuery = { page: 0, pageSize: LIMITS.defaultPageSize, search: '', relationType: '', sort: { key: 'createdAt', direction: 'desc' } };

interface ListState {
  status: 'loading' | 'ready' | 'error';
  data: Page<Relation> | null;
  refreshing: boolean;
}

/**
 * The relations list, searched, filtered, sorted and paged by the server: each query change
 * (and `reload`) loads that page; the newest request wins. Loads again whenever the window
 * regains focus (spec §2). A failed reload with a page on screen keeps the page and calls `onFailed`.
 */
export function useRelationList(calls: RelationsApi, onFailed: () => void) {
  const [query, setQuery] = useState<RelationQuery>(FIRST_QUERY);
  const [nonce, setNonce] = useState(0);
  const [state, setState] = useState<ListState>({ status: 'loading', data: null, refreshing: false });
  const failed = useRef(onFailed);
  failed.current = onFailed;
  const shown = useRef(false);
  shown.current = state.data !== null;

  useEffect(() => {
    const controller = new AbortController();
    setState((s) => (s.data ? { ...s, refreshing: true } : { ...s, status: 'loading' }));
    calls
      .list(
        {
          search: query.search || undefined,
          relationType: query.relationType || undefined,
          limit: query.pageSize,
          skip: query.page * query.pageSize,
          sortBy: query.sort.key as RelationSortField,
          sortOrder: query.sort.direction,
        },
        controller.signal,
      )
      .then(
        (data) => setState({ status: 'ready', data, refreshing: false }),
        () => {
          if (controller.signal.aborted) return;
          setState((s) => (s.data ? { ...s, refreshing: false } : { status: 'error', data: null, refreshing: false }));
          if (shown.current) failed.current();
        },
      );
    return () => controller.abort();
  }, [calls, query, nonce]);

  const reload = useCallback(() => setNonce((n) => n + 1), []);
  useEffect(() => {
    window.addEventListener('focus', reload);
    return () => window.removeEventListener('focus', reload);
  }, [reload]);

  return {
    list: { ...state, reload },
    query,
    /** Changes the query; anything but a page change returns to the first page. */
    change: useCallback((patch: Partial<RelationQuery>) => setQuery((q) => ({ ...q, page: 0, ...patch })), []),
  };
}
