import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { openGraph, useGraphRequest, type OpenGraphState } from './open-graph';

const GraphDialog = lazy(() => import('./GraphDialog').then((m) => ({ default: m.GraphDialog })));

/** Mounted once in the shell: shows the graph dialog while an openGraph() request is open. */
export function GraphDialogHost() {
  const request = useGraphRequest();
  const location = useLocation();
  const navigate = useNavigate();
  const asked = (location.state as OpenGraphState | null)?.openGraph;

  // A page reached with { state: { openGraph } } opens the graph on arrival (once: the state is cleared).
  useEffect(() => {
    if (!asked) return;
    openGraph(asked);
    const rest = { ...(location.state as Record<string, unknown>) };
    delete rest.openGraph;
    void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true, state: Object.keys(rest).length ? rest : null });
  }, [asked, location, navigate]);

  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <GraphDialog key={`${request.focusNodeId ?? ''}|${request.relationType ?? ''}`} request={request} />
    </Suspense>
  );
}
