import { describe, expect, it } from 'vitest';
import type { Graph, GraphNode, GraphRelation } from '../../contract/knowledge/graph';
import type { Proposal, ProposalChange } from '../../contract/knowledge/review';
import { isProposedId, overlayOf, proposalOverlay, proposedActions, withProposed } from './proposal-items';

const node = (id: string, nodeType = 'Disease'): GraphNode => ({ id, name: `Node ${id}`, nodeType, snomedCode: null, description: null, createdAt: '2024-01-01T00:00:00.000Z', degree: 1 });
const rel = (id: string, s: string, t: string): GraphRelation => ({ id, sourceNodeId: s, targetNodeId: t, relationType: 'treats', relationName: id, weight: 50, description: null });
const graph: Graph = { focus: null, nodes: [node('a'), node('b', 'Drug'), node('c')], relations: [rel('r1', 'b', 'a')], truncated: false, totalNodes: 3 };

const change = (c: Partial<ProposalChange> & Pick<ProposalChange, 'kind' | 'action'>): ProposalChange => ({
  targetId: null,
  ref: null,
  recordType: null,
  baseVersion: null,
  before: null,
  after: null,
  outdated: false,
  currentVersion: null,
  ...c,
});
const proposal = (id: string, changes: ProposalChange[], state: Proposal['state'] = 'submitted'): Proposal => ({
  id,
  state,
  proposer: { id: 'u1', name: 'Erin Editor' },
  reviewer: null,
  reason: null,
  createdAt: '2026-01-02T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  decidedAt: null,
  outdated: false,
  changes,
  attachments: [],
});

/** A new node (by a local reference) and a relation from it to an existing node: one bundle. */
const bundle = proposal('p1', [
  change({ kind: 'node', action: 'create', ref: 'ref:copd', recordType: 'Disease', after: { name: 'COPD', nodeType: 'Disease', snomedCode: '13645005' } }),
  change({ kind: 'relation', action: 'create', recordType: 'treats', after: { sourceNodeId: 'b', targetNodeId: 'ref:copd', relationType: 'treats', relationName: 'treats COPD', weight: 70 } }),
]);

describe('open proposals drawn in the graph', () => {
  it('a bundle: the new node and its relation to an existing node become graph items, marked as created', () => {
    const o = proposalOverlay(graph, [bundle]);
    expect(o.nodes).toEqual([
      expect.objectContaining({ id: 'proposed:p1:ref:copd', name: 'COPD', nodeType: 'Disease', snomedCode: '13645005', description: null, createdAt: bundle.createdAt, degree: 1 }),
    ]);
    expect(o.relations).toEqual([{ id: 'proposed:p1:1', sourceNodeId: 'b', targetNodeId: 'proposed:p1:ref:copd', relationType: 'treats', relationName: 'treats COPD', weight: 70, description: null }]);
    expect(o.marks.get('proposed:p1:ref:copd')?.map((m) => [m.proposal.id, m.action])).toEqual([['p1', 'create']]);
    expect(o.marks.get('proposed:p1:1')?.[0].change.kind).toBe('relation');
    expect(isProposedId('proposed:p1:1')).toBe(true);
    expect(isProposedId('a')).toBe(false);
    const merged = withProposed(graph, o);
    expect(merged.nodes.map((n) => n.id)).toEqual(['a', 'b', 'c', 'proposed:p1:ref:copd']);
    expect(merged.relations.map((r) => r.id)).toEqual(['r1', 'proposed:p1:1']);
  });

  it('updates and deletes mark the existing node or relation; several proposals on one item are all kept', () => {
    const update = proposal('p2', [change({ kind: 'node', action: 'update', targetId: 'a', before: { name: 'Node a' }, after: { name: 'Node A', nodeType: 'Disease' } })]);
    const del = proposal('p3', [change({ kind: 'relation', action: 'delete', targetId: 'r1' }), change({ kind: 'node', action: 'delete', targetId: 'a' })]);
    const o = proposalOverlay(graph, [update, del]);
    expect(o.nodes).toEqual([]);
    expect(o.relations).toEqual([]);
    expect(o.marks.get('a')?.map((m) => `${m.proposal.id}:${m.action}`)).toEqual(['p2:update', 'p3:delete']);
    expect(proposedActions(o)).toEqual(
      new Map([
        ['a', 'update'],
        ['r1', 'delete'],
      ]),
    );
  });

  it('a relation with an end outside the view is left out, and so are records the graph does not show', () => {
    const p = proposal('p4', [
      change({ kind: 'relation', action: 'create', after: { sourceNodeId: 'a', targetNodeId: 'elsewhere', relationType: 'treats', relationName: 'x' } }),
      change({ kind: 'relation', action: 'create', after: { sourceNodeId: 'a', targetNodeId: 'ref:unknown', relationType: 'treats', relationName: 'y' } }),
      change({ kind: 'node', action: 'update', targetId: 'not-loaded', after: { name: 'Z', nodeType: 'Disease' } }),
      change({ kind: 'relation', action: 'delete', targetId: 'r-not-loaded' }),
    ]);
    const o = proposalOverlay(graph, [p]);
    expect(o.relations).toEqual([]);
    expect(o.marks.size).toBe(0);
  });

  it('a relation between two existing nodes; without a weight it is drawn at the middle weight, named by its type', () => {
    const p = proposal('p5', [change({ kind: 'relation', action: 'create', recordType: 'treats', after: { sourceNodeId: 'b', targetNodeId: 'c', relationType: 'treats' } })], 'draft');
    const o = proposalOverlay(graph, [p]);
    expect(o.relations).toEqual([expect.objectContaining({ id: 'proposed:p5:0', sourceNodeId: 'b', targetNodeId: 'c', relationName: 'treats', weight: 50 })]);
    expect(o.marks.get('proposed:p5:0')?.[0].proposal.state).toBe('draft');
  });

  it('decided proposals are not drawn', () => {
    for (const state of ['approved', 'rejected', 'withdrawn'] as const) {
      const o = proposalOverlay(graph, [{ ...bundle, state }]);
      expect(o.nodes.length + o.relations.length + o.marks.size).toBe(0);
    }
  });

  it('a focused view shows a proposed node only when a proposed relation ties it to a shown node', () => {
    const lonely = proposal('p6', [change({ kind: 'node', action: 'create', ref: 'ref:lonely', after: { name: 'Lonely', nodeType: 'Disease' } })]);
    const focused: Graph = { ...graph, focus: 'a' };
    const o = proposalOverlay(focused, [bundle, lonely]);
    expect(o.nodes.map((n) => n.id)).toEqual(['proposed:p1:ref:copd']);
    expect(o.marks.has('proposed:p6:ref:lonely')).toBe(false);
    // The global view shows it.
    expect(proposalOverlay(graph, [lonely]).nodes.map((n) => n.name)).toEqual(['Lonely']);
  });

  it('is computed once per graph and proposal list', () => {
    const list = [bundle];
    expect(overlayOf(graph, list)).toBe(overlayOf(graph, list));
    expect(overlayOf(graph, []).nodes).toEqual([]);
  });
});
