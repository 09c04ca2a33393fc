import { useEffect, useId, useImperativeHandle, useMemo, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { GRAPH_FIGURES, GRAPH_MESSAGES } from '../../contract/texts/graph';
import type { Anchor } from '../../machines/graph-explorer.machine';
import type { GraphAdapter } from './force-graph-adapter';
import type { ViewGraph } from './graph-model';
import { radialLayout, staticLayout, type LayoutName } from './layouts';
import type { Side } from './graph-model';
import { useLatest } from '../../ui/use-latest';
import { edgeOrder, keyAction, nearestInDirection, startNode, stepEdge } from './keyboard-nav';
import { GRAPH_VIEW_TEXTS as V } from '../../contract/texts/graph';

/** The focus node's direct neighbours (pinned on the focused force view's ring). */
const ADJACENT: ReadonlySet<Side> = new Set(['in', 'out', 'both']);

export interface GraphCanvasHandle {
  zoomBy: (factor: number) => void;
  fit: () => void;
  centerOn: (nodeId: string) => void;
  exportPng: () => Promise<Blob>;
}

export interface GraphCanvasProps {
  view: ViewGraph;
  layout: LayoutName;
  colors: ReadonlyMap<string, string>;
  typeOrder: readonly string[];
  /** Changes with every load: the view is fitted again. */
  loadCount: number;
  selectedNode: string | null;
  selectedLink: string | null;
  /** While a modal form covers the graph, nothing is redrawn (the last frame stays). */
  paused: boolean;
  onNodeClick: (id: string, at: Anchor) => void;
  onNodeDoubleClick: (id: string) => void;
  onLinkClick: (id: string, at: Anchor) => void;
  onBackgroundClick: () => void;
  onZoom: (k: number) => void;
  onInitError: (message: string) => void;
  /** Not `ref`: preact/compat (the element build) does not pass `ref` to function components. */
  handleRef: Ref<GraphCanvasHandle>;
}

declare global {
  interface Window {
    /** Set by browser tests before the page loads: exposes node and edge positions (never set in production). */
    __KG_GRAPH_DEBUG__?: boolean;
    __kgGraph?: { positions: () => ReturnType<GraphAdapter['debugPositions']> };
  }
}

/** CSS custom property → colour for the canvas (so --kg-* theming reaches the drawing too). */
function themeColors(el: HTMLElement) {
  const css = getComputedStyle(el);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    link: 'rgba(100, 116, 139, 0.42)',
    linkHighlight: v('--kg-color-primary', '#1565c0'),
    ring: v('--kg-color-primary', '#1565c0'),
    focusRing: v('--kg-color-secondary', '#5b4fc7'),
    text: v('--kg-color-text', '#17212e'),
    muted: v('--kg-color-text-muted', '#5a6777'),
    badge: v('--kg-color-secondary', '#5b4fc7'),
  };
}

/**
 * The drawing surface: loads the force-graph adapter (a lazy chunk) and feeds it. A node click
 * waits 250 ms (spec §9) so a double click can open the edit form instead of the popover.
 */
