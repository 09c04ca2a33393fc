import { PERMISSION_CATEGORIES, PERMISSIONS, type PermissionCategory, type PermissionInfo } from '../../../contract/access/permissions';
import { ROLE_MESSAGES } from '../../../contract/texts/admin/roles';
import type { Role } from '../../../contract/admin/roles';
import type { RolePayload } from '../../../api/admin/roles';
import type { SortValue } from '../../../ui/table/table-sort';

/** The Create/Edit Role form (spec §2, §5 "Role form") and the role list's figures (pure). */
export interface RoleFormValues {
  name: string;
  description: string;
  isActive: boolean;
  permissions: string[];
}
export type RoleFormErrors = Partial<Record<'name', string>>;

export const emptyRoleForm = (): RoleFormValues => ({ name: '', description: '', isActive: true, permissions: [] });

export const roleFormFrom = (role: Role): RoleFormValues => ({
  name: role.name,
  description: role.description,
  isActive: role.isActive,
  permissions: [...role.permissions],
});

export function validateRoleForm(v: RoleFormValues): RoleFormErrors {
  return v.name.trim() ? {} : { name: ROLE_MESSAGES.nameRequired };
}

/** The body of POST /roles and PUT /roles/:id; permissions in catalogue order. */
export function rolePayload(v: RoleFormValues): RolePayload {
  const chosen = new Set(v.permissions);
  return {
    name: v.name.trim(),
    description: v.description.trim(),
    permissions: PERMISSIONS.filter((p) => chosen.has(p.id)).map((p) => p.id),
    isActive: v.isActive,
  };
}

/** A system role keeps its name, status and permissions; only its description is sent. */
export function systemRolePayload(v: RoleFormValues): Partial<RolePayload> {
  return { description: v.description.trim() };
}

export interface PermissionGroup {
  category: PermissionCategory;
  permissions: PermissionInfo[];
}

/** The catalogue in its four categories, in catalogue order. */
export const PERMISSION_GROUPS: readonly PermissionGroup[] = PERMISSION_CATEGORIES.map((category) => ({
  category,
  permissions: PERMISSIONS.filter((p) => p.category === category),
}));

/** Known permissions among the selected ones (unknown ids never count). */
export const selectedCount = (permissions: readonly string[]) => PERMISSIONS.filter((p) => permissions.includes(p.id)).length;

export function togglePermission(permissions: readonly string[], id: string, on: boolean): string[] {
  const rest = permissions.filter((p) => p !== id);
  return on ? [...rest, id] : rest;
}

/** Selects or clears every permission of a category. */
export function toggleCategory(permissions: readonly string[], group: PermissionGroup, on: boolean, may: (id: string) => boolean = () => true): string[] {
  // Only the permissions the user may grant change; the others keep their state (grant rules).
  const ids = new Set(group.permissions.map((p) => p.id).filter(may));
  const rest = permissions.filter((p) => !ids.has(p));
  return on ? [...rest, ...ids] : rest;
}

/** The summary tiles (spec §2): Total Roles, Active Roles, Users Assigned (sum of userCount). */
export function roleStats(roles: readonly Role[]) {
  return {
    total: roles.length,
    active: roles.filter((r) => r.isActive).length,
    usersAssigned: roles.reduce((sum, r) => sum + (r.userCount ?? 0), 0),
  };
}

export const ROLE_SORT_VALUES: Record<string, (r: Role) => SortValue> = {
  role: (r) => r.name,
  permissions: (r) => selectedCount(r.permissions),
  users: (r) => r.userCount,
  status: (r) => (r.isActive ? 0 : 1),
  updated: (r) => Date.parse(r.updatedAt),
};
