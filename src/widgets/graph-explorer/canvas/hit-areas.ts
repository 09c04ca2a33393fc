import { GRAPH_FIGURES } from '../../../contract/texts/graph';
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
  // A square, not a circle: fillRect is far cheaper than an anti-aliased arc on a software canvas.
  const r = node.id === hover ? GRAPH_FIGURES.nodeRadius.hover : node.radius;
  ctx.fillStyle = color;
  ctx.fillRect(node.x - r, node.y! - r, 2 * r, 2 * r);
}

export function linkHitArea(link: FgLink, color: string, ctx: CanvasRenderingContext2D, k: number, v: Viewport, onScreen: FrameStats): void {
  const e = ends(link);
  if (!e || e[0].x === undefined || e[1].x === undefined || onScreen.links > MAX_CLICKABLE_LINKS) return;
  if (Math.max(e[0].x, e[1].x) < v.x0 || Math.min(e[0].x, e[1].x) > v.x1 || Math.max(e[0].y!, e[1].y!) < v.y0 || Math.min(e[0].y!, e[1].y!) > v.y1) return;
  // A filled band 10 px wide (a quad: cheaper than stroking a wide line).
  const dx = e[1].x - e[0].x;
  const dy = e[1].y! - e[0].y!;
  const len = Math.hypot(dx, dy) || 1;
  const nx = (-dy / len) * (5 / k);
  const ny = (dx / len) * (5 / k);
  ctx.beginPath();
  ctx.moveTo(e[0].x + nx, e[0].y! + ny);
  ctx.lineTo(e[1].x + nx, e[1].y! + ny);
  ctx.lineTo(e[1].x - nx, e[1].y! - ny);
  ctx.lineTo(e[0].x - nx, e[0].y! - ny);
  ctx.fillStyle = color;
  ctx.fill();
}
