import { AUDIT_ACTIONS, type Role } from '../../../contract';
import type { AuditEventInput } from '../../audit/events';
import { fieldChanges } from '../../audit/record';

/** What the audit trail keeps of a role: its fields, permissions sorted so order never reads as a change. */
interface RoleState {
  name: string;
  description: string;
  permissions: string[];
  isActive: boolean;
}

const ROLE_AUDIT_FIELDS = ['name', 'description', 'permissions', 'isActive'] as const;

const roleState = (role: Role): RoleState => ({ name: role.name, description: role.description, permissions: [...role.permissions].sort(), isActive: role.isActive });

export function roleCreated(role: Role): AuditEventInput {
  return { action: AUDIT_ACTIONS.create, entityType: 'role', entityId: role.id, changes: fieldChanges<RoleState>(null, roleState(role), ROLE_AUDIT_FIELDS) };
}

/** A role change (permission_change when its permissions changed), or null when nothing changed. */
export function roleUpdated(before: Role, after: Role): AuditEventInput | null {
  const changes = fieldChanges<RoleState>(roleState(before), roleState(after), ROLE_AUDIT_FIELDS);
  if (changes.length === 0) return null;
  const action = changes.some((c) => c.field === 'permissions') ? AUDIT_ACTIONS.permissionChange : AUDIT_ACTIONS.update;
  return { action, entityType: 'role', entityId: after.id, changes };
}

/** A deleted role; its users became viewers (their count in detail). */
export function roleDeleted(role: Role, movedUsers: number): AuditEventInput {
  return { action: AUDIT_ACTIONS.delete, entityType: 'role', entityId: role.id, changes: fieldChanges<RoleState>(roleState(role), null, ROLE_AUDIT_FIELDS), detail: { movedUsers } };
}
