import { GRANT_MESSAGES, SYSTEM_ROLE_PERMISSIONS, type GrantRefusal, type GrantableRole, type Grantor } from '../../../contract';
import { forbidden } from '../../plugins/errors';
import type { AuthContext } from '../../types';
import type { UserRow } from './repository';

/**
 * The server side of the grant rules (contract/grants.ts): users and roles routes call these
 * before writing, so a delegated permission (users.create, users.update, roles.manage) can never
 * hand out more than its holder has. Every refusal is a 403 with code `grant_refused`.
 */
export function grantorOf(auth: AuthContext): Grantor {
  return { userId: auth.user.id, roleId: auth.user.role_id, roleName: auth.user.role_name, permissions: auth.permissions };
}

/** A user's current role; a user without a role is treated as a viewer (as for sign-in). */
export function roleOfUser(row: UserRow): GrantableRole {
  return {
    id: row.role_id,
    name: row.role_name,
    permissions: row.role_permissions ?? SYSTEM_ROLE_PERMISSIONS.viewer,
  };
}

export function refuseIf(refusal: GrantRefusal | null): void {
  if (refusal) throw forbidden(GRANT_MESSAGES[refusal], 'grant_refused');
}
