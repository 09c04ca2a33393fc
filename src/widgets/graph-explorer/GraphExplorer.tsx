import { useState } from 'react';
import type { KgDomEvents } from '../../contract/dom-events';
import type { Graph } from '../../contract/knowledge/graph';
import type { User } from '../../contract/admin/users';
import { PortalRootProvider } from '../../ui/overlay/portal';
import { WithSession } from '../element/with-session';
import { GraphExplorerView } from './GraphExplorerView';
import { isLayout } from './model/layouts';
import { proposalsSeen } from './model/ports';
import { useGraphExplorer } from './use-graph-explorer';
import { useGraphLive } from './use-graph-live';
import { GRAPH_VIEW_TEXTS as V } from '../../contract/texts/graph';

export interface GraphExplorerProps {
  /** Server origin ('' = this page's origin). */
  apiBase?: string;
  /** Focused view on this node; none = the global graph. */
  focusNodeId?: string;
  /** Preset relation-type filter ('Relation: {type}'). */
  relationType?: string;
  /** circle | grid | force (default) | hierarchical */
  layout?: string;
  /** No editing actions (set readonly="true" on the element). */
  readonly?: boolean;
  /** A node with more relations shows only its strongest ones, with 'Show more' (default 25). */
  hubLimit?: number;
  /** Graph data given by the page (a JS property): no server calls, read-only. */
  data?: Graph | null;
  /** The host's signed-in user; the element leaves it out and uses the page's shared session. */
  user?: User | null;
  /** The host's dialog has its own title. */
  showTitle?: boolean;
  onNodeSelect?: (detail: KgDomEvents['kg-node-select']) => void;
  onNavigate?: (detail: KgDomEvents['kg-navigate']) => void;
  onRelationChange?: (detail: KgDomEvents['kg-relation-change']) => void;
  /** A proposal was approved or rejected from the graph's popover. */
  onProposalsDecided?: (detail: KgDomEvents['kg-proposals-decided']) => void;
  /** Host only: the busy flag (a delete or save is running: no closing). */
  onBusyChange?: (busy: boolean) => void;
  /** Host only: shows a Close button in the footer. */
  onClose?: () => void;
}

/**
 * The interactive knowledge graph, global or focused (spec §2 "Graph dialog"): the kg-graph-explorer
 * element and the host's graph dialog. Without a session (and without `data`) it shows a compact sign-in.
 */
export function GraphExplorer(props: GraphExplorerProps) {
  const [portal, setPortal] = useState<HTMLDivElement | null>(null);
  // As an element, removing an attribute (focus-node-id) makes its prop undefined (define-element.ts).
  const { apiBase = '', data, user } = props;
  return (
    <div className="kg-graph">
      <PortalRootProvider root={portal}>
        {data ? (
          <Explorer key={String(!!props.readonly)} {...props} apiBase={apiBase} userId={undefined} permissions={[]} />
        ) : (
          <WithSession apiBase={apiBase} user={user} signInPrompt={V.signIn}>
            {(u) => <Explorer key={String(!!props.readonly)} {...props} apiBase={apiBase} userId={u.id} permissions={u.permissions ?? []} />}
          </WithSession>
        )}
      </PortalRootProvider>
      {/* Toasts render here: inside the shadow root, and inside the host's modal dialog. */}
      <div ref={setPortal} className="kg-graph__portal" />
    </div>
  );
}

function Explorer(p: GraphExplorerProps & { apiBase: string; userId: string | undefined; permissions: readonly string[] }) {
  const actor = useGraphExplorer({
    apiBase: p.apiBase,
    data: p.data,
    focusNodeId: p.focusNodeId || null,
    relationType: p.relationType || null,
    layout: isLayout(p.layout) ? p.layout : undefined,
    readonly: !!p.readonly,
    userId: p.userId,
    permissions: p.permissions,
    onRelationChange: p.onRelationChange,
    onProposalsDecided: p.onProposalsDecided,
    onBusyChange: p.onBusyChange,
  });
  // A graph handed in as `data` has no server to hear from.
  const live = useGraphLive(actor, p.apiBase, p.userId, !p.data, !p.data && proposalsSeen(p.permissions) !== null);
  return (
    <GraphExplorerView
      actor={actor}
      live={live}
      showTitle={p.showTitle ?? true}
      hubLimit={p.hubLimit && p.hubLimit > 0 ? p.hubLimit : 25}
      permissions={p.permissions}
      presenceBase={p.data || !p.userId ? undefined : p.apiBase}
      userId={p.userId}
      onNodeSelect={p.onNodeSelect}
      onNavigate={p.onNavigate}
      onClose={p.onClose}
    />
  );
}
