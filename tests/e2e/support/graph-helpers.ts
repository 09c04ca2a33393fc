import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Browser-test helpers for the graph explorer. The canvas has no DOM per node or edge, so
 * tests read where force-graph drew them (window.__kgGraph, present only when the test sets
 * __KG_GRAPH_DEBUG__ before the page loads) and then click those screen points with the real
 * mouse: hit-testing, the 250 ms click window and the popovers all run as for a user.
 */
export interface DebugNode {
  id: string;
  name: string;
  x: number;
  y: number;
  r: number;
  /** An open proposal creates, changes or deletes it (review mode), else null. */
  proposed: 'create' | 'update' | 'delete' | null;
}
export interface DebugLink {
  id: string;
  source: string;
  target: string;
  x: number;
  y: number;
  proposed: 'create' | 'update' | 'delete' | null;
}
export interface Positions {
  zoom: number;
  nodes: DebugNode[];
  links: DebugLink[];
  /** The keyboard focus drawn on the canvas (keyboard-nav.ts). */
  keyNode: string | null;
  keyLink: string | null;
}

export const enableGraphDebug = (page: Page) => page.addInitScript(() => ((window as unknown as { __KG_GRAPH_DEBUG__: boolean }).__KG_GRAPH_DEBUG__ = true));

export const positions = (page: Page): Promise<Positions | null> =>
  page.evaluate(() => (window as unknown as { __kgGraph?: { positions: () => Positions } }).__kgGraph?.positions() ?? null);

/** Waits until the layout has stopped moving (and force-graph's hit canvas has caught up). */
export async function settled(page: Page): Promise<Positions> {
  let last = '';
  let stable = 0;
  for (let i = 0; i < 80; i++) {
    const p = await positions(page);
    const key = p ? JSON.stringify(p.nodes.map((n) => [Math.round(n.x), Math.round(n.y)])) + p.zoom.toFixed(3) : '';
    stable = p && p.nodes.length > 0 && key === last ? stable + 1 : 0;
    last = key;
    if (stable >= 3) {
      // force-graph repaints its hit canvas throttled to every 800 ms, the throttle's trailing call
      // included: at most 800 ms after the last frame that moved. Three equal readings 250 ms apart
      // already put us 750 ms past it; 500 ms more leave room for a late timer on a busy machine.
      await page.waitForTimeout(500);
      return (await positions(page))!;
    }
    await page.waitForTimeout(250);
  }
  throw new Error('the graph did not settle');
}

export function nodeNamed(p: Positions, name: string): DebugNode {
  const n = p.nodes.find((x) => x.name === name);
  if (!n) throw new Error(`node ${name} is not drawn`);
  return n;
}

/** A node inside `area` that no other node overlaps or crowds, optionally near a point. */
export function clearNode(p: Positions, area: { x: number; y: number; width: number; height: number }, accept: (n: DebugNode) => boolean = () => true): DebugNode {
  const found = p.nodes.find(
    (n) =>
      accept(n) &&
      n.x > area.x + 30 &&
      n.x < area.x + area.width - 30 &&
      n.y > area.y + 30 &&
      n.y < area.y + area.height - 30 &&
      p.nodes.every((o) => o.id === n.id || Math.hypot(o.x - n.x, o.y - n.y) > n.r + o.r + 6),
  );
  if (!found) throw new Error('no clear node');
  return found;
}

/** Moves the pointer onto a point first (force-graph finds what is under it on the next frame), then clicks. */
export async function clickAt(page: Page, at: { x: number; y: number }, options: { button?: 'left' | 'right'; clickCount?: number } = {}) {
  await page.mouse.move(at.x, at.y);
  await page.waitForTimeout(120);
  await page.mouse.click(at.x, at.y, { button: options.button ?? 'left', clickCount: options.clickCount ?? 1 });
}

const distToSegment = (p: { x: number; y: number }, a: { x: number; y: number }, b: { x: number; y: number }) => {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
};

/** An edge whose midpoint is clear of every node and every other edge, inside `area`: a click there can only mean that edge. */
export function clearEdge(p: Positions, area: { x: number; y: number; width: number; height: number }, accept: (l: DebugLink) => boolean = () => true): DebugLink {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const inside = (q: { x: number; y: number }) => q.x > area.x + 20 && q.x < area.x + area.width - 20 && q.y > area.y + 20 && q.y < area.y + area.height - 20;
  const found = p.links.find((l) => {
    if (!accept(l) || !inside(l)) return false;
    if (p.nodes.some((n) => Math.hypot(n.x - l.x, n.y - l.y) < n.r + 14)) return false;
    return p.links.every((o) => o.id === l.id || distToSegment(l, byId.get(o.source)!, byId.get(o.target)!) > 14);
  });
  if (!found) throw new Error('no edge with a clear midpoint');
  return found;
}

/** The chip button of a filter group ('Node Types' or 'Relations'). */
export const chip = (scope: Page | Locator, group: string, name: string) => scope.getByRole('group', { name: group }).getByRole('button', { name, exact: true });

export async function expectPressed(button: Locator, pressed: boolean) {
  await expect(button).toHaveAttribute('aria-pressed', String(pressed));
}
