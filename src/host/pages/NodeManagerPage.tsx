import { useNavigate, useParams } from 'react-router';
import { NodeManager } from '../../widgets/node-manager/NodeManager';
import type { NodeManagerView } from '../../widgets/node-manager/node-format';
import { openGraph } from '../graph/open-graph';
import { usePageTitle } from '../shell/page-title';
import { useCurrentUser } from '../session';
import '../../ui/controls.css';
import '../../ui/files.css';
import '../../widgets/admin.css';
import '../../widgets/node-upload/node-upload.css';
import '../../widgets/node-manager/form/node-form.css';
import '../../widgets/node-manager/node-manager.css';

/**
 * /nodes and /nodes/view/:id: the node manager widget's component, controlled by the route.
 * Its moves become navigations; View Graph / View Relations open the host's graph dialog.
 */
export function NodeManagerPage({ view }: { view: NodeManagerView }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { id } = useParams();
  // The path ends in an id: the top bar takes this title instead.
  usePageTitle(view === 'detail' ? 'Node Detail' : null);
  return (
    <NodeManager
      user={user}
      view={view}
      nodeId={id}
      onNavigate={({ path, state }) => void navigate(path, { state })}
      onGraphOpen={({ focusNodeId, relationType }) => openGraph({ focusNodeId, relationType })}
    />
  );
}
