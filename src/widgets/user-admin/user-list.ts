import type { User } from '../../contract/admin/users';
import type { SortValue } from '../../ui/table/table-sort';

/** The filter bar of User Management and what it does to the list (pure; tested without a DOM). */
export type StatusFilter = '' | 'active' | 'inactive';
export interface UserFilters {
  search: string;
  role: string;
  status: StatusFilter;
}
export const NO_FILTERS: UserFilters = { search: '', role: '', status: '' };

export const hasFilters = (f: UserFilters) => f.search.trim() !== '' || f.role !== '' || f.status !== '';

/** An absent role reads as 'user' on the user pages (spec §3, §6). */
export const roleName = (u: Pick<User, 'role'>) => u.role || 'user';
export const isAdminUser = (u: Pick<User, 'role'>) => u.role === 'admin';

/** Search matches username, email or mobile number (case-insensitive substring). */
export function filterUsers(users: readonly User[], f: UserFilters): User[] {
  const q = f.search.trim().toLowerCase();
  return users.filter(
    (u) =>
      (!q || u.username.toLowerCase().includes(q) || u.email.toLowerCase().includes(q) || (u.mobileNo ?? '').toLowerCase().includes(q)) &&
      (!f.role || roleName(u) === f.role) &&
      (!f.status || (f.status === 'active') === u.isActive),
  );
}

/** Sort values of the table's sortable columns (the card view sorts the same way). */
export const USER_SORT_VALUES: Record<string, (u: User) => SortValue> = {
  user: (u) => u.username,
  contact: (u) => u.email,
  role: (u) => roleName(u),
  status: (u) => (u.isActive ? 0 : 1),
  lastActive: (u) => (u.lastLogin ? Date.parse(u.lastLogin) : null),
  joined: (u) => (u.createdAt ? Date.parse(u.createdAt) : null),
};

/** The role names for the Role filter: the role list when it loaded, else the roles seen on users. */
export function roleFilterOptions(roleNames: readonly string[], users: readonly User[]): string[] {
  const names = roleNames.length > 0 ? roleNames : users.map(roleName);
  return [...new Set(names)].sort((a, b) => a.localeCompare(b));
}

/** The start of a UUID, enough to tell users apart at a glance (the full id is in the title). */
export const shortId = (id: string) => (id.length > 8 ? id.slice(0, 8) : id);
