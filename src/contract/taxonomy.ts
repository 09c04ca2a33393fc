import { z } from 'zod';
import { LIMITS } from './limits';

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
});
export type TaxonomyType = z.infer<typeof TaxonomyTypeSchema>;

/**
 * Save body: the spec gives two readings — `{ nodeType: name }` / `{ relationType: name }`,
 * or a plain `{ name }`. Both are accepted; the name must be non-blank.
 */
export const TaxonomySaveSchema = z
  .object({
    name: z.string().max(LIMITS.nameMaxLength).optional(),
    nodeType: z.string().max(LIMITS.nameMaxLength).optional(),
    relationType: z.string().max(LIMITS.nameMaxLength).optional(),
  })
  .transform((b) => ({ name: (b.name ?? b.nodeType ?? b.relationType ?? '').trim() }))
  .refine((b) => b.name.length > 0, { message: 'The name is required', path: ['name'] });
export type TaxonomySave = z.input<typeof TaxonomySaveSchema>;

export const IdParamsSchema = z.object({ id: z.uuid({ message: 'Invalid id' }) });
