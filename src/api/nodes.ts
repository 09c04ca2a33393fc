import type { KnowledgeNode, KnowledgeNodeDetail, NodeSave } from '../contract/nodes';
import type { ApiClient } from './client';

const path = (id: string) => `/nodes/${encodeURIComponent(id)}`;

export const nodesApi = (api: ApiClient) => ({
  get: (id: string) => api.request<KnowledgeNodeDetail>(path(id)),
  /** PUT /nodes/{id}: fields left out stay as they are. */
  update: (id: string, body: NodeSave) => api.request<KnowledgeNode>(path(id), { method: 'PUT', body }),
  /** Deletes the node and (by cascade) all its relations. */
  remove: (id: string) => api.request<void>(path(id), { method: 'DELETE' }),
});
export type NodesApi = ReturnType<typeof nodesApi>;
