import { useMemo } from 'react';
import { apiClient } from '../../api/client';
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
    save: async (role: Role | undefined, values: RoleFormValues) => {
      if (!role) await roles.create(rolePayload(values));
      else await roles.update(role.id, role.isSystem ? systemRolePayload(values) : rolePayload(values));
      await list.reload();
    },
    /** Spec §4: the change is saved and the list reloaded. */
    setActive: async (role: Role, isActive: boolean) => {
      await roles.setActive(role.id, isActive);
      await list.reload();
    },
    remove: (id: string) => roles.remove(id),
  };
}
