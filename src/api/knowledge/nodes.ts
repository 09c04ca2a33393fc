import type { Attachment, KnowledgeNode, KnowledgeNodeDetail, NODE_SORT_FIELDS, NodeSave } from '../../contract/knowledge/nodes';
import type { NodeRelationItem } from '../../contract/knowledge/relations';
import { ifMatch, type ApiClient } from '../client';

const path = (id: string) => `/nodes/${encodeURIComponent(id)}`;

/** A paged list answer (DESIGN §4). */
export interface Page<T> {
  data: T[];
  /** totalCapped (node list): more exist than `total`, where the server stopped counting. */
  pagination: { total: number; limit: number; skip: number; totalCapped?: boolean };
}

/** GET /nodes query (spec §7 plus searchScope: 'extended' also matches type and SNOMED code). */
export interface NodeListQuery {
  nodeType?: string;
  search?: string;
  /** 'full': name, description, note or SNOMED code (the search page). */
  searchScope?: 'basic' | 'extended' | 'full';
  /** The search page's filters (spec §5); see node-filters.ts for how values are encoded. */
  nodeTypes?: string;
  snomedCode?: string;
  hasSnomed?: 'true' | 'false';
  hasUrl?: 'true' | 'false';
  /** 'true': only nodes whose SNOMED code an import changed, not yet reviewed. */
  snomedReview?: 'true';
  /** Nodes whose SNOMED code is this concept or lies under it in the is-a hierarchy. */
  snomedDescendantOf?: string;
  /** The Analytics page's quality findings (GET /nodes hasDescription, orphan, likelyDuplicate). */
  hasDescription?: 'true' | 'false';
  orphan?: 'true' | 'false';
  likelyDuplicate?: 'true' | 'false';
  createdBy?: string;
  createdAfter?: string;
  createdBefore?: string;
  limit?: number;
  skip?: number;
  sortBy?: (typeof NODE_SORT_FIELDS)[number];
  sortOrder?: 'asc' | 'desc';
}

export interface NodeSearchQuery {
  q: string;
  nodeType?: string;
  limit?: number;
  exact?: boolean;
}

/** Node calls (spec §7 Nodes). */
export const nodesApi = (api: ApiClient) => ({
  /** GET /nodes: server-side search, type filter, sort and paging. */
  list: (query: NodeListQuery = {}, signal?: AbortSignal) => api.request<Page<KnowledgeNode>>('/nodes', { query: { ...query }, signal }),
  /** GET /nodes/search: quick name lookup for pickers. */
  search: (query: NodeSearchQuery, signal?: AbortSignal) => api.request<KnowledgeNode[]>('/nodes/search', { query: { ...query }, signal }),
  get: (id: string) => api.request<KnowledgeNodeDetail>(path(id)),
  create: (body: NodeSave) => api.request<KnowledgeNode>('/nodes', { method: 'POST', body }),
  /** PUT /nodes/{id}: fields left out stay as they are. */
  update: (id: string, body: NodeSave, version?: number) => api.request<KnowledgeNode>(path(id), { method: 'PUT', body, ...ifMatch(version) }),
  /** Deletes the node and (by cascade) all its relations; `version`: 412 if it changed since. */
  remove: (id: string, version?: number) => api.request<void>(path(id), { method: 'DELETE', ...ifMatch(version) }),
  /** GET /nodes/{id}/relations: each relation with the node at the other end and its direction. */
  relations: (id: string) => api.request<NodeRelationItem[]>(`${path(id)}/relations`),
  /** POST /snomed/drift/{id}/accept: the node keeps its code; the import's change to it is accepted. */
  acceptSnomedDrift: (id: string) => api.request<void>(`/snomed/drift/${encodeURIComponent(id)}/accept`, { method: 'POST' }),
  /** POST /snomed/drift/{id}/replace: recodes the node to a suggested replacement of its retired code; `version`: 412 if it changed since. */
  replaceSnomedCode: (id: string, conceptId: string, version?: number) =>
    api.request<KnowledgeNode>(`/snomed/drift/${encodeURIComponent(id)}/replace`, { method: 'POST', body: { conceptId }, ...ifMatch(version) }),
});
export type NodesApi = ReturnType<typeof nodesApi>;

/** Attachment calls: one upload per file (multipart field `file`), a signed download link, delete. */
export const attachmentsApi = (api: ApiClient) => ({
  upload: (nodeId: string, file: File, signal?: AbortSignal, version?: number) => {
    const form = new FormData();
    // Before the file: the server reads the fields that come ahead of it.
    if (version !== undefined) form.append('version', String(version));
    form.append('file', file, file.name);
    return api.request<Attachment>(`${path(nodeId)}/attachments`, { method: 'POST', body: form, signal });
  },
  /**
   * A short-lived link to the file. The server answers a path ('/api/attachments/…'); it is made
   * absolute against the client's base so an embedded widget on another origin downloads from the API host.
   */
  async downloadLink(nodeId: string, attachmentId: string): Promise<{ url: string; filename: string }> {
    const res = await api.request<{ downloadUrl: string; filename: string }>(`${path(nodeId)}/attachments/${encodeURIComponent(attachmentId)}/download`);
    const url = /^https?:/i.test(res.downloadUrl) ? res.downloadUrl : `${api.base}${res.downloadUrl}`;
    return { url, filename: res.filename };
  },
  remove: (nodeId: string, attachmentId: string, version?: number) =>
    api.request<void>(`${path(nodeId)}/attachments/${encodeURIComponent(attachmentId)}`, { method: 'DELETE', ...ifMatch(version) }),
});
export type AttachmentsApi = ReturnType<typeof attachmentsApi>;
