import { z } from 'zod';
import { EvidenceSchema } from './relation-evidence';
import { VersionSchema } from '../errors';
import { queryInt } from '../fields';

/** Comma-separated names in a query string → a list. */
const nameList = z
  .string()
  .max(4000)
  .optional()
  .transform((v) => (v ? v.split(',').map((s) => s.trim()).filter(Boolean) : undefined));

/** GET /graph: the global view (optionally filtered) or the neighbourhood of one node, in one call. */
export const GraphQuerySchema = z.object({
  focus: z.uuid({ message: 'Invalid id' }).optional(),
  depth: queryInt(1, 3, 1),
  nodeTypes: nameList,
  relationTypes: nameList,
  limit: queryInt(1, 50_000, 5_000),
});

export const GraphNodeSchema = z.object({
  id: z.string(),
  name: z.string(),
  nodeType: z.string(),
  snomedCode: z.string().nullable(),
  description: z.string().nullable(),
  createdAt: z.string(),
  /** Relations touching the node in the whole graph (not just this view). */
  degree: z.number().int(),
  /** The node's version when the graph was read: the graph's edit sends it (docs/architecture/versions.md). */
  version: VersionSchema.optional(),
});
export type GraphNode = z.infer<typeof GraphNodeSchema>;

export const GraphRelationSchema = z.object({
  id: z.string(),
  sourceNodeId: z.string(),
  targetNodeId: z.string(),
  relationType: z.string(),
  relationName: z.string(),
  weight: z.number().int(),
  description: z.string().nullable(),
  /** The relation's version when the graph was read: the edge's type edit sends it. */
  version: VersionSchema.optional(),
  /** Its sources (the edge popover lists them); left out when it has none, so a large graph stays small. */
  evidence: z.array(EvidenceSchema).optional(),
});
export type GraphRelation = z.infer<typeof GraphRelationSchema>;

export const GraphSchema = z.object({
  focus: z.string().nullable(),
  nodes: z.array(GraphNodeSchema),
  relations: z.array(GraphRelationSchema),
  /** True when the limit cut nodes off (the best-connected are kept). */
  truncated: z.boolean(),
  totalNodes: z.number().int(),
});
export type Graph = z.infer<typeof GraphSchema>;
