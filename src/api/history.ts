import type { HistoryEntry } from '../contract/history';
import type { ApiClient } from './client';
import type { Page } from './nodes';

/** Which records have a history: GET /{kind}/{id}/history, POST /{kind}/{id}/restore. */
export type HistoryKind = 'nodes' | 'relations';

/** A record's history (newest first, paged) and its restore (issue 16). */
export const historyApi = (api: ApiClient, kind: HistoryKind) => {
  const path = (id: string) => `/${kind}/${encodeURIComponent(id)}`;
  return {
    list: (id: string, page: { limit: number; skip: number }, signal?: AbortSignal) =>
      api.request<Page<HistoryEntry>>(`${path(id)}/history`, { query: { ...page }, signal }),
    /** Back to the state right after the entry; answers the record as it now is. */
    restore: (id: string, eventId: string) => api.request<unknown>(`${path(id)}/restore`, { method: 'POST', body: { eventId } }),
  };
};
export type HistoryApi = ReturnType<typeof historyApi>;
