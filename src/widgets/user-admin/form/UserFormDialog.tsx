import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type { Role } from '../../../contract/admin/roles';
import type { User } from '../../../contract/admin/users';
import { Alert } from '../../../ui/feedback/Alert';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/overlay/Dialog';
import { EyeIcon, EyeOffIcon } from '../../../ui/icons';
import { SelectField, type SelectOption } from '../../../ui/form/Select';
import { Switch } from '../../../ui/form/Switch';
import { TextField } from '../../../ui/form/TextField';
import { formDialogMachine } from '../../../machines/form-dialog.machine';
import { useLatest } from '../../../ui/use-latest';
import { FormCoCuration } from '../../parts/presence';
import { FormConflict, type FormConflictField } from '../../parts/admin-conflict';
import { useEditConflict } from '../../parts/conflict';
import { USER_TEXTS as T } from '../../../contract/texts/admin/users';
import { sameFormValues, useUnsavedChanges } from '../../unsaved-changes';
import { SsoIdentityPanel, type SsoIdentityPanelProps } from './SsoIdentityPanel';
import { emptyUserForm, userFormFrom, userFormInput, type UserFormField, type UserFormMode, type UserFormValues } from './user-form';

/** The form-dialog machine for the user's fields. */
const userFormMachine = formDialogMachine<UserFormValues>();

export interface UserFormDialogProps {
  mode: UserFormMode;
  /** The user being edited (edit mode). */
  user?: User;
  /** The roles the signed-in user may assign (grant rules). */
  roles: readonly Role[];
  /** Set when the role may not be changed (your own account): the reason, shown under the select. */
  roleLocked?: string;
  defaultRoleId: string;
  /** The role may not submit this form (no users.create / users.update): the reason; every field is read-only. */
  readOnly?: string;
  onCancel: () => void;
  /**
   * Saves; a rejection's message is shown in the dialog. `version`: the user's version the form
   * edits (If-Match); a 412 opens the comparison.
   */
  onSubmit: (values: UserFormValues, version?: number) => Promise<void>;
  /** The user as they now are, once the form goes on from someone else's save (the list shows it too). */
  onCurrent?: (user: User) => void;
  /** The server: who else is on the user, and the draft kept in the browser (never the passwords). */
  apiBase?: string;
  /**
   * Single sign-on is on and the signed-in user may see accounts' links to the provider: the edit
   * form shows the user's (and lets an admin link or unlink it).
   */
  sso?: Omit<SsoIdentityPanelProps, 'identity' | 'disabled'>;
}

function roleOptions(roles: readonly Role[], user: User | undefined): SelectOption[] {
  const options = roles.map((r) => ({ value: r.id, label: r.isActive ? r.name : `${r.name} (${T.inactive})` }));
  // The user's own role stays selectable even if the role list could not be loaded.
  if (user?.roleId && !roles.some((r) => r.id === user.roleId)) options.push({ value: user.roleId, label: user.role });
  return options;
}

