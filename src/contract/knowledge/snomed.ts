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
  /** 'concept' pages concepts (preferred term, matched synonym) instead of description rows. */
  by: z.enum(['row', 'concept']).default('row'),
  /** Only this concept and the concepts under it in the is-a hierarchy. */
  descendantOf: z.string().regex(/^\d{1,18}$/, 'Invalid SNOMED concept id').optional(),
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


/** What the node screens say about drift: ./texts/snomed.ts (zod-free, for the widgets). */
export { SNOMED_DRIFT_TEXTS } from '../texts/snomed';

/**
 * The RF2 concept model (concepts, is-a hierarchy, language and association reference sets).
 * Identifiers of the International release that the server reads by meaning.
 */
export const SNOMED_IDS = {
  isA: '116680003',
  fsn: SNOMED_FSN_TYPE_ID,
  synonym: '900000000000013009',
  definition: '900000000000550004',
  preferred: '900000000000548007',
  acceptable: '900000000000549004',
  defined: '900000000000073002',
  primitive: '900000000000074008',
} as const;

/** The dialects a concept's preferred term can follow, and their language reference sets. */
export const SNOMED_DIALECT_REFSETS = { 'en-US': '900000000000509007', 'en-GB': '900000000000508004' } as const;
export type SnomedDialect = keyof typeof SNOMED_DIALECT_REFSETS;

/** The historical association reference sets that name a retired concept's replacement(s). */
export const SNOMED_ASSOCIATION_REFSETS = {
  '900000000000526001': 'REPLACED_BY',
  '900000000000527005': 'SAME_AS',
  '900000000000523009': 'POSSIBLY_EQUIVALENT_TO',
  '900000000000524003': 'MOVED_TO',
} as const;
export const SNOMED_ASSOCIATION_TYPES = ['REPLACED_BY', 'SAME_AS', 'POSSIBLY_EQUIVALENT_TO', 'MOVED_TO'] as const;
export type SnomedAssociationType = (typeof SNOMED_ASSOCIATION_TYPES)[number];

const sctid = z.string().regex(/^\d{1,18}$/, 'Invalid SNOMED concept id');
export const SnomedConceptParamsSchema = z.object({ conceptId: sctid });

/** A concept named by its preferred term (parents, children, path to the root). */
export const SnomedConceptRefSchema = z.object({ id: z.string(), preferredTerm: z.string().nullable() });
export type SnomedConceptRef = z.infer<typeof SnomedConceptRefSchema>;

/** A concept that replaces a retired one, with the association that says so. */
export const SnomedReplacementSchema = SnomedConceptRefSchema.extend({
  type: z.enum(SNOMED_ASSOCIATION_TYPES),
  /** The replacement is itself active (a replacement can have been retired since). */
  active: z.boolean(),
});
export type SnomedReplacement = z.infer<typeof SnomedReplacementSchema>;

export const SNOMED_DESCRIPTION_TYPES = ['fsn', 'synonym', 'definition', 'other'] as const;
export const SnomedDescriptionSchema = z.object({
  id: z.string(),
  term: z.string(),
  active: z.boolean(),
  type: z.enum(SNOMED_DESCRIPTION_TYPES),
  typeId: z.string().nullable(),
  languageCode: z.string(),
  /** In the configured dialect's language reference set; null when it has no (active) row there. */
  acceptability: z.enum(['preferred', 'acceptable']).nullable(),
  caseSignificanceId: z.string().nullable(),
});
export type SnomedDescription = z.infer<typeof SnomedDescriptionSchema>;

/** GET /snomed/concepts/{conceptId}: one concept with its descriptions and its place in the hierarchy. */
export const SnomedConceptDetailSchema = z.object({
  id: z.string(),
  conceptId: z.string(),
  /** Preferred synonym in the configured dialect (else the first active synonym, else the FSN). */
  preferredTerm: z.string().nullable(),
  fsn: z.string().nullable(),
  /** The FSN's trailing "(disorder)", without the brackets. */
  semanticTag: z.string().nullable(),
  /** From the concept file; without one, whether any description is active. */
  active: z.boolean(),
  definitionStatus: z.enum(['primitive', 'defined']).nullable(),
  moduleId: z.string().nullable(),
  effectiveTime: z.string().nullable(),
  dialect: z.enum(['en-US', 'en-GB']),
  descriptions: z.array(SnomedDescriptionSchema),
  parents: z.array(SnomedConceptRefSchema),
  children: z.array(SnomedConceptRefSchema),
  /** All children counted; `children` lists at most SNOMED_CHILDREN_MAX of them (by preferred term). */
  childCount: z.number().int(),
  /** One path from the root down to the concept's parent (empty for the root or without hierarchy). */
  pathToRoot: z.array(SnomedConceptRefSchema),
  /** For an inactive concept, what the association reference sets name instead; empty otherwise. */
  replacements: z.array(SnomedReplacementSchema),
  usedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type SnomedConceptDetail = z.infer<typeof SnomedConceptDetailSchema>;
export const SNOMED_CHILDREN_MAX = 500;

/** One concept of GET /snomed/concepts?by=concept. */
export const SnomedConceptHitSchema = z.object({
  concept_id: z.string(),
  /** The preferred term. */
  term: z.string().nullable(),
  fsn: z.string().nullable(),
  semanticTag: z.string().nullable(),
  active: z.boolean(),
  /** The description the search matched, when it is not the preferred term ("cardiac failure" for Heart failure). */
  matchedTerm: z.string().nullable(),
  usedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type SnomedConceptHit = z.infer<typeof SnomedConceptHitSchema>;

export const SnomedConceptHitPageSchema = z.object({
  data: z.array(SnomedConceptHitSchema),
  pagination: SnomedPageSchema.shape.pagination,
});

/** POST /snomed/drift/{nodeId}/replace: recode the node to one of its suggested replacements. */
export const SnomedReplaceBodySchema = z.object({ conceptId: sctid, version: z.number().int().positive().optional() });

export const SnomedDriftSchema = NodeSnomedDriftSchema.extend({
  nodeId: z.string(),
  name: z.string(),
  nodeType: z.string(),
  code: z.string(),
  /** The import that flagged it (null once that job is gone, or after a restore), and its file. */
  jobId: z.string().nullable(),
  filename: z.string().nullable(),
  /** What the association reference sets suggest instead of a retired code (empty when none). */
  replacements: z.array(SnomedReplacementSchema),
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
