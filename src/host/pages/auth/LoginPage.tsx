import { useEffect, type FormEvent } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
// Module by module, not the ui barrel: the first route should not load every component (bench/bundle).
import { Alert } from '../../../ui/feedback/Alert';
import { Button } from '../../../ui/Button';
import { PageSpinner } from '../../../ui/feedback/Spinner';
import { TextField } from '../../../ui/form/TextField';
import { DEFAULT_PATH, safeReturnTo } from '../../shell/nav';
import { sessionActor, useSession, useSessionState } from '../../session';
import { AuthLayout } from './AuthLayout';
import { LOGIN_TEXTS as L } from '../../../contract/texts/auth';

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

  if (status === 'loading') return <PageSpinner label={L.checking} />;
  if (status === 'signedIn') return <Navigate to={returnTo} replace />;

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    sessionActor.send({ type: 'session.login', login: (form.get('email') as string | null) ?? '', password: (form.get('password') as string | null) ?? '' });
  };

  return (
    <AuthLayout title={L.title}>
      <form className="kg-auth__form" onSubmit={submit}>
        {error && <Alert severity="error">{error}</Alert>}
        <TextField label={L.login} name="email" autoComplete="username" autoFocus required />
        <TextField label={L.password} name="password" type="password" autoComplete="current-password" required />
        <Button type="submit" fullWidth className="kg-auth__submit" disabled={loading} loading={loading}>
          {loading ? L.submitting : L.submit}
        </Button>
      </form>
      <p className="kg-auth__switch">
        <Link to="/register">{L.register}</Link>
      </p>
    </AuthLayout>
  );
}
