import type { AddToGraphInput, GraphHierarchy, TaxonomyType, TerminologyConceptPage, TerminologyJob, TerminologyResourcePage, TerminologyResourceType } from '../../contract';
import type { ApiClient } from '../client';

/** A FHIR Bundle's response entry as the Terminology page reads it (batch-response, transaction-response). */
export interface FhirEntryResponse {
  status: string;
  location?: string;
  outcome?: { issue?: { details?: { text?: string }; expression?: string[] }[] };
}
export interface FhirBundleResponse {
  resourceType: 'Bundle';
  type: string;
  entry?: { response: FhirEntryResponse }[];
}

/** The Terminology page's calls: its app API under /api/terminology, and FHIR's POST /fhir for uploads. */
export const terminologyApi = (api: ApiClient) => ({
  list: (type: TerminologyResourceType | '', page: { page: number; limit: number }, signal?: AbortSignal) =>
    api.request<TerminologyResourcePage>('/terminology/resources', { query: { type: type || undefined, ...page }, signal }),
  concepts: (id: string, query: { page: number; limit: number; search: string }, signal?: AbortSignal) =>
    api.request<TerminologyConceptPage>(`/terminology/code-systems/${encodeURIComponent(id)}/concepts`, { query: { ...query, search: query.search.trim() || undefined }, signal }),
  /** A batch or transaction Bundle to FHIR (the same checks and permission as FHIR's single writes). */
  postBundle: (bundle: Record<string, unknown>) => api.request<FhirBundleResponse>('', { method: 'POST', body: bundle, fhir: true }),
  addToGraph: (id: string, input: AddToGraphInput) => api.request<{ processId: string }>(`/terminology/code-systems/${encodeURIComponent(id)}/graph`, { method: 'POST', body: input }),
  job: (processId: string, signal?: AbortSignal) => api.request<TerminologyJob>(`/terminology/jobs/${encodeURIComponent(processId)}`, { signal }),
  /** The relation type that is the graph's hierarchy in FHIR (is-a), and marking one (null: none). */
  hierarchy: (signal?: AbortSignal) => api.request<GraphHierarchy>('/terminology/hierarchy', { signal }),
  setHierarchy: (relationTypeId: string | null) => api.request<GraphHierarchy>('/terminology/hierarchy', { method: 'PUT', body: { relationTypeId } }),
  nodeTypes: () => api.request<TaxonomyType[]>('/nodetypes'),
  relationTypes: () => api.request<TaxonomyType[]>('/relationtypes'),
});
export type TerminologyApi = ReturnType<typeof terminologyApi>;

/** The exports as FHIR JSON files: nodes as a CodeSystem (all, or one node type's), a type as a ValueSet, a relation type or the SNOMED codes as a ConceptMap. */
export const fhirExportApi = (api: ApiClient) => ({
  codeSystem: (nodeTypeId?: string) => api.request<Blob>('/terminology/exports/code-system', { query: { nodeTypeId }, responseType: 'blob' }),
  valueSet: (nodeTypeId: string) => api.request<Blob>(`/terminology/exports/value-set/${encodeURIComponent(nodeTypeId)}`, { responseType: 'blob' }),
  conceptMap: (relationTypeId: string) => api.request<Blob>(`/terminology/exports/concept-map/${encodeURIComponent(relationTypeId)}`, { responseType: 'blob' }),
  snomedMap: () => api.request<Blob>('/terminology/exports/snomed-map', { responseType: 'blob' }),
});
export type FhirExportApi = ReturnType<typeof fhirExportApi>;
