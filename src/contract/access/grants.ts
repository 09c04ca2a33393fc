import { GRANT_MESSAGES } from '../texts/admin/roles';
export type GrantRefusal = keyof typeof GRANT_MESSAGES;

/** The acting user: their role and the permissions it grants them now. */
export interface Grantor {
  userId: string;
  roleId: string | null;
  roleName: string | null;
  permissions: readonly string[];
}

/** A role as far as the rules need it: its stored permissions count, even while it is inactive. */
export interface GrantableRole {
  id: string | null;
  name: string | null;
  permissions: readonly string[];
  isSystem?: boolean;
}

/** "Admin" means the system role `admin` (role names are unique case-insensitively, so no custom role takes it). */
export const isAdminRole = (role: { name: string | null; isSystem?: boolean } | null | undefined): boolean =>
  !!role && role.name === 'admin' && role.isSystem !== false;

export const isAdmin = (grantor: Grantor): boolean => isAdminRole({ name: grantor.roleName });

/** True when every permission in `wanted` is one the grantor holds (unknown ids count as not held). */
export const holdsAll = (grantor: Grantor, wanted: readonly string[]): boolean => wanted.every((p) => grantor.permissions.includes(p));

/** May the grantor give this role to someone (create a user with it or move a user to it)? */
export function roleAssignRefusal(grantor: Grantor, role: GrantableRole): GrantRefusal | null {
  if (isAdminRole(role) && !isAdmin(grantor)) return 'adminOnly';
  if (!isAdmin(grantor) && !holdsAll(grantor, role.permissions)) return 'roleNotHeld';
  return null;
}

/** May the grantor edit, deactivate or delete a user who has `targetRole` now? */
export function userManageRefusal(grantor: Grantor, targetRole: GrantableRole): GrantRefusal | null {
  if (isAdmin(grantor)) return null;
  if (isAdminRole(targetRole)) return 'adminOnly';
  if (!holdsAll(grantor, targetRole.permissions)) return 'userAbove';
  return null;
}

/** A user update: the target's current role, the role asked for (null = unchanged). */
export function userUpdateRefusal(grantor: Grantor, target: { userId: string; role: GrantableRole }, newRole: GrantableRole | null): GrantRefusal | null {
  const manage = userManageRefusal(grantor, target.role);
  if (manage) return manage;
  if (!newRole || newRole.id === target.role.id) return null;
  if (target.userId === grantor.userId) return 'ownRole';
  return roleAssignRefusal(grantor, newRole);
}

/** May the grantor edit or delete this role at all (its permissions must be within their own)? */
export function roleManageRefusal(grantor: Grantor, role: GrantableRole): GrantRefusal | null {
  if (isAdmin(grantor)) return null;
  if (isAdminRole(role)) return 'adminOnly';
  if (!holdsAll(grantor, role.permissions)) return 'roleAbove';
  return null;
}

/** A role create (role = null) or edit: the permissions asked for (undefined = unchanged). */
export function rolePermissionsRefusal(grantor: Grantor, role: GrantableRole | null, permissions: readonly string[] | undefined): GrantRefusal | null {
  if (role) {
    const manage = roleManageRefusal(grantor, role);
    if (manage) return manage;
  }
  if (permissions === undefined) return null;
  const changed = role ? !sameSet(role.permissions, permissions) : false;
  if (role && changed && role.id !== null && role.id === grantor.roleId) return 'ownRolePermissions';
  if (!isAdmin(grantor) && !holdsAll(grantor, permissions)) return 'permissionsNotHeld';
  return null;
}

const sameSet = (a: readonly string[], b: readonly string[]) => {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((p) => y.has(p));
};

/** The grantor for a signed-in user as the API returns it (the screens' view of the same rules). */
export const grantorOfUser = (user: { id: string; roleId: string | null; role: string; permissions: readonly string[] }): Grantor => ({
  userId: user.id,
  roleId: user.roleId,
  roleName: user.role,
  permissions: user.permissions,
});

/** The roles the grantor may give to someone (the user form's Role list). */
export const assignableRoles = <R extends GrantableRole>(grantor: Grantor, roles: readonly R[]): R[] => roles.filter((r) => !roleAssignRefusal(grantor, r));
