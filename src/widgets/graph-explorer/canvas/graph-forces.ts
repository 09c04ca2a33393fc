import type ForceGraph from 'force-graph';
import type { FgLink, FgNode } from './graph-objects';
import { SPACING } from '../model/layouts';

/**
 * The simulation's forces. Global view: d3's charge, link and centre forces, lighter for big
 * graphs. Focused view: stronger repulsion, long links, the focus node's neighbours pinned on
 * their radial rings (GraphCanvas) and nodes further away pushed outside them; for small graphs,
 * room for the labels.
 */
export type Force = ((alpha: number) => void) & { initialize?: (nodes: FgNode[]) => void };

export function configureForces(fg: ForceGraph<FgNode, FgLink>, o: { focused: boolean; big: boolean; small: boolean; center: Force | undefined }): void {
  const charge = fg.d3Force('charge');
  charge?.strength?.(o.focused ? -300 : o.big ? -35 : -45);
  charge?.distanceMax?.(o.big ? 400 : 900);
  charge?.theta?.(o.big ? 1.5 : 0.9);
  fg.d3Force('link')?.distance?.(o.focused ? 200 : o.big ? 40 : 50);
  // The focus node is pinned at 0,0; a centring force would only pull the rest off it.
  fg.d3Force('center', o.focused ? null : (o.center ?? null));
  fg.d3Force('sides', o.focused ? sideForce() : null);
  fg.d3Force('spread', o.small ? spreadForce(o.focused ? 64 : 44) : null);
}

/**
 * Focused view: the focus node's neighbours are pinned on the radial rings, so
 * this only moves nodes further away: it pushes them out beyond the outermost ring, where their
 * labels do not land on the ring's.
 */
function sideForce() {
  let nodes: FgNode[] = [];
  let beyond = 0;
  const force = (alpha: number) => {
    for (const n of nodes) {
      if (n.side !== 'other' || n.x === undefined || n.fx !== undefined) continue;
      const d = Math.hypot(n.x, n.y!) || 1;
      if (d >= beyond) continue;
      const push = ((beyond - d) / d) * 0.3 * alpha;
      n.vx = (n.vx ?? 0) + n.x * push;
      n.vy = (n.vy ?? 0) + n.y! * push;
    }
  };
  force.initialize = (list: FgNode[]) => {
    nodes = list;
    const ring = Math.max(0, ...list.filter((n) => n.side !== 'focus' && n.side !== 'other' && n.fx !== undefined).map((n) => Math.hypot(n.fx!, n.fy ?? 0)));
    beyond = ring + 2 * SPACING;
  };
  return force;
}

/** Nodes closer than `gap` push each other apart (room for labels): a grid of gap-sized cells, so O(n). */
function spreadForce(gap: number) {
  let nodes: FgNode[] = [];
  const force = () => {
    const cells = new Map<string, FgNode[]>();
    const key = (x: number, y: number) => `${x},${y}`;
    for (const n of nodes) {
      const k = key(Math.floor(n.x! / gap), Math.floor(n.y! / gap));
      const list = cells.get(k);
      if (list) list.push(n);
      else cells.set(k, [n]);
    }
    // Not scaled by alpha: like a collision constraint, it still holds at the end of the 100 iterations.
    const strength = 0.3;
    for (const a of nodes) {
      const cx = Math.floor(a.x! / gap);
      const cy = Math.floor(a.y! / gap);
      for (let dx = -1; dx <= 1; dx++) {
        for (let dy = -1; dy <= 1; dy++) {
          for (const b of cells.get(key(cx + dx, cy + dy)) ?? []) {
            if (b === a || b.id < a.id) continue; // each pair once
            const vx = b.x! - a.x!;
            const vy = b.y! - a.y!;
            const d2 = vx * vx + vy * vy;
            if (d2 >= gap * gap) continue;
            const d = Math.sqrt(d2) || 0.01;
            const push = ((gap - d) / d) * strength;
            a.vx! -= vx * push;
            a.vy! -= vy * push;
            b.vx! += vx * push;
            b.vy! += vy * push;
          }
        }
      }
    }
  };
  force.initialize = (list: FgNode[]) => {
    nodes = list;
  };
  return force;
}
