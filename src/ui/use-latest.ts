import { useLayoutEffect, useRef } from 'react';

/**
 * A ref that always holds the latest `value`, for effects and event handlers that must call the
 * current callback without re-subscribing. Written in a layout effect, not during render (React's
 * rule: render stays pure), so it is current before any effect or later event reads it.
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
