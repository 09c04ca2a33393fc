import { useCallback, useEffect, useRef, useState } from 'react';
import type { HistoryApi } from '../../../api/knowledge/history';
import type { HistoryEntry } from '../../../contract/knowledge/history';

export const HISTORY_PAGE_SIZE = 20;

export interface HistoryState {
  status: 'loading' | 'ready' | 'error';
  entries: HistoryEntry[];
  total: number;
  /** Older entries are being fetched (the shown ones stay). */
  loadingMore: boolean;
  moreFailed: boolean;
}

/**
 * A record's history, newest first: the first page on mount and on reload(), older pages
 * appended by loadMore(). A newer request makes an older answer stale.
 */
export function useHistory(calls: HistoryApi, recordId: string) {
  const [state, setState] = useState<HistoryState>({ status: 'loading', entries: [], total: 0, loadingMore: false, moreFailed: false });
  const generation = useRef(0);

  const reload = useCallback(async () => {
    const mine = ++generation.current;
    setState((s) => ({ ...s, status: s.entries.length ? s.status : 'loading' }));
    try {
      const page = await calls.list(recordId, { limit: HISTORY_PAGE_SIZE, skip: 0 });
      if (mine === generation.current) setState({ status: 'ready', entries: page.data, total: page.pagination.total, loadingMore: false, moreFailed: false });
    } catch {
      if (mine === generation.current) setState({ status: 'error', entries: [], total: 0, loadingMore: false, moreFailed: false });
    }
  }, [calls, recordId]);

  const loadMore = useCallback(async () => {
    const mine = generation.current;
    let skip = 0;
    setState((s) => {
      skip = s.entries.length;
      return { ...s, loadingMore: true, moreFailed: false };
    });
    try {
      const page = await calls.list(recordId, { limit: HISTORY_PAGE_SIZE, skip });
      if (mine !== generation.current) return;
      setState((s) => ({ ...s, entries: [...s.entries, ...page.data.filter((e) => !s.entries.some((x) => x.id === e.id))], total: page.pagination.total, loadingMore: false }));
    } catch {
      if (mine === generation.current) setState((s) => ({ ...s, loadingMore: false, moreFailed: true }));
    }
  }, [calls, recordId]);

  useEffect(() => {
    void reload();
    const current = generation;
    return () => {
      current.current++;
    };
  }, [reload]);

  return { ...state, reload, loadMore };
}
