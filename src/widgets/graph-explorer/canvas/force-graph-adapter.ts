import type ForceGraph from 'force-graph';
import { GRAPH_FIGURES } from '../../../contract/texts/graph';
import { buildObjects, type FgLink, type FgNode, type ObjectsInput } from './graph-objects';
import { paintFrame, type FrameStats, type PaintState, type Viewport } from './graph-painter';
import { screenPositions } from './debug-positions';
import { canvasPng } from './export-png';
import { FrameCache } from './frame-cache';
import { linkHitArea, nodeHitArea } from './hit-areas';
import { configureForces, type Force } from './graph-forces';
import { fitView, SPACING, type Point } from '../model/layouts';
import type { NavLink, NavPoint } from '../model/keyboard-nav';

/**
 * The one place that knows force-graph (DESIGN §5). force-graph runs the simulation, zoom/pan,
 * dragging and hit-testing; we hand it fresh objects per data change, lay large graphs out
 * before the first frame (warm-up ticks, then the rest of the 100 iterations as cool-down),
 * and draw every frame ourselves (graph-painter.ts). force-graph itself is imported lazily.
 */
type FG = ForceGraph<FgNode, FgLink>;

/**
 * force-graph and its tooltip put their CSS into the page's <head> when they load: rules for
 * `.force-graph-container …` and `.float-tooltip-kap` that would reach the embedding page and never
 * reach our shadow root. graph-explorer.css has what we need; take theirs out again.
 */
const INJECTED = /^\s*\.(force-graph-container|float-tooltip-kap)\b/;
function removeInjectedStyles(): void {
  for (const style of document.head.querySelectorAll('style')) if (INJECTED.test(style.textContent ?? '')) style.remove();
}

export interface AdapterEvents {
  nodeClick: (id: string, at: Point) => void;
  nodeRightClick: (id: string, at: Point) => void;
  linkClick: (id: string, at: Point) => void;
  backgroundClick: () => void;
  zoom: (k: number) => void;
}

export interface AdapterData extends Omit<ObjectsInput, 'previous' | 'spacing'> {
  /** Fit the view once laid out (new data, a layout change); otherwise keep the user's view. */
  refit: boolean;
}

const { wheelZoom, buttonZoom } = GRAPH_FIGURES;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
/**
 * Warm-up ticks before the first frame: all 100 iterations up to 1,000 nodes, then fewer (each
 * tick costs about 10 ms per 1,000 nodes here), so the first frame comes within about a second;
 * the rest of the 100 run animated.
 */
export const warmupTicksFor = (n: number) => clamp(Math.round((100 * 1000) / Math.max(n, 1)), 5, GRAPH_FIGURES.forceIterations);

export class GraphAdapter {
  private nodes: FgNode[] = [];
  private links: FgLink[] = [];
  private paint: PaintState;
  /** What the last frame showed (kept on screen until new data is laid out). */
  private shown: PaintState | null = null;
  private positions = new Map<string, Point>();
  private pendingFit = false;
  /** Fit again when the simulation settles, unless the user has zoomed or panned since. */
  private fitOnSettle = false;
  private firstFramePending = false;
  private wheelTimer: ReturnType<typeof setTimeout> | undefined;
  private interacting = false;
  /** A user gesture (a wheel turn, a pressed pointer) is going on: only then may frames use the cache. */
  private pointerDown = false;
  private engineRunning = false;
  private readonly cache = new FrameCache();
  /** On screen in the last full frame: above the MAX_CLICKABLE_* limits they get no hit areas. */
  private onScreen: FrameStats = { links: Infinity, nodes: Infinity };
  private view: Viewport = { x0: -Infinity, y0: -Infinity, x1: Infinity, y1: Infinity };
  private readonly centerForce: Force | undefined;
  private readonly resize: ResizeObserver;

