import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { hasAccess, type Permission } from '../../contract';
import { PageSpinner } from '../../ui/feedback/Spinner';
import { useSession, wasLoggedOutByUser } from '../session';
import { DEFAULT_PATH, loginPath, permissionsOf, requiredPermission } from './nav';
import { LOGIN_TEXTS } from '../../contract/texts/auth';

export interface RequireAuthProps {
  /** An extra permission beyond the page's own PAGE_ACCESS entry. */
  permission?: Permission;
  children?: ReactNode;
}

/**
 * The sign-in guard (spec §2): a full-height spinner while the session is checked; signed
 * out → /login with this page as return-to; signed in without the page's permission
 * (PAGE_ACCESS) → the dashboard.
 */
export function RequireAuth({ permission, children }: RequireAuthProps) {
  const { status, user } = useSession();
  const location = useLocation();

  if (status === 'loading') return <PageSpinner label={LOGIN_TEXTS.checking} />;
  if (status !== 'signedIn' || !user) {
    return <Navigate to={wasLoggedOutByUser() ? '/login' : loginPath(location.pathname + location.search)} replace />;
  }
  const permissions = permissionsOf(user);
  const needed = [requiredPermission(location.pathname), permission].filter((p): p is Permission => !!p);
  if (!needed.every((p) => hasAccess(p, permissions))) return <Navigate to={DEFAULT_PATH} replace />;
  return children ?? <Outlet />;
}
