import { createContext, useContext, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * Where floating things (menus, tooltips, toasts) render. The host leaves it unset, so they go
 * to document.body; a widget sets it to an element inside its shadow root, so they stay inside
 * the shadow root (and its styles) instead of landing unstyled in the embedding page.
 */
export const PortalRootContext = createContext<HTMLElement | null>(null);

export function PortalRootProvider({ root, children }: { root: HTMLElement | null; children: ReactNode }) {
  return <PortalRootContext value={root}>{children}</PortalRootContext>;
}

/** The element to portal into, or null for document.body. */
export function usePortalRoot(): HTMLElement | null {
  return useContext(PortalRootContext);
}

/** Renders children into the portal root (or document.body). */
export function Portal({ children }: { children: ReactNode }) {
  const root = usePortalRoot();
  if (typeof document === 'undefined') return null;
  return createPortal(children, root ?? document.body);
}