  private constructor(
    private readonly fg: FG,
    private readonly box: HTMLElement,
    private readonly events: AdapterEvents,
    colors: PaintState['colors'],
  ) {
    this.paint = { nodes: [], links: [], focused: false, hoverNode: null, selectedNode: null, selectedLink: null, keyNode: null, keyLink: null, colors };
    fg.nodeId('id')
      .nodeRelSize(1)
      .nodeVal('val')
      .nodeLabel(() => '')
      .linkLabel(() => '')
      .nodeCanvasObjectMode(() => 'replace')
      .nodeCanvasObject(() => undefined)
      .linkCanvasObjectMode(() => 'replace')
      .linkCanvasObject(() => undefined)
      .linkPointerAreaPaint((link, color, ctx, k) => linkHitArea(link, color, ctx, k, this.view, this.onScreen))
      .nodePointerAreaPaint((node, color, ctx) => nodeHitArea(node, color, ctx, this.view, this.onScreen, this.paint.hoverNode))
      .linkHoverPrecision(6)
      .minZoom(buttonZoom.min)
      .maxZoom(buttonZoom.max)
      .enableZoomInteraction(false) // the wheel is ours: steps of 0.95/1.05 within 0.5–2.5
      .onRenderFramePost((ctx, k) => this.frame(ctx, k))
      .onNodeHover((node) => this.setHover(node?.id ?? null))
      .onNodeClick((node, ev) => events.nodeClick(node.id, { x: ev.clientX, y: ev.clientY }))
      .onNodeRightClick((node, ev) => events.nodeRightClick(node.id, { x: ev.clientX, y: ev.clientY }))
      .onLinkClick((link, ev) => events.linkClick(link.id, { x: ev.clientX, y: ev.clientY }))
      .onLinkRightClick((link, ev) => events.linkClick(link.id, { x: ev.clientX, y: ev.clientY }))
      .onBackgroundClick(() => events.backgroundClick())
      .onZoom(({ k }) => {
        this.setInteracting(true);
        events.zoom(k);
      })
      .onZoomEnd(() => {
        if (!this.wheelTimer) this.setInteracting(false);
      })
      .onNodeDrag(() => {
        this.engineRunning = true;
      })
      .onEngineStop(() => {
        this.engineRunning = false;
        performance.mark('kg-graph:settled');
        this.remember();
        if (this.fitOnSettle) this.fit(400);
        this.fitOnSettle = false;
      });
    this.centerForce = fg.d3Force('center');
    box.addEventListener('wheel', this.onWheel, { passive: false });
    box.addEventListener('pointerdown', this.onPointerDown);
    window.addEventListener('pointerup', this.onPointerUp);
    this.resize = new ResizeObserver(() => this.fitSize());
    this.resize.observe(box);
    this.fitSize();
  }

  /** Loads force-graph (its own chunk) and mounts a canvas in `box`. */
  static async create(box: HTMLElement, events: AdapterEvents, colors: PaintState['colors']): Promise<GraphAdapter> {
    const { default: ForceGraphClass } = await import('force-graph');
    removeInjectedStyles();
    const fg = new ForceGraphClass<FgNode, FgLink>(box);
    return new GraphAdapter(fg, box, events, colors);
  }

  setData(data: AdapterData): void {
    performance.mark('kg-graph:data');
    this.remember();
    const { nodes, links } = buildObjects({ ...data, previous: this.positions, spacing: data.focus ? SPACING : 36 });
    this.nodes = nodes;
    this.links = links;
    this.paint = { ...this.paint, nodes, links, focused: !!data.focus };
    const fixed = !!data.fixed;
    const warmup = fixed ? 0 : data.refit ? warmupTicksFor(nodes.length) : 10;
    const big = nodes.length > 3000;
    configureForces(this.fg, { focused: !!data.focus, big, small: nodes.length <= 2500, center: this.centerForce });
    this.fg
      .d3AlphaDecay(1 - Math.pow(0.001, 1 / GRAPH_FIGURES.forceIterations)) // 100 iterations from alpha 1 to 0.001
      .d3VelocityDecay(big ? 0.55 : 0.4)
      .warmupTicks(warmup)
      .cooldownTicks(fixed ? 0 : Math.max(0, GRAPH_FIGURES.forceIterations - warmup))
      .cooldownTime(fixed ? 0 : 15_000)
      .graphData({ nodes, links });
    this.engineRunning = !fixed;
    this.pendingFit = data.refit;
    this.fitOnSettle = data.refit && !fixed && warmup < GRAPH_FIGURES.forceIterations;
    this.firstFramePending = true;
  }

  setSelection(sel: { node?: string | null; link?: string | null }): void {
    this.paint = { ...this.paint, selectedNode: sel.node ?? null, selectedLink: sel.link ?? null };
    this.redraw();
  }

