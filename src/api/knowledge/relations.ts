import type { Relation, RelationSave } from '../../contract/knowledge/relations';
import { ifMatch, type ApiClient } from '../client';
import type { Page } from './nodes';

/** GET /relations query (server-side search, filter, sort and paging). */
export interface RelationListQuery {
  relationType?: string;
  /** Relations touching this node at either end. */
  nodeId?: string;
  search?: string;
  /** 'true': only relations breaking their type's rule. */
  ruleViolations?: 'true';
  limit?: number;
  skip?: number;
  sortBy?: 'relationName' | 'relationType' | 'createdAt' | 'weight';
  sortOrder?: 'asc' | 'desc';
}

const path = (id: string) => `/relations/${encodeURIComponent(id)}`;

/** The body PUT /relations/{id} wants: every saved field of the relation (spec §7 "same fields"). */
export const saveBodyOf = (r: Relation, changes: Partial<RelationSave> = {}): RelationSave => ({
  relationName: r.relationName,
  sourceNodeId: r.sourceNodeId,
  targetNodeId: r.targetNodeId,
  relationType: r.relationType,
  weight: r.weight,
  url: r.url,
  description: r.description,
  note: r.note,
  ...changes,
});

export const relationsApi = (api: ApiClient) => ({
  list: (query: RelationListQuery = {}, signal?: AbortSignal) => api.request<Page<Relation>>('/relations', { query: { ...query }, signal }),
  create: (body: RelationSave) => api.request<Relation>('/relations', { method: 'POST', body }),
  get: (id: string) => api.request<Relation>(path(id)),
  update: (id: string, body: RelationSave, version?: number) => api.request<Relation>(path(id), { method: 'PUT', body, ...ifMatch(version) }),
  remove: (id: string, version?: number) => api.request<void>(path(id), { method: 'DELETE', ...ifMatch(version) }),
  /**
   * Changes only the type: reads the relation, then sends it back whole with the new type.
   * `version`: the one the user saw (412 edit_conflict when it changed since); else the one just read.
   */
  async changeType(id: string, relationType: string, version?: number): Promise<Relation> {
    const current = await api.request<Relation>(path(id));
    return api.request<Relation>(path(id), { method: 'PUT', body: saveBodyOf(current, { relationType }), ...ifMatch(version ?? current.version) });
  },
});
export type RelationsApi = ReturnType<typeof relationsApi>;
