import { useId, useImperativeHandle, useRef, type Ref } from 'react';
import type { Anchor } from '../../../machines/graph-explorer/graph-explorer.machine';
import type { ViewGraph } from '../model/graph-model';
import type { ProposedAction } from '../../../machines/graph-explorer/proposal-items';
import type { LayoutName } from '../model/layouts';
import { useLatest } from '../../../ui/use-latest';
import { GRAPH_VIEW_TEXTS as V } from '../../../contract/texts/graph';
import { useGraphAdapter } from './use-graph-adapter';
import { useGraphDrawing } from './use-graph-drawing';
import { useGraphKeyboard } from '../use-graph-keyboard';

export interface GraphCanvasHandle {
  zoomBy: (factor: number) => void;
  fit: () => void;
  centerOn: (nodeId: string) => void;
  exportPng: () => Promise<Blob>;
}

export interface GraphCanvasProps {
  view: ViewGraph;
  /** Items an open proposal creates, changes or deletes (review mode): drawn dashed or faded. */
  proposed?: ReadonlyMap<string, ProposedAction>;
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

/**
 * The drawing surface. Its parts: the force-graph setup and event wiring (use-graph-adapter.ts,
 * canvas-events.ts), what is drawn (use-graph-drawing.ts) and keyboard use (use-graph-keyboard.ts);
 * here they meet the markup and the handle the toolbar uses.
 */
export function GraphCanvas(p: GraphCanvasProps) {
  const box = useRef<HTMLDivElement>(null);
  const handlers = useLatest(p);
  const adapter = useGraphAdapter(box, handlers);
  useGraphDrawing(adapter, p);
  const { onKeyDown, announced } = useGraphKeyboard(adapter, box, p.view, !!(p.selectedNode || p.selectedLink), handlers);
  const helpId = useId();

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
