import { useCallback, useEffect, useRef } from 'react';

/**
 * Unsaved changes, one registry for the whole page: every open form reports whether
 * it holds changes (useUnsavedChanges). While one does, closing or reloading the tab asks
 * first (`beforeunload`; the browser words that prompt), and the app's router asks before an
 * in-app navigation (host/shell/UnsavedChangesPrompt.tsx reads hasUnsavedChanges()). Widgets on
 * other pages get the tab-close prompt; their portal's own navigation is its business.
 */
interface Entry {
  dirty(): boolean;
  /** Count the current changes as dealt with (saved, or given up by leaving). */
  settle(): void;
}
const entries = new Set<Entry>();

export function hasUnsavedChanges(): boolean {
  for (const e of entries) if (e.dirty()) return true;
  return false;
}

/** After the user chose to leave: no form asks again on the way out (a later change asks again). */
export function forgetUnsavedChanges(): void {
  for (const e of entries) e.settle();
}

const onBeforeUnload = (event: BeforeUnloadEvent) => {
  if (!hasUnsavedChanges()) return;
  event.preventDefault();
  event.returnValue = ''; // older Chromium needs it set
};
let listening = false;
function syncListener(): void {
  const want = entries.size > 0;
  if (want === listening || typeof window === 'undefined') return;
  listening = want;
  if (want) window.addEventListener('beforeunload', onBeforeUnload);
  else window.removeEventListener('beforeunload', onBeforeUnload);
}

/**
 * Reports `dirty` for as long as the calling form is mounted. The answer is a `settle()` to call
 * right after a successful save, or on Cancel (the user's own choice to drop the changes), before
 * navigating: the form's next render comes after the navigation, which must not be held up.
 */
export function useUnsavedChanges(dirty: boolean): () => void {
  const state = useRef({ dirty, saved: false });
  useEffect(() => {
    state.current = { dirty, saved: false };
  }, [dirty]);
  useEffect(() => {
    const entry: Entry = {
      dirty: () => state.current.dirty && !state.current.saved,
      settle: () => {
        state.current.saved = true;
      },
    };
    entries.add(entry);
    syncListener();
    return () => {
      entries.delete(entry);
      syncListener();
    };
  }, []);
  return useCallback(() => {
    state.current.saved = true;
  }, []);
}

/** Plain form values equal (lists as sets: ticking a permission off and on again is no change). */
export function sameFormValues(a: unknown, b: unknown): boolean {
  const canonical = (_key: string, value: unknown) => (Array.isArray(value) && value.every((v) => typeof v === 'string') ? [...value].sort() : value);
  return JSON.stringify(a, canonical) === JSON.stringify(b, canonical);
}
