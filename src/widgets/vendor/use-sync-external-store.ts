/*!
 * useSyncExternalStoreWithSelector: a TypeScript port of React's use-sync-external-store
 * (packages/use-sync-external-store/src/useSyncExternalStoreWithSelector.js).
 * @license MIT. Copyright (c) Meta Platforms, Inc. and affiliates.
 * The full licence text is in ./LICENSE-use-sync-external-store.
 */
/**
 * Stands in for the `use-sync-external-store` shims in the widget build (aliases in
 * vite.widgets.config.ts): @xstate/react imports them for React < 18, but preact/compat has
 * useSyncExternalStore, and the CommonJS shims cost ~1 KB gzip in every widget. The selector
 * version follows React's own implementation (memoised selection, optional equality).
 */
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';

export { useSyncExternalStore };

export function useSyncExternalStoreWithSelector<Snapshot, Selection>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => Snapshot,
  getServerSnapshot: undefined | null | (() => Snapshot),
  selector: (snapshot: Snapshot) => Selection,
  isEqual?: (a: Selection, b: Selection) => boolean,
): Selection {
  const instRef = useRef<{ hasValue: boolean; value: Selection | null }>(null);
  instRef.current ??= { hasValue: false, value: null };
  const inst = instRef.current;
  const [getSelection, getServerSelection] = useMemo(() => {
    let hasMemo = false;
    let memoSnapshot: Snapshot;
    let memoSelection: Selection;
    const select = (next: Snapshot): Selection => {
      if (!hasMemo) {
        hasMemo = true;
        memoSnapshot = next;
        const selection = selector(next);
        if (isEqual && inst.hasValue && isEqual(inst.value as Selection, selection)) return (memoSelection = inst.value as Selection);
        return (memoSelection = selection);
      }
      if (Object.is(memoSnapshot, next)) return memoSelection;
      const selection = selector(next);
      memoSnapshot = next;
      if (isEqual && isEqual(memoSelection, selection)) return memoSelection;
      return (memoSelection = selection);
    };
    return [() => select(getSnapshot()), getServerSnapshot ? () => select(getServerSnapshot()) : undefined];
  }, [getSnapshot, getServerSnapshot, selector, isEqual, inst]);
  const value = useSyncExternalStore(subscribe, getSelection, getServerSelection);
  useEffect(() => {
    inst.hasValue = true;
    inst.value = value;
  }, [inst, value]);
  return value;
}
