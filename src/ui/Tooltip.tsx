import {
  FloatingPortal,
  autoUpdate,
  flip,
  offset,
  shift,
  useDismiss,
  useFloating,
  useFocus,
  useHover,
  useInteractions,
  type Placement,
} from '@floating-ui/react';
import { cloneElement, useId, useState, type ReactElement } from 'react';
import { usePortalRoot } from './portal';

export interface TooltipProps {
  content: string;
  /** One focusable element (e.g. an aria-disabled button); it gets aria-describedby. */
  children: ReactElement<{ 'aria-describedby'?: string }>;
  placement?: Placement;
}

/**
 * A hover/focus tooltip. The text is also a hidden description of the child, so screen readers
 * hear it whether or not the bubble shows. Renders into the portal root (inside a widget's
 * shadow root) rather than document.body.
 */
export function Tooltip({ content, children, placement = 'top' }: TooltipProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const portalRoot = usePortalRoot();
  const { refs, floatingStyles, context } = useFloating({
    open,
    onOpenChange: setOpen,
    placement,
    middleware: [offset(6), flip({ padding: 8 }), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  const { getReferenceProps, getFloatingProps } = useInteractions([useHover(context, { move: false }), useFocus(context), useDismiss(context)]);
  return (
    <>
      <span ref={refs.setReference} className="kg-tooltip-anchor" {...getReferenceProps()}>
        {cloneElement(children, { 'aria-describedby': id })}
      </span>
      <span id={id} hidden>
        {content}
      </span>
      {open && (
        <FloatingPortal root={portalRoot ?? undefined}>
          <div ref={refs.setFloating} style={floatingStyles} className="kg-tooltip" aria-hidden="true" {...getFloatingProps()}>
            {content}
          </div>
        </FloatingPortal>
      )}
    </>
  );
}
