import { GRAPH_FIGURES } from '../../contract/graph-messages';
import { ends, type FgLink, type FgNode } from './graph-objects';
import type { FrameStats, Viewport } from './graph-painter';

/**
 * Hit areas on force-graph's hidden hit canvas (how it knows what is under the pointer). Each is
 * one canvas call, redrawn after changes, so only what is on screen gets one, and none while
 * more than these are on screen: too dense to pick one out anyway (zoom in to click them).
 */
const MAX_CLICKABLE_LINKS = 3000;
const MAX_CLICKABLE_NODES = 4000;

export function nodeHitArea(node: FgNode, color: string, ctx: CanvasRenderingContext2D, v: Viewport, onScreen: FrameStats, hover: string | null): void {
  if (onScreen.nodes > MAX_CLICKABLE_NODES) return;
  if (node.x === undefined || node.x < v.x0 || node.x > v.x1 || node.y! < v.y0 || node.y! > v.y1) return;
  ctx.beginPath();
  ctx.arc(node.x, node.y!, node.id === hover ? GRAPH_FIGURES.nodeRadius.hover : node.radius, 0, 2 * Math.PI);
  ctx.fillStyle = color;
  ctx.fill();
}

export function linkHitArea(link: FgLink, color: string, ctx: CanvasRenderingContext2D, k: number, v: Viewport, onScreen: FrameStats): void {
  const e = ends(link);
  if (!e || e[0].x === undefined || e[1].x === undefined || onScreen.links > MAX_CLICKABLE_LINKS) return;
  if (Math.max(e[0].x, e[1].x) < v.x0 || Math.min(e[0].x, e[1].x) > v.x1 || Math.max(e[0].y!, e[1].y!) < v.y0 || Math.min(e[0].y!, e[1].y!) > v.y1) return;
  ctx.beginPath();
  ctx.moveTo(e[0].x, e[0].y!);
  ctx.lineTo(e[1].x, e[1].y!);
  ctx.strokeStyle = color;
  ctx.lineWidth = 10 / k;
  ctx.stroke();
}