  /** The keyboard focus (keyboard-nav.ts): drawn with a focus ring, its edge highlighted. */
  setKeyboardFocus(sel: { node: string | null; link: string | null }): void {
    if (this.paint.keyNode === sel.node && this.paint.keyLink === sel.link) return;
    this.paint = { ...this.paint, keyNode: sel.node, keyLink: sel.link };
    this.redraw();
  }

  /** Drawn nodes at their screen positions (px in the canvas): what arrow keys move between. */
  navPoints(): NavPoint[] {
    return this.nodes.filter((n) => n.x !== undefined).map((n) => ({ id: n.id, ...this.fg.graph2ScreenCoords(n.x!, n.y!) }));
  }

  /** Drawn links by their end ids (force-graph turns source/target into node objects). */
  navLinks(): NavLink[] {
    return this.links.map((l) => ({ id: l.id, source: typeof l.source === 'object' ? l.source.id : l.source, target: typeof l.target === 'object' ? l.target.id : l.target }));
  }

  /** Where a node (or a link's midpoint) is in client px: a keyboard-opened popover's anchor. */
  anchorOf(kind: 'node' | 'link', id: string): Point | null {
    let at: Point | null = null;
    if (kind === 'node') {
      const n = this.nodes.find((x) => x.id === id);
      if (n?.x !== undefined) at = { x: n.x, y: n.y! };
    } else {
      const e = this.links.find((l) => l.id === id);
      const a = e && typeof e.source === 'object' ? e.source : null;
      const b = e && typeof e.target === 'object' ? e.target : null;
      if (a?.x !== undefined && b?.x !== undefined) at = { x: (a.x + b.x) / 2, y: (a.y! + b.y!) / 2 };
    }
    if (!at) return null;
    const p = this.fg.graph2ScreenCoords(at.x, at.y);
    const rect = this.box.getBoundingClientRect();
    return { x: rect.left + p.x, y: rect.top + p.y };
  }

  /** Pans a node into view if it is outside the canvas (keyboard focus moved onto it). */
  reveal(id: string): void {
    const n = this.nodes.find((x) => x.id === id);
    if (n?.x === undefined) return;
    const p = this.fg.graph2ScreenCoords(n.x, n.y!);
    const margin = n.radius * this.fg.zoom() + 8;
    if (p.x < margin || p.y < margin || p.x > this.fg.width() - margin || p.y > this.fg.height() - margin) this.fg.centerAt(n.x, n.y, 300);
  }

  /** Stops (and restarts) drawing, e.g. while a modal form covers the graph: the last frame stays. */
  setPaused(paused: boolean): void {
    if (paused) this.fg.pauseAnimation();
    else this.fg.resumeAnimation();
  }

  /** Button zoom: factors 1.1 / 0.9 within 0.3–2.5. */
  zoomBy(factor: number): void {
    this.fg.zoom(clamp(this.fg.zoom() * factor, buttonZoom.min, buttonZoom.max), 200);
  }

  /** Reset View: the whole graph (focused: around the focus node, which stays in the centre), zoom clamped to 0.3–1. */
  fit(duration = 300): void {
    const focus = this.nodes.find((n) => n.side === 'focus' && n.x !== undefined);
    const t = fitView(this.fg.getGraphBbox(), this.fg.width(), this.fg.height(), focus ? { x: focus.x!, y: focus.y! } : null);
    if (!t) return;
    this.fg.centerAt(t.x, t.y, duration);
    this.fg.zoom(t.k, duration);
    if (!duration) this.events.zoom(t.k);
  }

  /** Centres (and zooms in on) one node: the find box. */
  centerOn(id: string): void {
    const node = this.nodes.find((n) => n.id === id);
    if (node?.x === undefined) return;
    this.fg.centerAt(node.x, node.y, 400);
    this.fg.zoom(Math.max(this.fg.zoom(), 1.2), 400);
  }

  /** The current view as a PNG on white (the canvas itself is transparent). */
  exportPng(): Promise<Blob> {
    return canvasPng(this.box.querySelector('canvas'));
  }

  /** Viewport positions (client px) of nodes and link midpoints, and the keyboard focus: for browser tests only. */
  debugPositions() {
    const keyboard = { keyNode: this.paint.keyNode, keyLink: this.paint.keyLink };
    return { ...screenPositions(this.box, this.nodes, this.links, (x, y) => this.fg.graph2ScreenCoords(x, y), this.fg.zoom()), ...keyboard };
  }

