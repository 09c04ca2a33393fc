import type { EditConflictError } from '../../api/client';
import type { Graph, GraphNode, GraphRelation } from '../../contract/knowledge/graph';
import type { GraphLayout } from '../../contract/texts/graph';
import type { TypeRules } from '../../contract/knowledge/relation-type-rules';
import type { Proposal } from '../../contract/knowledge/review';
import { overlayOf } from './proposal-items';

/**
 * Types and pure context updates of the graph explorer machine (graph-explorer.machine.ts).
 * The machine reaches the server only through these ports, so tests replace them.
 */
export interface GraphExplorerPorts {
  /** ONE GET /graph (focused when `focus` is set). */
  loadGraph: (focus: string | null) => Promise<Graph>;
  /**
   * Node type and relation type names in catalogue order (palette and chips); [] when unavailable.
   * The relation types' rules narrow what the edge's type form offers.
   */
  loadTypes: () => Promise<{ nodeTypes: string[]; relationTypes: string[]; nodeTypeColors?: Record<string, string>; relationTypeRules?: TypeRules }>;
  /** `version`: the relation's as the graph shows it (412 edit_conflict when it changed since); resolves with the saved relation. */
  changeRelationType: (relationId: string, relationType: string, version?: number) => Promise<unknown>;
  deleteRelation: (relationId: string) => Promise<unknown>;
  deleteNode: (nodeId: string) => Promise<unknown>;
  /** `version`: the node's as the dialog opened it (412 edit_conflict when it changed since); resolves with the saved node. */
  updateNode: (nodeId: string, values: NodeEditValues, version?: number) => Promise<unknown>;
  /**
   * Open proposals to draw (review mode): absent when the user may see none (no call is made).
   * Failing, the graph shows without them.
   */
  loadProposals?: () => Promise<Proposal[]>;
  /** Approve, reject (with its reason) or withdraw a proposal. */
  decideProposal?: (proposalId: string, decision: ProposalDecision, reason?: string) => Promise<unknown>;
}

export type ProposalDecision = 'approve' | 'reject' | 'withdraw';

export interface GraphExplorerInput {
  ports: GraphExplorerPorts;
  focusNodeId?: string | null;
  /** A preset relation-type filter ('Relation: {type}' chip). */
  relationType?: string | null;
  layout?: GraphLayout;
  readonly?: boolean;
}

export interface NodeEditValues {
  name: string;
  nodeType: string;
  snomedCode: string;
  description: string;
}

export interface Anchor {
  /** Viewport coordinates of the click (the popover's reference point). */
  x: number;
  y: number;
}

export type Popover = { kind: 'node'; id: string; anchor: Anchor } | { kind: 'edge'; id: string; anchor: Anchor } | null;

export interface Toast {
  id: number;
  message: string;
  severity: 'success' | 'error';
}

export interface GraphExplorerContext {
  ports: GraphExplorerPorts;
  focusNodeId: string | null;
  presetRelationType: string | null;
  readonly: boolean;
  graph: Graph | null;
  /** Open proposals drawn over the graph (proposal-items.ts); [] without review mode. */
  proposals: Proposal[];
  /** Increases with every load, so the view knows the data is new (and re-fits). */
  loadCount: number;
  nodeTypes: string[];
  relationTypes: string[];
  /** Node type name → its stored colour; {} when the types carry none. */
  nodeTypeColors: Record<string, string>;
  /** lower(relation type name) → its rule; empty when the types carry none (every type fits). */
  relationTypeRules: TypeRules;
  error: string | null;
  filters: { nodeTypes: string[]; relationTypes: string[] };
  hideIncoming: boolean;
  hideOutgoing: boolean;
  /** Hub node id → "show more" clicks. */
  expanded: Record<string, number>;
  layout: GraphLayout;
  popover: Popover;
  /** The node in the 'Edit Knowledge Node' dialog. */
  editing: GraphNode | null;
  /** The relation type chosen in the edge popover's type form ('' = none yet: Save disabled). */
  chosenType: string;
  /** The open form's error: the Edit Knowledge Node dialog's, or the edge's type form's (the server's 400/409 text). */
  formError: string | null;
  /**
   * The node dialog's or the edge type form's save met a change made since the graph was read
   * (412): the conflict dialog shows it; the user's values stay where they were.
   */
  editConflict: EditConflictError<Partial<GraphNode & GraphRelation>> | null;
  toast: Toast | null;
  /** Toasts shown so far: the next toast's id (kept here, so two explorers never share a count). */
  toastCount: number;
}

