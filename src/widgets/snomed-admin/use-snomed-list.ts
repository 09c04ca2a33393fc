import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { apiClient } from '../../api/client';
import { snomedApi, type SnomedPage, type SnomedSortField, type SnomedStatusFilter } from '../../api/snomed';
import { LIMITS } from '../../contract/limits';
import type { SortState } from '../../ui/table-sort';

export interface SnomedQuery {
  /** 0-based here; the API's page is 1-based. */
  page: number;
  pageSize: number;
  /** The applied search (Enter or the search button), not the text being typed. */
  search: string;
  status: SnomedStatusFilter;
  sort: SortState | null;
}

export const FIRST_QUERY: SnomedQuery = { page: 0, pageSize: LIMITS.defaultPageSize, search: '', status: '', sort: null };

interface ListState {
  status: 'loading' | 'ready' | 'error';
  data: SnomedPage | null;
  refreshing: boolean;
}

/**
 * The server-paged catalogue (spec §2): each change of the query (and `reload`) loads that
 * page; the newest request wins and older ones are aborted. A failed load with a page on
 * screen keeps the page and calls `onFailed` (the screen says so in a toast).
 */
export function useSnomedList(apiBase: string, onFailed: () => void) {
  const calls = useMemo(() => snomedApi(apiClient({ base: apiBase })), [apiBase]);
  const [query, setQuery] = useState<SnomedQuery>(FIRST_QUERY);
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
          page: query.page + 1,
          limit: query.pageSize,
          search: query.search || undefined,
          status: query.status || undefined,
          sortBy: query.sort?.key as SnomedSortField | undefined,
          sortOrder: query.sort?.direction,
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
  return {
    calls,
    list: { ...state, reload },
    query,
    /** Changes the query; anything but a page change returns to the first page. */
    change: (patch: Partial<SnomedQuery>) => setQuery((q) => ({ ...q, page: 0, ...patch })),
  };
}
