import { useState } from 'react';
import { useNavigate } from 'react-router';
import { authApi } from '../../api/auth';
import { MESSAGES } from '../../contract';
import { Alert, Button, Card, Dialog } from '../../ui';
import { api, logout } from '../session';

/**
 * "Sign out everywhere" (issue 14): for a lost device or a password that leaked. The server
 * revokes every refresh token of the user; this browser then signs out as Logout does.
 * Other devices lose access when their access token expires (minutes).
 */
export function SignOutEverywhere() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await authApi(api).logoutAll();
      logout();
      navigate('/login', { replace: true });
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : MESSAGES.generic.internal);
      setBusy(false);
    }
  };

  return (
    <Card title="Sessions" aria-label="Sessions" className="kg-settings__sessions">
      <p className="kg-settings__prompt">Signed in on a device you no longer use? End every session of your account, this one included.</p>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        Sign out everywhere
      </Button>
      <Dialog
        open={open}
        title="Sign out everywhere?"
        busy={busy}
        onClose={() => setOpen(false)}
        actions={
          <>
            <Button variant="text" onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => void confirm()} disabled={busy} loading={busy}>
              Sign out everywhere
            </Button>
          </>
        }
      >
        {error && <Alert severity="error">{error}</Alert>}
        <p className="kg-settings__prompt">Every browser and device signed in to your account, this one included, will have to sign in again.</p>
      </Dialog>
    </Card>
  );
}
