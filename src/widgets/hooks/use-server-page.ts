import { useCallback, useEffect, useState } from 'react';
import { useLatest } from '../../ui/use-latest';

export interface ServerPageState<T> {
  status: 'loading' | 'ready' | 'error';
  data: T | null;
  /** A reload is running while the previous page stays on screen. */
  refreshing: boolean;
}

/**
 * One page of a server-side list (node list, relations list, SNOMED catalogue): loads on every
 * change of `query` or `load` (memoise it) and on `reload()`. The newest request wins: the one in
 * flight is aborted, so a slow answer to an old query never replaces a newer one. A failed load
 * with a page on screen keeps that page and calls `onFailed` (the screen says so in a toast);
 * without one the state is 'error'.
 */
export function useServerPage<Q, T>(query: Q, load: (query: Q, signal: AbortSignal) => Promise<T>, onFailed: () => void): ServerPageState<T> & { reload: () => void } {
  const [nonce, setNonce] = useState(0);
  const [state, setState] = useState<ServerPageState<T>>({ status: 'loading', data: null, refreshing: false });
  const failed = useLatest(onFailed);
  const shown = useLatest(state.data !== null);

  useEffect(() => {
    const controller = new AbortController();
    setState((s) => (s.data ? { ...s, refreshing: true } : { ...s, status: 'loading' }));
    load(query, controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data, refreshing: false });
      },
      () => {
        if (controller.signal.aborted) return;
        setState((s) => (s.data ? { ...s, refreshing: false } : { status: 'error', data: null, refreshing: false }));
        if (shown.current) failed.current();
      },
    );
    return () => controller.abort();
  }, [query, load, nonce, failed, shown]);

  const reload = useCallback(() => setNonce((n) => n + 1), []);
  return { ...state, reload };
}
