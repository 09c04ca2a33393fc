import { useState } from 'react';
import { useNavigate } from 'react-router';
import { authApi } from '../../../api/auth';
import { MESSAGES } from '../../../contract';
import { localiseEnglish } from '../../../contract/texts';
import { Alert, Button, Card, Dialog } from '../../../ui';
import { api, logout } from '../../session';
import { SETTINGS_TEXTS } from '../../../contract/texts/admin/settings';

const T = SETTINGS_TEXTS.sessions;

/**
 * "Sign out everywhere": for a lost device or a password that leaked. The server
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
      void navigate('/login', { replace: true });
    } catch (err) {
      setError(err instanceof Error && err.message ? localiseEnglish(err.message) : MESSAGES.generic.internal);
      setBusy(false);
    }
  };

  return (
    <Card title={T.title} aria-label={T.title} className="kg-settings__sessions">
      <p className="kg-settings__prompt">{T.prompt}</p>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        {T.button}
      </Button>
      <Dialog
        open={open}
        title={T.confirmTitle}
        busy={busy}
        onClose={() => setOpen(false)}
        actions={
          <>
            <Button variant="text" onClick={() => setOpen(false)} disabled={busy}>
              {T.cancel}
            </Button>
            <Button variant="danger" onClick={() => void confirm()} disabled={busy} loading={busy}>
              {T.button}
            </Button>
          </>
        }
      >
        {error && <Alert severity="error">{error}</Alert>}
        <p className="kg-settings__prompt">{T.confirmText}</p>
      </Dialog>
    </Card>
  );
}
