import { autoUpdate, flip, offset, shift, useFloating } from '@floating-ui/react';
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import type { Anchor } from '../../machines/graph-explorer.machine';
import { CloseIcon } from '../../ui/icons';

export interface PopoverProps {
  anchor: Anchor;
  label: string;
  onClose: () => void;
  /** While busy, Escape and the close button do nothing. */
  busy?: boolean;
  children: ReactNode;
}

/**
 * A card next to a clicked point of the canvas (@floating-ui/react with a virtual reference).
 * It renders in place, so inside the element it stays in the shadow root, and inside the
 * host's modal <dialog> it stays in the top layer with it. (Escape is handled by GraphPopovers.)
 */
export function Popover({ anchor, label, onClose, busy, children }: PopoverProps) {
  const { refs, floatingStyles } = useFloating({
    strategy: 'fixed',
    placement: 'right-start',
    middleware: [offset(12), flip({ padding: 8, fallbackPlacements: ['left-start', 'bottom', 'top'] }), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  useLayoutEffect(() => {
    const { x, y } = anchor;
    refs.setPositionReference({ getBoundingClientRect: () => ({ x, y, left: x, top: y, right: x, bottom: y, width: 0, height: 0 }) });
  }, [anchor, refs]);
  const card = useRef<HTMLDivElement | null>(null);
  useEffect(() => card.current?.focus({ preventScroll: true }), [anchor]);
  return (
    <div
      ref={(el) => {
        card.current = el;
        refs.setFloating(el);
      }}
      style={floatingStyles}
      className="kg-graph-popover"
      role="dialog"
      aria-label={label}
      tabIndex={-1}
    >
      <button type="button" className="kg-icon-btn kg-graph-popover__close" aria-label="Close details" title="Close details" disabled={busy} onClick={onClose}>
        <CloseIcon size={16} />
      </button>
      {children}
    </div>
  );
}
