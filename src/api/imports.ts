import type { NodeUploadResponse, UploadKind } from '../contract/knowledge/imports';
import type { ApiClient } from './client';

/** The last path segment of a server link (spec §7: the bulk dialog calls download-errors with it). */
export const lastSegment = (url: string) => decodeURIComponent(url.split('?')[0].replace(/\/+$/, '').split('/').pop() ?? '');

const fileBody = (file: Blob, name?: string) => {
  const form = new FormData();
  form.append('file', file, name ?? (file as File).name);
  return form;
};

/**
 * One kind of upload's calls: the node upload (spec §7 Nodes) and the relation import
 * have the same three routes under /nodes and /relations.
 */
export const uploadCalls = (api: ApiClient, kind: UploadKind) => ({
  /** GET /{kind}/template: the .xlsx template. */
  template: () => api.request<Blob>(`/${kind}/template`, { responseType: 'blob' }),
  /** POST /{kind}/upload, multipart field `file`; `dryRun`: only check the file ("Check file": nothing is written). */
  upload: (file: File, options: { dryRun?: boolean; signal?: AbortSignal } = {}) =>
    api.request<NodeUploadResponse>(`/${kind}/upload`, { method: 'POST', body: fileBody(file), signal: options.signal, query: options.dryRun ? { dryRun: true } : undefined }),
  /** GET /{kind}/download-errors/{id}, where id is the last segment of the upload's downloadUrl. */
  errorReport: (downloadUrl: string) => api.request<Blob>(`/${kind}/download-errors/${encodeURIComponent(lastSegment(downloadUrl))}`, { responseType: 'blob' }),
});

/** Bulk node upload calls (spec §7 Nodes: template, upload, error report). */
export const importsApi = (api: ApiClient) => {
  const calls = uploadCalls(api, 'nodes');
  return { nodeTemplate: calls.template, uploadNodes: calls.upload, nodeErrorReport: calls.errorReport };
};
export type ImportsApi = ReturnType<typeof importsApi>;
