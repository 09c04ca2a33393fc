import { useMemo } from 'react';
import { apiClient } from '../../api/client';
import { typesApi, type RelationRuleInput } from '../../api/knowledge/types';
import type { TaxonomyKind, TaxonomyType } from '../../contract/knowledge/taxonomy';
import { useLoad } from '../hooks/use-load';
import { withSaved } from './type-list';

/** A type screen's data: every type of the kind (searched, sorted and paged in the browser) and the writes. */
export function useTypeAdmin(apiBase: string, kind: TaxonomyKind) {
  const api = useMemo(() => typesApi(apiClient({ base: apiBase }), kind), [apiBase, kind]);
  const types = useLoad((signal) => api.list(signal));
  // Relation types: the node type names their rules choose from.
  const nodeTypes = useLoad(async (signal) => (kind === 'relation' ? (await typesApi(apiClient({ base: apiBase }), 'node').list(signal)).map((t) => t.name) : []));
  return {
    types,
    nodeTypes: nodeTypes.data ?? [],
    /** Creates (no id) or renames; the answer replaces the row locally. Rejections carry the server's message. */
    save: async (id: string | null, name: string, color?: string, rule?: RelationRuleInput, version?: number) => {
      const saved = id ? await api.update(id, name.trim(), color, rule, version) : await api.create(name.trim(), color, rule);
      types.update((list) => withSaved(list, saved));
    },
    /** The type as someone else saved it (from a 412): the row shows it, and the next write carries its version. */
    current: (type: TaxonomyType) => types.update((list) => withSaved(list, type)),
    remove: (id: string, version?: number) => api.remove(id, version),
    removed: (id: string) => types.update((list) => list.filter((t) => t.id !== id)),
  };
}
