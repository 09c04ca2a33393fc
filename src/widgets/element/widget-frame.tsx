import { useLayoutEffect, useState, type ReactNode } from 'react';
import { cx } from '../../ui/cx';
import { PortalRootProvider } from '../../ui/overlay/portal';

/**
 * The outer box of an admin widget; as an element, its styles go in here (in the shadow root),
 * so the bundle's entry carries no CSS for elements a page does not use. Inside a shadow root it gives src/ui a portal root (an
 * element at the end of the box), so menus, tooltips and toasts render inside the shadow root
 * with its styles; in the host app it leaves them on document.body.
 */
export interface WidgetFrameProps {
  className?: string;
  /** The widget's styles when it runs as an element (loaded with its code); the host loads CSS globally. */
  css?: string;
  children: ReactNode;
}

export function WidgetFrame({ className, css, children }: WidgetFrameProps) {
  const [portal, setPortal] = useState<HTMLDivElement | null>(null);
  const [root, setRoot] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => {
    setRoot(portal && typeof ShadowRoot !== 'undefined' && portal.getRootNode() instanceof ShadowRoot ? portal : null);
  }, [portal]);
  return (
    <div className={cx('kg-widget', className)}>
      {css && <style>{css}</style>}
      <PortalRootProvider root={root}>{children}</PortalRootProvider>
      <div ref={setPortal} className="kg-widget__portal" />
    </div>
  );
}
