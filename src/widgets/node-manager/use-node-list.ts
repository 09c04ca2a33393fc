import { useCallback, useEffect, useMemo, useState } from 'react';
import { apiClient } from '../../api/client';
import { nodesApi } from '../../api/knowledge/nodes';
import { LIMITS } from '../../contract/limits';
import { concerns } from '../../api/live/live-interest';
import { useLiveChanges } from '../hooks/use-live-changes';
import { useServerPage } from '../hooks/use-server-page';
import { DEFAULT_SORT, listQuery, type NodeListState } from './node-format';

const NODE_LIST_INTEREST = { types: ['node', 'node_type'] } as const;

export const FIRST_LIST_STATE: NodeListState = { page: 0, pageSize: LIMITS.defaultPageSize, search: '', nodeType: '', sort: DEFAULT_SORT };

/**
 * The Knowledge Nodes list's data. DECISION beyond the spec (which pages client-side over the
 * whole list): search, type filter, sort and paging run on the SERVER (GET /nodes with search,
 * nodeType, sortBy, sortOrder, limit, skip) because the catalogue holds 10k+ nodes. Each query
 * change loads one page; the newest request wins and older ones are aborted, so a slow answer
 * to an old search never replaces a newer one. The search text is applied 300 ms after typing
 * stops (spec §9). Live changes of nodes and node types reload the page on screen.
 */
export function useNodeList(apiBase: string, onRefreshFailed: () => void, initial: NodeListState = FIRST_LIST_STATE) {
  const api = useMemo(() => apiClient({ base: apiBase }), [apiBase]);
  const calls = useMemo(() => nodesApi(api), [api]);
  const [state, setState] = useState<NodeListState>(initial);
  const [text, setText] = useState(initial.search);
  const load = useCallback((q: NodeListState, signal: AbortSignal) => calls.list(listQuery(q), signal), [calls]);
  const list = useServerPage(state, load, onRefreshFailed);
  // A node or type changed on another screen or instance: the page on screen loads again.
  useLiveChanges(api, (c) => concerns(c, NODE_LIST_INTEREST), list.reload);

  // Debounced search: the box shows `text` at once, the query follows after the pause.
  useEffect(() => {
    if (text.trim() === state.search) return;
    const timer = setTimeout(() => setState((s) => ({ ...s, page: 0, search: text.trim() })), LIMITS.debounceMs);
    return () => clearTimeout(timer);
  }, [text, state.search]);

  /** Changes the query; anything but a page change returns to the first page (spec §2). */
  const change = useCallback((patch: Partial<NodeListState>) => setState((s) => ({ ...s, page: 0, ...patch })), []);
  return { calls, state, text, setText, list, change };
}
