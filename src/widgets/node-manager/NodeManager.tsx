import { useEffect, useRef, useState } from 'react';
import type { KgDomEvents } from '../../contract/dom-events';
import type { User } from '../../contract/admin/users';
import { WidgetFrame } from '../element/widget-frame';
import { WithSession } from '../element/with-session';
import { BlockSpinner } from '../../ui/feedback/Spinner';
import { Toast } from '../../ui/feedback/Toast';
import { LIMITS } from '../../contract/limits';
import { nodeSavedMessage } from '../../contract/texts/common';
import { useToast } from '../hooks/use-toast';
import { lazyPart } from '../element/lazy-part';
import { NodeList, type NodeListMemory } from './NodeList';
import { abilitiesOf, isNodeView, nodePath, relationFormPath, type NodeManagerView, type NodePlace, type NodeQualityFilter } from './node-format';
import { NODE_TEXTS as T } from '../../contract/texts/nodes';

// The node form (and its Combobox) loads when create/edit first opens, not with the list (bench/bundle).
const { Part: NodeEditor } = lazyPart(() => import('../parts/node-form'), (m) => m.NodeEditor, <BlockSpinner />);
// The detail (with its history and attachments) loads when a node is first opened, not with the list.
const { Part: NodeDetail } = lazyPart(() => import('./detail/NodeDetail'), (m) => m.NodeDetail, <BlockSpinner />);

export interface NodeManagerProps {
  /** Server origin ('' = this page's origin). */
  apiBase?: string;
  /** The host's signed-in user; the element leaves it out and uses the page's shared session. */
  user?: User | null;
  /** Set by the element wrapper: the styles for its shadow root. */
  css?: string;
  /** Controlled: the screen to show (the host passes it from the route). Absent: the widget keeps its own. */
  view?: NodeManagerView;
  /** The node of the detail and edit views (uncontrolled: opens that node's detail first). */
  nodeId?: string;
  /** Hides every write action (Add, Edit, Delete, Upload, Create Relation). */
  readonly?: boolean;
  /** Somewhere outside the widget (Create Relation), or, when controlled, every move between screens. */
  onNavigate?: (detail: KgDomEvents['kg-navigate']) => void;
  /** View Graph / View Relations. */
  onGraphOpen?: (detail: KgDomEvents['kg-graph-open']) => void;
  onNodeChange?: (detail: KgDomEvents['kg-node-change']) => void;
  /** Changing it reloads the list or node shown (the host bumps it when its graph dialog closes). */
  refreshKey?: number;
  /**
   * Controlled: where the list keeps its query and layout between screens; the host's routes can
   * mount the component anew (e.g. back from the node form page). Uncontrolled, the widget keeps its own.
   */
  listMemory?: { current: NodeListMemory | null };
  /** The list opens filtered to an Analytics quality finding (the host's /nodes?orphan=true). */
  qualityFilter?: NodeQualityFilter;
}

/**
 * kg-node-manager (DESIGN §5): the Knowledge Nodes list, node detail and the create/edit form.
 * Controlled when `view` is given (the host: every move goes out through onNavigate as a route);
 * uncontrolled otherwise (embedded: it switches screens itself, and only leaves through
 * onNavigate for things outside it, such as the relation form).
 */
export function NodeManager(given: NodeManagerProps) {
  // An element's `view` attribute may hold anything: an unknown one means uncontrolled. (Removed
  // attributes clear their prop in define-element, so no attribute reading is needed here.)
  const props: NodeManagerProps = { ...given, view: isNodeView(given.view) ? given.view : undefined, nodeId: given.nodeId || undefined };
  const { apiBase = '', user, css } = props;
  return (
    <WidgetFrame className="kg-admin kg-node-manager" css={css}>
      <div className="kg-node-manager__body">
        <WithSession apiBase={apiBase} user={user} signInPrompt={T.signIn}>
          {(current) => <Screens key={current.id} {...props} apiBase={apiBase} user={current} />}
        </WithSession>
      </div>
    </WidgetFrame>
  );
}

