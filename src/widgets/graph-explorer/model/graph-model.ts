import type { Graph, GraphNode, GraphRelation } from '../../../contract/knowledge/graph';

/** Where a node sits relative to the focus node (focused view). */
export type Side = 'focus' | 'in' | 'out' | 'both' | 'other';

export interface ViewOptions {
  /** Node type names to show; empty = all ('None' chip). */
  nodeTypes: readonly string[];
  /** Relation type names to show; empty = all. */
  relationTypes: readonly string[];
  hideIncoming: boolean;
  hideOutgoing: boolean;
  /** A node with more relations than this shows only its strongest ones ("show more" adds another batch). */
  hubLimit: number;
  /** Node id → how many extra batches of relations the user asked to see. */
  expanded: Readonly<Record<string, number>>;
}

export interface ViewGraph {
  focus: string | null;
  nodes: GraphNode[];
  relations: GraphRelation[];
  /** Hub node id → relations held back by the cap. */
  capped: Map<string, number>;
  /** Relations that passed the filters but are not drawn because of hub caps. */
  heldBack: number;
  /** Node id → side of the focus node (focused view only). */
  sides: Map<string, Side>;
}

export const EMPTY_VIEW_OPTIONS: ViewOptions = { nodeTypes: [], relationTypes: [], hideIncoming: false, hideOutgoing: false, hubLimit: 25, expanded: {} };

/** Each node's side: incoming (relation into the focus), outgoing, both, or not adjacent. */
export function sidesOf(focus: string | null, relations: readonly GraphRelation[]): Map<string, Side> {
  const sides = new Map<string, Side>();
  if (!focus) return sides;
  sides.set(focus, 'focus');
  for (const r of relations) {
    const other: string | null = r.targetNodeId === focus ? r.sourceNodeId : r.sourceNodeId === focus ? r.targetNodeId : null;
    if (!other || other === focus) continue;
    const side: Side = r.targetNodeId === focus ? 'in' : 'out';
    const was = sides.get(other);
    sides.set(other, was && was !== side ? 'both' : side);
  }
  return sides;
}

const byStrength = (a: GraphRelation, b: GraphRelation) => b.weight - a.weight || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function touched(list: readonly GraphRelation[]): Set<string> {
  const ids = new Set<string>();
  for (const r of list) ids.add(r.sourceNodeId).add(r.targetNodeId);
  return ids;
}

/** Nodes connected to `start` through `list` (either direction). */
function reachable(start: string, list: readonly GraphRelation[]): Set<string> {
  const adjacent = new Map<string, string[]>();
  const link = (a: string, b: string) => {
    const list = adjacent.get(a);
    if (list) list.push(b);
    else adjacent.set(a, [b]);
  };
  for (const r of list) {
    link(r.sourceNodeId, r.targetNodeId);
    link(r.targetNodeId, r.sourceNodeId);
  }
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length) {
    for (const next of adjacent.get(queue.pop()!) ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

/** Relations a hub keeps under the cap: per node, its strongest `limit` relations; a relation stays when both ends keep it. */
function capHubs(relations: GraphRelation[], o: ViewOptions): { kept: GraphRelation[]; capped: Map<string, number> } {
  const perNode = new Map<string, GraphRelation[]>();
  for (const r of relations) {
    for (const id of [r.sourceNodeId, r.targetNodeId]) {
      const list = perNode.get(id);
      if (list) list.push(r);
      else perNode.set(id, [r]);
    }
  }
  const dropped = new Set<string>();
  const capped = new Map<string, number>();
  for (const [id, list] of perNode) {
    const limit = o.hubLimit * (1 + (o.expanded[id] ?? 0));
    if (list.length <= limit) continue;
    list.sort(byStrength);
    for (const r of list.slice(limit)) dropped.add(r.id);
    capped.set(id, list.length - limit);
  }
  return { kept: dropped.size ? relations.filter((r) => !dropped.has(r.id)) : relations, capped };
}

/**
 * What the explorer draws: the loaded graph after the type filters, the focused view's
 * direction switches (local only, no server call) and the hub cap. The focus node always
 * stays. With a relation filter or a direction switch on, nodes left without any shown
 * relation go too; so do nodes whose every relation was held back by a hub cap.
 */
export function buildView(graph: Graph, o: ViewOptions): ViewGraph {
  const focus = graph.focus;
  const sides = sidesOf(focus, graph.relations);
  const typeOk = (n: GraphNode) => n.id === focus || o.nodeTypes.length === 0 || o.nodeTypes.includes(n.nodeType);
  const shownNodes = new Set(graph.nodes.filter(typeOk).map((n) => n.id));

  const relationOk = (r: GraphRelation) => {
    if (!shownNodes.has(r.sourceNodeId) || !shownNodes.has(r.targetNodeId)) return false;
    if (o.relationTypes.length > 0 && !o.relationTypes.includes(r.relationType)) return false;
    if (focus && o.hideIncoming && r.targetNodeId === focus) return false;
    if (focus && o.hideOutgoing && r.sourceNodeId === focus) return false;
    return true;
  };
  const narrowed = o.relationTypes.length > 0 || (!!focus && (o.hideIncoming || o.hideOutgoing));
  let filtered = graph.relations.filter(relationOk);
  if (narrowed) {
    // Keep what is still connected: to the focus node (focused view) or to anything (global view).
    const keep = focus ? reachable(focus, filtered) : touched(filtered);
    filtered = filtered.filter((r) => keep.has(r.sourceNodeId) && keep.has(r.targetNodeId));
  }
  const { kept, capped } = capHubs(filtered, o);
  const beforeCap = narrowed || capped.size > 0 ? touched(filtered) : null;
  const afterCap = capped.size > 0 ? (focus ? reachable(focus, kept) : touched(kept)) : null;
  const nodes = graph.nodes.filter((n) => {
    if (!shownNodes.has(n.id)) return false;
    if (n.id === focus) return true;
    if (narrowed && !beforeCap!.has(n.id)) return false;
    if (afterCap && beforeCap!.has(n.id) && !afterCap.has(n.id)) return false;
    return true;
  });
  const nodeIds = new Set(nodes.map((n) => n.id));
  const relations = kept.filter((r) => nodeIds.has(r.sourceNodeId) && nodeIds.has(r.targetNodeId));
  return { focus, nodes, relations, capped, heldBack: filtered.length - relations.length, sides };
}

/** Node types and relation types present in the loaded graph (for filter chips beyond the catalogue). */
export function typesIn(graph: Graph): { nodeTypes: string[]; relationTypes: string[] } {
  const sort = (s: Set<string>) => [...s].sort((a, b) => a.localeCompare(b));
  return { nodeTypes: sort(new Set(graph.nodes.map((n) => n.nodeType))), relationTypes: sort(new Set(graph.relations.map((r) => r.relationType))) };
}
