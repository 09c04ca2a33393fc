import type { TaxonomyKind, TaxonomyType } from '../contract/taxonomy';
import type { ApiClient } from './client';

const BASE: Record<TaxonomyKind, string> = { node: '/nodetypes', relation: '/relationtypes' };

/** The five calls of spec §7 "Node types and relation types", for either kind. */
export const typesApi = (api: ApiClient, kind: TaxonomyKind) => {
  const one = (id: string) => `${BASE[kind]}/${encodeURIComponent(id)}`;
  const field = kind === 'node' ? 'nodeType' : 'relationType';
  return {
    list: (signal?: AbortSignal) => api.request<TaxonomyType[]>(BASE[kind], { signal }),
    get: (id: string) => api.request<TaxonomyType>(one(id)),
    create: (name: string) => api.request<TaxonomyType>(BASE[kind], { method: 'POST', body: { [field]: name } }),
    update: (id: string, name: string) => api.request<TaxonomyType>(one(id), { method: 'PUT', body: { [field]: name } }),
    /** A type still in use is refused with 409 and a message that says how many use it. */
    remove: (id: string) => api.request<void>(one(id), { method: 'DELETE' }),
  };
};
export type TypesApi = ReturnType<typeof typesApi>;
