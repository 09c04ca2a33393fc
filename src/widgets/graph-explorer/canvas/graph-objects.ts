import type { GraphNode, GraphRelation } from '../../../contract/knowledge/graph';
import { GRAPH_FIGURES } from '../../../contract/texts/graph';
import type { Side } from '../model/graph-model';
import type { ProposedAction } from '../../../machines/graph-explorer/proposal-items';
import { edgeLabel, focusedNameLabel, focusedTypeLabel, wrapLabel } from './labels';
import type { Point } from '../model/layouts';

/**
 * The objects handed to force-graph. They are created fresh for every data change (force-graph
 * mutates them: x/y/vx/vy, source/target turned into node references, __indexColor), seeded
 * with the positions the previous objects had so the picture does not jump.
 */
export interface FgNode {
  id: string;
  node: GraphNode;
  color: string;
  /** Drawn radius (22 focus, 18 others; 25 while hovered is applied when drawing). */
  radius: number;
  /** Hit area for force-graph's pointer canvas: nodeVal = radius², nodeRelSize = 1. */
  val: number;
  side: Side;
  /** Label lines, computed when first drawn (see labelLines). */
  lines?: string[];
  /** Relations a hub cap holds back ('+N'). */
  capped: number;
  /** An open proposal creates (dashed), changes (dashed ring) or deletes (faded) it. */
  proposed?: ProposedAction;
  /** Set by the simulation once it has taken the data (force-graph lays out asynchronously). */
  index?: number;
  x?: number;
  y?: number;
  vx?: number;
  vy?: number;
  fx?: number;
  fy?: number;
}

export interface FgLink {
  id: string;
  source: string | FgNode;
  target: string | FgNode;
  relation: GraphRelation;
  /** Index into the width buckets (by weight), so links are stroked in a few batches. */
  widthBucket: number;
  label: string;
  /** An open proposal creates (dashed), changes (dashed, highlighted) or deletes (faded) it. */
  proposed?: ProposedAction;
}

/** Screen widths (px) of the weight buckets: weight 1–25, 26–50, 51–75, 76–100. */
export const LINK_WIDTHS = [1, 1.75, 2.5, 3.25] as const;
export const widthBucketOf = (weight: number) => Math.min(LINK_WIDTHS.length - 1, Math.max(0, Math.ceil(weight / 25) - 1));

export interface ObjectsInput {
  nodes: readonly GraphNode[];
  relations: readonly GraphRelation[];
  focus: string | null;
  sides: ReadonlyMap<string, Side>;
  colors: ReadonlyMap<string, string>;
  capped: ReadonlyMap<string, number>;
  /** Items of open proposals (review mode). */
  proposed?: ReadonlyMap<string, ProposedAction>;
  /** Fixed positions of a static layout (pinned with fx/fy), or null for the force layout. */
  fixed: ReadonlyMap<string, Point> | null;
  /** Where nodes were before (kept across data changes). */
  previous: ReadonlyMap<string, Point>;
  /** Starting positions for new nodes of a force layout (the focused view starts from its rings). */
  seeds?: ReadonlyMap<string, Point> | null;
  /**
   * Positions held (fx/fy) while the simulation still runs for the rest: the focused force view
   * keeps the focus node's neighbours on their ring, the others settle outside.
   */
  pins?: ReadonlyMap<string, Point> | null;
  spacing: number;
}

const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));

export function buildObjects(input: ObjectsInput): { nodes: FgNode[]; links: FgLink[] } {
  const { focus, fixed, previous } = input;
  const nodes = input.nodes.map((n, i): FgNode => {
    const radius = n.id === focus ? GRAPH_FIGURES.nodeRadius.focus : GRAPH_FIGURES.nodeRadius.normal;
    const o: FgNode = {
      id: n.id,
      node: n,
      color: input.colors.get(n.nodeType) ?? '#607d8b',
      radius,
      val: radius * radius,
      side: input.sides.get(n.id) ?? 'other',
      capped: input.capped.get(n.id) ?? 0,
    };
    const proposed = input.proposed?.get(n.id);
    if (proposed) o.proposed = proposed;
    const pin = fixed?.get(n.id) ?? input.pins?.get(n.id);
    const seed = pin ?? previous.get(n.id) ?? input.seeds?.get(n.id);
    if (seed) {
      o.x = seed.x;
      o.y = seed.y;
    } else {
      // A sunflower spiral at about the link distance: the simulation starts close to its result.
      const r = input.spacing * 0.75 * Math.sqrt(i + 0.5);
      o.x = r * Math.cos(i * GOLDEN_ANGLE);
      o.y = r * Math.sin(i * GOLDEN_ANGLE);
    }
    if (pin) {
      o.fx = pin.x;
      o.fy = pin.y;
    } else if (n.id === focus) {
      o.fx = 0;
      o.fy = 0;
    }
    return o;
  });
  const links = input.relations.map(
    (r): FgLink => ({
      id: r.id,
      source: r.sourceNodeId,
      target: r.targetNodeId,
      relation: r,
      widthBucket: widthBucketOf(r.weight),
      label: edgeLabel(r.relationType),
      ...(input.proposed?.has(r.id) ? { proposed: input.proposed.get(r.id) } : {}),
    }),
  );
  return { nodes, links };
}

/** A node's label (global: up to two lines of 7; focused: name and type), computed once, when first drawn. */
export function labelLines(n: FgNode, focused: boolean): string[] {
  n.lines ??= focused ? [focusedNameLabel(n.node.name), focusedTypeLabel(n.node.nodeType)] : wrapLabel(n.node.name);
  return n.lines;
}

/** Both ends of a link as node objects (force-graph replaces the ids once it has the data). */
export const ends = (l: FgLink): [FgNode, FgNode] | null => (typeof l.source === 'object' && typeof l.target === 'object' ? [l.source, l.target] : null);

/** A painted link's ends: by the time a frame is drawn, force-graph has replaced the ids with the node objects. */
export const sourceOf = (l: FgLink) => l.source as FgNode;
export const targetOf = (l: FgLink) => l.target as FgNode;

/** Strokes the links as straight lines in one path (one stroke call for the lot). */
export function strokeLinks(ctx: CanvasRenderingContext2D, links: readonly FgLink[]): void {
  ctx.beginPath();
  for (const l of links) {
    ctx.moveTo(sourceOf(l).x!, sourceOf(l).y!);
    ctx.lineTo(targetOf(l).x!, targetOf(l).y!);
  }
  ctx.stroke();
}
