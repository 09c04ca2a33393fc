import { useSyncExternalStore } from 'react';

/**
 * Opening the graph dialog from anywhere in the host (spec §2): the dashboard's floating
 * button, node rows and cards (View Graph / View Relations), node detail, the relations list
 * (View in Graph, on the source node) — call `openGraph()`:
 *
 *   openGraph();                                       // the global graph
 *   openGraph({ focusNodeId: node.id });               // focused on a node
 *   openGraph({ focusNodeId: r.sourceNodeId, relationType: r.relationType });
 *
 * Arriving on a page with `navigate(path, { state: { openGraph: { focusNodeId } } })` opens it
 * too (GraphDialogHost reads the route state): node detail's "graph opened on arrival", and the
 * return after a relation saved from the graph. The graph's Add Relation leaves with
 * `state.returnTo.graph` (KgNavigateState) for the relation form to send back that way.
 */
export interface GraphRequest {
  focusNodeId?: string;
  relationType?: string;
}

let current: GraphRequest | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

export function openGraph(request: GraphRequest = {}): void {
  current = { ...request };
  notify();
}

export function closeGraph(): void {
  current = null;
  notify();
}

/** The open request, or null while the dialog is closed. */
export function useGraphRequest(): GraphRequest | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => null,
  );
}

/** Route state that asks for the graph on arrival. */
export interface OpenGraphState {
  openGraph?: GraphRequest;
}
