import { z } from 'zod';
import { LIMITS, tooLongMessage } from './limits';
import { HEX_COLOR, TYPE_COLOR_MESSAGES } from './type-colors';

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
  })
  .transform((b) => ({ name: (b.name ?? b.nodeType ?? b.relationType ?? '').trim(), color: b.color?.toLowerCase() }))
  .refine((b) => b.name.length > 0, { message: 'The name is required', path: ['name'] });
export type TaxonomySave = z.input<typeof TaxonomySaveSchema>;

export const IdParamsSchema = z.object({ id: z.uuid({ message: 'Invalid id' }) });
