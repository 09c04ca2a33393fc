import type { Graph, GraphNode, GraphRelation } from '../../contract/knowledge/graph';
import { OPEN_PROPOSAL_STATES, type Proposal, type ProposalChange } from '../../contract/knowledge/review';

/**
 * Open proposals (review mode) drawn in the graph: a proposed new node or relation becomes a graph
 * item of its own (id `proposed:<proposal>:<ref or change index>`), a proposed update or delete
 * marks the node or relation it is about. Pure: the machine's guards and the view share it.
 */
export type ProposedAction = 'create' | 'update' | 'delete';

export interface ProposedMark {
  proposal: Proposal;
  change: ProposalChange;
  action: ProposedAction;
}

export interface ProposalOverlay {
  /** Proposed new nodes shown in this graph. */
  nodes: GraphNode[];
  /** Proposed new relations whose two ends are in this graph (existing or proposed nodes). */
  relations: GraphRelation[];
  /** Graph item id (a proposed one or an existing one) → the open proposals about it. */
  marks: ReadonlyMap<string, ProposedMark[]>;
}

export const PROPOSED_ID_PREFIX = 'proposed:';
export const isProposedId = (id: string) => id.startsWith(PROPOSED_ID_PREFIX);
const proposedId = (proposalId: string, local: string) => `${PROPOSED_ID_PREFIX}${proposalId}:${local}`;

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const num = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
/** A new relation without a weight gets its type's default on the server; drawn at the middle weight. */
const DEFAULT_WEIGHT = 50;

export const EMPTY_OVERLAY: ProposalOverlay = { nodes: [], relations: [], marks: new Map() };

export function proposalOverlay(graph: Graph, proposals: readonly Proposal[]): ProposalOverlay {
  if (proposals.length === 0) return EMPTY_OVERLAY;
  const existingNodes = new Set(graph.nodes.map((n) => n.id));
  const existingRelations = new Set(graph.relations.map((r) => r.id));
  const marks = new Map<string, ProposedMark[]>();
  const mark = (id: string, m: ProposedMark) => {
    const list = marks.get(id);
    if (list) list.push(m);
    else marks.set(id, [m]);
  };
  const newNodes: GraphNode[] = [];
  const newRelations: GraphRelation[] = [];

  for (const proposal of proposals) {
    if (!OPEN_PROPOSAL_STATES.includes(proposal.state)) continue;
    // The bundle's own new nodes, by their local reference (relations of the bundle name them so).
    const local = new Map<string, string>();
    const bundleNodes: GraphNode[] = [];
    proposal.changes.forEach((change, i) => {
      if (change.kind !== 'node' || change.action !== 'create' || !change.after) return;
      const id = proposedId(proposal.id, change.ref ?? String(i));
      if (change.ref) local.set(change.ref, id);
      bundleNodes.push({
        id,
        name: text(change.after.name) ?? '—',
        nodeType: text(change.after.nodeType) ?? change.recordType ?? '',
        snomedCode: text(change.after.snomedCode),
        description: text(change.after.description),
        createdAt: proposal.createdAt,
        degree: 0,
      });
      mark(id, { proposal, change, action: 'create' });
    });
    const bundleIds = new Set(bundleNodes.map((n) => n.id));
    const end = (id: unknown): string | null => {
      if (typeof id !== 'string') return null;
      const mapped = local.get(id) ?? id;
      return existingNodes.has(mapped) || bundleIds.has(mapped) ? mapped : null;
    };
    const bundleRelations: GraphRelation[] = [];
    proposal.changes.forEach((change, i) => {
      if (change.action !== 'create') {
        // An update or delete marks its record when the graph shows it.
        const target = change.targetId;
        if (target && (change.kind === 'node' ? existingNodes.has(target) : existingRelations.has(target))) mark(target, { proposal, change, action: change.action });
        return;
      }
      if (change.kind !== 'relation' || !change.after) return;
      const source = end(change.after.sourceNodeId);
      const target = end(change.after.targetNodeId);
      // A relation with an end outside this view is left out.
      if (!source || !target || source === target) return;
      const id = proposedId(proposal.id, String(i));
      const relationType = text(change.after.relationType) ?? change.recordType ?? '';
      bundleRelations.push({
        id,
        sourceNodeId: source,
        targetNodeId: target,
        relationType,
        relationName: text(change.after.relationName) ?? relationType,
        weight: num(change.after.weight, DEFAULT_WEIGHT),
        description: text(change.after.description),
      });
      mark(id, { proposal, change, action: 'create' });
    });
    // A focused view shows a proposed node only when a proposed relation ties it to what is shown.
    const tied = new Set(bundleRelations.filter((r) => existingNodes.has(r.sourceNodeId) || existingNodes.has(r.targetNodeId)).flatMap((r) => [r.sourceNodeId, r.targetNodeId]));
    const shownNodes = graph.focus ? bundleNodes.filter((n) => tied.has(n.id)) : bundleNodes;
    const shownIds = new Set(shownNodes.map((n) => n.id));
    for (const n of bundleNodes) if (!shownIds.has(n.id)) marks.delete(n.id);
    const shownRelations = bundleRelations.filter((r) => (existingNodes.has(r.sourceNodeId) || shownIds.has(r.sourceNodeId)) && (existingNodes.has(r.targetNodeId) || shownIds.has(r.targetNodeId)));
    for (const r of bundleRelations) if (!shownRelations.includes(r)) marks.delete(r.id);
    for (const n of shownNodes) n.degree = shownRelations.filter((r) => r.sourceNodeId === n.id || r.targetNodeId === n.id).length;
    newNodes.push(...shownNodes);
    newRelations.push(...shownRelations);
  }
  return { nodes: newNodes, relations: newRelations, marks };
}

/** The graph with the proposed new nodes and relations added. */
export function withProposed(graph: Graph, overlay: ProposalOverlay): Graph {
  if (overlay.nodes.length === 0 && overlay.relations.length === 0) return graph;
  return { ...graph, nodes: [...graph.nodes, ...overlay.nodes], relations: [...graph.relations, ...overlay.relations] };
}

/** How each graph item is drawn: the first open proposal about it decides (create, update or delete). */
export function proposedActions(overlay: ProposalOverlay): ReadonlyMap<string, ProposedAction> {
  return new Map([...overlay.marks].map(([id, list]) => [id, list[0].action]));
}

// One overlay per (graph, proposals) pair: the guards and the view ask for it often.
const cache = new WeakMap<Graph, WeakMap<readonly Proposal[], ProposalOverlay>>();
export function overlayOf(graph: Graph, proposals: readonly Proposal[]): ProposalOverlay {
  if (proposals.length === 0) return EMPTY_OVERLAY;
  let byProposals = cache.get(graph);
  if (!byProposals) cache.set(graph, (byProposals = new WeakMap()));
  let overlay = byProposals.get(proposals);
  if (!overlay) byProposals.set(proposals, (overlay = proposalOverlay(graph, proposals)));
  return overlay;
}