function Screens(p: NodeManagerProps & { apiBase: string; user: User }) {
  const controlled = p.view !== undefined;
  const [own, setOwn] = useState<NodePlace>(() => (p.nodeId ? { view: 'detail', nodeId: p.nodeId } : { view: 'list' }));
  // Uncontrolled: a new node-id attribute opens that node.
  const [seenId, setSeenId] = useState(p.nodeId);
  if (!controlled && p.nodeId !== seenId) {
    setSeenId(p.nodeId);
    if (p.nodeId) setOwn({ view: 'detail', nodeId: p.nodeId });
  }
  const place: NodePlace = controlled ? { view: p.view!, nodeId: p.nodeId } : own;
  const listMemory = useRef<NodeListMemory | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const shown = `${place.view}:${place.nodeId ?? ''}`;
  const first = useRef(true);
  // Uncontrolled, a new screen replaces the old one in place: bring its top into view and move
  // focus to it (the button that was pressed is gone).
  useEffect(() => {
    if (first.current || controlled) {
      first.current = false;
      return;
    }
    const el = frame.current;
    if (!el) return;
    if (el.getBoundingClientRect().top < 0) el.scrollIntoView({ block: 'start' });
    el.focus({ preventScroll: true });
  }, [shown, controlled]);

  const go = (to: NodePlace) => {
    if (controlled) p.onNavigate?.({ path: nodePath(to) });
    else setOwn(to);
  };
  // The form unmounts when it saves: the success message lives here, above the screens. Controlled,
  // the host navigates away and says it itself (the element's kg-node-change tells it what happened).
  const { toast, show, close } = useToast();
  return (
    <div ref={frame} tabIndex={-1} className="kg-node-manager__screen">
      <Screen {...p} place={place} go={go} memory={p.listMemory ?? listMemory} notify={controlled ? undefined : show} />
      <Toast toast={toast} onClose={close} duration={LIMITS.toastMs} />
    </div>
  );
}

interface ScreenProps extends NodeManagerProps {
  apiBase: string;
  user: User;
  place: NodePlace;
  go: (to: NodePlace) => void;
  memory?: { current: NodeListMemory | null };
  /** Shows a success message that outlives the screen. */
  notify?: (message: string) => void;
}

/** The screen for a place: the form (create/edit, for users who may), the detail, or the list. */
function Screen({ place, go, memory, notify, ...p }: ScreenProps) {
  const controlled = p.view !== undefined;
  const can = abilitiesOf(p.user.permissions, p.readonly);
  const openGraph = (focusNodeId: string) => p.onGraphOpen?.({ focusNodeId });
  const createRelation = (nodeId: string) => p.onNavigate?.({ path: relationFormPath(nodeId) });
  const deleted = (nodeId: string) => p.onNodeChange?.({ nodeId, change: 'deleted' });

  if ((place.view === 'create' && can.create) || (place.view === 'edit' && place.nodeId && can.update)) {
    const editing = place.view === 'edit' ? place.nodeId : undefined;
    return (
      <NodeEditor
        key={editing ?? 'new'}
        apiBase={p.apiBase}
        user={p.user}
        nodeId={editing}
        onSaved={(node, mode) => {
          p.onNodeChange?.({ nodeId: node.id, change: mode === 'create' ? 'created' : 'updated' });
          notify?.(nodeSavedMessage(mode));
          go(mode === 'create' ? { view: 'list' } : { view: 'detail', nodeId: node.id });
        }}
        onCancel={() => go(editing ? { view: 'detail', nodeId: editing } : { view: 'list' })}
        onBackToList={() => go({ view: 'list' })}
        onNavigate={p.onNavigate}
      />
    );
  }
  if ((place.view === 'detail' || place.view === 'edit') && place.nodeId) {
    return (
      <NodeDetail
        key={place.nodeId}
        apiBase={p.apiBase}
        nodeId={place.nodeId}
        can={can}
        onBack={controlled ? undefined : () => go({ view: 'list' })}
        onBackToList={() => go({ view: 'list' })}
        listHref={controlled ? nodePath({ view: 'list' }) : undefined}
        onOpenNode={(nodeId) => go({ view: 'detail', nodeId })}
        onAddRelation={createRelation}
        onViewGraph={openGraph}
        onNavigate={p.onNavigate}
        onEdit={(nodeId) => go({ view: 'edit', nodeId })}
        onDeleted={deleted}
        onLeaveAfterDelete={() => go({ view: 'list' })}
        refreshKey={p.refreshKey}
      />
    );
  }
  return (
    <NodeList
      apiBase={p.apiBase}
      can={can}
      memory={memory}
      quality={p.qualityFilter}
      onCreate={() => go({ view: 'create' })}
      onView={(n) => go({ view: 'detail', nodeId: n.id })}
      onCreateRelation={(n) => createRelation(n.id)}
      onViewGraph={(n) => openGraph(n.id)}
      onEdit={(n) => go({ view: 'edit', nodeId: n.id })}
      onDeleted={deleted}
      refreshKey={p.refreshKey}
    />
  );
}
