import { lazy, Suspense, type ReactNode } from 'react';
import type { Anchor } from '../../../machines/graph-explorer/graph-explorer.machine';

export interface PopoverProps {
  anchor: Anchor;
  label: string;
  onClose: () => void;
  /** While busy, Escape and the close button do nothing. */
  busy?: boolean;
  children: ReactNode;
}

// The positioning library loads with the first popover, not with the graph (bench/bundle).
const FloatingCard = lazy(() => import('./FloatingCard').then((m) => ({ default: m.FloatingCard })));

/**
 * A card next to a clicked point of the canvas. It renders in place, so inside the element it
 * stays in the shadow root, and inside the host's modal <dialog> it stays in the top layer with
 * it. (Escape is handled by GraphPopovers.)
 */
export function Popover(props: PopoverProps) {
  return (
    <Suspense fallback={null}>
      <FloatingCard {...props} />
    </Suspense>
  );
}
