import { useMemo } from 'react';
import { apiClient } from '../../../api/client';
import { Presence } from '../../parts/presence';

/** The node popover's presence: the people viewing or editing the node, live. */
export function PopoverPresence({ apiBase, nodeId }: { apiBase: string; nodeId: string }) {
  const api = useMemo(() => apiClient({ base: apiBase }), [apiBase]);
  return <Presence api={api} kind="node" id={nodeId} mode="viewing" className="kg-graph-popover__presence" />;
}
