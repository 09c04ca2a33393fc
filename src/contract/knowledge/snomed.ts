import { z } from 'zod';
import { LIMITS } from '../limits';
import { queryInt } from '../fields';

/**
 * A SNOMED CT description row (spec §3), with the spec's snake_case field names. Ids are
 * strings: SNOMED identifiers reach 18 digits, beyond what a JSON number holds exactly.
 */
export const SnomedConceptSchema = z.object({
  id: z.string(),
  concept_id: z.string(),
  term: z.string(),
  active: z.boolean(),
  effective_time: z.string().nullable(),
  module_id: z.string().nullable(),
  language_code: z.string(),
  type_id: z.string().nullable(),
  case_significance_id: z.string().nullable(),
  /**
   * The node that already uses this concept's code (a code belongs to one node at most), so the
   * node form's picker can mark it before submit; null when free.
   */
  usedBy: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
});
export type SnomedConcept = z.infer<typeof SnomedConceptSchema>;

export const SNOMED_SORT_FIELDS = ['id', 'term', 'active'] as const;

export const SnomedListQuerySchema = z.object({
  page: queryInt(1, 1_000_000, 1),
  limit: queryInt(1, 100, LIMITS.defaultPageSize),
  search: z.string().max(200).optional(),
  status: z.enum(['active', 'inactive', '']).optional(),
  sortBy: z.enum(SNOMED_SORT_FIELDS).default('id'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
});

export const SnomedPageSchema = z.object({
  data: z.array(SnomedConceptSchema),
  pagination: z.object({
    /** Exact up to 1,000 matches; beyond that 1,000 with totalCapped (the server stops counting there). */
    total: z.number().int(),
    limit: z.number().int(),
    page: z.number().int(),
    totalCapped: z.boolean(),
  }),
});

export const SnomedIdParamsSchema = z.object({ id: z.string().regex(/^\d{1,18}$/, 'Invalid SNOMED row id') });

/** Description type of a fully specified name (RF2 typeId); a concept's preferred term is its first active one. */
export const SNOMED_FSN_TYPE_ID = '900000000000003001';

/**
 * SNOMED drift: what an import did to a node's code. 'missing': no longer in the
 * catalogue; 'inactive': no active description left; 'term_changed': another preferred term.
 */
export const SNOMED_DRIFT_KINDS = ['missing', 'inactive', 'term_changed'] as const;
export type SnomedDriftKind = (typeof SNOMED_DRIFT_KINDS)[number];

/** A node's pending drift as node detail and lists carry it. */
export const NodeSnomedDriftSchema = z.object({
  kind: z.enum(SNOMED_DRIFT_KINDS),
  /** The preferred term before the import that flagged it (what the node was reviewed against). */
  previousTerm: z.string().nullable(),
  /** The preferred term now; null when the code is gone. */
  currentTerm: z.string().nullable(),
  detectedAt: z.string(),
});
export type NodeSnomedDrift = z.infer<typeof NodeSnomedDriftSchema>;

export const SnomedDriftSchema = NodeSnomedDriftSchema.extend({
  nodeId: z.string(),
  name: z.string(),
  nodeType: z.string(),
  code: z.string(),
  /** The import that flagged it (null once that job is gone, or after a restore), and its file. */
  jobId: z.string().nullable(),
  filename: z.string().nullable(),
});
export type SnomedDrift = z.infer<typeof SnomedDriftSchema>;

export const SnomedDriftQuerySchema = z.object({
  limit: queryInt(1, 1000, LIMITS.defaultPageSize),
  skip: queryInt(0, 10_000_000, 0),
});

export const SnomedDriftPageSchema = z.object({
  data: z.array(SnomedDriftSchema),
  pagination: z.object({ total: z.number().int(), limit: z.number().int(), skip: z.number().int() }),
});

export const SnomedDriftParamsSchema = z.object({ nodeId: z.uuid() });

/** What the node screens say about drift: ./texts/snomed.ts (zod-free, for the widgets). */
export { SNOMED_DRIFT_TEXTS } from '../texts/snomed';
