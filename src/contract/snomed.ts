import { z } from 'zod';
import { LIMITS } from './limits';
import { queryInt } from './fields';

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
   * node form's picker can mark it before submit (issue 18 item 4); null when free.
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
