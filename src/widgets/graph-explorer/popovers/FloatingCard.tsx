import { autoUpdate, flip, offset, shift, useFloating } from '@floating-ui/react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { CloseIcon } from '../../../ui/icons';
import type { PopoverProps } from './Popover';
import { GRAPH_VIEW_TEXTS as V } from '../../../contract/texts/graph';

/**
 * The popover card (see Popover.tsx): placed next to a clicked point of the canvas with
 * @floating-ui/react and a virtual reference.
 * It renders in place, so inside the element it stays in the shadow root, and inside the
 * host's modal <dialog> it stays in the top layer with it. (Escape is handled by GraphPopovers.)
 */
export function FloatingCard({ anchor, label, onClose, busy, children }: PopoverProps) {
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
      <button type="button" className="kg-icon-btn kg-graph-popover__close" aria-label={V.closeDetails} title={V.closeDetails} disabled={busy} onClick={onClose}>
        <CloseIcon size={16} />
      </button>
      {children}
    </div>
  );
}
