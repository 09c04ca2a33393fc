import { useMemo } from 'react';
import { apiClient, isEditConflict } from '../../api/client';
import { rolesApi } from '../../api/admin/roles';
import type { Role } from '../../contract/admin/roles';
import { useLoad } from '../hooks/use-load';
import { rolePayload, systemRolePayload, type RoleFormValues } from './form/role-form';

/** Role Management's data: the role list and the calls that change it (each followed by a reload). */
export function useRoleAdmin(apiBase: string) {
  const roles = useMemo(() => rolesApi(apiClient({ base: apiBase })), [apiBase]);
  const list = useLoad((signal) => roles.list(signal));
  return {
    roles: list,
    /** `version`: the role's version the form edits (If-Match; 412 when someone saved it since). */
    save: async (role: Role | undefined, values: RoleFormValues, version?: number) => {
      if (!role) await roles.create(rolePayload(values));
      else await roles.update(role.id, role.isSystem ? systemRolePayload(values) : rolePayload(values), version);
      await list.reload();
    },
    /** Spec §4: the change is saved and the list reloaded (also when it was refused as stale: the row shows the role as it is). */
    setActive: async (role: Role, isActive: boolean) => {
      try {
        await roles.setActive(role.id, isActive, role.version);
      } catch (err) {
        if (isEditConflict(err)) void list.reload();
        throw err;
      }
      await list.reload();
    },
    /** The role as someone else saved it (from a 412): the row shows it, and the next write carries its version. */
    current: (role: Role) => list.update((rows) => rows.map((r) => (r.id === role.id ? { ...r, ...role } : r))),
    remove: (id: string, version?: number) => roles.remove(id, version),
  };
}
