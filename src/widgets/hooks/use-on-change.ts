import { useEffect, useRef } from 'react';
import { useLatest } from '../../ui/use-latest';

/**
 * Runs `effect` each time `value` changes after the first render (not on mount): a screen that
 * already loaded its data reloads when its owner signals that the data behind it changed.
 */
export function useOnChange(value: unknown, effect: () => unknown): void {
  const seen = useRef(value);
  const latest = useLatest(effect);
  useEffect(() => {
    if (Object.is(value, seen.current)) return;
    seen.current = value;
    void latest.current();
  }, [value, latest]);
}
