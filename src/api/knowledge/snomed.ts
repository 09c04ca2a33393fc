import type { SnomedImportResult } from '../../contract/knowledge/imports';
import type { SnomedConcept, SnomedConceptDetail, SnomedConceptHit } from '../../contract/knowledge/snomed';
import type { ApiClient } from '../client';
import { lastSegment } from '../imports';

export type SnomedSortField = 'id' | 'term' | 'active';
export type SnomedStatusFilter = '' | 'active' | 'inactive';

export interface SnomedListQuery {
  /** 1-based (spec §7). */
  page: number;
  limit: number;
  search?: string;
  /** Omitted when empty. */
  status?: SnomedStatusFilter;
  sortBy?: SnomedSortField;
  sortOrder?: 'asc' | 'desc';
  /** Only this concept and the concepts under it in the is-a hierarchy. */
  descendantOf?: string;
}

export interface SnomedConceptHitPage {
  data: SnomedConceptHit[];
  pagination: SnomedPage['pagination'];
}

export interface SnomedPage {
  data: SnomedConcept[];
  /** totalCapped: more matches exist than `total` (the server stops counting at a cap). */
  pagination: { total: number; limit: number; page: number; totalCapped?: boolean };
}

/** SNOMED calls (spec §7 SNOMED). */
export const snomedApi = (api: ApiClient) => ({
  list: (query: SnomedListQuery, signal?: AbortSignal) => api.request<SnomedPage>('/snomed/concepts', { query: { ...query }, signal }),
  /** GET /snomed/concepts?by=concept: one entry per concept (preferred term, FSN, matched synonym, semantic tag). */
  conceptHits: (query: Omit<SnomedListQuery, 'sortBy' | 'sortOrder'>, signal?: AbortSignal) =>
    api.request<SnomedConceptHitPage>('/snomed/concepts', { query: { ...query, by: 'concept' }, signal }),
  /** GET /snomed/concepts/{conceptId}: descriptions, parents, children, path to the root, replacements. */
  concept: (conceptId: string, signal?: AbortSignal) => api.request<SnomedConceptDetail>(`/snomed/concepts/${encodeURIComponent(conceptId)}`, { signal }),
  remove: (id: string) => api.request<null>(`/snomed/concept/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  /** POST /snomed/import: answers when the import is over, with the import result; `dryRun`: only check the file. */
  importFile: (file: File, options: { dryRun?: boolean; signal?: AbortSignal } = {}) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return api.request<SnomedImportResult>('/snomed/import', { method: 'POST', body: form, signal: options.signal, query: options.dryRun ? { dryRun: true } : undefined });
  },
  template: () => api.request<Blob>('/snomed/template', { responseType: 'blob' }),
  /** GET /snomed/download-errors/{filename}; the filename is also the name to save it under. */
  errorFile: (errorFileUrl: string) => {
    const filename = lastSegment(errorFileUrl);
    return api.request<Blob>(`/snomed/download-errors/${encodeURIComponent(filename)}`, { responseType: 'blob' }).then((blob) => ({ blob, filename }));
  },
});
export type SnomedApi = ReturnType<typeof snomedApi>;