export function GraphCanvas(p: GraphCanvasProps) {
  const box = useRef<HTMLDivElement>(null);
  const [adapter, setAdapter] = useState<GraphAdapter | null>(null);
  const handlers = useLatest(p);

  useEffect(() => {
    let live = true;
    let created: GraphAdapter | null = null;
    const el = box.current!;
    let clickTimer: ReturnType<typeof setTimeout> | undefined;
    let lastClick: { id: string; at: number } | null = null;
    import('./force-graph-adapter')
      .then(({ GraphAdapter }) =>
        GraphAdapter.create(
          el,
          {
            nodeClick: (id, at) => {
              clearTimeout(clickTimer);
              const now = performance.now();
              if (lastClick && lastClick.id === id && now - lastClick.at <= GRAPH_FIGURES.clickDelayMs) {
                lastClick = null;
                handlers.current.onNodeDoubleClick(id);
                return;
              }
              lastClick = { id, at: now };
              clickTimer = setTimeout(() => handlers.current.onNodeClick(id, at), GRAPH_FIGURES.clickDelayMs);
            },
            nodeRightClick: (id, at) => {
              clearTimeout(clickTimer);
              handlers.current.onNodeClick(id, at);
            },
            linkClick: (id, at) => handlers.current.onLinkClick(id, at),
            backgroundClick: () => handlers.current.onBackgroundClick(),
            zoom: (k) => handlers.current.onZoom(k),
          },
          themeColors(el),
        ),
      )
      .then((a) => {
        created = a;
        if (!live) return a.destroy();
        setAdapter(a);
        if (window.__KG_GRAPH_DEBUG__) window.__kgGraph = { positions: () => a.debugPositions() };
      })
      .catch((err: unknown) => live && handlers.current.onInitError(GRAPH_MESSAGES.initFailed(err instanceof Error ? err.message : String(err))));
    return () => {
      live = false;
      clearTimeout(clickTimer);
      created?.destroy();
    };
  }, [handlers]);

  const { view, layout, colors, typeOrder, loadCount } = p;
  const fixed = useMemo(() => staticLayout(layout, { nodes: view.nodes, focus: view.focus, sides: view.sides, typeOrder }), [layout, view, typeOrder]);
  // The focused force layout starts from the radial rings and keeps the focus node's neighbours on
  // them (pinned), grouped by direction around it; only nodes further away are simulated.
  const seeds = useMemo(() => (!fixed && view.focus ? radialLayout({ nodes: view.nodes, focus: view.focus, sides: view.sides, typeOrder }) : null), [fixed, view, typeOrder]);
  const pins = useMemo(() => (seeds ? new Map([...seeds].filter(([id]) => ADJACENT.has(view.sides.get(id) ?? 'other'))) : null), [seeds, view]);
  const fitKey = `${loadCount}|${layout}|${view.focus}|${fixed ? view.nodes.length : ''}`;
  const lastFit = useRef('');
  useEffect(() => {
    if (!adapter) return;
    const refit = lastFit.current !== fitKey;
    lastFit.current = fitKey;
    adapter.setData({ nodes: view.nodes, relations: view.relations, focus: view.focus, sides: view.sides, colors, capped: view.capped, fixed, seeds, pins, refit });
  }, [adapter, view, colors, fixed, seeds, pins, fitKey]);

  useEffect(() => adapter?.setSelection({ node: p.selectedNode, link: p.selectedLink }), [adapter, p.selectedNode, p.selectedLink]);
  useEffect(() => adapter?.setPaused(p.paused), [adapter, p.paused]);

  // Keyboard use (keyboard-nav.ts): a node (and optionally one of its edges) chosen by keys,
  // ringed on the canvas and read out by the live region below.
  const [keyNode, setKeyNode] = useState<string | null>(null);
  const [keyLink, setKeyLink] = useState<string | null>(null);
  const [announced, setAnnounced] = useState('');
  const openedByKey = useRef(false);
  const helpId = useId();
  // Filters or new data can take the chosen node (or edge) out of the view.
  const keyNodeShown = keyNode !== null && view.nodes.some((n) => n.id === keyNode);
  const keyLinkShown = keyLink !== null && keyNodeShown && view.relations.some((r) => r.id === keyLink);
  const shownKeyNode = keyNodeShown ? keyNode : null;
  const shownKeyLink = keyLinkShown ? keyLink : null;
  useEffect(() => adapter?.setKeyboardFocus({ node: shownKeyNode, link: shownKeyLink }), [adapter, shownKeyNode, shownKeyLink]);
  // A popover opened by key closes (Escape, its close button): the keys go on from the canvas.
  const popoverOpen = !!(p.selectedNode || p.selectedLink);
  useEffect(() => {
    if (popoverOpen || !openedByKey.current) return;
    openedByKey.current = false;
    box.current?.focus({ preventScroll: true });
  }, [popoverOpen]);

  const announceNode = (id: string) => {
    const n = view.nodes.find((x) => x.id === id);
    if (n) setAnnounced(V.announceNode(n.name, n.nodeType));
  };
  const announceLink = (id: string) => {
    const r = view.relations.find((x) => x.id === id);
    const name = (nodeId: string) => view.nodes.find((n) => n.id === nodeId)?.name ?? '';
    if (r) setAnnounced(V.announceEdge(r.relationType, name(r.sourceNodeId), name(r.targetNodeId)));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const action = keyAction(e);
    if (!action || !adapter || e.target !== e.currentTarget) return;
    const points = adapter.navPoints();
    const current = shownKeyNode ?? startNode(points, view.focus);
    if (!current) return;
    if (action.kind === 'clearEdge') {
      if (!shownKeyLink) return;
      setKeyLink(null);
      announceNode(current);
    } else if (action.kind === 'move') {
      const from = points.find((x) => x.id === current);
      // The first key press only chooses the starting node.
      const next = shownKeyNode && from ? (nearestInDirection(from, points, action.direction) ?? current) : current;
      setKeyNode(next);
      setKeyLink(null);
      adapter.reveal(next);
      announceNode(next);
    } else if (action.kind === 'edge') {
      const from = points.find((x) => x.id === current);
      if (!from) return;
      const link = stepEdge(edgeOrder(from, adapter.navLinks(), new Map(points.map((x) => [x.id, x]))), shownKeyLink, action.step);
      setKeyNode(current);
      setKeyLink(link);
      if (link) announceLink(link);
    } else if (action.kind === 'open') {
      const kind = shownKeyLink ? 'link' : 'node';
      const id = shownKeyLink ?? current;
      const at = adapter.anchorOf(kind, id);
      if (!at) return;
      setKeyNode(current);
      openedByKey.current = true;
      if (kind === 'link') handlers.current.onLinkClick(id, at);
      else handlers.current.onNodeClick(id, at);
    } else {
      setKeyNode(current);
      handlers.current.onNodeDoubleClick(current);
    }
    e.preventDefault();
  };

  useImperativeHandle(
    p.handleRef,
    () => ({
      zoomBy: (f) => adapter?.zoomBy(f),
      fit: () => adapter?.fit(),
      centerOn: (id) => adapter?.centerOn(id),
      exportPng: () => (adapter ? adapter.exportPng() : Promise.reject(new Error('The graph is not ready'))),
    }),
    [adapter],
  );

  return (
    <>
      {/* role=application: the arrow keys are the canvas's own (a screen reader passes them through). */}
      <div
        ref={box}
        className="kg-graph__canvas"
        data-testid="graph-canvas"
        data-ready={adapter ? 'true' : 'false'}
        role="application"
        aria-label={V.canvasLabel}
        aria-describedby={helpId}
        tabIndex={0}
        onKeyDown={onKeyDown}
      />
      <p id={helpId} className="kg-visually-hidden">
        {V.keyboardHelp}
      </p>
      <p className="kg-visually-hidden" role="status" aria-live="polite" data-testid="graph-announcer">
        {announced}
      </p>
    </>
  );
}
