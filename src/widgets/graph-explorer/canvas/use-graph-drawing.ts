import { useEffect, useMemo, useRef } from 'react';
import type { GraphAdapter } from './force-graph-adapter';
import type { GraphCanvasProps } from './GraphCanvas';
import type { Side } from '../model/graph-model';
import { radialLayout, staticLayout } from '../model/layouts';

/** The focus node's direct neighbours (pinned on the focused force view's ring). */
const ADJACENT: ReadonlySet<Side> = new Set(['in', 'out', 'both']);

type DrawingProps = Pick<GraphCanvasProps, 'view' | 'proposed' | 'layout' | 'colors' | 'typeOrder' | 'loadCount' | 'selectedNode' | 'selectedLink' | 'paused'>;

/**
 * What the adapter draws: the view's nodes and relations placed by the chosen layout (fitted
 * again on new data or a new layout), the selection, and whether drawing is paused.
 */
export function useGraphDrawing(adapter: GraphAdapter | null, { view, proposed, layout, colors, typeOrder, loadCount, selectedNode, selectedLink, paused }: DrawingProps) {
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
    adapter.setData({ nodes: view.nodes, relations: view.relations, focus: view.focus, sides: view.sides, colors, capped: view.capped, proposed, fixed, seeds, pins, refit });
  }, [adapter, view, proposed, colors, fixed, seeds, pins, fitKey]);

  useEffect(() => adapter?.setSelection({ node: selectedNode, link: selectedLink }), [adapter, selectedNode, selectedLink]);
  useEffect(() => adapter?.setPaused(paused), [adapter, paused]);
}
