import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { AuthLayout } from '../pages/auth/AuthLayout';
import { DEFAULT_PATH } from './nav';
import { ROUTE_ERROR_TEXTS as E } from '../../contract/texts/shell';

/**
 * The router's error element: a page that fails to render, or a navigation the router refuses,
 * shows this translated message and a way back, never the error, its message or its stack
 * (react-router's own error page prints the stack trace). The error goes to the console only.
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('route error', error);
  }, [error]);
  return (
    <AuthLayout title={E.title}>
      <p role="alert">{E.text}</p>
      {/* A full load, not a router link: the router that failed may be in a broken state. */}
      <p className="kg-auth__switch">
        <a href={DEFAULT_PATH}>{E.action}</a>
      </p>
    </AuthLayout>
  );
}
