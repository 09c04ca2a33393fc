import type { MouseEvent, ReactNode } from 'react';

/** A click that should follow the link itself: another button, or a modifier (new tab or window). */
export const isPlainClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

export interface RouteLinkProps {
  /** A route of the host app, e.g. `/proposals`. */
  path: string;
  /** The host's router, or an element's `kg-navigate` (the embedding page decides where to go). */
  onNavigate: (detail: { path: string }) => void;
  className?: string;
  children: ReactNode;
}

/**
 * A link to another screen of the app. A plain click goes through `onNavigate` rather than loading
 * the href: in the host that is its router, in an element on someone else's page the page's answer to
 * `kg-navigate` (the path is the host app's, which that page may not have). A modified click opens
 * the href itself.
 */
export function RouteLink({ path, onNavigate, className, children }: RouteLinkProps) {
  return (
    <a
      className={className}
      href={path}
      onClick={(e) => {
        if (!isPlainClick(e)) return;
        e.preventDefault();
        onNavigate({ path });
      }}
    >
      {children}
    </a>
  );
}
