import type { FormEvent } from 'react';
import type { ProfileErrors, ProfileField, ProfileValues } from '../../../machines/profile.rules';
import { Alert, Button, Card, TextField } from '../../../ui';
import { EditIcon, LockIcon, UnlockIcon } from '../../../ui/icons';
import { SETTINGS_TEXTS } from '../../../contract/texts/admin/settings';

const T = SETTINGS_TEXTS.profile;

export interface PersonalInfoCardProps {
  role: string;
  values: ProfileValues;
  errors: ProfileErrors;
  editing: boolean;
  passwordVerified: boolean;
  busy: boolean;
  formError: string | null;
  onEdit: () => void;
  onCancel: () => void;
  onSave: () => void;
  onChange: (field: ProfileField, value: string) => void;
  onVerifyPassword: () => void;
}

/** The Personal Information card: read-only in view mode; fields and Change Password in edit mode. */
export function PersonalInfoCard(p: PersonalInfoCardProps) {
  const readOnly = !p.editing;
  const field = (name: ProfileField) => ({
    name,
    value: p.values[name],
    error: p.editing ? p.errors[name] : undefined,
    readOnly,
    disabled: p.busy,
    onChange: (e: { target: { value: string } }) => p.onChange(name, e.target.value),
  });
  const locked = !p.passwordVerified;
  const lockIcon = locked ? <LockIcon /> : <UnlockIcon />;

  return (
    <Card
      title={T.title}
      action={
        !p.editing && (
          <Button variant="outlined" startIcon={<EditIcon />} onClick={p.onEdit}>
            {T.edit}
          </Button>
        )
      }
    >
      <form
        className="kg-settings__form"
        noValidate
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          p.onSave();
        }}
      >
        {p.formError && <Alert severity="error">{p.formError}</Alert>}
        <div className="kg-settings__grid">
          <TextField label={T.username} autoComplete="username" required={p.editing} {...field('username')} />
          <TextField label={T.email} type="email" autoComplete="email" required={p.editing} {...field('email')} />
          <TextField label={T.role} name="role" value={p.role} readOnly />
          <TextField
            label={T.mobile}
            type="tel"
            autoComplete="tel"
            placeholder={p.editing ? T.mobilePlaceholder : undefined}
            {...field('mobileNo')}
          />
        </div>

        {p.editing && (
          <section className="kg-settings__password" aria-labelledby="kg-change-password">
            <div className="kg-settings__password-head">
              <h3 id="kg-change-password" className="kg-settings__subtitle">
                {T.changePassword}
              </h3>
              {locked && (
                <Button variant="outlined" startIcon={<LockIcon />} onClick={p.onVerifyPassword} disabled={p.busy}>
                  {T.verifyPassword}
                </Button>
              )}
            </div>
            <div className="kg-settings__grid">
              <TextField
                label={T.newPassword}
                type="password"
                autoComplete="new-password"
                {...field('newPassword')}
                disabled={locked || p.busy}
                endAdornment={lockIcon}
              />
              <TextField
                label={T.confirmNewPassword}
                type="password"
                autoComplete="new-password"
                {...field('confirmPassword')}
                disabled={locked || p.busy}
                endAdornment={lockIcon}
              />
            </div>
          </section>
        )}

        {p.editing && (
          <div className="kg-settings__actions">
            <Button variant="text" onClick={p.onCancel} disabled={p.busy}>
              {T.cancel}
            </Button>
            <Button type="submit" disabled={p.busy} loading={p.busy}>
              {p.busy ? T.saving : T.save}
            </Button>
          </div>
        )}
      </form>
    </Card>
  );
}
