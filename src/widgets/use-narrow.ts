import { useEffect, useState, type RefObject } from 'react';

/** The spec's md breakpoint (900 px) for the user, role and type pages. */
export const MD_QUERY = '(max-width: 899.98px)';
/** Below this width of its own box a widget uses the card layout even on a wide screen (embedded in a column). */
export const NARROW_BOX_PX = 720;

/**
 * Whether a screen shows its small-screen layout: below the md breakpoint (spec §9), or when the
 * widget's own box is too narrow for the table (a side column of an embedding page).
 */
export function useNarrow(ref: RefObject<HTMLElement | null>): boolean {
  const [viewportNarrow, setViewportNarrow] = useState(() => typeof window !== 'undefined' && window.matchMedia(MD_QUERY).matches);
  const [boxNarrow, setBoxNarrow] = useState(false);

  useEffect(() => {
    const list = window.matchMedia(MD_QUERY);
    const update = () => setViewportNarrow(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, []);

  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setBoxNarrow(entry.contentRect.width > 0 && entry.contentRect.width < NARROW_BOX_PX));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);

  return viewportNarrow || boxNarrow;
}
