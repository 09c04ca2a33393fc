import { useMemo } from 'react';
import { apiClient } from '../../api/client';
import { rolesApi } from '../../api/admin/roles';
import { usersApi } from '../../api/admin/users';
import type { Role } from '../../contract/admin/roles';
import type { User } from '../../contract/admin/users';
import { useLoad } from '../hooks/use-load';
import type { UserFormValues } from './form/user-form';
import { createPayload, updatePayload } from './form/user-payload';

/**
 * User Management's data: every user (filtered, sorted and paged in the browser) and the role
 * list for the Role filter and the form. A role list that cannot be loaded (a custom role with
 * users.read but not roles.manage) leaves the filter to the roles seen on users.
 */
export function useUserAdmin(apiBase: string) {
  const { users, roles } = useMemo(() => {
    const api = apiClient({ base: apiBase });
    return { users: usersApi(api), roles: rolesApi(api) };
  }, [apiBase]);
  const userList = useLoad((signal) => users.list(signal).then((page) => page.data));
  const roleList = useLoad((signal) => roles.list(signal).catch((): Role[] => []));

  const replace = (saved: User) => userList.update((list) => (list.some((u) => u.id === saved.id) ? list.map((u) => (u.id === saved.id ? saved : u)) : [...list, saved]));

  return {
    users: userList,
    roles: roleList.data ?? [],
    reloadAll: async () => {
      const [ok] = await Promise.all([userList.reload(), roleList.reload()]);
      return ok;
    },
    create: async (values: UserFormValues) => {
      replace(await users.create(createPayload(values, roleList.data ?? [])));
      void roleList.reload(); // user counts per role changed
    },
    /** `version`: the user's version the form edits (If-Match; 412 when someone saved it since). */
    update: async (id: string, values: UserFormValues, version?: number) => {
      replace(await users.update(id, updatePayload(values, roleList.data ?? []), version));
      void roleList.reload();
    },
    /** The user as someone else saved them (from a 412): the row shows it, and the next write carries its version. */
    current: (user: User) => replace(user),
    remove: (id: string, version?: number) => users.remove(id, version),
    removed: (id: string) => userList.update((list) => list.filter((u) => u.id !== id)),
  };
}
