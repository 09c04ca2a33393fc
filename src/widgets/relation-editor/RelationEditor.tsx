import { useMemo, useState } from 'react';
import { apiClient } from '../../api/client';
import type { KgDomEvents, KgNavigateState } from '../../contract/dom-events';
import { RELATION_TEXTS as T } from '../../contract/texts/relations';
import type { Relation } from '../../contract/knowledge/relations';
import type { User } from '../../contract/admin/users';
import { WidgetFrame } from '../element/widget-frame';
import { WithSession } from '../element/with-session';
import { BlockSpinner } from '../../ui/feedback/Spinner';
import { Toast } from '../../ui/feedback/Toast';
import { LIMITS } from '../../contract/limits';
import { relationSavedMessage } from '../../contract/texts/common';
import { useToast } from '../hooks/use-toast';
import { lazyPart } from '../element/lazy-part';
import { RelationList } from './RelationList';

// The relation form (its pickers, Combobox and floating-ui) loads when the form first opens, not
// with the list (bench/bundle). The host's relation pages preload it so a form route renders at once.
const relationForm = lazyPart(() => import('./form/RelationForm'), (m) => m.RelationForm, <BlockSpinner label={T.loadingForm} />);
const RelationForm = relationForm.Part;
export const preloadRelationForm = relationForm.preload;

export type RelationView = 'list' | 'create' | 'edit';
const VIEWS: readonly RelationView[] = ['list', 'create', 'edit'];

export interface RelationEditorProps {
  /** Server origin ('' = this page's origin). */
  apiBase?: string;
  /** The signed-in user when the host mounts the component; the element uses the page's shared session. */
  user?: User | null;
  /** Set by the element wrapper: the styles for its shadow root. */
  css?: string;
  /** Controlled: the screen to show (the host's route). Absent: the widget keeps its own view. */
  view?: RelationView;
  /** The relation of the edit view. */
  relationId?: string;
  /** Preset source node of the create view (/nodes/{id}/relations/new). */
  sourceNodeId?: string;
  /** The list starts with only the relations that break their type's rule (/relations?ruleViolations=true). */
  ruleViolations?: boolean;
  /** Show everything read-only (no add, edit or delete) whatever the user may do. */
  readonly?: boolean;
  /** Where the create view came from (the graph's Add Relation): a save goes back there. */
  returnTo?: KgNavigateState['returnTo'];
  onNavigate?: (detail: KgDomEvents['kg-navigate']) => void;
  onGraphOpen?: (detail: KgDomEvents['kg-graph-open']) => void;
  onRelationChange?: (detail: KgDomEvents['kg-relation-change']) => void;
  /** Cancel or Back in the form; absent: the list (controlled: a kg-navigate to /relations). */
  onCancel?: () => void;
}

interface Place {
  view: RelationView;
  relationId?: string;
  sourceNodeId?: string;
}

const pathOf = (p: Place) =>
  p.view === 'edit' && p.relationId
    ? `/relations/${encodeURIComponent(p.relationId)}/edit`
    : p.view === 'create'
      ? p.sourceNodeId
        ? `/nodes/${encodeURIComponent(p.sourceNodeId)}/relations/new`
        : '/relations/new'
      : '/relations';

/**
 * Relations list and relation form (spec §2) as one widget: permissions decide Add New
 * Relation (relations.create), Edit (relations.update) and Delete (relations.delete); the
 * server enforces them too. Controlled by `view` in the host; uncontrolled it moves between
 * list and form itself and tells the page about the rest (node links, the graph).
 */
export function RelationEditor(props: RelationEditorProps) {
  const { apiBase = '', user, css } = props;
  return (
    <WidgetFrame className="kg-admin kg-relation-editor" css={css}>
      <WithSession apiBase={apiBase} user={user} signInPrompt={T.signIn}>
        {(current) => <RelationScreens key={current.id} {...props} apiBase={apiBase} user={current} />}
      </WithSession>
    </WidgetFrame>
  );
}

function RelationScreens(p: RelationEditorProps & { apiBase: string; user: User }) {
  const api = useMemo(() => apiClient({ base: p.apiBase }), [p.apiBase]);
  const controlled = p.view !== undefined && VIEWS.includes(p.view);
  const [own, setOwn] = useState<Place>(() => (p.sourceNodeId ? { view: 'create', sourceNodeId: p.sourceNodeId } : { view: 'list' }));
  const place: Place = controlled ? { view: p.view!, relationId: p.relationId, sourceNodeId: p.sourceNodeId } : own;

  const may = (permission: string) => !p.readonly && (p.user.permissions?.includes(permission) ?? false);
  const go = (next: Place) => (controlled ? p.onNavigate?.({ path: pathOf(next) }) : setOwn(next));
  const toList = () => go({ view: 'list' });
  // The form unmounts when it saves, so the success message lives here. Controlled, the host
  // changes route and says it itself (on onRelationChange).
  const { toast, show, close } = useToast();

  const saved = (relation: Relation, mode: 'create' | 'edit') => {
    p.onRelationChange?.({ relationId: relation.id, change: mode === 'create' ? 'created' : 'updated', relationType: relation.relationType });
    if (!controlled) show(relationSavedMessage(mode));
    const graph = p.returnTo?.graph;
    if (graph) {
      const focusNodeId = graph.focusNodeId ?? relation.sourceNodeId;
      p.onNavigate?.({ path: `/nodes/view/${encodeURIComponent(focusNodeId)}`, state: { openGraph: { focusNodeId, relationType: graph.relationType } } });
      if (!controlled) setOwn({ view: 'list' });
    } else toList();
  };
  const deleted = (relationId: string) => p.onRelationChange?.({ relationId, change: 'deleted' });

  const screen =
    place.view === 'list' || (place.view === 'edit' && !place.relationId) ? (
      <RelationList
        api={api}
        apiBase={p.apiBase}
        canCreate={may('relations.create')}
        canUpdate={may('relations.update')}
        canDelete={may('relations.delete')}
        onCreate={() => go({ view: 'create' })}
        onEdit={(r) => go({ view: 'edit', relationId: r.id })}
        onGraph={(r) => p.onGraphOpen?.({ focusNodeId: r.sourceNodeId, relationType: r.relationType })}
        onOpenNode={(id) => p.onNavigate?.({ path: `/nodes/view/${encodeURIComponent(id)}` })}
        onDeleted={deleted}
        ruleViolations={p.ruleViolations}
      />
    ) : (
      <RelationForm
        key={`${place.view}|${place.relationId ?? ''}|${place.sourceNodeId ?? ''}`}
        api={api}
        user={p.user}
        relationId={place.view === 'edit' ? place.relationId : undefined}
        sourceNodeId={place.view === 'create' ? place.sourceNodeId : undefined}
        canDelete={may('relations.delete')}
        onSaved={saved}
        onDeleted={(id) => {
          deleted(id);
          toList();
        }}
        onCancel={p.onCancel ?? toList}
        onBackToList={toList}
        onNavigate={p.onNavigate}
      />
    );
  return (
    <>
      {screen}
      <Toast toast={toast} onClose={close} duration={LIMITS.toastMs} />
    </>
  );
}
