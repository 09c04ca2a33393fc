import { useMemo } from 'react';
import { apiClient } from '../../../api/client';
import { Presence } from '../../parts/presence';
import { DiscussionCount } from '../../parts/discussion';

/** The node popover's presence: the people viewing or editing the node, live. */
export function PopoverPresence({ apiBase, nodeId }: { apiBase: string; nodeId: string }) {
  const api = useMemo(() => apiClient({ base: apiBase }), [apiBase]);
  return <Presence api={api} kind="node" id={nodeId} mode="viewing" className="kg-graph-popover__presence" />;
}

/**
 * The popovers' discussion line: the record's comment count, live, and a way to the whole thread
 * (the node detail, or the relation form in edit mode); the popover is too small for the thread.
 */
export function PopoverDiscussion({ apiBase, type, id, onOpen }: { apiBase: string; type: 'node' | 'relation'; id: string; onOpen?: () => void }) {
  const api = useMemo(() => apiClient({ base: apiBase }), [apiBase]);
  return <DiscussionCount api={api} type={type} id={id} onOpen={onOpen} />;
}
