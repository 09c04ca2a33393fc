import { useSyncExternalStore } from 'react';
import { useOnChange } from '../../widgets';

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
/** How often the dialog has closed: pages reload what the graph may have changed. */
let closures = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function openGraph(request: GraphRequest = {}): void {
  current = { ...request };
  notify();
}

export function closeGraph(): void {
  if (current) closures++;
  current = null;
  notify();
}

/** The open request, or null while the dialog is closed. */
export function useGraphRequest(): GraphRequest | null {
  return useSyncExternalStore(subscribe, () => current, () => null);
}

/**
 * Runs `effect` each time the graph dialog closes while the calling page is mounted: the graph
 * can delete nodes and relations, edit nodes and change types, so lists behind it reload.
 */
export function useAfterGraphCloses(effect: () => void): void {
  useOnChange(useSyncExternalStore(subscribe, () => closures, () => 0), effect);
}

/** Route state that asks for the graph on arrival. */
export interface OpenGraphState {
  openGraph?: GraphRequest;
}
