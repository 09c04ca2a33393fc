import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';

/** The spec's md breakpoint (900 px) for the user, role and type pages. */
export const MD_QUERY = '(max-width: 899.98px)';
/** Below this width of its own box the tables do not fit: the card layout is used even on a wide screen (a side column, or the host with its drawer open on a laptop). */
export const NARROW_BOX_PX = 880;

/**
 * Whether a screen shows its small-screen layout: below the md breakpoint (spec §9), or when the
 * widget's own box is too narrow for the table (a side column of an embedding page). Another
 * breakpoint can be given (the node list uses sm: `query` for the viewport, `boxPx` for the box).
 */
export function useNarrow(ref: RefObject<HTMLElement | null>, query = MD_QUERY, boxPx = NARROW_BOX_PX): boolean {
  const [viewportNarrow, setViewportNarrow] = useState(() => typeof window !== 'undefined' && window.matchMedia(query).matches);
  const [boxNarrow, setBoxNarrow] = useState(false);

  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setViewportNarrow(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);

  // Measured before the first paint, so a narrow box never flashes the table.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = (width: number) => setBoxNarrow(width > 0 && width < boxPx);
    check(el.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => check(entry.contentRect.width));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, boxPx]);

  return viewportNarrow || boxNarrow;
}
