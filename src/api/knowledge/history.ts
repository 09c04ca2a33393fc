import type { HistoryEntry, RestoreAttachmentMode, RestorePreview } from '../../contract/knowledge/history';
import { ifMatch, type ApiClient } from '../client';
import type { Page } from './nodes';

/** Which records have a history: GET /{kind}/{id}/history, POST /{kind}/{id}/restore. */
export type HistoryKind = 'nodes' | 'relations';

/** A record's history (newest first, paged) and its restore. */
export const historyApi = (api: ApiClient, kind: HistoryKind) => {
  const path = (id: string) => `/${kind}/${encodeURIComponent(id)}`;
  return {
    list: (id: string, page: { limit: number; skip: number }, signal?: AbortSignal) =>
      api.request<Page<HistoryEntry>>(`${path(id)}/history`, { query: { ...page }, signal }),
    /** What restoring the entry would change (fields, files, relations) and leave out, without changing it. */
    preview: (id: string, eventId: string, attachments: RestoreAttachmentMode, signal?: AbortSignal) =>
      api.request<RestorePreview>(`${path(id)}/restore-preview`, { query: { eventId, attachments }, signal }),
    /**
     * Back to the state right after the entry; answers the record as it now is. With the preview's
     * `basis`, the server refuses (409) a restore that would now do anything other than that preview.
     */
    restore: (id: string, eventId: string, options: { attachments?: RestoreAttachmentMode; basis?: string; version?: number | null } = {}) => {
      const { version, ...rest } = options;
      // The preview's version as If-Match: 412 edit_conflict when the record changed since the preview.
      return api.request<unknown>(`${path(id)}/restore`, { method: 'POST', body: { eventId, ...rest }, ...ifMatch(version) });
    },
  };
};
export type HistoryApi = ReturnType<typeof historyApi>;
