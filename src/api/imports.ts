import type { NodeUploadResponse } from '../contract/imports';
import type { ApiClient } from './client';

/** The last path segment of a server link (spec §7: the bulk dialog calls download-errors with it). */
export const lastSegment = (url: string) => decodeURIComponent(url.split('?')[0].replace(/\/+$/, '').split('/').pop() ?? '');

const fileBody = (file: Blob, name?: string) => {
  const form = new FormData();
  form.append('file', file, name ?? (file as File).name);
  return form;
};

/** Bulk node upload calls (spec §7 Nodes: template, upload, error report). */
export const importsApi = (api: ApiClient) => ({
  /** GET /nodes/template: the .xlsx template. */
  nodeTemplate: () => api.request<Blob>('/nodes/template', { responseType: 'blob' }),
  /** POST /nodes/upload, multipart field `file`. */
  uploadNodes: (file: File, signal?: AbortSignal) => api.request<NodeUploadResponse>('/nodes/upload', { method: 'POST', body: fileBody(file), signal }),
  /** GET /nodes/download-errors/{id}, where id is the last segment of the upload's downloadUrl. */
  nodeErrorReport: (downloadUrl: string) => api.request<Blob>(`/nodes/download-errors/${encodeURIComponent(lastSegment(downloadUrl))}`, { responseType: 'blob' }),
});
export type ImportsApi = ReturnType<typeof importsApi>;
