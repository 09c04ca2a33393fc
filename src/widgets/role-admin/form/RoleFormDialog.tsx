import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { Role } from '../../../contract/admin/roles';
import { Alert } from '../../../ui/feedback/Alert';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/overlay/Dialog';
import { Switch } from '../../../ui/form/Switch';
import { TextAreaField } from '../../../ui/form/TextArea';
import { TextField } from '../../../ui/form/TextField';
import { formDialogMachine, isDirty } from '../../../machines/form-dialog.machine';
import { useLatest } from '../../../ui/use-latest';
import { FormCoCuration } from '../../parts/presence';
import { FormConflict, type FormConflictField } from '../../parts/admin-conflict';
import { useEditConflict } from '../../parts/conflict';
import { PERMISSIONS } from '../../../contract/access/permissions';
import { PermissionChecklist } from './PermissionChecklist';
import { emptyRoleForm, roleFormFrom, validateRoleForm, type RoleFormValues } from './role-form';
import { useUnsavedChanges } from '../../unsaved-changes';
import { ROLE_TEXTS as T } from '../../../contract/texts/admin/roles';

/** The form-dialog machine for a role's fields. */
const roleFormMachine = formDialogMachine<RoleFormValues>();

export interface RoleFormDialogProps {
  /** The role being edited; absent: creating. */
  role?: Role;
  /** The permissions the signed-in user may grant; the others cannot be ticked (grant rules). */
  grantable?: readonly string[];
  /** Set when the permissions may not be changed (your own role): the reason. */
  permissionsLocked?: string;
  onCancel: () => void;
  /**
   * Saves; a rejection shows the server's message (else 'Failed to save role.') in the dialog.
   * `version`: the role's version the form edits (If-Match); a 412 opens the comparison.
   */
  onSubmit: (values: RoleFormValues, version?: number) => Promise<void>;
  /** The role as it now is, once the form goes on from someone else's save (the list shows it too). */
  onCurrent?: (role: Role) => void;
  /** The server: who else is on the role, and the draft kept in the browser. */
  apiBase?: string;
}

/**
 * 'Create New Role' / 'Edit Role' (spec §2, §5): Role Name (required; fixed for system roles),
 * Description (2 rows), 'Active Role', and the permission checklist. Mounted per opening.
 */
export function RoleFormDialog({ role, grantable, permissionsLocked, onCancel, onSubmit, onCurrent, apiBase }: RoleFormDialogProps) {
  // Every save says which version it edits: a save over someone else's change opens the comparison.
  const versions = useEditConflict<Role>(role?.version);
  const form = useActorRef(roleFormMachine, {
    input: {
      initial: role ? roleFormFrom(role) : emptyRoleForm(),
      submit: (values) => versions.guard((version) => onSubmit(values, version)),
      validate: validateRoleForm,
      fallback: T.saveFailed,
    },
  });
  const { values, fieldErrors: errors, error: formError } = useSelector(form, (s) => s.context);
  // Saved: the owner closes the dialog; until then it stays busy as while saving.
  const saving = useSelector(form, (s) => s.matches('submitting') || s.matches('saved'));
  useUnsavedChanges(useSelector(form, (s) => isDirty(s.context)));
  // Refs on plain elements only: preact/compat does not pass `ref` through function components.
  const body = useRef<HTMLDivElement>(null);
  const system = !!role?.isSystem;
  const close = useLatest(onCancel);
  useEffect(() => {
    const subs = [
      form.on('form.cancelled', () => close.current()),
      // After a refused submit, focus goes to the field with the error (once it shows as invalid).
      form.on('form.invalid', () => setTimeout(() => body.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())),
    ];
    return () => subs.forEach((sub) => sub.unsubscribe());
  }, [form, close]);
  const change = (patch: Partial<RoleFormValues>) => form.send({ type: 'form.change', values: patch });
  const cancel = () => form.send({ type: 'form.cancel' });

  return (
    <Dialog
      open
      title={role ? T.editTitle : T.createTitle}
      onClose={cancel}
      busy={saving}
      className="kg-dialog--xwide kg-role-form"
      onSubmit={() => form.send({ type: 'form.submit' })}
      actions={
        <>
          <Button variant="text" onClick={cancel} disabled={saving}>
            {T.cancel}
          </Button>
          <Button type="submit" disabled={saving} loading={saving}>
            {saving ? T.saving : role ? T.submitUpdate : T.submitCreate}
          </Button>
        </>
      }
    >
      <div ref={body} className="kg-role-form__body">
      {apiBase !== undefined && <FormCoCuration apiBase={apiBase} kind="role" id={role?.id} form={form} canSave={!system} />}
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
        onChange={(e) => change({ name: e.currentTarget.value })}
      />
      <TextAreaField
        label={T.description}
        name="description"
        rows={2}
        value={values.description}
        disabled={saving}
        onChange={(e) => change({ description: e.currentTarget.value })}
      />
      <Switch label={T.activeRole} checked={values.isActive} disabled={system || saving} onChange={(isActive) => change({ isActive })} />
      <PermissionChecklist selected={values.permissions} grantable={grantable} disabled={system || saving || !!permissionsLocked} onChange={(permissions) => change({ permissions })} />
      </div>
      <FormConflict versions={versions} form={form} valuesOf={roleFormFrom} fields={roleConflictFields()} onAdopted={onCurrent} />
    </Dialog>
  );
}

/** The role form's fields in the comparison (read per render: the texts follow the language). */
function roleConflictFields(): FormConflictField<RoleFormValues>[] {
  return [
    { key: 'name', label: T.name },
    { key: 'description', label: T.description },
    { key: 'isActive', label: T.activeRole, show: (v) => (v.isActive ? T.active : T.inactive) },
    // Catalogue order and ids, so the same set reads the same on both sides.
    { key: 'permissions', label: T.permissions, show: (v) => PERMISSIONS.filter((p) => v.permissions.includes(p.id)).map((p) => p.id).join(', ') },
  ];
}
