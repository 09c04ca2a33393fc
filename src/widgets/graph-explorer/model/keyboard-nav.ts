/**
 * Keyboard use of the graph canvas, as pure functions: which key does what, which
 * node an arrow key moves to, and the order in which Shift+arrows walk the focused node's edges.
 * GraphCanvas wires them to the adapter's positions; the keys are listed in
 * docs/elements/kg-graph-explorer.md.
 */

export type Direction = 'up' | 'down' | 'left' | 'right';

export type KeyAction =
  | { kind: 'move'; direction: Direction }
  | { kind: 'edge'; step: 1 | -1 }
  | { kind: 'open' }
  | { kind: 'edit' }
  | { kind: 'clearEdge' };

export interface NavPoint {
  id: string;
  x: number;
  y: number;
}

export interface NavLink {
  id: string;
  source: string;
  target: string;
}

const ARROWS: Record<string, Direction> = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' };

/**
 * The action for a key press on the canvas, or null (the key is left to the page: Tab, shortcuts
 * with Ctrl/Alt/Meta). Escape clears a keyboard-chosen edge; with a popover open, GraphPopovers has
 * already taken Escape to close it.
 */
export function keyAction(e: { key: string; shiftKey: boolean; ctrlKey?: boolean; altKey?: boolean; metaKey?: boolean }): KeyAction | null {
  if (e.ctrlKey || e.altKey || e.metaKey) return null;
  const direction = ARROWS[e.key];
  if (direction) return e.shiftKey ? { kind: 'edge', step: direction === 'right' || direction === 'down' ? 1 : -1 } : { kind: 'move', direction };
  if (e.key === 'Enter' || e.key === ' ') return { kind: 'open' };
  if (e.key === 'e' || e.key === 'E' || e.key === 'F2') return { kind: 'edit' };
  if (e.key === 'Escape') return { kind: 'clearEdge' };
  return null;
}

/**
 * The node an arrow key moves to from `from`: among the nodes ahead in that direction (screen
 * coordinates: y grows downwards), the one with the least distance ahead plus twice the sideways
 * offset, so a node straight ahead wins over a nearer one far off to the side. Null when nothing
 * lies that way. Ties go to the smaller id, so the same picture always gives the same answer.
 */
export function nearestInDirection(from: NavPoint, points: readonly NavPoint[], direction: Direction): string | null {
  let best: { id: string; cost: number } | null = null;
  for (const p of points) {
    if (p.id === from.id) continue;
    const dx = p.x - from.x;
    const dy = p.y - from.y;
    const ahead = direction === 'right' ? dx : direction === 'left' ? -dx : direction === 'down' ? dy : -dy;
    const side = Math.abs(direction === 'left' || direction === 'right' ? dy : dx);
    if (ahead <= 0) continue;
    const cost = ahead + 2 * side;
    if (!best || cost < best.cost || (cost === best.cost && p.id < best.id)) best = { id: p.id, cost };
  }
  return best?.id ?? null;
}

/**
 * Where keyboard focus starts when the canvas gets focus with none chosen yet: the focused view's
 * focus node, else the node nearest the middle of the drawn nodes (where the eye starts).
 */
export function startNode(points: readonly NavPoint[], focus: string | null): string | null {
  if (focus && points.some((p) => p.id === focus)) return focus;
  if (!points.length) return null;
  const cx = points.reduce((s, p) => s + p.x, 0) / points.length;
  const cy = points.reduce((s, p) => s + p.y, 0) / points.length;
  let best = points[0];
  for (const p of points) if (Math.hypot(p.x - cx, p.y - cy) < Math.hypot(best.x - cx, best.y - cy)) best = p;
  return best.id;
}

/**
 * The edges of `node` in the order Shift+Right/Down walks them: clockwise by the direction of the
 * other end, starting straight up (a self-loop or an end without a position comes last).
 */
export function edgeOrder(node: NavPoint, links: readonly NavLink[], positions: ReadonlyMap<string, NavPoint>): string[] {
  const angle = (l: NavLink) => {
    const other = positions.get(l.source === node.id ? l.target : l.source);
    if (!other || other.id === node.id) return Infinity;
    // atan2 from "up", clockwise on screen (y down), in [0, 2π).
    const a = Math.atan2(other.x - node.x, -(other.y - node.y));
    return a < 0 ? a + 2 * Math.PI : a;
  };
  return links
    .filter((l) => l.source === node.id || l.target === node.id)
    .map((l) => ({ id: l.id, a: angle(l) }))
    .sort((p, q) => p.a - q.a || (p.id < q.id ? -1 : p.id > q.id ? 1 : 0))
    .map((e) => e.id);
}

/** The next (step 1) or previous (step -1) edge of `order` after `current`, wrapping round; none chosen yet = the first or last. */
export function stepEdge(order: readonly string[], current: string | null, step: 1 | -1): string | null {
  if (!order.length) return null;
  const i = current === null ? -1 : order.indexOf(current);
  if (i < 0) return step === 1 ? order[0] : order[order.length - 1];
  return order[(i + step + order.length) % order.length];
}
