import { AUDIT_ACTIONS } from '../../../contract';
import type { AuditEventInput } from '../../audit/events';
import { fieldChanges } from '../../audit/record';
import type { UserRow } from './repository';

/**
 * What the audit trail keeps of an account: the fields an admin sees, named as the API
 * names them. Never the password or its hash: a new password is only "passwordChanged" in the
 * event's detail.
 */
export interface UserState {
  username: string;
  email: string;
  mobileNo: string | null;
  role: string;
  isActive: boolean;
}

export const USER_AUDIT_FIELDS = ['username', 'email', 'mobileNo', 'role', 'isActive'] as const;

export const userState = (row: UserRow): UserState => ({
  username: row.username,
  email: row.email,
  mobileNo: row.mobile_no,
  role: row.role_name ?? 'viewer',
  isActive: row.is_active,
});

/**
 * The action that names an account change best, so the log's action filter finds them: a role
 * change, then (de)activation, then a password-only change; anything else is an update. The
 * event's changes list every changed field either way.
 */
function updateAction(before: UserState, after: UserState, passwordChanged: boolean, fieldsChanged: number): string {
  if (before.role !== after.role) return AUDIT_ACTIONS.roleChange;
  if (before.isActive !== after.isActive) return after.isActive ? AUDIT_ACTIONS.activate : AUDIT_ACTIONS.deactivate;
  if (passwordChanged && fieldsChanged === 0) return AUDIT_ACTIONS.passwordChange;
  return AUDIT_ACTIONS.update;
}

/** A created (or self-registered) account; its password was set, the value is not kept. */
export function userCreated(row: UserRow, action: string = AUDIT_ACTIONS.create): AuditEventInput {
  return { action, entityType: 'user', entityId: row.id, changes: fieldChanges<UserState>(null, userState(row), USER_AUDIT_FIELDS), detail: { passwordChanged: true } };
}

/** An account change, or null when nothing changed (no event for a no-op save). */
export function userUpdated(before: UserRow, after: UserRow, passwordChanged = false): AuditEventInput | null {
  const [b, a] = [userState(before), userState(after)];
  const changes = fieldChanges<UserState>(b, a, USER_AUDIT_FIELDS);
  if (changes.length === 0 && !passwordChanged) return null;
  return {
    action: updateAction(b, a, passwordChanged, changes.length),
    entityType: 'user',
    entityId: after.id,
    changes,
    detail: passwordChanged ? { passwordChanged: true } : null,
  };
}

export function userDeleted(row: UserRow): AuditEventInput {
  return { action: AUDIT_ACTIONS.delete, entityType: 'user', entityId: row.id, changes: fieldChanges<UserState>(userState(row), null, USER_AUDIT_FIELDS) };
}
