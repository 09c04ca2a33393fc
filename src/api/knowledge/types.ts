import type { TaxonomyKind, TaxonomyType } from '../../contract/knowledge/taxonomy';

/** A relation type's rule fields; node types by name. */
export interface RelationRuleInput {
  sourceNodeTypes: string[];
  targetNodeTypes: string[];
  symmetric: boolean;
  defaultWeight: number | null;
}
import { ifMatch, type ApiClient } from '../client';

const BASE: Record<TaxonomyKind, string> = { node: '/nodetypes', relation: '/relationtypes' };

/** The five calls of spec §7 "Node types and relation types", for either kind. */
export const typesApi = (api: ApiClient, kind: TaxonomyKind) => {
  const one = (id: string) => `${BASE[kind]}/${encodeURIComponent(id)}`;
  const field = kind === 'node' ? 'nodeType' : 'relationType';
  return {
    list: (signal?: AbortSignal) => api.request<TaxonomyType[]>(BASE[kind], { signal }),
    get: (id: string) => api.request<TaxonomyType>(one(id)),
    /** `color` (node types, `#rrggbb`): left out, the server picks the next palette colour (create) or keeps it (update). */
    create: (name: string, color?: string, rule?: RelationRuleInput) =>
      api.request<TaxonomyType>(BASE[kind], { method: 'POST', body: { [field]: name, ...(color ? { color } : {}), ...rule } }),
    update: (id: string, name: string, color?: string, rule?: RelationRuleInput, version?: number) =>
      api.request<TaxonomyType>(one(id), { method: 'PUT', body: { [field]: name, ...(color ? { color } : {}), ...rule }, ...ifMatch(version) }),
    /** A type still in use is refused with 409 and a message that says how many use it. */
    remove: (id: string, version?: number) => api.request<void>(one(id), { method: 'DELETE', ...ifMatch(version) }),
  };
};
export type TypesApi = ReturnType<typeof typesApi>;
