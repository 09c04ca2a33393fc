import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { KgDomEvents } from '../../contract/dom-events';
import { localiseEnglish } from '../../contract/texts';
import { useSession } from '../element/session';
import { SIGN_IN_TEXTS as T, SSO_TEXTS as S } from '../../contract/texts/auth';
import { useSsoOffer } from './use-sso-offer';

export type SessionChange = KgDomEvents['kg-session-change'];

export interface SignInProps {
  /** Server origin ('' = this page's origin). */
  apiBase?: string;
  /** Once the session is known, and on every change of the signed-in user. */
  onSessionChange?: (detail: SessionChange) => void;
}

/**
 * Compact sign-in: a small form when signed out, a session badge (avatar initial, username,
 * role, Logout) when signed in. Driven by the page's shared session machine.
 */
export function SignIn({ apiBase = '', onSessionChange }: SignInProps) {
  const { phase, user, error, send } = useSession(apiBase);
  const reported = useRef<string | undefined>(undefined);
  const detail: SessionChange = { user: user ? { id: user.id, username: user.username, role: user.role } : null };
  const key = JSON.stringify(detail);
  useEffect(() => {
    if (phase === 'loading' || phase === 'signingIn' || reported.current === key) return;
    reported.current = key;
    onSessionChange?.(detail);
  });

  if (phase === 'loading') {
    return <div className="kg-signin kg-signin--loading" aria-busy="true">{T.checking}</div>;
  }

  if (user && phase !== 'signingIn') {
    return (
      <div className="kg-signin kg-signin--badge">
        <span className="kg-signin__avatar" aria-hidden="true">
          {user.username.charAt(0).toUpperCase()}
        </span>
        <span className="kg-signin__who">
          <span className="kg-signin__name">{user.username}</span>
          <span className="kg-signin__role">{user.role}</span>
        </span>
        <button type="button" className="kg-signin__logout" disabled={phase === 'busy'} onClick={() => send({ type: 'session.logout' })}>
          {T.logout}
        </button>
      </div>
    );
  }

  return <SignInOptions apiBase={apiBase} busy={phase === 'signingIn'} error={error} onSubmit={(login, password) => send({ type: 'session.login', login, password })} />;
}

const ssoError = (code: string) => (S.errors as Record<string, string>)[code] ?? S.errors.failed;

/** The identity provider's button (when the server has single sign-on), then the password form unless it is switched off. */
function SignInOptions({ apiBase, ...form }: SignInFormProps & { apiBase: string }) {
  const sso = useSsoOffer(apiBase);
  if (!sso.known) return <div className="kg-signin kg-signin--loading" aria-busy="true">{T.checking}</div>;
  const { provider } = sso;
  if (!provider) return <SignInForm {...form} />;
  const unreachable = provider.status === 'unreachable';
  return (
    <div className="kg-signin kg-signin--options">
      {sso.error && (
        <div className="kg-signin__error" role="alert">
          {ssoError(sso.error)}
        </div>
      )}
      {unreachable && <p className="kg-signin__note">{S.unreachable(provider.name ?? '')}</p>}
      <button type="button" className="kg-signin__submit kg-signin__sso" disabled={unreachable} onClick={sso.start}>
        {S.signInWith(provider.name ?? '')}
      </button>
      {sso.localLogin && (
        <>
          <p className="kg-signin__or">{S.or}</p>
          <SignInForm {...form} />
        </>
      )}
    </div>
  );
}

interface SignInFormProps {
  busy: boolean;
  error: string | null;
  onSubmit: (login: string, password: string) => void;
}

/** The form has its own state, so nothing typed survives a sign-in (it unmounts). */
function SignInForm({ busy, error, onSubmit }: SignInFormProps) {
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy) onSubmit(login.trim(), password);
  };
  return (
    <form className="kg-signin kg-signin--form" onSubmit={submit} aria-label={T.formLabel}>
      <label className="kg-signin__field" htmlFor={`${id}-login`}>
        <span>{T.login}</span>
        <input id={`${id}-login`} name="login" autoComplete="username" required value={login} onChange={(e) => setLogin(e.currentTarget.value)} />
      </label>
      <label className="kg-signin__field" htmlFor={`${id}-password`}>
        <span>{T.password}</span>
        <input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
      </label>
      {error && (
        <div className="kg-signin__error" role="alert">
          {localiseEnglish(error)}
        </div>
      )}
      <button type="submit" className="kg-signin__submit" disabled={busy}>
        {busy ? T.submitting : T.submit}
      </button>
    </form>
  );
}
