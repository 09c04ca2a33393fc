import type { NodeListQuery } from '../../api/knowledge/nodes';
import type { KnowledgeNode } from '../../contract/knowledge/nodes';
import type { NodeRelationItem } from '../../contract/knowledge/relations';
import { findingLabel } from '../../contract/texts/admin/analytics';
import { NODE_FORM_TEXTS } from '../../contract/texts/nodes';
import type { SortState } from '../../ui/table/table-sort';

/** Pure helpers of the node screens (tested without a DOM). */


/** The sortable fields of GET /nodes (spec §2: name, createdAt, updatedAt, nodeType). */
export type NodeSortField = NonNullable<NodeListQuery['sortBy']>;
const SORT_FIELDS: readonly string[] = ['name', 'createdAt', 'updatedAt', 'nodeType'] satisfies NodeSortField[];

/** Spec §9: the node list starts sorted by createdAt, newest first. */
export const DEFAULT_SORT: SortState = { key: 'createdAt', direction: 'desc' };

export interface NodeListState {
  /** 0-based. */
  page: number;
  pageSize: number;
  /** The applied (debounced) search text. */
  search: string;
  /** '' = All Types. */
  nodeType: string;
  /** Only nodes whose SNOMED code an import changed; absent in older memories. */
  snomedReview?: boolean;
  /** Only nodes coded with this concept or one under it (absent: any code). */
  snomedDescendantOf?: { code: string; term: string | null };
  sort: SortState;
  /** A quality finding of the Analytics page the list is filtered to (absent: none). */
  quality?: NodeQualityFilter;
}

/**
 * The Analytics page's node findings as list filters: the finding's key, its GET /nodes
 * parameter and the host URL parameter that opens the list so (/nodes?orphan=true).
 */
export const NODE_QUALITY_FILTERS = {
  missingSnomedCode: { hasSnomed: 'false' },
  missingDescription: { hasDescription: 'false' },
  orphans: { orphan: 'true' },
  likelyDuplicates: { likelyDuplicate: 'true' },
} as const satisfies Record<string, Partial<NodeListQuery>>;
export type NodeQualityFilter = keyof typeof NODE_QUALITY_FILTERS;

/** The quality filter a URL's query asks for (the first that matches), or undefined. */
export function qualityFilterOf(params: URLSearchParams): NodeQualityFilter | undefined {
  return (Object.keys(NODE_QUALITY_FILTERS) as NodeQualityFilter[]).find((key) =>
    Object.entries(NODE_QUALITY_FILTERS[key]).every(([name, value]) => params.get(name) === value),
  );
}
export const qualityFilterLabel = (key: NodeQualityFilter) => findingLabel(key);

/** The GET /nodes query for a list state: one page, filtered and sorted by the server. */
export function listQuery(s: NodeListState): NodeListQuery {
  const sortBy = SORT_FIELDS.includes(s.sort.key) ? (s.sort.key as NodeSortField) : 'createdAt';
  return {
    search: s.search.trim() || undefined,
    nodeType: s.nodeType || undefined,
    snomedReview: s.snomedReview ? 'true' : undefined,
    snomedDescendantOf: s.snomedDescendantOf?.code,
    ...(s.quality ? NODE_QUALITY_FILTERS[s.quality] : {}),
    limit: s.pageSize,
    skip: s.page * s.pageSize,
    sortBy,
    sortOrder: s.sort.direction,
  };
}

/** 'createdAt:desc' ⇄ SortState, for the grid view's sort select. */
export const sortChoice = (sort: SortState) => `${sort.key}:${sort.direction}`;
export function parseSortChoice(value: string): SortState {
  const [key, direction] = value.split(':');
  return SORT_FIELDS.includes(key) && (direction === 'asc' || direction === 'desc') ? { key, direction } : DEFAULT_SORT;
}

/** After deleting the only row of a page beyond the first, show the page before it. */
export const pageAfterDelete = (page: number, rowsOnPage: number) => (rowsOnPage <= 1 && page > 0 ? page - 1 : page);

/** Spec §2 footer: 'by' the creator's username, or the creator id, or 'Unknown'. */
export const creatorName = (node: Pick<KnowledgeNode, 'createdByUsername' | 'createdBy'>, unknown: string) =>
  node.createdByUsername || node.createdBy || unknown;

/**
 * Which way a relation points as seen from the node on screen. The server says so; without it
 * (spec §3) the relation is incoming when the node on screen is its target.
 */
