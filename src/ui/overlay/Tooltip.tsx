import type { Placement } from '@floating-ui/react';
import { cloneElement, lazy, Suspense, useEffect, useId, useState, type ReactElement } from 'react';
import { usePortalRoot } from './portal';

export interface TooltipProps {
  content: string;
  /** One focusable element (e.g. an aria-disabled button); it gets aria-describedby. */
  children: ReactElement<{ 'aria-describedby'?: string }>;
  placement?: Placement;
}

// floating-ui loads when a tooltip first shows, not with every widget that has one (bench/bundle).
const TooltipBubble = lazy(() => import('./TooltipBubble').then((m) => ({ default: m.TooltipBubble })));

/**
 * A hover/focus tooltip. The text is also a hidden description of the child, so screen readers
 * hear it whether or not the bubble shows. Renders into the portal root (inside a widget's
 * shadow root) rather than document.body. Escape hides it.
 */
export function Tooltip({ content, children, placement = 'top' }: TooltipProps) {
  const [open, setOpen] = useState(false);
  const [anchor, setAnchor] = useState<HTMLSpanElement | null>(null);
  const id = useId();
  const portalRoot = usePortalRoot();
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  const show = () => setOpen(true);
  const hide = () => setOpen(false);
  return (
    <>
      <span ref={setAnchor} className="kg-tooltip-anchor" onMouseEnter={show} onMouseLeave={hide} onFocus={show} onBlur={hide}>
        {cloneElement(children, { 'aria-describedby': id })}
      </span>
      <span id={id} hidden>
        {content}
      </span>
      {open && anchor && (
        <Suspense fallback={null}>
          <TooltipBubble anchor={anchor} content={content} placement={placement} root={portalRoot} />
        </Suspense>
      )}
    </>
  );
}
