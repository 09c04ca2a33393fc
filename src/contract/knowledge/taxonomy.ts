import { z } from 'zod';
import { VersionField, VersionSchema } from '../errors';
import { LIMITS, tooLongMessage } from '../limits';
import { RELATION_RULE_MESSAGES } from '../texts/relations';
import { HEX_COLOR } from './type-colors';
import { TYPE_COLOR_MESSAGES } from '../texts/admin/types';

/** Node types and relation types (spec §3): the same shape and the same five calls each. */
export const TAXONOMY_KINDS = ['node', 'relation'] as const;
export type TaxonomyKind = (typeof TAXONOMY_KINDS)[number];

export const TAXONOMY_LABELS: Record<TaxonomyKind, { singular: string; field: 'nodeType' | 'relationType'; usedBy: string }> = {
  node: { singular: 'node type', field: 'nodeType', usedBy: 'node' },
  relation: { singular: 'relation type', field: 'relationType', usedBy: 'relation' },
};

export const TaxonomyTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  /** The creator's username (null when unknown or deleted). */
  createdBy: z.string().nullable(),
  /** How many nodes (or relations) use this type. */
  usageCount: z.number().int(),
  /** Node types: the stored chip and graph colour, `#rrggbb`. Relation types have none (null). */
  color: z.string().nullable(),
  /**
   * Relation types only: node type names a relation of this type may start from
   * and end at (empty = any; stored by id, so renaming a node type keeps them), whether one
   * relation reads both ways, and the weight a new relation starts with (null = the usual 50).
   */
  sourceNodeTypes: z.array(z.string()).optional(),
  targetNodeTypes: z.array(z.string()).optional(),
  symmetric: z.boolean().optional(),
  defaultWeight: z.number().int().nullable().optional(),
  /** Moved on by every accepted write (docs/architecture/versions.md); optional for fixtures. */
  version: VersionSchema.optional(),
  updatedBy: z.string().nullable().optional(),
  updatedByUsername: z.string().nullable().optional(),
  updatedAt: z.string().optional(),
});
export type TaxonomyType = z.infer<typeof TaxonomyTypeSchema>;

const NAME_TOO_LONG = tooLongMessage('Name', LIMITS.nameMaxLength);

/**
 * Save body: the spec gives two readings — `{ nodeType: name }` / `{ relationType: name }`,
 * or a plain `{ name }`. Both are accepted; the name must be non-blank.
 */
export const TaxonomySaveSchema = z
  .object({
    name: z.string().max(LIMITS.nameMaxLength, NAME_TOO_LONG).optional(),
    nodeType: z.string().max(LIMITS.nameMaxLength, NAME_TOO_LONG).optional(),
    relationType: z.string().max(LIMITS.nameMaxLength, NAME_TOO_LONG).optional(),
    /** Node types only (ignored for relation types); left out on create = the next palette colour. */
    color: z.string().regex(HEX_COLOR, TYPE_COLOR_MESSAGES.invalid).optional(),
    /** Relation types only (ignored for node types); left out = unchanged (on create: no rule). */
    sourceNodeTypes: z.array(z.string().trim().min(1).max(LIMITS.nameMaxLength)).max(200).optional(),
    targetNodeTypes: z.array(z.string().trim().min(1).max(LIMITS.nameMaxLength)).max(200).optional(),
    symmetric: z.boolean().optional(),
    defaultWeight: z
      .number()
      .int(RELATION_RULE_MESSAGES.defaultWeightRange)
      .min(LIMITS.relationWeight.min, RELATION_RULE_MESSAGES.defaultWeightRange)
      .max(LIMITS.relationWeight.max, RELATION_RULE_MESSAGES.defaultWeightRange)
      .nullable()
      .optional(),
    ...VersionField,
  })
  .transform((b) => ({
    name: (b.name ?? b.nodeType ?? b.relationType ?? '').trim(),
    color: b.color?.toLowerCase(),
    sourceNodeTypes: b.sourceNodeTypes,
    targetNodeTypes: b.targetNodeTypes,
    symmetric: b.symmetric,
    defaultWeight: b.defaultWeight,
    version: b.version,
  }))
  .refine((b) => b.name.length > 0, { message: 'The name is required', path: ['name'] });
export type TaxonomySave = z.input<typeof TaxonomySaveSchema>;

export const IdParamsSchema = z.object({ id: z.uuid({ message: 'Invalid id' }) });
