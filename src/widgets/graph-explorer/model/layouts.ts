import type { GraphNode } from '../../../contract/knowledge/graph';
import { GRAPH_FIGURES, GRAPH_LAYOUTS, type GraphLayout } from '../../../contract/texts/graph';
import type { Side } from './graph-model';
import { GRAPH_VIEW_TEXTS as V } from '../../../contract/texts/graph';

/** Layouts of spec §2/§9: the switch offers circle, grid and force; hierarchical (by node type) exists but is not offered. */
export type LayoutName = GraphLayout;
/** Labels read when shown (the active language). */
const choice = (value: 'circle' | 'grid' | 'force') => ({ value, get label(): string { return V.layouts[value]; } });
export const LAYOUT_CHOICES: readonly { value: LayoutName; label: string }[] = [choice('circle'), choice('grid'), choice('force')];
export const isLayout = (v: unknown): v is LayoutName => typeof v === 'string' && (GRAPH_LAYOUTS as readonly string[]).includes(v);

export interface Point {
  x: number;
  y: number;
}

export interface LayoutInput {
  nodes: readonly GraphNode[];
  focus: string | null;
  sides: ReadonlyMap<string, Side>;
  /** Node types in palette order (hierarchical bands follow it). */
  typeOrder: readonly string[];
}

/** Centre-to-centre distance between neighbouring nodes (radius 18, room for a label). */
export const SPACING = 70;

const byTypeThenName = (typeOrder: readonly string[]) => (a: GraphNode, b: GraphNode) =>
  typeOrder.indexOf(a.nodeType) - typeOrder.indexOf(b.nodeType) || a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1);

/** Concentric rings around (cx, cy) between two angles; each ring holds as many nodes as fit at SPACING. */
function rings(list: readonly GraphNode[], out: Map<string, Point>, o: { cx?: number; cy?: number; from: number; to: number; minRadius: number }): void {
  const span = o.to - o.from;
  const full = Math.abs(span - 2 * Math.PI) < 1e-9;
  let radius = o.minRadius;
  let i = 0;
  while (i < list.length) {
    const capacity = Math.max(1, Math.floor((radius * Math.abs(span)) / SPACING));
    const count = Math.min(capacity, list.length - i);
    const steps = full ? count : Math.max(1, count - 1);
    for (let k = 0; k < count; k++, i++) {
      const angle = count === 1 && !full ? o.from + span / 2 : o.from + (span * k) / steps;
      out.set(list[i].id, { x: (o.cx ?? 0) + radius * Math.cos(angle), y: (o.cy ?? 0) + radius * Math.sin(angle) });
    }
    radius += SPACING * 1.2;
  }
}

/** A block of rows `columns` wide; `grow` -1 fills leftwards from x0, +1 rightwards, 0 centred on x0. */
function block(list: readonly GraphNode[], out: Map<string, Point>, o: { x0: number; y0: number; columns: number; grow: -1 | 0 | 1; centreY?: boolean; colWidth?: number }): void {
  const rows = Math.ceil(list.length / o.columns);
  const top = o.centreY ? o.y0 - ((rows - 1) * SPACING) / 2 : o.y0;
  const w = o.colWidth ?? SPACING * 1.4;
  list.forEach((n, i) => {
    const col = i % o.columns;
    const row = Math.floor(i / o.columns);
    const x = o.grow === 0 ? o.x0 + (col - (Math.min(o.columns, list.length) - 1) / 2) * w : o.x0 + o.grow * col * w;
    out.set(n.id, { x, y: top + row * SPACING });
  });
}

/** Focused views label nodes with names of up to 20 characters: wider columns. */
const FOCUSED_COLUMN = 150;

const groupBySide = (nodes: readonly GraphNode[], sides: ReadonlyMap<string, Side>) => {
  const groups: Record<Side, GraphNode[]> = { focus: [], in: [], out: [], both: [], other: [] };
  for (const n of nodes) groups[sides.get(n.id) ?? 'other'].push(n);
  return groups;
};

/** Circle: one ring (or concentric rings for many nodes); focused: the radial layout around the focus node. */
export function circleLayout(input: LayoutInput): Map<string, Point> {
  const { nodes, focus, typeOrder } = input;
  if (focus) return radialLayout(input);
  const out = new Map<string, Point>();
  const sorted = [...nodes].sort(byTypeThenName(typeOrder));
  rings(sorted, out, { from: -Math.PI / 2, to: 1.5 * Math.PI, minRadius: Math.max(120, (Math.min(sorted.length, 60) * SPACING) / (2 * Math.PI)) });
  return out;
}

/** Neighbours per ring of the radial layout: more share the circle on alternating rings. */
export const RADIAL_PER_RING = 12;
/** The innermost ring's least radius, and how much further out each further ring lies (× that radius). */
const RADIAL_MIN_RADIUS = 240;
const RADIAL_RING_STEP = 0.4;
/** Arc between neighbouring slots: wider than SPACING, so labels two slots apart on one ring clear each other. */
const RADIAL_ARC = 80;

/**
 * Focused view: the focus node in the centre and its neighbours all around it,
 * grouped by direction — outgoing centred on the right, incoming on the left, both ways at the
 * top, an empty slot between groups — instead of one half each. Every neighbour gets its own
 * angle; with more than RADIAL_PER_RING they alternate between rings, so two labels side by side
 * are two slots apart. Nodes not adjacent to the focus go on rings outside.
 */
