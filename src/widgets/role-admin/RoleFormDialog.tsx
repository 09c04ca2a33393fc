import { useEffect, useRef, useState } from 'react';
import type { Role } from '../../contract/roles';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Switch } from '../../ui/Switch';
import { TextAreaField } from '../../ui/TextArea';
import { TextField } from '../../ui/TextField';
import { failureText } from '../../machines/error-text';
import { PermissionChecklist } from './PermissionChecklist';
import { emptyRoleForm, roleFormFrom, validateRoleForm, type RoleFormErrors, type RoleFormValues } from './role-form';
import { sameFormValues, useUnsavedChanges } from '../unsaved-changes';
import { ROLE_TEXTS as T } from './texts';

export interface RoleFormDialogProps {
  /** The role being edited; absent: creating. */
  role?: Role;
  /** The permissions the signed-in user may grant; the others cannot be ticked (grant rules). */
  grantable?: readonly string[];
  /** Set when the permissions may not be changed (your own role): the reason. */
  permissionsLocked?: string;
  onCancel: () => void;
  /** Saves; a rejection shows the server's message (else 'Failed to save role.') in the dialog. */
  onSubmit: (values: RoleFormValues) => Promise<void>;
}

/**
 * 'Create New Role' / 'Edit Role' (spec §2, §5): Role Name (required; fixed for system roles),
 * Description (2 rows), 'Active Role', and the permission checklist. Mounted per opening.
 */
export function RoleFormDialog({ role, grantable, permissionsLocked, onCancel, onSubmit }: RoleFormDialogProps) {
  const [values, setValues] = useState<RoleFormValues>(() => (role ? roleFormFrom(role) : emptyRoleForm()));
  const [opened] = useState(values);
  useUnsavedChanges(!sameFormValues(values, opened));
  const [errors, setErrors] = useState<RoleFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // Refs on plain elements only: preact/compat does not pass `ref` through function components.
  const body = useRef<HTMLDivElement>(null);
  const system = !!role?.isSystem;

  // After a refused submit, focus goes to the field with the error.
  useEffect(() => {
    if (attempt > 0) body.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const submit = async () => {
    if (saving) return;
    const found = validateRoleForm(values);
    setErrors(found);
    setFormError(null);
    if (found.name) {
      setAttempt((n) => n + 1);
      return;
    }
    setSaving(true);
    try {
      await onSubmit(values);
    } catch (err) {
      setFormError(failureText(err, T.saveFailed));
      setSaving(false);
    }
  };

  return (
    <Dialog
      open
      title={role ? T.editTitle : T.createTitle}
      onClose={onCancel}
      busy={saving}
      className="kg-dialog--xwide kg-role-form"
      onSubmit={() => void submit()}
      actions={
        <>
          <Button variant="text" onClick={onCancel} disabled={saving}>
            {T.cancel}
          </Button>
          <Button type="submit" disabled={saving} loading={saving}>
            {saving ? T.saving : role ? T.submitUpdate : T.submitCreate}
          </Button>
        </>
      }
    >
      <div ref={body} className="kg-role-form__body">
      {formError && <Alert severity="error">{formError}</Alert>}
      {system && <Alert severity="info">{T.systemLocked}</Alert>}
      {permissionsLocked && <Alert severity="info">{permissionsLocked}</Alert>}
      <TextField
        label={T.name}
        name="name"
        required
        autoComplete="off"
        value={values.name}
        error={errors.name}
        disabled={system || saving}
        onChange={(e) => {
          const name = e.currentTarget.value;
          setValues((v) => ({ ...v, name }));
          setErrors({});
        }}
      />
      <TextAreaField
        label={T.description}
        name="description"
        rows={2}
        value={values.description}
        disabled={saving}
        onChange={(e) => {
          const description = e.currentTarget.value;
          setValues((v) => ({ ...v, description }));
        }}
      />
      <Switch label={T.activeRole} checked={values.isActive} disabled={system || saving} onChange={(isActive) => setValues((v) => ({ ...v, isActive }))} />
      <PermissionChecklist selected={values.permissions} grantable={grantable} disabled={system || saving || !!permissionsLocked} onChange={(permissions) => setValues((v) => ({ ...v, permissions }))} />
      </div>
    </Dialog>
  );
}
