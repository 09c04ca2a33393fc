import { useLocation, useNavigate, useParams } from 'react-router';
import { NODE_FORM_TEXTS as T } from '../../contract/texts/nodes';
import { nodeSavedMessage } from '../../contract/texts/common';
import { NodeEditor } from '../../widgets/node-manager';
import { useCurrentUser } from '../session';
import { hasAppHistory } from '../shell/BackButton';
import { flash } from '../shell/flash';
import { parentPath } from '../shell/nav';
import { usePageTitle } from '../shell/page-title';

/**
 * /nodes/new and /nodes/{id}/edit (spec §2 "Create and edit node pages"): the page title and
 * the shared node editor. After creating the user goes to /nodes, after editing to the node
 * view; Cancel goes back one step (or to the parent path when the page was opened directly).
 */
export function NodeFormPage() {
  const { id } = useParams();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The spec's page title goes to the top bar; the form below carries its own heading.
  usePageTitle(id ? T.editPageTitle : T.createPageTitle);
  return (
    <div className="kg-node-page">
      <NodeEditor
        key={id ?? 'new'}
        apiBase=""
        user={user}
        nodeId={id}
        onSaved={(node, mode) => {
          flash(nodeSavedMessage(mode));
          void navigate(mode === 'edit' ? `/nodes/view/${encodeURIComponent(node.id)}` : '/nodes');
        }}
        onCancel={() => void (hasAppHistory() ? navigate(-1) : navigate(parentPath(pathname)))}
        onBackToList={() => void navigate('/nodes')}
        onNavigate={({ path }) => void navigate(path)}
      />
    </div>
  );
}