export function radialLayout({ nodes, focus, sides, typeOrder }: LayoutInput): Map<string, Point> {
  const out = new Map<string, Point>();
  const g = groupBySide([...nodes].sort(byTypeThenName(typeOrder)), sides);
  if (focus) out.set(focus, { x: 0, y: 0 });
  // Clockwise from the right: outgoing, incoming, both ways (so incoming end up on the left, both at the top).
  const groups = [
    { list: g.out, at: 0 },
    { list: g.in, at: Math.PI },
    { list: g.both, at: -Math.PI / 2 },
  ].filter((group) => group.list.length > 0);
  const count = groups.reduce((sum, group) => sum + group.list.length, 0);
  const slots = count + (groups.length > 1 ? groups.length : 0);
  const step = (2 * Math.PI) / Math.max(1, slots);
  const ringCount = Math.max(1, Math.ceil(count / RADIAL_PER_RING));
  const radius = Math.max(RADIAL_MIN_RADIUS, (slots * RADIAL_ARC) / (2 * Math.PI));
  // The first group is centred on its own side; the others follow it round the circle.
  const start = groups.length ? groups[0].at - ((groups[0].list.length - 1) / 2) * step : 0;
  let slot = 0;
  let index = 0;
  for (const { list } of groups) {
    for (const n of list) {
      const r = radius * (1 + RADIAL_RING_STEP * (index % ringCount));
      const angle = start + slot * step;
      out.set(n.id, { x: r * Math.cos(angle), y: r * Math.sin(angle) });
      slot += 1;
      index += 1;
    }
    slot += 1; // an empty slot before the next group
  }
  const outer = radius * (1 + RADIAL_RING_STEP * (ringCount - 1)) + 2 * SPACING;
  rings(g.other, out, { from: -Math.PI / 2, to: 1.5 * Math.PI, minRadius: Math.max(outer, (g.other.length * SPACING) / (2 * Math.PI)) });
  return out;
}

/** Grid: rows sorted by type and name; focused: incoming block left of the focus, outgoing block right. */
export function gridLayout({ nodes, focus, sides, typeOrder }: LayoutInput): Map<string, Point> {
  const out = new Map<string, Point>();
  const sorted = [...nodes].sort(byTypeThenName(typeOrder));
  if (!focus) {
    const columns = Math.max(1, Math.ceil(Math.sqrt(sorted.length * 1.6)));
    block(sorted, out, { x0: 0, y0: 0, columns, grow: 0, centreY: true });
    return out;
  }
  const g = groupBySide(sorted, sides);
  const columnsFor = (n: number) => Math.max(1, Math.ceil(Math.sqrt(n / 2)));
  out.set(focus, { x: 0, y: 0 });
  const w = FOCUSED_COLUMN;
  block(g.in, out, { x0: -220, y0: 0, columns: columnsFor(g.in.length), grow: -1, centreY: true, colWidth: w });
  block(g.out, out, { x0: 220, y0: 0, columns: columnsFor(g.out.length), grow: 1, centreY: true, colWidth: w });
  block(g.both, out, { x0: 0, y0: -160 - Math.ceil(g.both.length / 3) * SPACING, columns: 3, grow: 0, colWidth: w });
  block(g.other, out, { x0: 0, y0: 160, columns: Math.max(3, columnsFor(g.other.length) * 2), grow: 0, colWidth: w });
  return out;
}

/** Hierarchical grouping by node type: one column per type (palette order), the focus node on top. */
export function hierarchicalLayout({ nodes, focus, typeOrder }: LayoutInput): Map<string, Point> {
  const out = new Map<string, Point>();
  const types = [...new Set([...typeOrder, ...nodes.map((n) => n.nodeType)])].filter((t) => nodes.some((n) => n.nodeType === t && n.id !== focus));
  let x = 0;
  const columns: { x: number; list: GraphNode[] }[] = [];
  for (const t of types) {
    const list = nodes.filter((n) => n.nodeType === t && n.id !== focus).sort((a, b) => a.name.localeCompare(b.name));
    const width = Math.max(1, Math.ceil(list.length / 12));
    columns.push({ x, list });
    x += width * SPACING * 1.4 + SPACING * 1.6;
  }
  const total = x - SPACING * 1.6;
  for (const c of columns) block(c.list, out, { x0: c.x - total / 2 + SPACING * 0.7, y0: focus ? 160 : 0, columns: Math.max(1, Math.ceil(c.list.length / 12)), grow: 1 });
  if (focus) out.set(focus, { x: 0, y: 0 });
  return out;
}

/** The fixed positions of a static layout (force has none: the simulation places the nodes). */
export function staticLayout(name: LayoutName, input: LayoutInput): Map<string, Point> | null {
  if (name === 'circle') return circleLayout(input);
  if (name === 'grid') return gridLayout(input);
  if (name === 'hierarchical') return hierarchicalLayout(input);
  return null;
}

/**
 * Reset View: the centre and zoom that show the whole graph (focused: around the focus node,
 * which stays in the centre), the zoom clamped to 0.3–1 (spec §9).
 */
export function fitView(bbox: { x: [number, number]; y: [number, number] } | null, w: number, h: number, focus: Point | null, pad = 40): { x: number; y: number; k: number } | null {
  if (!bbox || !w || !h) return null;
  let x = (bbox.x[0] + bbox.x[1]) / 2;
  let y = (bbox.y[0] + bbox.y[1]) / 2;
  let k = Math.min((w - 2 * pad) / Math.max(1, bbox.x[1] - bbox.x[0]), (h - 2 * pad) / Math.max(1, bbox.y[1] - bbox.y[0]));
  if (focus) {
    ({ x, y } = focus);
    k = Math.min((w / 2 - pad) / Math.max(x - bbox.x[0], bbox.x[1] - x, 1), (h / 2 - pad) / Math.max(y - bbox.y[0], bbox.y[1] - y, 1));
  }
  return { x, y, k: Math.min(GRAPH_FIGURES.fitZoom.max, Math.max(GRAPH_FIGURES.fitZoom.min, k)) };
}
