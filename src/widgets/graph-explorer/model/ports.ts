import { apiClient } from '../../../api/client';
import { graphApi } from '../../../api/knowledge/graph';
import { nodesApi } from '../../../api/knowledge/nodes';
import { relationsApi } from '../../../api/knowledge/relations';
import { reviewApi } from '../../../api/knowledge/review';
import type { Graph } from '../../../contract/knowledge/graph';
import { CHANGE_PERMISSION, PROPOSAL_LIMITS, REVIEW_PERMISSION, type Proposal } from '../../../contract/knowledge/review';
import { rulesOf } from '../../../contract/knowledge/relation-type-rules';
import type { GraphExplorerPorts } from '../../../machines/graph-explorer/graph-explorer.machine';
import { typesIn } from './graph-model';

/**
 * Which open proposals the user sees in the graph: a reviewer (changes.review) everyone's submitted
 * ones and their own drafts; someone who may write (and so propose) their own; anyone else none,
 * and makes no call (the server would answer a viewer an empty list anyway).
 */
export type ProposalsSeen = 'review' | 'own' | null;
const WRITE_PERMISSIONS: readonly string[] = Object.values(CHANGE_PERMISSION).flatMap((p) => Object.values(p));
export function proposalsSeen(permissions: readonly string[]): ProposalsSeen {
  if (permissions.includes(REVIEW_PERMISSION)) return 'review';
  return permissions.some((p) => WRITE_PERMISSIONS.includes(p)) ? 'own' : null;
}

/** The machine's ports on the real API (one GET /graph per load, with the open proposals the user may see). */
export function apiPorts(apiBase: string, userId: () => string | undefined, seen: () => ProposalsSeen = () => null): GraphExplorerPorts {
  const api = apiClient({ base: apiBase });
  const review = reviewApi(api);
  const graph = graphApi(api);
  const nodes = nodesApi(api);
  const relations = relationsApi(api);
  const names = (list: { name: string }[]) => list.map((t) => t.name);
  return {
    loadGraph: (focus) => graph.load({ focus: focus ?? undefined }),
    loadTypes: async () => {
      const [nodeTypes, relationTypes] = await Promise.all([graph.nodeTypes(), graph.relationTypes()]);
      const nodeTypeColors = Object.fromEntries(nodeTypes.filter((t) => t.color).map((t) => [t.name, t.color!]));
      return { nodeTypes: names(nodeTypes), relationTypes: names(relationTypes), nodeTypeColors, relationTypeRules: rulesOf(relationTypes) };
    },
    // Both edits send the version the graph showed: a change made since answers 412 and the comparison opens.
    changeRelationType: (id, type, version) => relations.changeType(id, type, version),
    deleteRelation: (id) => relations.remove(id),
    deleteNode: (id) => nodes.remove(id),
    // The graph's edit sends what it shows (spec §7: plus updatedBy, the current user id).
    updateNode: (id, v, version) =>
      nodes.update(id, { name: v.name.trim(), nodeType: v.nodeType.trim(), snomedCode: v.snomedCode.trim() || null, description: v.description.trim() || null, updatedBy: userId() }, version),
    loadProposals: async () => {
      const who = seen();
      if (!who) return [];
      // Bounded: the first page (200, the list's largest) of each kind is drawn, newest first; the
      // review queue lists the rest.
      const limit = PROPOSAL_LIMITS.pageMax;
      const [submitted, drafts] = await Promise.all([
        review.list(who === 'review' ? { state: 'submitted', limit } : { state: 'submitted', mine: '1', limit }),
        review.list({ state: 'draft', mine: '1', limit }),
      ]);
      const byId = new Map<string, Proposal>();
      for (const p of [...submitted.data, ...drafts.data]) byId.set(p.id, p);
      return [...byId.values()];
    },
    decideProposal: (id, decision, reason) => (decision === 'approve' ? review.approve(id) : decision === 'reject' ? review.reject(id, reason ?? '') : review.withdraw(id)),
  };
}

/** The focus node, its neighbours and the relations among them. */
export function neighbourhood(graph: Graph, focus: string): Graph {
  const ids = new Set([focus]);
  for (const r of graph.relations) {
    if (r.sourceNodeId === focus) ids.add(r.targetNodeId);
    if (r.targetNodeId === focus) ids.add(r.sourceNodeId);
  }
  const nodes = graph.nodes.filter((n) => ids.has(n.id));
  return { focus, nodes, relations: graph.relations.filter((r) => ids.has(r.sourceNodeId) && ids.has(r.targetNodeId)), truncated: false, totalNodes: nodes.length };
}

const readOnly = () => Promise.reject(new Error('This graph was given as data and is read-only'));

/** Ports over data the page handed in (the `data` property): no server, read-only. */
export function dataPorts(data: Graph): GraphExplorerPorts {
  return {
    loadGraph: async (focus) => (focus && data.nodes.some((n) => n.id === focus) ? neighbourhood(data, focus) : { ...data, focus: null }),
    loadTypes: async () => typesIn(data),
    changeRelationType: readOnly,
    deleteRelation: readOnly,
    deleteNode: readOnly,
    updateNode: readOnly,
  };
}
