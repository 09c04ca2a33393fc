import { useCallback, useMemo, useState } from 'react';
import { terminologyApi } from '../../api/admin/terminology';
import { apiClient } from '../../api/client';
import { LIMITS } from '../../contract/limits';
import type { TerminologyResourceType } from '../../contract/knowledge/terminology';
import { useServerPage } from '../hooks/use-server-page';

export interface TerminologyQuery {
  /** 0-based. */
  page: number;
  pageSize: number;
  type: TerminologyResourceType | '';
}

/** The stored resources, server-paged; the newest request wins, and a change of type returns to the first page. */
export function useTerminologyList(apiBase: string, onFailed: () => void) {
  const calls = useMemo(() => terminologyApi(apiClient({ base: apiBase })), [apiBase]);
  const [query, setQuery] = useState<TerminologyQuery>({ page: 0, pageSize: LIMITS.defaultPageSize, type: '' });
  const load = useCallback((q: TerminologyQuery, signal: AbortSignal) => calls.list(q.type, { page: q.page + 1, limit: q.pageSize }, signal), [calls]);
  const list = useServerPage(query, load, onFailed);
  const change = useCallback((patch: Partial<TerminologyQuery>) => setQuery((q) => ({ ...q, page: 0, ...patch })), []);
  return { calls, list, query, change };
}

export interface ConceptQuery {
  page: number;
  pageSize: number;
  search: string;
}

/** One code system's concepts, a page at a time (never all at once: a code system may hold a million). */
export function useConcepts(calls: ReturnType<typeof terminologyApi>, id: string, onFailed: () => void) {
  const [query, setQuery] = useState<ConceptQuery>({ page: 0, pageSize: LIMITS.defaultPageSize, search: '' });
  const load = useCallback((q: ConceptQuery, signal: AbortSignal) => calls.concepts(id, { page: q.page + 1, limit: q.pageSize, search: q.search }, signal), [calls, id]);
  const list = useServerPage(query, load, onFailed);
  const change = useCallback((patch: Partial<ConceptQuery>) => setQuery((q) => ({ ...q, page: 0, ...patch })), []);
  return { list, query, change };
}
