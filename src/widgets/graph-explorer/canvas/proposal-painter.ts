import { LINK_WIDTHS, sourceOf as src, strokeLinks, targetOf as dst, type FgLink, type FgNode } from './graph-objects';
import type { PaintState } from './graph-painter';

/*
 * Items of open proposals (review mode, few), drawn one by one over the graph's batched strokes:
 * a new node or relation dashed, a changed one with a dashed ring or line in the warning colour,
 * one to be deleted faded and struck through.
 */

/** Dash pattern in graph units for `on`/`off` screen px at zoom k. */
export const dash = (k: number, on: number, off: number) => [on / k, off / k];

function isHot(s: PaintState, l: FgLink): boolean {
  const active = s.hoverNode ?? s.selectedNode;
  return l.id === s.selectedLink || l.id === s.keyLink || (active !== null && (src(l).id === active || dst(l).id === active));
}

/** A proposed relation: new = dashed, changed = its line with a dashed warning line over it, deleted = faded red, crossed out. */
export function paintProposedLink(ctx: CanvasRenderingContext2D, s: PaintState, l: FgLink, k: number): void {
  const hot = isHot(s, l);
  const width = (LINK_WIDTHS[l.widthBucket] + (hot ? 1.25 : 0.75)) / k;
  ctx.save();
  ctx.lineCap = 'butt';
  if (l.proposed === 'create') {
    ctx.setLineDash(dash(k, 7, 5));
    ctx.strokeStyle = hot ? s.colors.linkHighlight : s.colors.text;
    ctx.globalAlpha = hot ? 1 : 0.7;
    ctx.lineWidth = width;
    strokeLinks(ctx, [l]);
  } else if (l.proposed === 'update') {
    ctx.strokeStyle = hot ? s.colors.linkHighlight : s.colors.link;
    ctx.lineWidth = width;
    strokeLinks(ctx, [l]);
    ctx.setLineDash(dash(k, 5, 4));
    ctx.strokeStyle = s.colors.proposedChange;
    ctx.lineWidth = width + 1 / k;
    strokeLinks(ctx, [l]);
  } else {
    // Faded, in the danger colour, with a cross at its middle: struck out.
    ctx.globalAlpha = hot ? 0.8 : 0.5;
    ctx.setLineDash(dash(k, 3, 3));
    ctx.strokeStyle = s.colors.proposedDelete;
    ctx.lineWidth = width;
    strokeLinks(ctx, [l]);
    const a = src(l);
    const b = dst(l);
    const mx = (a.x! + b.x!) / 2;
    const my = (a.y! + b.y!) / 2;
    const arm = 4.5 / k;
    ctx.setLineDash([]);
    ctx.globalAlpha = 1;
    ctx.lineWidth = 2 / k;
    ctx.beginPath();
    ctx.moveTo(mx - arm, my - arm);
    ctx.lineTo(mx + arm, my + arm);
    ctx.moveTo(mx - arm, my + arm);
    ctx.lineTo(mx + arm, my - arm);
    ctx.stroke();
  }
  ctx.restore();
}

/** A proposed node: new = pale with a dashed outline, changed = a dashed warning ring, deleted = faded and struck through. */
export function paintProposedNode(ctx: CanvasRenderingContext2D, s: PaintState, node: FgNode, r: number, k: number): void {
  const x = node.x!;
  const y = node.y!;
  ctx.save();
  if (node.proposed === 'create') {
    ctx.beginPath();
    ctx.arc(x, y, r, 0, 2 * Math.PI);
    ctx.fillStyle = '#ffffff';
    ctx.fill();
    ctx.globalAlpha = 0.3;
    ctx.fillStyle = node.color;
    ctx.fill();
    ctx.globalAlpha = 1;
    ctx.setLineDash(dash(k, 5, 3.5));
    ctx.lineWidth = Math.max(1.5, 2.25 / k);
    ctx.strokeStyle = node.color;
    ctx.stroke();
  } else if (node.proposed === 'update') {
    ctx.beginPath();
    ctx.arc(x, y, r, 0, 2 * Math.PI);
    ctx.fillStyle = node.color;
    ctx.fill();
    ctx.beginPath();
    ctx.arc(x, y, r + 2 + 2.5 / k, 0, 2 * Math.PI);
    ctx.setLineDash(dash(k, 5, 3.5));
    ctx.lineWidth = 2.25 / k;
    ctx.strokeStyle = s.colors.proposedChange;
    ctx.stroke();
  } else {
    ctx.globalAlpha = 0.32;
    ctx.beginPath();
    ctx.arc(x, y, r, 0, 2 * Math.PI);
    ctx.fillStyle = node.color;
    ctx.fill();
    ctx.globalAlpha = 0.9;
    ctx.beginPath();
    ctx.moveTo(x - r * 0.8, y + r * 0.8);
    ctx.lineTo(x + r * 0.8, y - r * 0.8);
    ctx.lineWidth = 2 / k;
    ctx.strokeStyle = s.colors.proposedDelete;
    ctx.stroke();
  }
  ctx.restore();
}
