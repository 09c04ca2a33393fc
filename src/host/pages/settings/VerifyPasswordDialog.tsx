import { MESSAGES } from '../../../contract';
import { Button, Dialog, TextField } from '../../../ui';
import { SETTINGS_TEXTS } from '../../../contract/texts/admin/settings';

const T = SETTINGS_TEXTS.profile;

export interface VerifyPasswordDialogProps {
  open: boolean;
  verifying: boolean;
  error: string | null;
  onVerify: (password: string) => void;
  onCancel: () => void;
}

/**
 * Asks for the current password before the new-password fields unlock (spec §2 Account
 * Settings). The field is uncontrolled: the dialog drops its content when closed, so the
 * password never outlives the dialog.
 */
export function VerifyPasswordDialog({ open, verifying, error, onVerify, onCancel }: VerifyPasswordDialogProps) {
  return (
    <Dialog
      open={open}
      title={T.verifyTitle}
      onClose={onCancel}
      busy={verifying}
      onSubmit={(e) => onVerify((new FormData(e.currentTarget).get('currentPassword') as string | null) ?? '')}
      actions={
        <>
          <Button variant="text" onClick={onCancel} disabled={verifying}>
            {T.cancel}
          </Button>
          <Button type="submit" disabled={verifying} loading={verifying}>
            {T.verify}
          </Button>
        </>
      }
    >
      <p className="kg-settings__prompt">{MESSAGES.profile.verifyPrompt}</p>
      <TextField
        label={T.currentPassword}
        type="password"
        name="currentPassword"
        autoComplete="current-password"
        error={error}
        readOnly={verifying}
        autoFocus
      />
    </Dialog>
  );
}
