import { useCallback, useEffect, useRef, useState } from 'react';
import { concerns, type LiveInterest } from '../../../api/live/live-interest';
import type { Page } from '../../../api/knowledge/nodes';
import { storageKey } from '../../../api/storage-keys';
import { LIMITS } from '../../../contract/limits';
import { useLiveChanges } from '../../../widgets';
import { api } from '../../session';
import { useLatest } from '../../../ui/use-latest';

export type ViewMode = 'grid' | 'table';

/** Spec §4 "Dashboard modes": the grid shows 15 items, the table pages through up to 1000. */
export const LIST_LIMIT: Record<ViewMode, number> = { grid: LIMITS.dashboardGridLimit, table: LIMITS.dashboardTableLimit };

export interface DashboardList<T> {
  items: T[];
  /** How many exist on the server (may exceed what was loaded). */
  total: number;
  /** The server stopped counting at `total`: more exist. */
  totalCapped: boolean;
  /** A request is running (the first load or a reload). */
  loading: boolean;
  /** Nothing could be loaded. */
  failed: boolean;
  reload: () => void;
}

/**
 * One dashboard list: loads when `key` changes (mode or search), on reload(), when the window
 * regains focus (spec §2) and on live changes that concern it (`live`). Older items stay on screen
 * during a reload; an answer to a request that a newer one replaced is discarded (its request is
 * also aborted).
 */
export function useDashboardList<T>(fetch: (signal: AbortSignal) => Promise<Page<T>>, key: string, live: LiveInterest): DashboardList<T> {
  const [state, setState] = useState<{ items: T[]; total: number; totalCapped: boolean; loading: boolean; failed: boolean }>({
    items: [],
    total: 0,
    totalCapped: false,
    loading: true,
    failed: false,
  });
  const fetchRef = useLatest(fetch);
  const current = useRef<AbortController | null>(null);

  const load = useCallback(async () => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    setState((s) => ({ ...s, loading: true }));
    try {
      const page = await fetchRef.current(controller.signal);
      if (current.current !== controller) return;
      setState({ items: page.data, total: page.pagination.total, totalCapped: !!page.pagination.totalCapped, loading: false, failed: false });
    } catch (err) {
      if (current.current !== controller) return;
      console.error('Failed to load dashboard list', err);
      setState((s) => ({ ...s, loading: false, failed: true }));
    }
  }, [fetchRef]);

  useEffect(() => {
    void load();
  }, [load, key]);
  useLiveChanges(api, (c) => concerns(c, live), () => void load());

  useEffect(() => {
    const onFocus = () => void load();
    window.addEventListener('focus', onFocus);
    return () => {
      window.removeEventListener('focus', onFocus);
      current.current?.abort();
      current.current = null;
    };
  }, [load]);

  return { ...state, reload: useCallback(() => void load(), [load]) };
}

/** The value once it has stayed unchanged for `delay` ms (spec §9: 300 ms for node search). */
export function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * A section's grid/table choice, remembered in this browser (a curator who works in the table
 * finds it again after a reload), per server like every stored item. Grid, the spec's default,
 * until one is chosen.
 */
export function useViewMode(section: 'nodes' | 'relations'): [ViewMode, (mode: ViewMode) => void] {
  const key = storageKey(api.base, `dashboard.${section}.view`);
  const [mode, setMode] = useState<ViewMode>(() => {
    try {
      return localStorage.getItem(key) === 'table' ? 'table' : 'grid';
    } catch {
      return 'grid';
    }
  });
  const choose = useCallback(
    (next: ViewMode) => {
      setMode(next);
      try {
        localStorage.setItem(key, next);
      } catch {
        /* storage unavailable (private mode): the choice lasts for this page only */
      }
    },
    [key],
  );
  return [mode, choose];
}
