import type { Role } from '../../../contract/admin/roles';
import type { UserFormPayload, UserUpdatePayload } from '../../../api/admin/users';
import type { UserFormValues } from './user-form';

// The payloads the Create/Edit User form's values become. Apart from the form's checks (user-form.ts)
// because the screen sends them while the form's code loads with the dialog (bench/bundle).

const roleNameOf = (roles: readonly Role[], id: string) => roles.find((r) => r.id === id)?.name;

/** POST /users: the form payload with roleId and the role's name; confirmPassword dropped. */
export function createPayload(v: UserFormValues, roles: readonly Role[]): UserFormPayload {
  const mobileNo = v.mobileNo.trim();
  return {
    username: v.username.trim(),
    email: v.email.trim(),
    password: v.password,
    roleId: v.roleId,
    role: roleNameOf(roles, v.roleId),
    isActive: v.isActive,
    ...(mobileNo ? { mobileNo } : {}),
  };
}

/** PUT /users/:id: the same fields, a password only when one was typed (a restored account's); an emptied mobile number is sent as ''. */
export function updatePayload(v: UserFormValues, roles: readonly Role[]): UserUpdatePayload {
  return {
    username: v.username.trim(),
    email: v.email.trim(),
    roleId: v.roleId,
    role: roleNameOf(roles, v.roleId),
    isActive: v.isActive,
    mobileNo: v.mobileNo.trim(),
    ...(v.password ? { password: v.password } : {}),
  };
}
