import { GRAPH_FIGURES } from '../../../contract/texts/graph';
import type { AdapterEvents } from './force-graph-adapter';
import type { GraphCanvasProps } from './GraphCanvas';

/** The canvas's callbacks into the view, read at each event (always the latest props). */
export type CanvasHandlers = { readonly current: Pick<GraphCanvasProps, 'onNodeClick' | 'onNodeDoubleClick' | 'onLinkClick' | 'onBackgroundClick' | 'onZoom'> };

/**
 * The force-graph adapter's events, wired to the view. A node click waits 250 ms (spec §9) so a
 * double click can open the edit form instead of the popover; a right click opens at once.
 * `dispose` drops a click still waiting (the canvas is going away).
 */
export function canvasEvents(handlers: CanvasHandlers): { events: AdapterEvents; dispose: () => void } {
  let clickTimer: ReturnType<typeof setTimeout> | undefined;
  let lastClick: { id: string; at: number } | null = null;
  const events: AdapterEvents = {
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
  };
  return { events, dispose: () => clearTimeout(clickTimer) };
}
