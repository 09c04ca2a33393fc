import { GRAPH_FIGURES } from '../../../contract/texts/graph';
import { labelLines, LINK_WIDTHS, sourceOf as src, strokeLinks, targetOf as dst, type FgLink, type FgNode } from './graph-objects';
import { dash, paintProposedLink, paintProposedNode } from './proposal-painter';

/**
 * Draws one frame on force-graph's canvas (after its own, empty, pass): links in a handful of
 * batched strokes (per weight bucket and highlight), arrowheads in one fill, nodes in one fill
 * per colour, then labels only where they are big enough to read. Everything outside the
 * visible area is skipped. Coordinates are graph units; `k` is the zoom. Items of open proposals
 * (review mode, few) are drawn one by one on top (proposal-painter.ts).
 */
export interface Viewport {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface PaintState {
  nodes: readonly FgNode[];
  links: readonly FgLink[];
  focused: boolean;
  hoverNode: string | null;
  selectedNode: string | null;
  selectedLink: string | null;
  /** The keyboard focus (keyboard-nav.ts): a node with a dashed ring, an edge highlighted. */
  keyNode: string | null;
  keyLink: string | null;
  colors: { link: string; linkHighlight: string; ring: string; focusRing: string; text: string; muted: string; badge: string; proposedChange: string; proposedDelete: string };
}

/** Smallest on-screen font size (px) worth drawing. */
const READABLE_PX = 5.5;
const MAX_NODE_LABELS = 600;
const MAX_EDGE_LABELS = 250;
const FOCUSED_LABEL_GROWTH_MAX = 120;
/**
 * Above this many links on screen they are drawn as 1 px hairlines with the weight as opacity:
 * a software canvas (no GPU) strokes hairlines many times faster than wider lines, and at that
 * density a width difference could not be seen anyway. Arrowheads and node outlines likewise.
 */
const MAX_WIDE_LINKS = 800;
const MAX_OUTLINED_NODES = 1500;
const HAIRLINE_ALPHA = [0.22, 0.32, 0.45, 0.6];

const inView = (v: Viewport, x: number, y: number, pad: number) => x + pad >= v.x0 && x - pad <= v.x1 && y + pad >= v.y0 && y - pad <= v.y1;

// Reused between frames: a big graph would otherwise allocate tens of thousands of entries per frame.
const buckets: FgLink[][] = LINK_WIDTHS.map(() => []);
const hotLinks: FgLink[] = [];
const proposedLinks: FgLink[] = [];
const visibleLinks: FgLink[] = [];
const visibleNodes: FgNode[] = [];

export interface FrameStats {
  links: number;
  nodes: number;
}

/** Draws the frame; returns how many links and nodes were on screen. */
export function paintFrame(ctx: CanvasRenderingContext2D, s: PaintState, k: number, v: Viewport): FrameStats {
  const active = s.hoverNode ?? s.selectedNode;
  for (const b of buckets) b.length = 0;
  hotLinks.length = 0;
  proposedLinks.length = 0;
  visibleLinks.length = 0;
  for (const l of s.links) {
    const a = src(l);
    const b = dst(l);
    if (typeof a !== 'object' || typeof b !== 'object' || a.x === undefined || b.x === undefined) continue;
    if (Math.max(a.x, b.x) < v.x0 || Math.min(a.x, b.x) > v.x1 || Math.max(a.y!, b.y!) < v.y0 || Math.min(a.y!, b.y!) > v.y1) continue;
    visibleLinks.push(l);
    if (l.proposed) proposedLinks.push(l);
    else if (l.id === s.selectedLink || l.id === s.keyLink || (active !== null && (a.id === active || b.id === active))) hotLinks.push(l);
    else buckets[l.widthBucket].push(l);
  }
  paintLinks(ctx, s, k);
  visibleNodes.length = 0;
  for (const n of s.nodes) if (n.x !== undefined && inView(v, n.x, n.y!, n.radius + 2)) visibleNodes.push(n);
  paintNodes(ctx, s, visibleNodes, k);
  if (GRAPH_FIGURES.nodeRadius.normal * k >= 9 && visibleLinks.length <= MAX_EDGE_LABELS) paintEdgeLabels(ctx, s, visibleLinks, k);
  paintNodeLabels(ctx, s, visibleNodes, k);
  return { links: visibleLinks.length, nodes: visibleNodes.length };
}

function paintLinks(ctx: CanvasRenderingContext2D, s: PaintState, k: number): void {
  const wide = visibleLinks.length <= MAX_WIDE_LINKS;
  ctx.save();
  ctx.lineCap = 'round';
  buckets.forEach((list, bucket) => {
    if (!list.length) return;
    ctx.strokeStyle = wide ? s.colors.link : `rgba(71, 85, 105, ${HAIRLINE_ALPHA[bucket]})`;
    ctx.lineWidth = (wide ? LINK_WIDTHS[bucket] : 1) / k;
    strokeLinks(ctx, list);
  });
  for (const l of hotLinks) {
    ctx.strokeStyle = s.colors.linkHighlight;
    ctx.lineWidth = (LINK_WIDTHS[l.widthBucket] + 0.75) / k;
    strokeLinks(ctx, [l]);
  }
  for (const l of proposedLinks) paintProposedLink(ctx, s, l, k);
  // Arrowheads (direction) once the nodes are big enough to tell them apart.
  if (GRAPH_FIGURES.nodeRadius.normal * k >= 5 && wide) {
    for (const highlighted of [false, true]) {
      ctx.beginPath();
      for (const l of highlighted ? hotLinks : visibleLinks) {
        if (!highlighted && hotLinks.includes(l)) continue;
        const a = src(l);
        const b = dst(l);
        const dx = b.x! - a.x!;
        const dy = b.y! - a.y!;
        const len = Math.hypot(dx, dy);
        if (len < b.radius + 8) continue;
        const ux = dx / len;
        const uy = dy / len;
        const size = 7 + LINK_WIDTHS[l.widthBucket];
        const tipX = b.x! - ux * (b.radius + 1.5);
        const tipY = b.y! - uy * (b.radius + 1.5);
        // No closePath: fill() closes each triangle, and closePath on a long path is slow in Chromium.
        ctx.moveTo(tipX, tipY);
        ctx.lineTo(tipX - ux * size - uy * size * 0.45, tipY - uy * size + ux * size * 0.45);
        ctx.lineTo(tipX - ux * size + uy * size * 0.45, tipY - uy * size - ux * size * 0.45);
      }
      ctx.fillStyle = highlighted ? s.colors.linkHighlight : s.colors.link;
      ctx.fill();
    }
  }
  ctx.restore();
}

function radiusOf(s: PaintState, n: FgNode): number {
  return n.id === s.hoverNode ? GRAPH_FIGURES.nodeRadius.hover : n.radius;
}

function paintNodes(ctx: CanvasRenderingContext2D, s: PaintState, nodes: FgNode[], k: number): void {
  const byColor = new Map<string, FgNode[]>();
  const special: FgNode[] = [];
  const proposed: FgNode[] = [];
  for (const n of nodes) {
    if (n.proposed && n.side !== 'focus' && n.id !== s.hoverNode && n.id !== s.selectedNode && n.id !== s.keyNode) {
      proposed.push(n);
      continue;
    }
    if (n.id === s.hoverNode || n.id === s.selectedNode || n.id === s.keyNode || n.side === 'focus') {
      special.push(n);
      continue;
    }
    const list = byColor.get(n.color);
    if (list) list.push(n);
    else byColor.set(n.color, [n]);
  }
  ctx.save();
  const outline = n(k) >= 4 && nodes.length <= MAX_OUTLINED_NODES;
  for (const [color, list] of byColor) {
    ctx.beginPath();
    for (const node of list) {
      ctx.moveTo(node.x! + node.radius, node.y!);
      ctx.arc(node.x!, node.y!, node.radius, 0, 2 * Math.PI);
    }
    ctx.fillStyle = color;
    ctx.fill();
    if (outline) {
      ctx.strokeStyle = 'rgba(255,255,255,0.9)';
      ctx.lineWidth = 1.5 / k;
      ctx.stroke();
    }
  }
  for (const node of proposed) paintProposedNode(ctx, s, node, node.radius, k);
  // Focus, hovered and selected nodes on top, each with its ring.
  for (const node of special) {
    const r = radiusOf(s, node);
    // A soft halo (not shadowBlur: slow on a software canvas).
    ctx.beginPath();
    ctx.arc(node.x!, node.y!, r + 6, 0, 2 * Math.PI);
    ctx.fillStyle = node.side === 'focus' ? 'rgba(91, 79, 199, 0.14)' : 'rgba(21, 101, 192, 0.14)';
    ctx.fill();
    if (node.proposed) paintProposedNode(ctx, s, node, r, k);
    else {
      ctx.beginPath();
      ctx.arc(node.x!, node.y!, r, 0, 2 * Math.PI);
      ctx.fillStyle = node.color;
      ctx.fill();
    }
    ctx.beginPath();
    ctx.arc(node.x!, node.y!, r, 0, 2 * Math.PI);
    if (node.proposed === 'create') ctx.setLineDash(dash(k, 5, 3.5));
    ctx.lineWidth = Math.max(2, 3 / k);
    ctx.strokeStyle = node.side === 'focus' ? s.colors.focusRing : s.colors.ring;
    ctx.stroke();
    ctx.setLineDash([]);
    if (node.id === s.keyNode) paintKeyRing(ctx, s, node.x!, node.y!, r, k);
  }
  ctx.restore();
}

/**
 * The keyboard focus: a dashed ring a few px outside the node, 2 px wide on screen at any zoom, in
 * the text colour (it must be seen on any node colour and on the page's background).
 */
function paintKeyRing(ctx: CanvasRenderingContext2D, s: PaintState, x: number, y: number, r: number, k: number): void {
  ctx.beginPath();
  ctx.arc(x, y, r + 5 / k + 3, 0, 2 * Math.PI);
  ctx.setLineDash([5 / k, 3 / k]);
  ctx.lineWidth = 2.5 / k;
  ctx.strokeStyle = s.colors.text;
  ctx.stroke();
  ctx.setLineDash([]);
}

/** The node radius on screen, in px. */
const n = (k: number) => GRAPH_FIGURES.nodeRadius.normal * k;

/** A focused view's label font size in graph units at zoom k (the layout tests measure labels with it). */
export const focusedLabelSize = (k: number, nodeCount: number) => (nodeCount <= FOCUSED_LABEL_GROWTH_MAX ? Math.min(20, Math.max(11, 7.5 / k)) : 11);

function paintNodeLabels(ctx: CanvasRenderingContext2D, s: PaintState, nodes: FgNode[], k: number): void {
  // A focused view has few nodes spaced for their labels: the text grows when zoomed out (up to
  // 20 units) so the names stay readable at the fitted zoom.
  const size = s.focused ? focusedLabelSize(k, nodes.length) : 7.5;
  if (size * k < READABLE_PX) {
    // Too small to read: only the hovered or selected node keeps its name (drawn at a readable size).
    const keep = nodes.filter((x) => x.id === s.hoverNode || x.id === s.selectedNode || x.id === s.keyNode);
    if (keep.length) paintLabelsAt(ctx, s, keep, k, READABLE_PX / k + 1);
    return;
  }
  if (nodes.length > MAX_NODE_LABELS) return;
  paintLabelsAt(ctx, s, nodes, k, size);
}

function paintLabelsAt(ctx: CanvasRenderingContext2D, s: PaintState, nodes: FgNode[], k: number, size: number): void {
  ctx.save();
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (const node of nodes) {
    const r = radiusOf(s, node);
    const lines = labelLines(node, s.focused);
    if (s.focused) {
      // Name (20) and type (15) under the node.
      ctx.font = `600 ${size}px system-ui, sans-serif`;
      ctx.lineWidth = 3 / k;
      ctx.strokeStyle = 'rgba(255,255,255,0.92)';
      ctx.fillStyle = s.colors.text;
      ctx.strokeText(lines[0], node.x!, node.y! + r + size * 0.9);
      ctx.fillText(lines[0], node.x!, node.y! + r + size * 0.9);
      ctx.font = `${size * 0.82}px system-ui, sans-serif`;
      ctx.fillStyle = s.colors.muted;
      ctx.strokeText(lines[1], node.x!, node.y! + r + size * 2);
      ctx.fillText(lines[1], node.x!, node.y! + r + size * 2);
    } else {
      // Up to two lines of 7 inside the circle.
      ctx.font = `600 ${size}px system-ui, sans-serif`;
      ctx.fillStyle = node.proposed === 'create' ? s.colors.text : '#ffffff';
      const top = node.y! - ((lines.length - 1) * size * 1.1) / 2;
      lines.forEach((line, i) => ctx.fillText(line, node.x!, top + i * size * 1.1));
    }
    if (node.capped > 0) paintBadge(ctx, s, node, r, k);
  }
  ctx.restore();
}

/** '+N' at the top right of a hub whose relations are capped. */
function paintBadge(ctx: CanvasRenderingContext2D, s: PaintState, node: FgNode, r: number, k: number): void {
  const text = `+${node.capped}`;
  const size = Math.max(7, 9 / Math.max(k, 0.8));
  ctx.font = `700 ${size}px system-ui, sans-serif`;
  const w = ctx.measureText(text).width + size * 0.9;
  const x = node.x! + r * 0.7;
  const y = node.y! - r * 0.85;
  ctx.beginPath();
  ctx.roundRect(x - w / 2, y - size * 0.75, w, size * 1.5, size * 0.75);
  ctx.fillStyle = s.colors.badge;
  ctx.fill();
  ctx.fillStyle = '#ffffff';
  ctx.fillText(text, x, y + size * 0.05);
}

function paintEdgeLabels(ctx: CanvasRenderingContext2D, s: PaintState, links: readonly FgLink[], k: number): void {
  const size = 7;
  if (size * k < READABLE_PX) return;
  ctx.save();
  ctx.font = `${size}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (const l of links) {
    const a = src(l);
    const b = dst(l);
    const len = Math.hypot(b.x! - a.x!, b.y! - a.y!);
    const w = ctx.measureText(l.label).width;
    if (len < a.radius + b.radius + w + 6) continue;
    let angle = Math.atan2(b.y! - a.y!, b.x! - a.x!);
    if (angle > Math.PI / 2 || angle < -Math.PI / 2) angle += Math.PI;
    ctx.save();
    ctx.translate((a.x! + b.x!) / 2, (a.y! + b.y!) / 2);
    ctx.rotate(angle);
    ctx.fillStyle = 'rgba(255,255,255,0.88)';
    ctx.fillRect(-w / 2 - 2, -size * 0.65, w + 4, size * 1.3);
    ctx.fillStyle = l.id === s.selectedLink || l.id === s.keyLink ? s.colors.linkHighlight : s.colors.muted;
    ctx.fillText(l.label, 0, 0);
    ctx.restore();
  }
  ctx.restore();
}
