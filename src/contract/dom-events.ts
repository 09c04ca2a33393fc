import type { User } from './admin/users';

/**
 * CustomEvents that kg-* elements dispatch (bubbles + composed). The host and embedding
 * pages listen for these names; `detail` has the type given here.
 */
export interface KgDomEvents {
  /** The widget asks its page to go somewhere (a host route such as /nodes/{id}/edit). */
  'kg-navigate': { path: string; state?: KgNavigateState };
  'kg-session-change': { user: Pick<User, 'id' | 'username' | 'role'> | null };
  /** kg-graph-explorer: a node was chosen (click, right-click or find box). */
  'kg-node-select': { nodeId: string; name: string; nodeType: string };
  /** kg-graph-explorer: a relation's type was changed or the relation was deleted from the graph. */
  'kg-relation-change': { relationId: string; change: 'created' | 'updated' | 'deleted'; relationType?: string };
  /** kg-node-manager: a node was created, updated or deleted. */
  'kg-node-change': { nodeId: string; change: 'created' | 'updated' | 'deleted' };
  /** kg-node-manager, kg-relation-editor: the user asked for the graph (View Graph, View in Graph). */
  'kg-graph-open': { focusNodeId?: string; relationType?: string };
  /** kg-review-queue, kg-graph-explorer: proposals were approved or rejected here (the page's own counts can follow at once). */
  'kg-proposals-decided': { action: 'approve' | 'reject'; proposalIds: string[] };
}

/**
 * Where to come back to after a navigation a widget asked for: `graph` reopens the graph
 * dialog (spec §2: Add Relation "returns to the graph").
 */
export interface KgNavigateState {
  returnTo?: { graph: { focusNodeId?: string; relationType?: string } };
  /** Open the graph on arrival (kg-relation-editor after a save that came from the graph). */
  openGraph?: { focusNodeId?: string; relationType?: string };
}
export type KgDomEventName = keyof KgDomEvents;

export function kgEvent<K extends KgDomEventName>(name: K, detail: KgDomEvents[K]): CustomEvent<KgDomEvents[K]> {
  return new CustomEvent(name, { detail, bubbles: true, composed: true });
}
