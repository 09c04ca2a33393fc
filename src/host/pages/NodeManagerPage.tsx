import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { NodeManager } from '../../widgets/node-manager/NodeManager';
import type { NodeListMemory } from '../../widgets/node-manager/NodeList';
import type { NodeManagerView } from '../../widgets/node-manager/node-format';
import { openGraph, useAfterGraphCloses } from '../graph/open-graph';
import { usePageTitle } from '../shell/page-title';
import { useCurrentUser } from '../session';
import '../../ui/controls.css';
import '../../ui/files.css';
import '../../widgets/admin.css';
import '../../widgets/history/history.css';
import '../../widgets/node-upload/node-upload.css';
import '../../widgets/node-manager/form/node-form.css';
import '../../widgets/node-manager/node-manager.css';

/**
 * The list's search, filters, page and layout while the app is open, per signed-in user: back
 * from a node shows the same page.
 */
const listMemories = new Map<string, { current: NodeListMemory | null }>();
const listMemoryOf = (userId: string) => listMemories.get(userId) ?? listMemories.set(userId, { current: null }).get(userId)!;

/**
 * /nodes and /nodes/view/:id: the node manager widget's component, controlled by the route.
 * Its moves become navigations; View Graph / View Relations open the host's graph dialog, and
 * what is shown reloads when it closes (the graph can delete and edit nodes).
 */
export function NodeManagerPage({ view }: { view: NodeManagerView }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { id } = useParams();
  // The path ends in an id: the top bar takes this title instead.
  usePageTitle(view === 'detail' ? 'Node Detail' : null);
  const [refreshKey, setRefreshKey] = useState(0);
  useAfterGraphCloses(() => setRefreshKey((k) => k + 1));
  return (
    <NodeManager
      user={user}
      view={view}
      nodeId={id}
      refreshKey={refreshKey}
      listMemory={user ? listMemoryOf(user.id) : undefined}
      onNavigate={({ path, state }) => void navigate(path, { state })}
      onGraphOpen={({ focusNodeId, relationType }) => openGraph({ focusNodeId, relationType })}
    />
  );
}
