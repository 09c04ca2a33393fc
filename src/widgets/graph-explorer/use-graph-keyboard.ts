import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { CanvasHandlers } from './canvas/canvas-events';
import type { GraphAdapter } from './canvas/force-graph-adapter';
import type { ViewGraph } from './model/graph-model';
import { edgeOrder, keyAction, nearestInDirection, startNode, stepEdge, type KeyAction } from './model/keyboard-nav';
import { GRAPH_VIEW_TEXTS as V } from '../../contract/texts/graph';

/**
 * Keyboard use of the canvas (keyboard-nav.ts): a node (and optionally one of its edges) chosen
 * by keys, ringed on the canvas and read out (`announced`, for the live region). A popover opened
 * by key gives the keys back to the canvas when it closes.
 */
export function useGraphKeyboard(adapter: GraphAdapter | null, box: RefObject<HTMLDivElement | null>, view: ViewGraph, popoverOpen: boolean, handlers: CanvasHandlers) {
  const [keyNode, setKeyNode] = useState<string | null>(null);
  const [keyLink, setKeyLink] = useState<string | null>(null);
  const [announced, setAnnounced] = useState('');
  const openedByKey = useRef(false);
  // Filters or new data can take the chosen node (or edge) out of the view.
  const keyNodeShown = keyNode !== null && view.nodes.some((n) => n.id === keyNode);
  const keyLinkShown = keyLink !== null && keyNodeShown && view.relations.some((r) => r.id === keyLink);
  const shownKeyNode = keyNodeShown ? keyNode : null;
  const shownKeyLink = keyLinkShown ? keyLink : null;
  useEffect(() => adapter?.setKeyboardFocus({ node: shownKeyNode, link: shownKeyLink }), [adapter, shownKeyNode, shownKeyLink]);
  // A popover opened by key closes (Escape, its close button): the keys go on from the canvas.
  useEffect(() => {
    if (popoverOpen || !openedByKey.current) return;
    openedByKey.current = false;
    box.current?.focus({ preventScroll: true });
  }, [popoverOpen, box]);

  const announceNode = (id: string) => {
    const n = view.nodes.find((x) => x.id === id);
    if (n) setAnnounced(V.announceNode(n.name, n.nodeType));
  };
  const announceLink = (id: string) => {
    const r = view.relations.find((x) => x.id === id);
    const name = (nodeId: string) => view.nodes.find((n) => n.id === nodeId)?.name ?? '';
    if (r) setAnnounced(V.announceEdge(r.relationType, name(r.sourceNodeId), name(r.targetNodeId)));
  };

  /** One key's effect; false when it did nothing (the key then keeps its default). */
  const act = (a: GraphAdapter, action: KeyAction, current: string): boolean => {
    const points = a.navPoints();
    const from = points.find((x) => x.id === current);
    if (action.kind === 'clearEdge') {
      if (!shownKeyLink) return false;
      setKeyLink(null);
      announceNode(current);
    } else if (action.kind === 'move') {
      // The first key press only chooses the starting node.
      const next = shownKeyNode && from ? (nearestInDirection(from, points, action.direction) ?? current) : current;
      setKeyNode(next);
      setKeyLink(null);
      a.reveal(next);
      announceNode(next);
    } else if (action.kind === 'edge') {
      if (!from) return false;
      const link = stepEdge(edgeOrder(from, a.navLinks(), new Map(points.map((x) => [x.id, x]))), shownKeyLink, action.step);
      setKeyNode(current);
      setKeyLink(link);
      if (link) announceLink(link);
    } else if (action.kind === 'open') {
      return open(a, current);
    } else {
      setKeyNode(current);
      handlers.current.onNodeDoubleClick(current);
    }
    return true;
  };
  /** Enter opens the chosen edge's popover, else the node's. */
  const open = (a: GraphAdapter, current: string): boolean => {
    const kind = shownKeyLink ? 'link' : 'node';
    const id = shownKeyLink ?? current;
    const at = a.anchorOf(kind, id);
    if (!at) return false;
    setKeyNode(current);
    openedByKey.current = true;
    if (kind === 'link') handlers.current.onLinkClick(id, at);
    else handlers.current.onNodeClick(id, at);
    return true;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const action = keyAction(e);
    if (!action || !adapter || e.target !== e.currentTarget) return;
    const current = shownKeyNode ?? startNode(adapter.navPoints(), view.focus);
    if (current && act(adapter, action, current)) e.preventDefault();
  };
  return { onKeyDown, announced };
}
