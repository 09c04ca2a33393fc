import { useEffect, useState, type RefObject } from 'react';
import { GRAPH_MESSAGES } from '../../../contract/texts/graph';
import { canvasEvents, type CanvasHandlers } from './canvas-events';
import type { GraphAdapter } from './force-graph-adapter';

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
    proposedChange: v('--kg-color-warning', '#b45309'),
    proposedDelete: v('--kg-color-danger', '#c62828'),
  };
}

/**
 * The force-graph setup: loads the adapter (a lazy chunk) into `box` once, with the canvas's
 * events wired to the latest handlers; null until it is ready. A failure goes to `onInitError`.
 */
export function useGraphAdapter(box: RefObject<HTMLDivElement | null>, handlers: CanvasHandlers & { readonly current: { onInitError: (message: string) => void } }) {
  const [adapter, setAdapter] = useState<GraphAdapter | null>(null);
  useEffect(() => {
    let live = true;
    let created: GraphAdapter | null = null;
    const el = box.current!;
    const wiring = canvasEvents(handlers);
    import('./force-graph-adapter')
      .then(({ GraphAdapter }) => GraphAdapter.create(el, wiring.events, themeColors(el)))
      .then((a) => {
        created = a;
        if (!live) return a.destroy();
        setAdapter(a);
        if (window.__KG_GRAPH_DEBUG__) window.__kgGraph = { positions: () => a.debugPositions() };
      })
      .catch((err: unknown) => live && handlers.current.onInitError(GRAPH_MESSAGES.initFailed(err instanceof Error ? err.message : String(err))));
    return () => {
      live = false;
      wiring.dispose();
      created?.destroy();
    };
  }, [box, handlers]);
  return adapter;
}
