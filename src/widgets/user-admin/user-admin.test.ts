import { describe, expect, it } from 'vitest';
import type { Role } from '../../contract/admin/roles';
import type { User } from '../../contract/admin/users';
import { emptyUserForm, userFormFrom, validateUserForm } from './form/user-form';
import { createPayload, updatePayload } from './form/user-payload';
import { filterUsers, hasFilters, NO_FILTERS, roleFilterOptions, roleName, USER_SORT_VALUES } from './user-list';
import { sortRows } from '../../ui/table/table-sort';

const user = (over: Partial<User>): User => ({
  id: 'id-' + (over.username ?? 'x'),
  username: 'x',
  email: 'x@example.org',
  mobileNo: null,
  role: 'viewer',
  roleId: 'r-viewer',
  permissions: [],
  isActive: true,
  lastLogin: null,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
  ...over,
});
const role = (id: string, name: string): Role => ({
  id,
  name,
  description: '',
  permissions: [],
  isActive: true,
  isSystem: false,
  userCount: 0,
  createdAt: '',
  updatedAt: '',
});

const users = [
  user({ username: 'ada', email: 'ada@lab.org', role: 'admin', mobileNo: '+44 20 7946 0000' }),
  user({ username: 'bob', email: 'bob@ward.org', role: 'editor', isActive: false, lastLogin: '2024-05-01T10:00:00Z' }),
  user({ username: 'cy', email: 'cy@ward.org', role: '' }),
];

describe('user list filters', () => {
  it('search matches username, email or mobile, case-insensitively', () => {
    expect(filterUsers(users, { ...NO_FILTERS, search: 'WARD' }).map((u) => u.username)).toEqual(['bob', 'cy']);
    expect(filterUsers(users, { ...NO_FILTERS, search: ' 7946 ' }).map((u) => u.username)).toEqual(['ada']);
    expect(filterUsers(users, NO_FILTERS)).toHaveLength(3);
  });

  it('filters by role name (a missing role is "user") and by status', () => {
    expect(filterUsers(users, { ...NO_FILTERS, role: 'user' }).map((u) => u.username)).toEqual(['cy']);
    expect(filterUsers(users, { ...NO_FILTERS, status: 'inactive' }).map((u) => u.username)).toEqual(['bob']);
    expect(filterUsers(users, { search: 'a', role: 'admin', status: 'active' }).map((u) => u.username)).toEqual(['ada']);
    expect(roleName(users[2])).toBe('user');
  });

  it('knows when a filter is set (Clear All)', () => {
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, search: '  ' })).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, status: 'active' })).toBe(true);
  });

  it('role options come from the role list, else from the users', () => {
    expect(roleFilterOptions(['viewer', 'admin'], users)).toEqual(['admin', 'viewer']);
    expect(roleFilterOptions([], users)).toEqual(['admin', 'editor', 'user']);
  });

  it('sorts Last Active with never-signed-in users last', () => {
    const sorted = sortRows(users, USER_SORT_VALUES.lastActive, 'desc').map((u) => u.username);
    expect(sorted[0]).toBe('bob');
  });
});

describe('user form', () => {
  const roles = [role('r-viewer', 'viewer'), role('r-editor', 'editor')];

  it('requires username, email, password, confirmation and role on create; does not compare the passwords', () => {
    const errors = validateUserForm(emptyUserForm(), 'create');
    expect(errors).toEqual({
      username: 'Username is required',
      email: 'Email is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm the password',
      roleId: 'Role is required',
    });
    const filled = { ...emptyUserForm('r-viewer'), username: 'dan', email: 'dan@x.org', password: 'secret1', confirmPassword: 'other1' };
    expect(validateUserForm(filled, 'create')).toEqual({});
  });

  it('checks the email shape, the password length and an optional mobile number', () => {
    const v = { ...emptyUserForm('r-viewer'), username: 'dan', email: 'dan@x', password: '12345', confirmPassword: '12345', mobileNo: 'call me' };
    expect(validateUserForm(v, 'create')).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters',
      mobileNo: 'Please enter a valid mobile number',
    });
  });

  it('has no password on edit', () => {
    const v = userFormFrom(users[1]);
    expect(validateUserForm(v, 'edit')).toEqual({});
    expect(updatePayload({ ...v, roleId: 'r-editor' }, roles)).toEqual({
      username: 'bob',
      email: 'bob@ward.org',
      roleId: 'r-editor',
      role: 'editor',
      isActive: false,
      mobileNo: '',
    });
  });

  it('sets the password of an account restored without one: needed to activate it, confirmed, then sent', () => {
    const restored = { ...userFormFrom(users[1]), isActive: false };
    expect(validateUserForm(restored, 'edit', true)).toEqual({});
    expect(validateUserForm({ ...restored, isActive: true }, 'edit', true)).toEqual({ password: 'Set a password before activating this account' });
    expect(validateUserForm({ ...restored, password: 'abc', confirmPassword: 'abc' }, 'edit', true)).toEqual({ password: 'Password must be at least 6 characters' });
    expect(validateUserForm({ ...restored, password: 'New-pass-42', confirmPassword: 'New-pass-43' }, 'edit', true)).toEqual({ confirmPassword: 'Passwords do not match' });
    expect(validateUserForm({ ...restored, password: 'New-pass-42' }, 'edit', true)).toEqual({ confirmPassword: 'Please confirm the password' });
    const ready = { ...restored, isActive: true, password: 'New-pass-42', confirmPassword: 'New-pass-42' };
    expect(validateUserForm(ready, 'edit', true)).toEqual({});
    expect(updatePayload(ready, roles)).toMatchObject({ password: 'New-pass-42', isActive: true });
    expect(updatePayload(ready, roles)).not.toHaveProperty('confirmPassword');
  });

  it('builds the create payload with roleId and role name, without confirmPassword or a blank mobile', () => {
    const v = { ...emptyUserForm('r-editor'), username: ' dan ', email: 'dan@x.org ', password: 'secret1', confirmPassword: 'secret1', isActive: false };
    expect(createPayload(v, roles)).toEqual({ username: 'dan', email: 'dan@x.org', password: 'secret1', roleId: 'r-editor', role: 'editor', isActive: false });
    expect(createPayload({ ...v, mobileNo: ' 555-1234 ' }, roles).mobileNo).toBe('555-1234');
  });
});
