import { describe, expect, it } from 'vitest';
import type { GraphNode } from '../../contract/graph';
import type { Side } from './graph-model';
import { circleLayout, fitView, gridLayout, hierarchicalLayout, staticLayout, type LayoutInput, type Point } from './layouts';

const node = (id: string, nodeType: string): GraphNode => ({ id, name: id, nodeType, snomedCode: null, description: null, createdAt: '', degree: 1 });
const types = ['Disease', 'Drug', 'Symptom'];
const many = Array.from({ length: 150 }, (_, i) => node(`n${String(i).padStart(3, '0')}`, types[i % 3]));

const focusedInput = (): LayoutInput => {
  const nodes = [node('F', 'Disease'), ...Array.from({ length: 9 }, (_, i) => node(`in${i}`, 'Symptom')), ...Array.from({ length: 5 }, (_, i) => node(`out${i}`, 'Drug')), node('both', 'Drug')];
  const sides = new Map<string, Side>([['F', 'focus'], ['both', 'both']]);
  for (const n of nodes) if (n.id.startsWith('in')) sides.set(n.id, 'in');
  for (const n of nodes) if (n.id.startsWith('out')) sides.set(n.id, 'out');
  return { nodes, focus: 'F', sides, typeOrder: types };
};

const distinct = (pos: Map<string, Point>) => new Set([...pos.values()].map((p) => `${Math.round(p.x)},${Math.round(p.y)}`)).size;

describe('graph layouts', () => {
  it('circle and grid place every node once, without overlaps', () => {
    const input: LayoutInput = { nodes: many, focus: null, sides: new Map(), typeOrder: types };
    for (const layout of [circleLayout, gridLayout, hierarchicalLayout]) {
      const pos = layout(input);
      expect(pos.size).toBe(many.length);
      expect(distinct(pos)).toBe(many.length);
    }
  });

  it('focused: the focus node in the centre, incoming on the left, outgoing on the right', () => {
    for (const layout of [circleLayout, gridLayout]) {
      const pos = layout(focusedInput());
      expect(pos.get('F')).toEqual({ x: 0, y: 0 });
      for (let i = 0; i < 9; i++) expect(pos.get(`in${i}`)!.x).toBeLessThan(-100);
      for (let i = 0; i < 5; i++) expect(pos.get(`out${i}`)!.x).toBeGreaterThan(100);
      expect(pos.get('both')!.y).toBeLessThan(-100);
      expect(distinct(pos)).toBe(16);
    }
  });

  it('hierarchical groups node types into separate columns', () => {
    const pos = hierarchicalLayout({ nodes: many, focus: null, sides: new Map(), typeOrder: types });
    const range = (t: string) => {
      const xs = many.filter((n) => n.nodeType === t).map((n) => pos.get(n.id)!.x);
      return [Math.min(...xs), Math.max(...xs)];
    };
    const [disease, drug, symptom] = types.map(range);
    expect(disease[1]).toBeLessThan(drug[0]);
    expect(drug[1]).toBeLessThan(symptom[0]);
  });

  it('force has no fixed positions', () => {
    expect(staticLayout('force', focusedInput())).toBeNull();
    expect(staticLayout('grid', focusedInput())?.size).toBe(16);
  });

  it('Reset View fits the graph with the zoom clamped to 0.3–1; focused views stay centred on the focus node', () => {
    expect(fitView({ x: [-100, 100], y: [-50, 50] }, 1000, 600, null)).toEqual({ x: 0, y: 0, k: 1 });
    expect(fitView({ x: [0, 20000], y: [0, 100] }, 1000, 600, null)).toEqual({ x: 10000, y: 50, k: 0.3 });
    const t = fitView({ x: [-800, 200], y: [-100, 100] }, 1000, 600, { x: 0, y: 0 })!;
    expect([t.x, t.y]).toEqual([0, 0]);
    expect(t.k).toBeCloseTo(460 / 800, 5);
    expect(fitView(null, 1000, 600, null)).toBeNull();
  });
});
