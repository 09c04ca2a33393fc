import { useMemo } from 'react';
import { apiClient } from '../../api/client';
import { rolesApi } from '../../api/admin/roles';
import { usersApi } from '../../api/admin/users';
import { ssoInfoFor } from '../../api/sso';
import type { Role } from '../../contract/admin/roles';
import type { SsoIdentity, User } from '../../contract/admin/users';
import { useLoad } from '../hooks/use-load';
import type { UserFormValues } from './form/user-form';
import { createPayload, updatePayload } from './form/user-payload';

/**
 * User Management's data: every user (filtered, sorted and paged in the browser) and the role
 * list for the Role filter and the form. A role list that cannot be loaded (a custom role with
 * users.read but not roles.manage) leaves the filter to the roles seen on users.
 */
export function useUserAdmin(apiBase: string) {
  const { users, roles, api } = useMemo(() => {
    const api = apiClient({ base: apiBase });
    return { users: usersApi(api), roles: rolesApi(api), api };
  }, [apiBase]);
  const userList = useLoad((signal) => users.list(signal).then((page) => page.data));
  const roleList = useLoad((signal) => roles.list(signal).catch((): Role[] => []));
  // Whether the server signs in with an identity provider, and its name (as the sign-in page asks).
  const ssoInfo = useLoad(() => ssoInfoFor(api));

  // A record without the provider link (a 412's current record) keeps the link the list knew: the link is not versioned with the account.
  const merged = (saved: User, before: User | undefined): User => (saved.ssoIdentity === undefined && before?.ssoIdentity !== undefined ? { ...saved, ssoIdentity: before.ssoIdentity } : saved);
  const replace = (saved: User) =>
    userList.update((list) => (list.some((u) => u.id === saved.id) ? list.map((u) => (u.id === saved.id ? merged(saved, u) : u)) : [...list, saved]));
  const setIdentity = (id: string, ssoIdentity: SsoIdentity | null) => userList.update((list) => list.map((u) => (u.id === id ? { ...u, ssoIdentity } : u)));

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
    /** The provider's name when single sign-on is on (else null). */
    ssoProvider: ssoInfo.data?.enabled ? (ssoInfo.data.name ?? null) : null,
    linkSso: async (id: string, subject: string): Promise<SsoIdentity> => {
      const link = await users.linkSso(id, subject);
      const identity = { issuer: link.issuer, subject: link.subject, linkedAt: new Date().toISOString(), lastSignIn: null };
      setIdentity(id, identity);
      return identity;
    },
    unlinkSso: async (id: string) => {
      await users.unlinkSso(id);
      setIdentity(id, null);
    },
  };
}
