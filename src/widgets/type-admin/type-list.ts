import type { TaxonomyKind, TaxonomyType } from '../../contract/knowledge/taxonomy';
import type { SortValue } from '../../ui/table/table-sort';

/** Pure list logic of the type screens (search, sort keys, the kind attribute), tested without a DOM. */

/** Client-side search (spec §2): a case-insensitive substring of the name; blank matches all. */
export function filterTypes(types: readonly TaxonomyType[], search: string): TaxonomyType[] {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return [...types];
  return types.filter((t) => t.name.toLocaleLowerCase().includes(needle));
}

export const TYPE_SORT_VALUES: Record<'name' | 'createdAt' | 'createdBy' | 'usage', (t: TaxonomyType) => SortValue> = {
  name: (t) => t.name,
  createdAt: (t) => t.createdAt,
  createdBy: (t) => t.createdBy,
  usage: (t) => t.usageCount,
};

/** The element's `kind` attribute: 'relation' (any case, trimmed) or else 'node'. */
export function parseKind(value: string | null | undefined): TaxonomyKind {
  return value?.trim().toLowerCase() === 'relation' ? 'relation' : 'node';
}

/** Whether a name may be saved (spec §5: non-blank). */
export const canSaveName = (name: string) => name.trim().length > 0;

/** The list after a save: the saved type replaces its old version or joins, ordered by name like the server's list. */
export function withSaved(list: readonly TaxonomyType[], saved: TaxonomyType): TaxonomyType[] {
  const next = list.some((t) => t.id === saved.id) ? list.map((t) => (t.id === saved.id ? saved : t)) : [...list, saved];
  return next.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}
