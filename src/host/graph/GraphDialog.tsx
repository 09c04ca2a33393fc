import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { GRAPH_MESSAGES } from '../../contract/texts/graph';
import { BlockSpinner, Dialog } from '../../ui';
import { useCurrentUser } from '../session';
import { closeGraph, type GraphRequest } from './open-graph';
import { announceProposalsDecided } from '../pages/review/proposals-decided';
import '../../ui/controls.css';
import './graph-dialog.css';

// The explorer's code and styles (and force-graph after it) load when the dialog first opens.
const GraphExplorer = lazy(() => import('../../widgets/graph-explorer').then((m) => ({ default: m.GraphExplorer })));

/**
 * 'Enhanced Knowledge Graph Visualization' (spec §2): a near full-screen dialog around the same
 * component as <kg-graph-explorer>. While the explorer is busy (a delete or save running) it
 * cannot be closed. Add Relation / Edit Node close it and go to the page.
 */
export function GraphDialog({ request }: { request: GraphRequest }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const close = () => {
    if (!busy) closeGraph();
  };
  return (
    <Dialog open title={GRAPH_MESSAGES.title} onClose={close} busy={busy} className="kg-graph-dialog">
      <Suspense fallback={<BlockSpinner label={GRAPH_MESSAGES.loading} />}>
        <GraphExplorer
          user={user}
          showTitle={false}
          focusNodeId={request.focusNodeId}
          relationType={request.relationType}
          onBusyChange={setBusy}
          onProposalsDecided={announceProposalsDecided}
          onClose={close}
          onNavigate={({ path, state }) => {
            closeGraph();
            void navigate(path, { state });
          }}
        />
      </Suspense>
    </Dialog>
  );
}
