import { describe, expect, it } from 'vitest';
import type { GraphNode } from '../../../contract/knowledge/graph';
import type { Side } from './graph-model';
import { GRAPH_FIGURES } from '../../../contract/texts/graph';
import { focusedLabelSize } from '../canvas/graph-painter';
import { circleLayout, fitView, gridLayout, hierarchicalLayout, radialLayout, staticLayout, type LayoutInput, type Point } from './layouts';

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

  it('focused grid: the focus node in the centre, incoming on the left, outgoing on the right', () => {
    const pos = gridLayout(focusedInput());
    expect(pos.get('F')).toEqual({ x: 0, y: 0 });
    for (let i = 0; i < 9; i++) expect(pos.get(`in${i}`)!.x).toBeLessThan(-100);
    for (let i = 0; i < 5; i++) expect(pos.get(`out${i}`)!.x).toBeGreaterThan(100);
    expect(pos.get('both')!.y).toBeLessThan(-100);
    expect(distinct(pos)).toBe(16);
  });

  it('focused circle: radial around the focus node, grouped by direction (outgoing right, incoming left, both at the top)', () => {
    const pos = circleLayout(focusedInput());
    expect(pos).toEqual(radialLayout(focusedInput()));
    expect(pos.get('F')).toEqual({ x: 0, y: 0 });
    const mean = (ids: string[]) => ids.reduce((sum, id) => sum + pos.get(id)!.x, 0) / ids.length;
    expect(mean(Array.from({ length: 9 }, (_, i) => `in${i}`))).toBeLessThan(-100);
    for (let i = 0; i < 5; i++) expect(pos.get(`out${i}`)!.x).toBeGreaterThan(100);
    expect(pos.get('both')!.y).toBeLessThan(-100);
    expect(distinct(pos)).toBe(16);
  });

  it('a hub with 20 neighbours (asthma) fills the circle, and no two labels overlap at the fitted zoom', () => {
    const nodes = [node('F', 'Disease'), ...Array.from({ length: 17 }, (_, i) => node(`out${i}`, types[i % 3])), ...Array.from({ length: 3 }, (_, i) => node(`in${i}`, 'Drug'))];
    const sides = new Map<string, Side>(nodes.map((n) => [n.id, n.id === 'F' ? 'focus' : n.id.startsWith('in') ? 'in' : 'out']));
    const pos = radialLayout({ nodes, focus: 'F', sides, typeOrder: types });
    const around = [...pos.entries()].filter(([id]) => id !== 'F').map(([, p]) => p);
    // Every quadrant holds neighbours: not crammed into one half.
    for (const [sx, sy] of [[1, 1], [1, -1], [-1, 1], [-1, -1]]) expect(around.filter((p) => p.x * sx > 0 && p.y * sy > 0).length).toBeGreaterThanOrEqual(3);
    // The label under each node (name of 20 characters at about 0.6 em each, and the type line) at
    // the zoom Reset View picks for a 1200 × 650 canvas, in graph units.
    const xs = [...pos.values()].map((p) => p.x);
    const ys = [...pos.values()].map((p) => p.y);
    const k = fitView({ x: [Math.min(...xs), Math.max(...xs)], y: [Math.min(...ys), Math.max(...ys)] }, 1200, 650, { x: 0, y: 0 })!.k;
    const size = focusedLabelSize(k, nodes.length);
    const r = GRAPH_FIGURES.nodeRadius.normal;
    const box = (p: Point) => ({ top: p.y - r, bottom: p.y + r + size * 2.5 });
    const width = GRAPH_FIGURES.focusedNameMax * 0.6 * size;
    for (let i = 0; i < around.length; i++) {
      for (let j = i + 1; j < around.length; j++) {
        const [a, b] = [box(around[i]), box(around[j])];
        const apartX = Math.abs(around[i].x - around[j].x) >= width;
        const apartY = a.bottom <= b.top || b.bottom <= a.top;
        expect(apartX || apartY, `labels ${i} and ${j} overlap`).toBe(true);
      }
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
