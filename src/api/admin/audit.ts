import type { AuditLogPage, AuditPurgeResult, AuditRetention } from '../../contract/admin/audit-log';
import { ifMatch, type ApiClient } from '../client';
import { endOfLocalDay, startOfLocalDay } from '../knowledge/node-filters';

/** The log's filters as the screen keeps them: '' means "not filtering"; dates are local calendar days (YYYY-MM-DD). */
export interface AuditFilters {
  user: string;
  action: string;
  entityType: string;
  from: string;
  to: string;
  search: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = { user: '', action: '', entityType: '', from: '', to: '', search: '' };

/** The filters as query parameters: empty ones left out, days turned into instants (the whole To day counts). */
export function auditFilterQuery(f: AuditFilters): Record<string, string | undefined> {
  return {
    user: f.user.trim() || undefined,
    action: f.action || undefined,
    entityType: f.entityType || undefined,
    from: startOfLocalDay(f.from) ?? undefined,
    to: endOfLocalDay(f.to) ?? undefined,
    search: f.search.trim() || undefined,
  };
}

/** The audit log calls: GET /audit, its export, the retention and the purge. */
export const auditApi = (api: ApiClient) => ({
  list: (filters: AuditFilters, page: { limit: number; skip: number }, signal?: AbortSignal) =>
    api.request<AuditLogPage>('/audit', { query: { ...auditFilterQuery(filters), ...page }, signal }),
  /** The whole filtered log as a file (the server streams it). */
  exportFile: (filters: AuditFilters, format: 'csv' | 'xlsx') => api.request<Blob>('/audit/export', { query: { ...auditFilterQuery(filters), format }, responseType: 'blob' }),
  retention: (signal?: AbortSignal) => api.request<AuditRetention>('/audit/retention', { signal }),
  setRetention: (retentionDays: number | null, version?: number) =>
    api.request<AuditRetention>('/audit/retention', { method: 'PUT', body: { retentionDays }, ...ifMatch(version) }),
  purge: () => api.request<AuditPurgeResult>('/audit/purge', { method: 'POST' }),
});
export type AuditApi = ReturnType<typeof auditApi>;
