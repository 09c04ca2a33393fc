import { endOfLocalDay, joinTypeNames, startOfLocalDay } from '../../../api/knowledge/node-filters';
import type { NodeListQuery } from '../../../api/knowledge/nodes';

export type Flag = '' | 'true' | 'false';

/** The search page's filter state (spec §2, §5); '' and [] mean "not filtering". */
export interface SearchFilters {
  text: string;
  nodeTypes: string[];
  snomedCode: string;
  hasSnomed: Flag;
  /** Nodes coded with this SNOMED concept or one under it (the "descendants of" filter). */
  snomedDescendantOf: { code: string; term: string | null } | null;
  hasUrl: Flag;
  createdBy: string;
  createdAfter: string;
  createdBefore: string;
}

export const EMPTY_FILTERS: SearchFilters = {
  text: '',
  nodeTypes: [],
  snomedCode: '',
  hasSnomed: '',
  snomedDescendantOf: null,
  hasUrl: '',
  createdBy: '',
  createdAfter: '',
  createdBefore: '',
};

/** Spec §5: one per non-empty filter (the free text counts too). */
export function activeFilterCount(f: SearchFilters): number {
  return [f.text.trim(), f.nodeTypes.length > 0, f.snomedCode.trim(), f.hasSnomed, f.snomedDescendantOf, f.hasUrl, f.createdBy, f.createdAfter, f.createdBefore].filter(Boolean).length;
}

/**
 * The GET /nodes query for the filters: matching happens on the server (spec §5 semantics),
 * dates turned from local calendar days into instants (Created Before to 23:59:59.999 local).
 */
export function toNodeQuery(f: SearchFilters): NodeListQuery {
  return {
    search: f.text.trim() || undefined,
    searchScope: 'full',
    nodeTypes: f.nodeTypes.length ? joinTypeNames(f.nodeTypes) : undefined,
    snomedCode: f.snomedCode.trim() || undefined,
    hasSnomed: f.hasSnomed || undefined,
    snomedDescendantOf: f.snomedDescendantOf?.code,
    hasUrl: f.hasUrl || undefined,
    createdBy: f.createdBy || undefined,
    createdAfter: startOfLocalDay(f.createdAfter) ?? undefined,
    createdBefore: endOfLocalDay(f.createdBefore) ?? undefined,
  };
}
