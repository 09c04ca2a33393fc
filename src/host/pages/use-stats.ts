import { useCallback, useEffect, useRef, useState } from 'react';
import { statsApi } from '../../api/admin/stats';
import type { Stats } from '../../contract';
import { api } from '../session';

export interface StatsState {
  stats: Stats | null;
  loading: boolean;
  failed: boolean;
}

export interface StatsView extends StatsState {
  /** Loads again (after a delete on the dashboard changed the totals). */
  reload: () => void;
}

/**
 * The dashboard totals from GET /api/stats, loaded on mount and again whenever the window
 * regains focus (spec §2). Earlier figures stay on screen while a reload runs; an answer
 * that arrives after a newer request started is dropped.
 */
export function useStats(): StatsView {
  const [state, setState] = useState<StatsState>({ stats: null, loading: true, failed: false });
  const latest = useRef(0);

  const load = useCallback(async () => {
    const request = ++latest.current;
    setState((s) => ({ ...s, loading: true }));
    try {
      const stats = await statsApi(api).get();
      if (request === latest.current) setState({ stats, loading: false, failed: false });
    } catch (err) {
      console.error('Failed to load dashboard stats', err);
      if (request === latest.current) setState((s) => ({ ...s, loading: false, failed: true }));
    }
  }, []);

  useEffect(() => {
    void load();
    const onFocus = () => void load();
    window.addEventListener('focus', onFocus);
    const generation = latest;
    return () => {
      window.removeEventListener('focus', onFocus);
      generation.current++; // ignore answers that arrive after unmount
    };
  }, [load]);

  return { ...state, reload: useCallback(() => void load(), [load]) };
}
