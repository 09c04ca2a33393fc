import { useCallback, useMemo, useState } from 'react';
import { apiClient } from '../../api/client';
import { snomedApi, type SnomedSortField, type SnomedStatusFilter } from '../../api/knowledge/snomed';
import { LIMITS } from '../../contract/limits';
import type { SortState } from '../../ui/table/table-sort';
import { useServerPage } from '../hooks/use-server-page';

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

/**
 * The server-paged catalogue (spec §2): each change of the query (and `reload`) loads that
 * page; the newest request wins and older ones are aborted. A failed load with a page on
 * screen keeps the page and calls `onFailed` (the screen says so in a toast).
 */
export function useSnomedList(apiBase: string, onFailed: () => void) {
  const calls = useMemo(() => snomedApi(apiClient({ base: apiBase })), [apiBase]);
  const [query, setQuery] = useState<SnomedQuery>(FIRST_QUERY);
  const load = useCallback(
    (q: SnomedQuery, signal: AbortSignal) =>
      calls.list(
        {
          page: q.page + 1,
          limit: q.pageSize,
          search: q.search || undefined,
          status: q.status || undefined,
          sortBy: q.sort?.key as SnomedSortField | undefined,
          sortOrder: q.sort?.direction,
        },
        signal,
      ),
    [calls],
  );
  const list = useServerPage(query, load, onFailed);
  return {
    calls,
    list,
    query,
    /** Changes the query; anything but a page change returns to the first page. */
    change: (patch: Partial<SnomedQuery>) => setQuery((q) => ({ ...q, page: 0, ...patch })),
  };
}
