import type { RefObject } from 'react';
import { useNarrow } from '../hooks/use-narrow';

/** The spec's sm breakpoint (600 px): below it the node list starts in the grid view. */
export const SM_QUERY = '(max-width: 599.98px)';
export const SM_PX = 600;

/**
 * Whether the screen is "small" for the node list: the viewport below sm, or the widget's own
 * box narrower than that (an embedding page's side column). Measured before the first paint.
 */
export const useSmall = (ref: RefObject<HTMLElement | null>): boolean => useNarrow(ref, SM_QUERY, SM_PX);