export function relationDirection(item: Pick<NodeRelationItem, 'direction' | 'sourceNodeId' | 'targetNodeId'>, nodeId: string): 'outgoing' | 'incoming' {
  if (item.direction === 'outgoing' || item.direction === 'incoming') return item.direction;
  return !item.sourceNodeId || item.targetNodeId === nodeId ? 'incoming' : 'outgoing';
}

/** A relation-type group in node detail shows this many entries until 'Show all' is pressed. */
export const RELATION_GROUP_PREVIEW = 5;

type GroupableRelation = Pick<NodeRelationItem, 'direction' | 'sourceNodeId' | 'targetNodeId' | 'relationType' | 'weight'> & { relatedNode: { name: string } };

export interface RelationGroup<T> {
  relationType: string;
  items: T[];
}
export interface RelationDirectionGroups<T> {
  direction: 'outgoing' | 'incoming';
  count: number;
  groups: RelationGroup<T>[];
}

/**
 * A node's relations as its detail shows them: outgoing first, then incoming; within each, one
 * group per relation type (by name); within a group the strongest first, then by the related
 * node's name. A hub's thirty relations read as a few short groups instead of one long list.
 */
export function groupRelations<T extends GroupableRelation>(items: readonly T[], nodeId: string): RelationDirectionGroups<T>[] {
  const result: RelationDirectionGroups<T>[] = [];
  for (const direction of ['outgoing', 'incoming'] as const) {
    const byType = new Map<string, T[]>();
    for (const item of items) {
      if (relationDirection(item, nodeId) !== direction) continue;
      byType.set(item.relationType, [...(byType.get(item.relationType) ?? []), item]);
    }
    if (byType.size === 0) continue;
    const groups = [...byType.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([relationType, list]) => ({
        relationType,
        items: list.sort((a, b) => b.weight - a.weight || a.relatedNode.name.localeCompare(b.relatedNode.name)),
      }));
    result.push({ direction, count: groups.reduce((n, g) => n + g.items.length, 0), groups });
  }
  return result;
}

/** What the signed-in user may do here (the server enforces it too); `readonly` hides every write action. */
export interface NodeAbilities {
  create: boolean;
  update: boolean;
  delete: boolean;
  /** Create Relation / Add Relation. */
  relate: boolean;
  /** 'Import SNOMED' in the list header: may import (nodes.create) but has no SNOMED page (system.config). */
  importSnomed: boolean;
}

export function abilitiesOf(permissions: readonly string[] | undefined, readonly = false): NodeAbilities {
  const has = (p: string) => !readonly && (permissions ?? []).includes(p);
  return {
    create: has('nodes.create'),
    update: has('nodes.update'),
    delete: has('nodes.delete'),
    relate: has('relations.create'),
    importSnomed: has('nodes.create') && !has('system.config'),
  };
}

/** The node manager's screens, and where each lives in the host app (spec §2 route table). */
export type NodeManagerView = 'list' | 'detail' | 'create' | 'edit';
export interface NodePlace {
  view: NodeManagerView;
  nodeId?: string;
}
const NODE_VIEWS: readonly string[] = ['list', 'detail', 'create', 'edit'] satisfies NodeManagerView[];
export const isNodeView = (v: unknown): v is NodeManagerView => typeof v === 'string' && NODE_VIEWS.includes(v);

export function nodePath({ view, nodeId }: NodePlace): string {
  const id = nodeId ? encodeURIComponent(nodeId) : '';
  if (view === 'detail' && id) return `/nodes/view/${id}`;
  if (view === 'edit' && id) return `/nodes/${id}/edit`;
  if (view === 'create') return '/nodes/new';
  return '/nodes';
}
export const relationFormPath = (nodeId: string) => `/nodes/${encodeURIComponent(nodeId)}/relations/new`;

/** A node's fields as the delete asked again after a change compares them, in the form's order. */
const CHANGED_FIELDS = [
  ['name', () => NODE_FORM_TEXTS.name],
  ['nodeType', () => NODE_FORM_TEXTS.nodeType],
  ['snomedCode', () => NODE_FORM_TEXTS.snomedCode],
  ['url', () => NODE_FORM_TEXTS.url],
  ['description', () => NODE_FORM_TEXTS.description],
  ['note', () => NODE_FORM_TEXTS.note],
] as const;

/** The node as it now is against as the user saw it, field by field (the delete's second question). */
export function nodeChangedFields(now: KnowledgeNode, seen: KnowledgeNode): { key: string; label: string; now: string; seen: string }[] {
  return CHANGED_FIELDS.map(([key, label]) => ({ key, label: label(), now: now[key] ?? '', seen: seen[key] ?? '' }));
}
