import { useCallback, useMemo, useState } from 'react';
import { auditApi, NO_AUDIT_FILTERS, type AuditFilters } from '../../api/admin/audit';
import { apiClient } from '../../api/client';
import { LIMITS } from '../../contract/limits';
import { useServerPage } from '../hooks/use-server-page';

export interface AuditQuery {
  /** 0-based. */
  page: number;
  pageSize: number;
  filters: AuditFilters;
}

export const FIRST_AUDIT_QUERY: AuditQuery = { page: 0, pageSize: LIMITS.defaultPageSize, filters: NO_AUDIT_FILTERS };

/**
 * The server-paged audit log, newest first: each change of the query (and `reload`) loads that
 * page; the newest request wins. Anything but a page change returns to the first page.
 */
export function useAuditLog(apiBase: string, onFailed: () => void) {
  const calls = useMemo(() => auditApi(apiClient({ base: apiBase })), [apiBase]);
  const [query, setQuery] = useState<AuditQuery>(FIRST_AUDIT_QUERY);
  const load = useCallback(
    (q: AuditQuery, signal: AbortSignal) =>
      calls.list(q.filters, { limit: q.pageSize, skip: q.page * q.pageSize }, signal),
    [calls],
  );
  const list = useServerPage(query, load, onFailed);
  const change = useCallback((patch: Partial<AuditQuery>) => setQuery((q) => ({ ...q, page: 0, ...patch })), []);
  const filter = useCallback((patch: Partial<AuditFilters>) => setQuery((q) => ({ ...q, page: 0, filters: { ...q.filters, ...patch } })), []);
  return { calls, list, query, change, filter };
}
