import { useEffect, type FormEvent } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
// Module by module, not the ui barrel: the first route should not load every component (bench/bundle).
import { Alert } from '../../../ui/feedback/Alert';
import { Button } from '../../../ui/Button';
import { PageSpinner } from '../../../ui/feedback/Spinner';
import { TextField } from '../../../ui/form/TextField';
import { ssoStartUrl } from '../../../api/sso';
import { DEFAULT_PATH, safeReturnTo } from '../../shell/nav';
import { api, sessionActor, useSession, useSessionState } from '../../session';
import { useSso } from '../../sso';
import { AuthLayout } from './AuthLayout';
import { LOGIN_TEXTS as L, SSO_TEXTS as S } from '../../../contract/texts/auth';

const ssoError = (code: string) => (S.errors as Record<string, string>)[code] ?? S.errors.failed;

/**
 * Sign In (spec §2): on success back to the page the guard sent us from, else the dashboard. With
 * single sign-on the provider's button comes first; KG_LOCAL_LOGIN=off hides the password form
 * except at /login?local=1 (a local admin's emergency access).
 */
export function LoginPage() {
  const { status, error } = useSession();
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo')) ?? DEFAULT_PATH;
  // Not 'busy': right after Logout the session is still signing out, which is not our loading.
  const loading = useSessionState() === 'signingIn';
  const sso = useSso();
  const breakGlass = params.get('local') === '1';

  // An error from an earlier visit or from the registration screen does not belong here.
  useEffect(() => {
    sessionActor.send({ type: 'session.error.clear' });
  }, []);

  if (status === 'loading' || sso.pending) return <PageSpinner label={sso.pending ? S.signingIn : L.checking} />;
  if (status === 'signedIn') return <Navigate to={returnTo} replace />;
  if (sso.info === undefined) return <PageSpinner label={L.checking} />;

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    sessionActor.send({ type: 'session.login', login: (form.get('email') as string | null) ?? '', password: (form.get('password') as string | null) ?? '' });
  };

  const provider = sso.info?.enabled ? sso.info : null;
  const localLogin = sso.info?.localLogin ?? true;
  const showForm = localLogin || breakGlass || !provider;
  const unreachable = provider?.status === 'unreachable';

  return (
    <AuthLayout title={L.title}>
      {sso.error && <Alert severity="error">{ssoError(sso.error)}</Alert>}
      {provider && !breakGlass && (
        <div className="kg-auth__sso">
          {unreachable && <Alert severity="warning">{S.unreachable(provider.name ?? '')}</Alert>}
          <Button fullWidth className="kg-auth__submit" disabled={unreachable} onClick={() => window.location.assign(ssoStartUrl(api, returnTo))}>
            {S.signInWith(provider.name ?? '')}
          </Button>
          {showForm && <p className="kg-auth__or">{S.or}</p>}
        </div>
      )}
      {breakGlass && !localLogin && <Alert severity="info">{S.localOff}</Alert>}
      {showForm && (
        <form className="kg-auth__form" onSubmit={submit}>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField label={L.login} name="email" autoComplete="username" autoFocus={!provider} required />
          <TextField label={L.password} name="password" type="password" autoComplete="current-password" required />
          <Button type="submit" fullWidth variant={provider && !breakGlass ? 'secondary' : 'primary'} className="kg-auth__submit" disabled={loading} loading={loading}>
            {loading ? L.submitting : L.submit}
          </Button>
        </form>
      )}
      <p className="kg-auth__switch">
        {localLogin ? (
          <Link to="/register">{L.register}</Link>
        ) : breakGlass ? (
          <Link to="/login">{S.useProvider}</Link>
        ) : (
          <Link to="/login?local=1">{S.useLocal}</Link>
        )}
      </p>
    </AuthLayout>
  );
}
