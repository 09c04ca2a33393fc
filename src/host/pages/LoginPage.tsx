import { useEffect, type FormEvent } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Alert, Button, PageSpinner, TextField } from '../../ui';
import { DEFAULT_PATH, safeReturnTo } from '../shell/nav';
import { sessionActor, useSession, useSessionState } from '../session';
import { AuthLayout } from './AuthLayout';

/** Sign In (spec §2): on success back to the page the guard sent us from, else the dashboard. */
export function LoginPage() {
  const { status, error } = useSession();
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo')) ?? DEFAULT_PATH;
  // Not 'busy': right after Logout the session is still signing out, which is not our loading.
  const loading = useSessionState() === 'signingIn';

  // An error from an earlier visit or from the registration screen does not belong here.
  useEffect(() => {
    sessionActor.send({ type: 'session.error.clear' });
  }, []);

  if (status === 'loading') return <PageSpinner label="Checking your session" />;
  if (status === 'signedIn') return <Navigate to={returnTo} replace />;

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    sessionActor.send({ type: 'session.login', login: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') });
  };

  return (
    <AuthLayout title="Sign In">
      <form className="kg-auth__form" onSubmit={submit}>
        {error && <Alert severity="error">{error}</Alert>}
        <TextField label="Username or Email" name="email" autoComplete="username" autoFocus required />
        <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
        <Button type="submit" fullWidth className="kg-auth__submit" disabled={loading} loading={loading}>
          {loading ? 'Signing In...' : 'Sign In'}
        </Button>
      </form>
      <p className="kg-auth__switch">
        <Link to="/register">Don&apos;t have an account? Sign Up</Link>
      </p>
    </AuthLayout>
  );
}
