import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';

/** The spec's sm breakpoint (600 px): below it the node list starts in the grid view. */
export const SM_QUERY = '(max-width: 599.98px)';
export const SM_PX = 600;

/**
 * Whether the screen is "small" for the node list: the viewport below sm, or the widget's own
 * box narrower than that (an embedding page's side column). Measured before the first paint.
 */
export function useSmall(ref: RefObject<HTMLElement | null>): boolean {
  const [viewport, setViewport] = useState(() => typeof window !== 'undefined' && window.matchMedia(SM_QUERY).matches);
  const [box, setBox] = useState(false);
  useEffect(() => {
    const list = window.matchMedia(SM_QUERY);
    const update = () => setViewport(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, []);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = (width: number) => setBox(width > 0 && width < SM_PX);
    check(el.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => check(entry.contentRect.width));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return viewport || box;
}
