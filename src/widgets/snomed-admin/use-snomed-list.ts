import { useCallback, useMemo, useState } from 'react';
import { apiClient } from '../../api/client';
import { snomedApi, type SnomedConceptHitPage, type SnomedPage, type SnomedSortField, type SnomedStatusFilter } from '../../api/knowledge/snomed';
import { LIMITS } from '../../contract/limits';
import type { SortState } from '../../ui/table/table-sort';
import type { ConceptChoice } from '../parts/snomed-concept';
import { useServerPage } from '../hooks/use-server-page';

/** The spec's description rows, or one entry per concept (preferred term, matched synonym). */
export type SnomedView = 'row' | 'concept';

export interface SnomedQuery {
  /** 0-based here; the API's page is 1-based. */
  page: number;
  pageSize: number;
  /** The applied search (Enter or the search button), not the text being typed. */
  search: string;
  status: SnomedStatusFilter;
  sort: SortState | null;
  view: SnomedView;
  /** Only this concept and the concepts under it. */
  descendantOf: ConceptChoice | null;
}

export const FIRST_QUERY: SnomedQuery = { page: 0, pageSize: LIMITS.defaultPageSize, search: '', status: '', sort: null, view: 'row', descendantOf: null };

/** A loaded page, tagged with the view it was loaded for (a view switch shows the old page until the new one is in). */
export type SnomedListPage = ({ view: 'row' } & SnomedPage) | ({ view: 'concept' } & SnomedConceptHitPage);

/**
 * The server-paged catalogue (spec §2): each change of the query (and `reload`) loads that
 * page; the newest request wins and older ones are aborted. A failed load with a page on
 * screen keeps the page and calls `onFailed` (the screen says so in a toast).
 */
export function useSnomedList(apiBase: string, onFailed: () => void) {
  const calls = useMemo(() => snomedApi(apiClient({ base: apiBase })), [apiBase]);
  const [query, setQuery] = useState<SnomedQuery>(FIRST_QUERY);
  const load = useCallback(
    async (q: SnomedQuery, signal: AbortSignal): Promise<SnomedListPage> => {
      const common = {
        page: q.page + 1,
        limit: q.pageSize,
        search: q.search || undefined,
        status: q.status || undefined,
        descendantOf: q.descendantOf?.code,
      };
      if (q.view === 'concept') return { view: 'concept', ...(await calls.conceptHits(common, signal)) };
      const page = await calls.list({ ...common, sortBy: q.sort?.key as SnomedSortField | undefined, sortOrder: q.sort?.direction }, signal);
      return { view: 'row', ...page };
    },
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

/** Whether a search or filter narrows the list (the empty state then offers to clear them). */
export const isFiltered = (q: SnomedQuery) => !!(q.search || q.status || q.descendantOf);