export type GraphExplorerEvent =
  | { type: 'graph.reload' }
  | { type: 'graph.focus'; focusNodeId: string | null; relationType?: string | null }
  | { type: 'filter.nodeType'; name: string | null }
  | { type: 'filter.relationType'; name: string | null }
  | { type: 'filter.clear' }
  | { type: 'direction.toggle'; which: 'incoming' | 'outgoing' }
  | { type: 'hub.expand'; nodeId: string }
  | { type: 'layout.set'; layout: GraphLayout }
  | { type: 'node.open'; nodeId: string; anchor: Anchor }
  | { type: 'edge.open'; relationId: string; anchor: Anchor }
  | { type: 'popover.close' }
  | { type: 'node.edit'; nodeId: string }
  | { type: 'node.edit.cancel' }
  | { type: 'node.edit.save'; values: NodeEditValues }
  | { type: 'node.delete' }
  | { type: 'relation.type.edit' }
  | { type: 'relation.type.choose'; relationType: string }
  | { type: 'relation.type.save' }
  | { type: 'relation.delete' }
  | { type: 'confirm.cancel' }
  | { type: 'confirm.ok' }
  | { type: 'toast.close' }
  /** The conflict dialog's choice: edit from the record as it now is (its version); `theirs`: take its values too. */
  | { type: 'conflict.adopt'; theirs?: boolean }
  | { type: 'conflict.dismiss' }
  /** A proposal changed (live): load the proposals again, not the graph. */
  | { type: 'proposals.reload' }
  | { type: 'proposal.decide'; proposalId: string; decision: ProposalDecision; reason?: string };

export type GraphExplorerEmitted =
  | { type: 'relation.changed'; relationId: string; change: 'updated' | 'deleted'; relationType?: string }
  | { type: 'node.deleted'; nodeId: string }
  | { type: 'node.updated'; nodeId: string };

/** A chip click: `null` is the 'None' chip (no filter); a name toggles in or out of the selection. */
export function toggleFilter(current: string[], name: string | null): string[] {
  if (name === null) return [];
  return current.includes(name) ? current.filter((n) => n !== name) : [...current, name];
}

export function withoutNode(graph: Graph, nodeId: string): Graph {
  return {
    ...graph,
    nodes: graph.nodes.filter((n) => n.id !== nodeId),
    relations: graph.relations.filter((r) => r.sourceNodeId !== nodeId && r.targetNodeId !== nodeId),
  };
}

export function withoutRelation(graph: Graph, relationId: string): Graph {
  return { ...graph, relations: graph.relations.filter((r) => r.id !== relationId) };
}

export function withRelationType(graph: Graph, relationId: string, relationType: string, version?: number): Graph {
  return { ...graph, relations: graph.relations.map((r) => (r.id === relationId ? { ...r, relationType, ...(version === undefined ? {} : { version }) } : r)) };
}

/** The version a saved record answered with (undefined: the answer carried none, e.g. test ports). */
export const versionOf = (saved: unknown): number | undefined => {
  const v = (saved as { version?: unknown } | null | undefined)?.version;
  return typeof v === 'number' ? v : undefined;
};

export function withNodeValues(graph: Graph, nodeId: string, v: NodeEditValues, version?: number): Graph {
  const oldType = graph.nodes.find((n) => n.id === nodeId)?.nodeType;
  return {
    ...graph,
    nodes: graph.nodes.map((n) =>
      n.id === nodeId
        ? {
            ...n,
            name: v.name.trim(),
            nodeType: v.nodeType.trim() || oldType || n.nodeType,
            snomedCode: v.snomedCode.trim() || null,
            description: v.description.trim() || null,
            ...(version === undefined ? {} : { version }),
          }
        : n,
    ),
  };
}

/** A node's fields as the graph's edit dialog holds them. */
export const nodeEditValuesOf = (n: Pick<GraphNode, 'name' | 'nodeType' | 'snomedCode' | 'description'>): NodeEditValues => ({
  name: n.name ?? '',
  nodeType: n.nodeType ?? '',
  snomedCode: n.snomedCode ?? '',
  description: n.description ?? '',
});

/** The node or relation a popover points at, if it is still in the graph. */
export const findNode = (c: Pick<GraphExplorerContext, 'graph'>, id: string | undefined) => c.graph?.nodes.find((n) => n.id === id) ?? null;
export const findRelation = (c: Pick<GraphExplorerContext, 'graph'>, id: string | undefined) => c.graph?.relations.find((r) => r.id === id) ?? null;
/** A popover opens on a graph item or on a proposed new one (proposal-items.ts). */
export const findShownNode = (c: Pick<GraphExplorerContext, 'graph' | 'proposals'>, id: string) =>
  findNode(c, id) ?? (c.graph ? (overlayOf(c.graph, c.proposals).nodes.find((n) => n.id === id) ?? null) : null);
export const findShownRelation = (c: Pick<GraphExplorerContext, 'graph' | 'proposals'>, id: string) =>
  findRelation(c, id) ?? (c.graph ? (overlayOf(c.graph, c.proposals).relations.find((r) => r.id === id) ?? null) : null);
