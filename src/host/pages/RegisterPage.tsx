import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router';
import { Alert, Button, PageSpinner, TextField } from '../../ui';
import { DEFAULT_PATH } from '../shell/nav';
import { sessionActor, useSession, useSessionState } from '../session';
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

  if (status === 'loading') return <PageSpinner label="Checking your session" />;
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

  const shown = clientError ?? error;
  return (
    <AuthLayout title="Create Account">
      <form className="kg-auth__form" onSubmit={submit}>
        {shown && <Alert severity="error">{shown}</Alert>}
        <TextField label="Username" name="username" autoComplete="username" autoFocus required />
        <TextField label="Email Address" name="email" type="email" autoComplete="email" required />
        <TextField label="Password" name="password" type="password" autoComplete="new-password" required />
        <TextField label="Confirm Password" name="confirmPassword" type="password" autoComplete="new-password" required />
        <Button type="submit" fullWidth className="kg-auth__submit" disabled={loading} loading={loading}>
          {loading ? 'Creating Account...' : 'Create Account'}
        </Button>
      </form>
      <p className="kg-auth__switch">
        <Link to="/login">Already have an account? Sign In</Link>
      </p>
    </AuthLayout>
  );
}
