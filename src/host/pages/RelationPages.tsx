import { useLocation, useNavigate, useParams } from 'react-router';
import type { KgNavigateState } from '../../contract/dom-events';
import { preloadRelationForm, RelationEditor, type RelationView } from '../../widgets/relation-editor';
import { openGraph } from '../graph/open-graph';
import { RELATION_TEXTS } from '../../contract/texts/relations';
import { relationSavedMessage } from '../../contract/texts/common';
import { useCurrentUser } from '../session';
import { hasAppHistory } from '../shell/BackButton';
import { flash } from '../shell/flash';
import { usePageTitle } from '../shell/page-title';

// The widget loads its form lazily; in the app it comes with this page, so a form route never waits.
void preloadRelationForm().catch(() => undefined);

/**
 * /relations, /relations/new, /relations/create, /relations/{id}/edit and
 * /nodes/{id}/relations/new: the relation editor widget's component, driven by the route.
 * The graph's Add Relation arrives with `state.returnTo.graph`; the widget then leaves for the
 * node view with `state.openGraph`, which GraphDialogHost turns into the open graph.
 */
export function RelationsPage({ view }: { view: RelationView }) {
  const user = useCurrentUser();
  const { id } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const returnTo = (location.state as KgNavigateState | null)?.returnTo;
  const fromNode = location.pathname.startsWith('/nodes/');
  // The top bar names the form ('Create New Relation', not the bare path segment 'New').
  usePageTitle(view === 'create' ? RELATION_TEXTS.createHeading : view === 'edit' ? RELATION_TEXTS.editHeading : null);
  return (
    <RelationEditor
      key={location.pathname + location.search}
      user={user}
      view={view}
      relationId={view === 'edit' ? id : undefined}
      sourceNodeId={fromNode ? id : undefined}
      returnTo={returnTo}
      ruleViolations={new URLSearchParams(location.search).get('ruleViolations') === 'true'}
      onNavigate={({ path, state }) => navigate(path, { state })}
      onGraphOpen={(request) => openGraph(request)}
      onRelationChange={({ change }) => {
        // Saved: the form's page is about to be replaced, so the shell shows the message.
        if (change !== 'deleted') flash(relationSavedMessage(change === 'created' ? 'create' : 'edit'));
      }}
      onCancel={() => {
        // Cancel goes back (spec §2); opened directly (no history in this app), to the list.
        if (hasAppHistory()) void navigate(-1);
        else void navigate('/relations');
      }}
    />
  );
}
