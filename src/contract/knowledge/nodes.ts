import { z } from 'zod';
import { LIMITS } from '../limits';
import { optionalText, optionalUrl, queryBool, queryInt } from '../fields';
import { NODE_MESSAGES } from '../texts/nodes';
import { NodeSnomedDriftSchema } from './snomed';
import { VersionField, VersionSchema } from '../errors';

export { NODE_MESSAGES };

export const AttachmentSchema = z.object({
  id: z.string(),
  filename: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  uploadedAt: z.string(),
  /** An upload's answer only: the node's version after it (an added file moves the node's version on). */
  nodeVersion: z.number().int().optional(),
});
export type Attachment = z.infer<typeof AttachmentSchema>;

export const NodeSchema = z.object({
  id: z.string(),
  name: z.string(),
  nodeType: z.string(),
  nodeTypeId: z.string(),
  /** The type's stored colour (`#rrggbb`) for its chips. */
  nodeTypeColor: z.string().optional(),
  snomedCode: z.string().nullable(),
  /** Set while an import's change to the code waits for review. */
  snomedDrift: NodeSnomedDriftSchema.nullable().optional(),
  url: z.string().nullable(),
  description: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string().nullable(),
  createdByUsername: z.string().nullable(),
  updatedBy: z.string().nullable(),
  /** Who made the latest change (null when unknown or since deleted). */
  updatedByUsername: z.string().nullable().optional(),
  /**
   * Moved on by every accepted write; sent back as If-Match (docs/architecture/versions.md). Always
   * present from this server; optional for fixtures and older servers.
   */
  version: VersionSchema.optional(),
  hasRelations: z.boolean(),
});
export type KnowledgeNode = z.infer<typeof NodeSchema>;

export const NodeDetailSchema = NodeSchema.extend({
  relationCount: z.number().int(),
  attachments: z.array(AttachmentSchema),
});
export type KnowledgeNodeDetail = z.infer<typeof NodeDetailSchema>;

export const NODE_SORT_FIELDS = ['name', 'createdAt', 'updatedAt', 'nodeType'] as const;

/**
 * A list of type names in one query value: comma-separated, with `\,` for a comma inside a
 * name and `\\` for a backslash (type names may contain commas). See joinTypeNames in
 * src/api/knowledge/node-filters.ts for the client side.
 */
const typeNameList = z
  .string()
  .max(20 * LIMITS.nameMaxLength)
  .transform((v) =>
    (v.match(/(?:\\.|[^,\\])+/g) ?? []).map((name) => name.replace(/\\(.)/g, '$1').trim().toLowerCase()).filter(Boolean),
  );
const flag = z.enum(['true', 'false']).optional();
/** An ISO timestamp (the client turns the chosen local day into one). */
const instant = z.iso.datetime({ offset: true }).optional();

export const NodeListQuerySchema = z.object({
  nodeType: z.string().max(LIMITS.nameMaxLength).optional(),
  search: z.string().max(200).optional(),
  /**
   * 'extended' also matches the type name and the SNOMED code (the dashboard's search);
   * 'full' matches name, description, note or SNOMED code (the search page, spec §5).
   */
  searchScope: z.enum(['basic', 'extended', 'full']).default('basic'),
  /** Any of these type names (the search page's multi-select). */
  nodeTypes: typeNameList.optional(),
  /** Substring of the SNOMED code. */
  snomedCode: z.string().max(40).optional(),
  /** 'true': a non-blank SNOMED code; 'false': blank or none. */
  hasSnomed: flag,
  /** 'true': only nodes whose code an import changed and nobody reviewed yet (SNOMED drift). */
  snomedReview: z.enum(['true']).optional(),
  /** Nodes whose SNOMED code is this concept or lies under it in the is-a hierarchy. */
  snomedDescendantOf: z.string().regex(/^\d{1,18}$/, 'Invalid SNOMED concept id').optional(),
  /** 'true': a non-blank URL; 'false': blank or none. */
  hasUrl: flag,
  /** 'true': a non-blank description; 'false': blank or none (the Analytics page's finding). */
  hasDescription: flag,
  /** 'true': no relation in either direction. */
  orphan: flag,
  /** 'true': a likely duplicate (same type, similar name; precomputed, see migration 0023). */
  likelyDuplicate: flag,
  /** Substring of the creator's username, case-insensitive. */
  createdBy: z.string().max(LIMITS.nameMaxLength).optional(),
  /** Created at or after this instant. */
  createdAfter: instant,
  /** Created at or before this instant (the client sends the end of the chosen day). */
  createdBefore: instant,
  limit: queryInt(1, 1000, 1000),
  skip: queryInt(0, 10_000_000, 0),
  sortBy: z.enum(NODE_SORT_FIELDS).default('createdAt'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
});
export type NodeListQuery = z.input<typeof NodeListQuerySchema>;

/**
 * A page of nodes. The total is counted only up to 1,000 (or to the end of the page asked for,
 * if further): beyond that `totalCapped` is true and `total` is a lower bound, which pagers show
 * as "more than 1,000" (an exact count of a million nodes reads them all, on every page).
 */
export const NodePageSchema = z.object({
  data: z.array(NodeSchema),
  pagination: z.object({ total: z.number().int(), limit: z.number().int(), skip: z.number().int(), totalCapped: z.boolean() }),
});

export const NodeSearchQuerySchema = z.object({
  q: z.string().max(200).default(''),
  nodeType: z.string().max(LIMITS.nameMaxLength).optional(),
  limit: queryInt(1, 100, 20),
  exact: queryBool.default(false),
});

const snomedCode = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v === undefined ? undefined : v === null || v === '' ? null : v))
  .refine((v) => v === undefined || v === null || /^\d{6,18}$/.test(v), NODE_MESSAGES.snomedDigits);

/** Create/update body (spec §7 Nodes). A client-sent updatedBy is accepted and ignored. */
export const NodeSaveSchema = z.object({
  name: z.string({ error: NODE_MESSAGES.nameRequired }).trim().min(1, NODE_MESSAGES.nameRequired).max(LIMITS.nameMaxLength, NODE_MESSAGES.nameTooLong),
  nodeType: z.string({ error: NODE_MESSAGES.typeRequired }).trim().min(1, NODE_MESSAGES.typeRequired).max(LIMITS.nameMaxLength, NODE_MESSAGES.typeTooLong),
  snomedCode,
  url: optionalUrl(NODE_MESSAGES.invalidUrl),
  description: optionalText(LIMITS.nodeTextMax, NODE_MESSAGES.descriptionTooLong),
  note: optionalText(LIMITS.nodeTextMax, NODE_MESSAGES.noteTooLong),
  updatedBy: z.unknown().optional(),
  ...VersionField,
});
export type NodeSave = z.input<typeof NodeSaveSchema>;

/** A node's relation as seen from that node (spec §3 Node-relations response item). */
/** A relation's end: its type's stored colour tints the type chip on relation cards, as on node chips. */
export const RelatedNodeSchema = z.object({ id: z.string(), name: z.string(), nodeType: z.string(), nodeTypeColor: z.string().optional(), snomedCode: z.string().nullable() });