  destroy(): void {
    this.resize.disconnect();
    this.box.removeEventListener('wheel', this.onWheel);
    this.box.removeEventListener('pointerdown', this.onPointerDown);
    window.removeEventListener('pointerup', this.onPointerUp);
    clearTimeout(this.wheelTimer);
    this.fg._destructor();
    this.box.replaceChildren();
  }

  private onPointerDown = () => {
    this.fitOnSettle = false;
    this.pointerDown = true;
  };

  private onPointerUp = () => {
    this.pointerDown = false;
  };

  private onWheel = (ev: WheelEvent) => {
    ev.preventDefault();
    this.fitOnSettle = false;
    const k = this.fg.zoom();
    const zoomIn = ev.deltaY < 0;
    const next = zoomIn ? Math.min(wheelZoom.max, k * wheelZoom.in) : k <= wheelZoom.min ? k : Math.max(wheelZoom.min, k * wheelZoom.out);
    clearTimeout(this.wheelTimer);
    this.wheelTimer = setTimeout(() => {
      this.wheelTimer = undefined;
      this.setInteracting(false);
    }, 200);
    this.setInteracting(true);
    if (next === k) return;
    // Zoom about the pointer: the graph point under it stays under it.
    const rect = this.box.getBoundingClientRect();
    const px = ev.clientX - rect.left;
    const py = ev.clientY - rect.top;
    const g = this.fg.screen2GraphCoords(px, py);
    this.fg.zoom(next);
    this.fg.centerAt(g.x - (px - this.fg.width() / 2) / next, g.y - (py - this.fg.height() / 2) / next);
  };

  /** While zooming or panning, force-graph's hit-test canvas (a second full draw) is skipped. */
  private setInteracting(on: boolean): void {
    if (on && (this.pointerDown || this.wheelTimer)) this.cache.begin(this.box.querySelector('canvas'));
    if (this.interacting === on) return;
    this.interacting = on;
    this.fg.enablePointerInteraction(!on);
    if (!on) {
      this.cache.end();
      this.redraw();
    }
  }

  private setHover(id: string | null): void {
    if (this.paint.hoverNode === id) return;
    this.paint = { ...this.paint, hoverNode: id };
    this.redraw();
  }

  /** force-graph repaints when a styling prop is set; nodeRelSize(1) is a cheap way to ask. */
  private redraw(): void {
    this.fg.nodeRelSize(1);
  }

  private fitSize(): void {
    const { width, height } = this.box.getBoundingClientRect();
    if (width > 0 && height > 0) this.fg.width(Math.floor(width)).height(Math.floor(height));
  }

  private remember(): void {
    for (const n of this.nodes) if (n.x !== undefined) this.positions.set(n.id, { x: n.x, y: n.y! });
  }

  private frame(ctx: CanvasRenderingContext2D, k: number): void {
    // force-graph takes new data on its next update (asynchronously); until then the old picture stays.
    const laidOut = this.nodes.length === 0 || this.nodes[0].index !== undefined;
    if (!laidOut) {
      if (this.shown) paintFrame(ctx, this.shown, k, this.view);
      return;
    }
    this.shown = this.paint;
    if (this.pendingFit && this.nodes.length) {
      this.pendingFit = false;
      this.fit(0); // sets the canvas transform at once: this frame is drawn with it
      k = this.fg.zoom();
    }
    const w = this.fg.width();
    const h = this.fg.height();
    const a = this.fg.screen2GraphCoords(0, 0);
    const b = this.fg.screen2GraphCoords(w, h);
    const pad = 30 / k;
    if (this.cache.useKept(this.engineRunning)) return this.cache.blit(ctx);
    this.view = { x0: a.x - pad, y0: a.y - pad, x1: b.x + pad, y1: b.y + pad };
    this.onScreen = paintFrame(ctx, this.paint, k, this.view);
    this.cache.drawn(ctx, this.onScreen.links + this.onScreen.nodes, this.engineRunning);
    // A gesture that made drawing slow (zooming out onto more of the graph) goes on with this frame as a bitmap.
    if (this.interacting && (this.pointerDown || this.wheelTimer)) this.cache.begin(ctx.canvas);
    if (this.firstFramePending) {
      this.firstFramePending = false;
      performance.mark('kg-graph:first-frame');
    }
  }
}
