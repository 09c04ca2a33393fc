import { useMemo } from 'react';
import { apiClient } from '../../api/client';
import { typesApi } from '../../api/types';
import type { TaxonomyKind } from '../../contract/taxonomy';
import { useLoad } from '../use-load';
import { withSaved } from './type-list';

/** A type screen's data: every type of the kind (searched, sorted and paged in the browser) and the writes. */
export function useTypeAdmin(apiBase: string, kind: TaxonomyKind) {
  const api = useMemo(() => typesApi(apiClient({ base: apiBase }), kind), [apiBase, kind]);
  const types = useLoad((signal) => api.list(signal));
  return {
    types,
    /** Creates (no id) or renames; the answer replaces the row locally. Rejections carry the server's message. */
    save: async (id: string | null, name: string, color?: string) => {
      const saved = id ? await api.update(id, name.trim(), color) : await api.create(name.trim(), color);
      types.update((list) => withSaved(list, saved));
    },
    remove: (id: string) => api.remove(id),
    removed: (id: string) => types.update((list) => list.filter((t) => t.id !== id)),
  };
}
