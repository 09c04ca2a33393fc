import { useEffect, useMemo, useState } from 'react';
import { apiClient } from '../../../api/client';
import { nodesApi } from '../../../api/knowledge/nodes';
import { isNotFound } from '../../../api/not-found';
import { NODE_FORM_TEXTS as T } from '../../../contract/texts/nodes';
import type { KnowledgeNode, KnowledgeNodeDetail } from '../../../contract/knowledge/nodes';
import type { User } from '../../../contract/admin/users';
import { Alert } from '../../../ui/feedback/Alert';
import { Button } from '../../../ui/Button';
import { NotFoundState } from '../../../ui/feedback/LoadStates';
import { BlockSpinner } from '../../../ui/feedback/Spinner';
import type { NavigateTo } from '../proposals';
import { NodeEditorForm } from './NodeEditorForm';

/**
 * The shared create/edit node form (spec §2 "Create and edit node pages"): loads the node in edit
 * mode, then hands it to NodeEditorForm (the fields, pickers, attachments and the submit flow).
 * Used by the host's /nodes/new and /nodes/{id}/edit pages, by kg-node-manager's create/edit
 * views and, in a dialog, by the relation form's '+ Create New Node'.
 */
export interface NodeEditorProps {
  /** Server origin ('' = this page's origin). */
  apiBase: string;
  user: User;
  /** Edit this node; absent = create a new one. */
  nodeId?: string;
  /** Create mode: prefill the name (e.g. what was typed in a picker). */
  initialName?: string;
  /**
   * After a successful save and the attachment uploads (after the 3 s notice when some attachments
   * failed). The caller navigates: /nodes after create, the node view after edit, or back to a relation form.
   */
  onSaved: (node: KnowledgeNode, mode: 'create' | 'edit') => void;
  onCancel: () => void;
  /** Edit mode, the node does not exist: the way back to the list (default: onCancel). */
  onBackToList?: () => void;
  /** Inside a dialog: no page heading, the dialog gives the title. */
  embedded?: boolean;
  /** Another screen of the app (a proposal's link to My proposals); absent: no link. */
  onNavigate?: NavigateTo;
}

type Loaded = { status: 'loading' } | { status: 'error' } | { status: 'not-found' } | { status: 'ready'; node: KnowledgeNodeDetail | null };

/** Edit of an id that names no node. */

/** One form per node: switching `nodeId` (or to create mode) starts from a clean form. */
export function NodeEditor(props: NodeEditorProps) {
  return <NodeEditorBody key={props.nodeId ?? 'new'} {...props} />;
}

function NodeEditorBody({ apiBase, user, nodeId, initialName, onSaved, onCancel, onBackToList, embedded, onNavigate }: NodeEditorProps) {
  const mode = nodeId ? 'edit' : 'create';
  const api = useMemo(() => apiClient({ base: apiBase }), [apiBase]);
  const [loaded, setLoaded] = useState<Loaded>(nodeId ? { status: 'loading' } : { status: 'ready', node: null });

  useEffect(() => {
    if (!nodeId) return;
    let live = true;
    nodesApi(api)
      .get(nodeId)
      .then(
        (node) => live && setLoaded({ status: 'ready', node }),
        (err: unknown) => live && setLoaded({ status: isNotFound(err) ? 'not-found' : 'error' }),
      );
    return () => {
      live = false;
    };
  }, [api, nodeId]);

  // The spec asks for this heading beside the page title (§2: 'Create Knowledge Node' under
  // 'Create New Knowledge Node'), so it stays in the app too, unlike the other screens' titles.
  const heading = !embedded && <h2 className="kg-node-form__title">{mode === 'edit' ? T.editHeading : T.createHeading}</h2>;

  if (loaded.status === 'not-found') {
    return <NotFoundState title={T.notFoundTitle} text={T.notFoundText} backLabel={T.backToList} onBack={onBackToList ?? onCancel} />;
  }
  if (loaded.status !== 'ready') {
    return (
      <div className="kg-node-editor" data-embedded={embedded || undefined}>
        {heading}
        {loaded.status === 'loading' ? (
          <BlockSpinner />
        ) : (
          <div className="kg-node-form__failed">
            <Alert severity="error">{T.loadFailed}</Alert>
            <Button variant="outlined" onClick={onCancel}>
              {T.cancel}
            </Button>
          </div>
        )}
      </div>
    );
  }

  const canSave = user.permissions?.includes(mode === 'edit' ? 'nodes.update' : 'nodes.create') ?? false;
  return (
    <NodeEditorForm
      api={api}
      node={loaded.node}
      initialName={initialName}
      canSave={canSave}
      heading={heading}
      embedded={embedded}
      onSaved={onSaved}
      onCancel={onCancel}
      onNavigate={onNavigate}
    />
  );
}
