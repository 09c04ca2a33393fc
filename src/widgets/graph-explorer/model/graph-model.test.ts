import { describe, expect, it } from 'vitest';
import type { Graph, GraphNode, GraphRelation } from '../../../contract/knowledge/graph';
import { buildView, EMPTY_VIEW_OPTIONS, sidesOf, type ViewOptions } from './graph-model';

const node = (id: string, nodeType = 'Disease'): GraphNode => ({ id, name: id, nodeType, snomedCode: null, description: null, createdAt: '2024-01-01T00:00:00.000Z', degree: 0 });
const rel = (id: string, s: string, t: string, relationType = 'treats', weight = 50): GraphRelation => ({
  id,
  sourceNodeId: s,
  targetNodeId: t,
  relationType,
  relationName: relationType,
  weight,
  description: null,
});

// F is the focus: A → F, F → B, F → C, C → F (both), B → D (among neighbours), E is a Drug.
const focused: Graph = {
  focus: 'F',
  nodes: [node('F'), node('A', 'Symptom'), node('B'), node('C'), node('D', 'Symptom'), node('E', 'Drug')],
  relations: [rel('r1', 'A', 'F', 'symptom of'), rel('r2', 'F', 'B'), rel('r3', 'F', 'C'), rel('r4', 'C', 'F', 'symptom of'), rel('r5', 'B', 'D'), rel('r6', 'E', 'F', 'treats', 90)],
  truncated: false,
  totalNodes: 6,
};
const view = (o: Partial<ViewOptions>, g: Graph = focused) => buildView(g, { ...EMPTY_VIEW_OPTIONS, ...o });
const ids = (list: { id: string }[]) => list.map((x) => x.id).sort();

describe('graph view model', () => {
  it('places neighbours left (incoming), right (outgoing) or both', () => {
    const sides = sidesOf('F', focused.relations);
    expect(Object.fromEntries(sides)).toEqual({ F: 'focus', A: 'in', B: 'out', C: 'both', E: 'in' });
  });

  it('without filters shows everything', () => {
    const v = view({});
    expect(ids(v.nodes)).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    expect(v.relations).toHaveLength(6);
    expect(v.capped.size).toBe(0);
  });

  it('node type filter keeps the focus node and drops relations to hidden nodes', () => {
    const v = view({ nodeTypes: ['Symptom'] });
    expect(ids(v.nodes)).toEqual(['A', 'D', 'F']);
    expect(ids(v.relations)).toEqual(['r1']);
  });

  it('relation type filter keeps only nodes touched by a shown relation', () => {
    const v = view({ relationTypes: ['symptom of'] });
    expect(ids(v.relations)).toEqual(['r1', 'r4']);
    expect(ids(v.nodes)).toEqual(['A', 'C', 'F']);
  });

  it('Remove Incoming / Remove Outgoing filter locally by direction', () => {
    const noIn = view({ hideIncoming: true });
    expect(ids(noIn.relations)).toEqual(['r2', 'r3', 'r5']);
    expect(ids(noIn.nodes)).toEqual(['B', 'C', 'D', 'F']);
    const noOut = view({ hideOutgoing: true });
    expect(ids(noOut.relations)).toEqual(['r1', 'r4', 'r6']);
    expect(ids(noOut.nodes)).toEqual(['A', 'C', 'E', 'F']);
    expect(ids(view({ hideIncoming: true, hideOutgoing: true }).nodes)).toEqual(['F']);
  });

  it('caps hubs to their strongest relations and shows more in batches', () => {
    const hub: Graph = {
      focus: null,
      nodes: [node('H'), ...Array.from({ length: 7 }, (_, i) => node(`n${i}`))],
      relations: Array.from({ length: 7 }, (_, i) => rel(`h${i}`, 'H', `n${i}`, 'treats', 10 + i)),
      truncated: false,
      totalNodes: 8,
    };
    const capped = view({ hubLimit: 3 }, hub);
    expect(ids(capped.relations)).toEqual(['h4', 'h5', 'h6']);
    expect(capped.capped.get('H')).toBe(4);
    expect(capped.heldBack).toBe(4);
    expect(ids(capped.nodes)).toEqual(['H', 'n4', 'n5', 'n6']);
    const more = view({ hubLimit: 3, expanded: { H: 1 } }, hub);
    expect(more.relations).toHaveLength(6);
    expect(more.capped.get('H')).toBe(1);
    expect(view({ hubLimit: 3, expanded: { H: 2 } }, hub).capped.size).toBe(0);
  });

  it('the global view keeps unconnected nodes unless a relation filter is on', () => {
    const global: Graph = { ...focused, focus: null };
    expect(view({}, global).nodes).toHaveLength(6);
    expect(ids(view({ relationTypes: ['symptom of'] }, global).nodes)).toEqual(['A', 'C', 'F']);
  });
});
