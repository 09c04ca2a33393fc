import { useEffect, useRef, useState } from 'react';
import type { Role } from '../../contract/roles';
import type { User } from '../../contract/users';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { EyeIcon, EyeOffIcon } from '../../ui/icons';
import { SelectField, type SelectOption } from '../../ui/Select';
import { Switch } from '../../ui/Switch';
import { TextField } from '../../ui/TextField';
import { USER_TEXTS as T } from './texts';
import { sameFormValues, useUnsavedChanges } from '../unsaved-changes';
import { emptyUserForm, hasErrors, userFormFrom, validateUserForm, type UserFormErrors, type UserFormField, type UserFormMode, type UserFormValues } from './user-form';

export interface UserFormDialogProps {
  mode: UserFormMode;
  /** The user being edited (edit mode). */
  user?: User;
  /** The roles the signed-in user may assign (grant rules). */
  roles: readonly Role[];
  /** Set when the role may not be changed (your own account): the reason, shown under the select. */
  roleLocked?: string;
  defaultRoleId: string;
  onCancel: () => void;
  /** Saves; a rejection's message is shown in the dialog. */
  onSubmit: (values: UserFormValues) => Promise<void>;
}

function roleOptions(roles: readonly Role[], user: User | undefined): SelectOption[] {
  const options = roles.map((r) => ({ value: r.id, label: r.isActive ? r.name : `${r.name} (${T.inactive})` }));
  // The user's own role stays selectable even if the role list could not be loaded.
  if (user?.roleId && !roles.some((r) => r.id === user.roleId)) options.push({ value: user.roleId, label: user.role });
  return options;
}

/** Create/Edit User (spec §2, §5): mounted per opening, so every opening starts from fresh values. */
export function UserFormDialog({ mode, user, roles, roleLocked, defaultRoleId, onCancel, onSubmit }: UserFormDialogProps) {
  const [values, setValues] = useState<UserFormValues>(() => (user ? userFormFrom(user) : emptyUserForm(defaultRoleId)));
  const [opened] = useState(values);
  useUnsavedChanges(!sameFormValues(values, opened));
  const [errors, setErrors] = useState<UserFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const body = useRef<HTMLDivElement>(null);

  // After a refused submit, focus goes to the first field with an error.
  useEffect(() => {
    if (attempt > 0) body.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const set = <K extends UserFormField>(field: K, value: UserFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const text = (field: Exclude<UserFormField, 'isActive'>) => ({
    name: field,
    value: values[field],
    error: errors[field],
    disabled: saving,
    onChange: (e: { currentTarget: { value: string } }) => set(field, e.currentTarget.value),
  });

  const submit = async () => {
    if (saving) return;
    const found = validateUserForm(values, mode);
    setErrors(found);
    setFormError(null);
    if (hasErrors(found)) {
      setAttempt((n) => n + 1);
      return;
    }
    setSaving(true);
    try {
      await onSubmit(values);
    } catch (err) {
      setFormError(err instanceof Error && err.message ? err.message : T.saveFallback);
      setSaving(false);
    }
  };

  const passwordToggle = (
    <button
      type="button"
      className="kg-icon-btn kg-user-form__reveal"
      aria-label={showPassword ? T.hidePassword : T.showPassword}
      title={showPassword ? T.hidePassword : T.showPassword}
      onClick={() => setShowPassword((s) => !s)}
      disabled={saving}
    >
      {showPassword ? <EyeOffIcon /> : <EyeIcon />}
    </button>
  );
  const creating = mode === 'create';
  const submitLabel = creating ? T.createUser : T.updateUser;

  return (
    <Dialog
      open
      title={creating ? T.createTitle : T.editTitle}
      onClose={onCancel}
      busy={saving}
      className="kg-dialog--wide kg-user-form"
      onSubmit={() => void submit()}
      actions={
        <>
          <Button variant="text" onClick={onCancel} disabled={saving}>
            {T.cancel}
          </Button>
          <Button type="submit" disabled={saving} loading={saving}>
            {saving ? T.saving : submitLabel}
          </Button>
        </>
      }
    >
      <div ref={body} className="kg-user-form__body">
        {formError && <Alert severity="error">{formError}</Alert>}
        <div className="kg-user-form__grid">
          <TextField label={T.username} required autoComplete="off" {...text('username')} />
          <TextField label={T.email} type="email" required autoComplete="off" {...text('email')} />
          <TextField label={T.mobile} type="tel" autoComplete="off" {...text('mobileNo')} />
          <SelectField
            label={T.role}
            required
            placeholder={T.selectRole}
            value={values.roleId}
            error={errors.roleId}
            helperText={roleLocked}
            disabled={saving || !!roleLocked}
            options={roleOptions(roles, user)}
            onChange={(roleId) => set('roleId', roleId)}
          />
          {creating && (
            <>
              <TextField
                label={T.password}
                type={showPassword ? 'text' : 'password'}
                required
                autoComplete="new-password"
                endAdornment={passwordToggle}
                {...text('password')}
              />
              <TextField label={T.confirmPassword} type={showPassword ? 'text' : 'password'} required autoComplete="new-password" {...text('confirmPassword')} />
            </>
          )}
        </div>
        <Switch
          className="kg-user-form__active"
          label={values.isActive ? T.activeAccount : T.inactiveAccount}
          checked={values.isActive}
          disabled={saving}
          onChange={(on) => set('isActive', on)}
        />
      </div>
    </Dialog>
  );
}