/** Create/Edit User (spec §2, §5): mounted per opening, so every opening starts from fresh values. */
export function UserFormDialog({ mode, user, roles, roleLocked, defaultRoleId, readOnly, onCancel, onSubmit, onCurrent, apiBase, sso }: UserFormDialogProps) {
  // An account restored from a backup has no password: its edit form sets one.
  const settingPassword = mode === 'edit' && user?.hasCredentials === false;
  // Every save says which version it edits: a save over someone else's change opens the comparison.
  const versions = useEditConflict<User>(user?.version);
  const submit = (values: UserFormValues) => versions.guard((version) => onSubmit(values, version));
  const form = useActorRef(userFormMachine, { input: userFormInput(mode, user ? userFormFrom(user) : emptyUserForm(defaultRoleId), submit, settingPassword) });
  const { values, fieldErrors: errors, error: formError } = useSelector(form, (s) => s.context);
  // Saved: the owner closes the dialog; until then it stays busy as while saving.
  const saving = useSelector(form, (s) => s.matches('submitting') || s.matches('saved'));
  const off = saving || !!readOnly;
  useUnsavedChanges(useSelector(form, (s) => !sameFormValues(s.context.values, s.context.initial)));
  const [showPassword, setShowPassword] = useState(false);
  const body = useRef<HTMLDivElement>(null);
  const close = useLatest(onCancel);
  useEffect(() => {
    const subs = [
      form.on('form.cancelled', () => close.current()),
      // After a refused submit, focus goes to the first field with an error (once it shows as invalid).
      form.on('form.invalid', () => setTimeout(() => body.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())),
    ];
    return () => subs.forEach((sub) => sub.unsubscribe());
  }, [form, close]);

  const set = <K extends UserFormField>(field: K, value: UserFormValues[K]) => form.send({ type: 'form.change', values: { [field]: value } });
  const text = (field: Exclude<UserFormField, 'isActive'>) => ({
    name: field,
    value: values[field],
    error: errors[field],
    disabled: off,
    onChange: (e: { currentTarget: { value: string } }) => set(field, e.currentTarget.value),
  });
  const cancel = () => form.send({ type: 'form.cancel' });

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
      onClose={cancel}
      busy={saving}
      className="kg-dialog--wide kg-user-form"
      onSubmit={() => {
        if (!readOnly) form.send({ type: 'form.submit' });
      }}
      actions={
        <>
          <Button variant="text" onClick={cancel} disabled={saving}>
            {T.cancel}
          </Button>
          <Button type="submit" disabled={off} loading={saving}>
            {saving ? T.saving : submitLabel}
          </Button>
        </>
      }
    >
      <div ref={body} className="kg-user-form__body">
        {apiBase !== undefined && <FormCoCuration apiBase={apiBase} kind="user" id={user?.id} form={form} omit={['password', 'confirmPassword']} canSave={!readOnly} />}
        {readOnly && <Alert severity="info">{readOnly}</Alert>}
        {formError && <Alert severity="error">{formError}</Alert>}
        {settingPassword && <Alert severity="info">{T.restoredWithoutPassword}</Alert>}
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
            disabled={off || !!roleLocked}
            options={roleOptions(roles, user)}
            onChange={(roleId) => set('roleId', roleId)}
          />
          {(creating || settingPassword) && (
            <>
              <TextField
                label={T.password}
                type={showPassword ? 'text' : 'password'}
                required={creating}
                autoComplete="new-password"
                endAdornment={passwordToggle}
                {...text('password')}
              />
              <TextField label={T.confirmPassword} type={showPassword ? 'text' : 'password'} required={creating} autoComplete="new-password" {...text('confirmPassword')} />
            </>
          )}
        </div>
        <Switch
          className="kg-user-form__active"
          label={values.isActive ? T.activeAccount : T.inactiveAccount}
          checked={values.isActive}
          disabled={off}
          onChange={(on) => set('isActive', on)}
        />
        {sso && mode === 'edit' && user?.ssoIdentity !== undefined && <SsoIdentityPanel {...sso} identity={user.ssoIdentity} disabled={saving} />}
      </div>
      <FormConflict versions={versions} form={form} valuesOf={userFormFrom} fields={userConflictFields(roles, user)} onAdopted={onCurrent} />
    </Dialog>
  );
}

/** The user form's fields in the comparison (never the passwords; read per render: the texts follow the language). */
function userConflictFields(roles: readonly Role[], user: User | undefined): FormConflictField<UserFormValues>[] {
  const roleName = (id: string) => roles.find((r) => r.id === id)?.name ?? (id === user?.roleId ? user.role : id);
  return [
    { key: 'username', label: T.username },
    { key: 'email', label: T.email },
    { key: 'mobileNo', label: T.mobile },
    { key: 'roleId', label: T.role, show: (v) => roleName(v.roleId) },
    { key: 'isActive', label: T.status, show: (v) => (v.isActive ? T.active : T.inactive) },
  ];
}
