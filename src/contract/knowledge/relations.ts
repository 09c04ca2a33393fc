import { z } from 'zod';
import { LIMITS } from '../limits';
import { optionalText, optionalUrl, queryInt } from '../fields';
import { RelatedNodeSchema } from './nodes';
import { VersionField, VersionSchema } from '../errors';
import { RELATION_MESSAGES, RELATION_RULE_MESSAGES } from '../texts/relations';
import { EvidenceListSchema, EvidenceSchema } from './relation-evidence';

export { RELATION_MESSAGES, RELATION_RULE_MESSAGES };

const { min, max } = LIMITS.relationWeight;

/** Keys are in the spec's checking order so the first error is the one the form shows first. */
export const RelationSaveSchema = z
  .object({
    relationName: z.string({ error: RELATION_MESSAGES.nameRequired }).trim().min(1, RELATION_MESSAGES.nameRequired).max(LIMITS.nameMaxLength, RELATION_MESSAGES.nameTooLong),
    sourceNodeId: z.string({ error: RELATION_MESSAGES.sourceRequired }).min(1, RELATION_MESSAGES.sourceRequired).max(64),
    targetNodeId: z.string({ error: RELATION_MESSAGES.targetRequired }).min(1, RELATION_MESSAGES.targetRequired).max(64),
    relationType: z.string({ error: RELATION_MESSAGES.typeRequired }).trim().min(1, RELATION_MESSAGES.typeRequired).max(LIMITS.nameMaxLength, RELATION_MESSAGES.typeTooLong),
    weight: z.coerce
      .number({ error: RELATION_MESSAGES.weightRange })
      .int(RELATION_MESSAGES.weightRange)
      .min(min, RELATION_MESSAGES.weightRange)
      .max(max, RELATION_MESSAGES.weightRange)
      // Left out: the relation type's default weight, else LIMITS.relationWeight.default (server).
      .optional(),
    description: optionalText(LIMITS.relationDescriptionMax, RELATION_MESSAGES.descriptionTooLong),
    note: optionalText(LIMITS.relationNoteMax, RELATION_MESSAGES.noteTooLong),
    url: optionalUrl(RELATION_MESSAGES.invalidUrl),
    /** Why the relation is believed; the whole list. Left out of a PUT: the stored evidence stays. */
    evidence: EvidenceListSchema.optional(),
    ...VersionField,
  })
  // Zod runs object refinements even when fields failed: only judge two given ids.
  .refine((b) => !b.sourceNodeId || b.sourceNodeId !== b.targetNodeId, { message: RELATION_MESSAGES.sameNode, path: ['targetNodeId'] });
export type RelationSave = z.input<typeof RelationSaveSchema>;

export const RelationSchema = z.object({
  id: z.string(),
  sourceNodeId: z.string(),
  targetNodeId: z.string(),
  relationName: z.string(),
  relationType: z.string(),
  relationTypeId: z.string(),
  /** The relation type is symmetric: this one relation reads both ways (shown ↔). */
  symmetric: z.boolean().optional(),
  weight: z.number().int(),
  url: z.string().nullable(),
  description: z.string().nullable(),
  /** Internal: present only for holders of RELATION_NOTE_PERMISSION (relation-notes.ts). */
  note: z.string().nullable().optional().describe('Internal note: only for holders of relations.update, left out for everyone else'),
  /** Its sources in the curator's order; always sent by the server, optional for fixtures. */
  evidence: z.array(EvidenceSchema).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string().nullable(),
  /** Moved on by every accepted write (docs/architecture/versions.md); optional for fixtures. */
  version: VersionSchema.optional(),
  updatedBy: z.string().nullable().optional(),
  updatedByUsername: z.string().nullable().optional(),
  sourceNodeName: z.string(),
  targetNodeName: z.string(),
  sourceNode: RelatedNodeSchema,
  targetNode: RelatedNodeSchema,
});
export type Relation = z.infer<typeof RelationSchema>;

export const RELATION_SORT_FIELDS = ['relationName', 'relationType', 'createdAt', 'weight'] as const;

export const RelationListQuerySchema = z.object({
  relationType: z.string().max(LIMITS.nameMaxLength).optional(),
  /** Relations touching this node at either end. */
  nodeId: z.uuid().optional(),
  search: z.string().max(200).optional(),
  /** Only relations that break their type's rule (made before the rule): `true`. */
  ruleViolations: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  limit: queryInt(1, 1000, 1000),
  skip: queryInt(0, 10_000_000, 0),
  sortBy: z.enum(RELATION_SORT_FIELDS).default('createdAt'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
});

/** A page of relations; the total is counted up to 1,000 (or the page's end) and `totalCapped` beyond, as for nodes. */
export const RelationPageSchema = z.object({
  data: z.array(RelationSchema),
  pagination: z.object({ total: z.number().int(), limit: z.number().int(), skip: z.number().int(), totalCapped: z.boolean() }),
});

/** GET /nodes/{id}/relations item: the relation plus the node at the other end. */
export const NodeRelationItemSchema = RelationSchema.extend({
  relatedNode: RelatedNodeSchema,
  direction: z.enum(['outgoing', 'incoming']),
});
export type NodeRelationItem = z.infer<typeof NodeRelationItemSchema>;

/** GET /nodes/{id}/type-change: the new type by id or by name (one of them). */
export const NodeTypeChangeQuerySchema = z
  .object({ nodeTypeId: z.uuid().optional(), nodeType: z.string().trim().min(1).max(LIMITS.nameMaxLength).optional() })
  .refine((q) => q.nodeTypeId || q.nodeType, { message: 'nodeTypeId or nodeType is required', path: ['nodeTypeId'] });
