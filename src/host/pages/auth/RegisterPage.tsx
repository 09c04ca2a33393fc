import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router';
import { localiseEnglish } from '../../../contract/texts';
import { Alert, Button, PageSpinner, TextField } from '../../../ui';
import { DEFAULT_PATH } from '../../shell/nav';
import { LOGIN_TEXTS, REGISTER_TEXTS as T } from '../../../contract/texts/auth';
import { sessionActor, useSession, useSessionState } from '../../session';
import { registrationError } from './registration';
import { AuthLayout } from './AuthLayout';

/** Create Account (spec §2): on success the new user lands on the dashboard. */
export function RegisterPage() {
  const { status, error } = useSession();
  const [clientError, setClientError] = useState<string | null>(null);
  const loading = useSessionState() === 'registering';

  useEffect(() => {
    sessionActor.send({ type: 'session.error.clear' });
  }, []);

  if (status === 'loading') return <PageSpinner label={LOGIN_TEXTS.checking} />;
  if (status === 'signedIn') return <Navigate to={DEFAULT_PATH} replace />;

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const value = (name: string) => (form.get(name) as string | null) ?? ''; // text inputs: strings, never files
    sessionActor.send({ type: 'session.error.clear' });
    const problem = registrationError(value('password'), value('confirmPassword'));
    setClientError(problem);
    if (problem) return;
    sessionActor.send({
      type: 'session.register',
      body: { username: value('username').trim(), email: value('email').trim(), password: value('password') },
    });
  };

  // The server answers in English (the spec's texts); a declared text is shown in the page's language.
  const shown = clientError ?? (error ? localiseEnglish(error) : null);
  return (
    <AuthLayout title={T.title}>
      <form className="kg-auth__form" onSubmit={submit}>
        {shown && <Alert severity="error">{shown}</Alert>}
        <TextField label={T.username} name="username" autoComplete="username" autoFocus required />
        <TextField label={T.email} name="email" type="email" autoComplete="email" required />
        <TextField label={T.password} name="password" type="password" autoComplete="new-password" required />
        <TextField label={T.confirmPassword} name="confirmPassword" type="password" autoComplete="new-password" required />
        <Button type="submit" fullWidth className="kg-auth__submit" disabled={loading} loading={loading}>
          {loading ? T.submitting : T.submit}
        </Button>
      </form>
      <p className="kg-auth__switch">
        <Link to="/login">{T.signIn}</Link>
      </p>
    </AuthLayout>
  );
}
