import { useCallback, useEffect, useState } from 'react';
import type { RelationsApi } from '../../api/knowledge/relations';
import { LIMITS } from '../../contract/limits';
import type { SortState } from '../../ui/table/table-sort';
import { useServerPage } from '../hooks/use-server-page';

export type RelationSortField = 'relationName' | 'relationType' | 'createdAt';

export interface RelationQuery {
  page: number;
  pageSize: number;
  /** The search sent to the server (the box's text after the debounce). */
  search: string;
  relationType: string;
  /** Only relations breaking their type's rule. */
  ruleViolations: boolean;
  sort: SortState;
}

export const FIRST_QUERY: RelationQuery = { page: 0, pageSize: LIMITS.defaultPageSize, search: '', relationType: '', ruleViolations: false, sort: { key: 'createdAt', direction: 'desc' } };

/**
 * The relations list, searched, filtered, sorted and paged by the server: each query change
 * (and `reload`) loads that page; the newest request wins. Loads again whenever the window
 * regains focus (spec §2). A failed reload with a page on screen keeps the page and calls `onFailed`.
 */
export function useRelationList(calls: RelationsApi, onFailed: () => void, ruleViolations = false) {
  const [query, setQuery] = useState<RelationQuery>(() => ({ ...FIRST_QUERY, ruleViolations }));
  const load = useCallback(
    (q: RelationQuery, signal: AbortSignal) =>
      calls.list(
        {
          search: q.search || undefined,
          relationType: q.relationType || undefined,
          ruleViolations: q.ruleViolations ? 'true' : undefined,
          limit: q.pageSize,
          skip: q.page * q.pageSize,
          sortBy: q.sort.key as RelationSortField,
          sortOrder: q.sort.direction,
        },
        signal,
      ),
    [calls],
  );
  const list = useServerPage(query, load, onFailed);
  const { reload } = list;
  useEffect(() => {
    window.addEventListener('focus', reload);
    return () => window.removeEventListener('focus', reload);
  }, [reload]);

  return {
    list,
    query,
    /** Changes the query; anything but a page change returns to the first page. */
    change: useCallback((patch: Partial<RelationQuery>) => setQuery((q) => ({ ...q, page: 0, ...patch })), []),
  };
}
