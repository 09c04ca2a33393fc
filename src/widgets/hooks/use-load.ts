import { useCallback, useEffect, useRef, useState } from 'react';

export type LoadStatus = 'loading' | 'ready' | 'error';

export interface Loaded<T> {
  status: LoadStatus;
  data: T | null;
  error: unknown;
  /** A reload is running while older data is shown. */
  refreshing: boolean;
  /** Loads again; resolves to whether it worked. A newer reload makes an older answer stale. */
  reload: () => Promise<boolean>;
  /** Replaces the data locally (after a save answered with the new record). */
  update: (fn: (data: T) => T) => void;
}

/** Loads data on mount and on reload(); the newest request wins, unmounting aborts. */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  const [state, setState] = useState<{ status: LoadStatus; data: T | null; error: unknown; refreshing: boolean }>({
    status: 'loading',
    data: null,
    error: null,
    refreshing: false,
  });
  const loadRef = useRef(load);
  loadRef.current = load;
  const current = useRef<AbortController | null>(null);

  const reload = useCallback(async () => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    setState((s) => (s.data === null ? { ...s, status: 'loading', error: null } : { ...s, refreshing: true }));
    try {
      const data = await loadRef.current(controller.signal);
      if (current.current !== controller) return false;
      setState({ status: 'ready', data, error: null, refreshing: false });
      return true;
    } catch (error) {
      if (current.current !== controller) return false;
      // With data on screen a failed refresh keeps it; the caller says so in a toast.
      setState((s) => (s.data === null ? { status: 'error', data: null, error, refreshing: false } : { ...s, refreshing: false }));
      return false;
    }
  }, []);

  useEffect(() => {
    void reload();
    return () => current.current?.abort();
  }, [reload]);

  const update = useCallback((fn: (data: T) => T) => setState((s) => (s.data === null ? s : { ...s, data: fn(s.data) })), []);
  return { ...state, reload, update };
}
