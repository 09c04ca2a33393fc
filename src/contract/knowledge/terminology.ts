import { z } from 'zod';
import { LIMITS } from '../limits';
import { queryInt } from '../fields';
import { TERMINOLOGY_RESOURCE_TYPES } from '../values/terminology';

export * from '../values/terminology';

/**
 * The admin Terminology page's app API (/api/terminology/…): the stored FHIR terminology resources
 * listed, a CodeSystem's indexed concepts paged, and "Add to the graph" as a background job. Uploads
 * go to FHIR itself (POST /fhir/{type}, PUT /fhir/{type}/{id} or a Bundle to POST /fhir).
 */

/** The SNOMED CT system url: concepts of a code system with it keep their code as the node's SNOMED code. */
export const SNOMED_SYSTEM_URL = 'http://snomed.info/sct';

const FHIR_ID = z.string().regex(/^[A-Za-z0-9.-]{1,64}$/, 'Invalid FHIR id');

export const TerminologyListQuerySchema = z.object({
  type: z.enum(TERMINOLOGY_RESOURCE_TYPES).optional(),
  page: queryInt(1, 1_000_000, 1),
  limit: queryInt(1, 100, LIMITS.defaultPageSize),
});

export const TerminologyResourceSchema = z.object({
  resourceType: z.enum(TERMINOLOGY_RESOURCE_TYPES),
  id: z.string(),
  url: z.string().nullable(),
  version: z.string().nullable(),
  name: z.string().nullable(),
  title: z.string().nullable(),
  status: z.string(),
  lastUpdated: z.string(),
  /** CodeSystems: how many concepts are indexed; null for the other types. */
  conceptCount: z.number().int().nullable(),
});
export type TerminologyResource = z.infer<typeof TerminologyResourceSchema>;

const PaginationSchema = z.object({ total: z.number().int(), limit: z.number().int(), page: z.number().int() });

export const TerminologyResourcePageSchema = z.object({ data: z.array(TerminologyResourceSchema), pagination: PaginationSchema });
export type TerminologyResourcePage = z.infer<typeof TerminologyResourcePageSchema>;

export const CodeSystemParamsSchema = z.object({ id: FHIR_ID });

export const ConceptListQuerySchema = z.object({
  page: queryInt(1, 1_000_000, 1),
  limit: queryInt(1, 100, LIMITS.defaultPageSize),
  /** Part of a code or display (case-insensitive). */
  search: z.string().max(200).optional(),
});

export const TerminologyConceptSchema = z.object({
  code: z.string(),
  display: z.string().nullable(),
  definition: z.string().nullable(),
  parentCodes: z.array(z.string()),
});
export type TerminologyConcept = z.infer<typeof TerminologyConceptSchema>;

export const TerminologyConceptPageSchema = z.object({
  codeSystem: TerminologyResourceSchema,
  data: z.array(TerminologyConceptSchema),
  pagination: PaginationSchema,
});
export type TerminologyConceptPage = z.infer<typeof TerminologyConceptPageSchema>;

export const AddToGraphSchema = z.object({
  nodeTypeId: z.string().uuid(),
  relationTypeId: z.string().uuid(),
});
export type AddToGraphInput = z.infer<typeof AddToGraphSchema>;

export const AddToGraphResponseSchema = z.object({ processId: z.string() });

export const TerminologyJobParamsSchema = z.object({ id: z.string().uuid() });

/** A summary of an "Add to the graph" run. */
export const AddToGraphSummarySchema = z.object({
  concepts: z.number().int(),
  nodesCreated: z.number().int(),
  /** Concepts mapped to a node that was there already (same name and type, or same SNOMED code). */
  nodesLinked: z.number().int(),
  /** Concepts a previous run added (the stored mapping). */
  skipped: z.number().int(),
  relationsCreated: z.number().int(),
});
export type AddToGraphSummary = z.infer<typeof AddToGraphSummarySchema>;

export const TerminologyJobSchema = z.object({
  processId: z.string(),
  status: z.string(),
  progress: z.number(),
  message: z.string(),
  summary: AddToGraphSummarySchema.nullable(),
});
export type TerminologyJob = z.infer<typeof TerminologyJobSchema>;

/**
 * The graph's hierarchy for FHIR: the relation type whose relations `A → B` make B a parent of A
 * (is-a) in the graph's CodeSystem; null = none (a flat code system).
 */
export const GraphHierarchySchema = z.object({
  relationType: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
});
export type GraphHierarchy = z.infer<typeof GraphHierarchySchema>;
export const GraphHierarchyUpdateSchema = z.object({ relationTypeId: z.string().uuid().nullable() });
export type GraphHierarchyUpdate = z.infer<typeof GraphHierarchyUpdateSchema>;

/** Exports as FHIR JSON: nodes (all, or one type's) as a CodeSystem, a type as a ValueSet, a relation type as a ConceptMap. */
export const CodeSystemExportQuerySchema = z.object({ nodeTypeId: z.string().uuid().optional() });
export const TypeExportParamsSchema = z.object({ id: z.string().uuid() });
/** The most nodes (or mappings) one export holds; larger ones are refused (413) with a message. */
export const FHIR_EXPORT_MAX = 50_000;

export const TERMINOLOGY_MESSAGES = {
  codeSystemNotFound: 'The code system does not exist',
  nodeTypeNotFound: 'The node type does not exist',
  relationTypeNotFound: 'The relation type does not exist',
  relationsForbidden: 'Adding to the graph also creates relations: your role lacks relations.create',
  jobNotFound: 'No such job',
  started: 'Adding the code system to the graph…',
  interrupted: 'Adding to the graph stopped; run it again to go on (what was added is kept and skipped)',
  exportTooLarge: `Too large to export at once: more than ${FHIR_EXPORT_MAX.toLocaleString('en')} nodes or mappings. Export one node type, or read it page by page through FHIR ($expand with count and offset)`,
} as const;
