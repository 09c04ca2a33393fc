import { FloatingPortal, autoUpdate, flip, offset, shift, useFloating, type Placement } from '@floating-ui/react';

export interface TooltipBubbleProps {
  anchor: HTMLElement;
  content: string;
  placement: Placement;
  root: HTMLElement | null;
}

/** The shown tooltip, placed by floating-ui (a chunk of its own: see Tooltip.tsx). */
export function TooltipBubble({ anchor, content, placement, root }: TooltipBubbleProps) {
  const { refs, floatingStyles } = useFloating({
    elements: { reference: anchor },
    placement,
    middleware: [offset(6), flip({ padding: 8 }), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  return (
    <FloatingPortal root={root ?? undefined}>
      {/* eslint-disable-next-line react-hooks/refs -- floating-ui's setFloating is a callback ref, not a ref's value */}
      <div ref={refs.setFloating} style={floatingStyles} className="kg-tooltip" aria-hidden="true">
        {content}
      </div>
    </FloatingPortal>
  );
}
