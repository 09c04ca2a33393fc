import { useCallback, useEffect, useRef, useState } from 'react';
import { useLatest } from '../use-latest';

/** One page of options from the server. */
export interface OptionPage<T> {
  items: T[];
  hasMore: boolean;
}

/** Loads page `page` (0-based) of the options matching `query`; abort when `signal` fires. */
export type LoadOptions<T> = (query: string, page: number, signal: AbortSignal) => Promise<OptionPage<T>>;

export interface AsyncOptionsState<T> {
  items: T[];
  loading: boolean;
  hasMore: boolean;
  /** The query the items belong to ('' before any search). */
  loadedQuery: string | null;
  failed: boolean;
  /** The last page loaded (0-based). */
  page: number;
}

const EMPTY: AsyncOptionsState<never> = { items: [], loading: false, hasMore: false, loadedQuery: null, failed: false, page: 0 };

/**
 * Options for a search-as-you-type picker: waits `debounceMs` after the last keystroke, loads
 * page 0, appends further pages on `loadMore()`. Every new query aborts the request in flight and
 * a sequence number drops any answer that still arrives for an older query (spec §4: stale
 * responses are discarded). A failure on the first page clears the list (spec §8).
 */
export function useAsyncOptions<T>(load: LoadOptions<T>, query: string, { enabled, debounceMs, searchOnEmpty }: { enabled: boolean; debounceMs: number; searchOnEmpty: boolean }) {
  const [state, setState] = useState<AsyncOptionsState<T>>(EMPTY);
  const current = useLatest(state);
  const seq = useRef(0);
  const controller = useRef<AbortController | null>(null);
  const loadRef = useLatest(load);

  const fetchPage = useCallback((q: string, page: number) => {
    controller.current?.abort();
    const ac = new AbortController();
    controller.current = ac;
    const mine = ++seq.current;
    setState((s) => ({ ...s, loading: true, failed: false, ...(page === 0 ? { hasMore: false } : {}) }));
    loadRef.current(q, page, ac.signal).then(
      (res) => {
        if (mine !== seq.current) return;
        setState((s) => ({ items: page === 0 ? res.items : [...s.items, ...res.items], loading: false, hasMore: res.hasMore, loadedQuery: q, failed: false, page }));
      },
      () => {
        if (mine !== seq.current) return;
        setState((s) => (page === 0 ? { ...EMPTY, loadedQuery: q, failed: true } : { ...s, loading: false, hasMore: false }));
      },
    );
  }, [loadRef]);

  const trimmed = query.trim();
  useEffect(() => {
    if (!enabled) return;
    if (!trimmed && !searchOnEmpty) {
      seq.current++;
      controller.current?.abort();
      setState(EMPTY);
      return;
    }
    // A new query makes any answer still on its way stale at once, not only when the next call
    // starts: an older search must not fill the list while the user is still typing.
    seq.current++;
    controller.current?.abort();
    // Show the spinner at once; the call itself waits for the pause in typing.
    setState((s) => ({ ...s, loading: true }));
    const timer = setTimeout(() => fetchPage(trimmed, 0), debounceMs);
    return () => clearTimeout(timer);
  }, [enabled, trimmed, searchOnEmpty, debounceMs, fetchPage]);

  useEffect(() => () => controller.current?.abort(), []);

  /** The next page, when there is one and nothing is loading (the list scrolled to its bottom). */
  const loadMore = useCallback(() => {
    const s = current.current;
    if (s.loading || !s.hasMore || s.loadedQuery === null) return;
    fetchPage(s.loadedQuery, s.page + 1);
  }, [fetchPage, current]);

  return { ...state, loadMore };
}
