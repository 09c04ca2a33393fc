import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../contract/access/permissions';
import type { Role } from '../../contract/admin/roles';
import {
  PERMISSION_GROUPS,
  emptyRoleForm,
  roleFormFrom,
  rolePayload,
  roleStats,
  selectedCount,
  systemRolePayload,
  toggleCategory,
  togglePermission,
  validateRoleForm,
} from './form/role-form';

const role = (over: Partial<Role>): Role => ({
  id: 'r',
  name: 'r',
  description: '',
  permissions: [],
  isActive: true,
  isSystem: false,
  userCount: 0,
  createdAt: '2024-01-01T00:00:00Z',
  updatedAt: '2024-01-01T00:00:00Z',
  ...over,
});

describe('role form', () => {
  it('requires a role name', () => {
    expect(validateRoleForm(emptyRoleForm())).toEqual({ name: 'Role Name is required' });
    expect(validateRoleForm({ ...emptyRoleForm(), name: '  ' })).toEqual({ name: 'Role Name is required' });
    expect(validateRoleForm({ ...emptyRoleForm(), name: 'auditor' })).toEqual({});
  });

  it('sends trimmed fields and the permissions in catalogue order', () => {
    const v = { name: ' auditor ', description: ' reads logs ', isActive: false, permissions: ['system.logs', 'nodes.read'] };
    expect(rolePayload(v)).toEqual({ name: 'auditor', description: 'reads logs', permissions: ['nodes.read', 'system.logs'], isActive: false });
    expect(systemRolePayload(v)).toEqual({ description: 'reads logs' });
  });

  it('groups the 20 permissions (the spec\'s 19 and changes.review) in four categories', () => {
    expect(PERMISSION_GROUPS.map((g) => [g.category, g.permissions.length])).toEqual([
      ['Knowledge Management', 9],
      ['User Management', 5],
      ['System Administration', 4],
      ['Analytics & Reporting', 2],
    ]);
    expect(PERMISSION_GROUPS.flatMap((g) => g.permissions)).toHaveLength(PERMISSIONS.length);
  });

  it('toggles single permissions and whole categories; counts only known ones', () => {
    let p = togglePermission([], 'nodes.read', true);
    p = togglePermission(p, 'nodes.read', true);
    expect(p).toEqual(['nodes.read']);
    p = toggleCategory(p, PERMISSION_GROUPS[3], true);
    expect(selectedCount(p)).toBe(3);
    p = toggleCategory(p, PERMISSION_GROUPS[0], false);
    expect(p).toEqual(['analytics.view', 'analytics.export']);
    expect(selectedCount([...p, 'made.up'])).toBe(2);
    expect(togglePermission(p, 'analytics.view', false)).toEqual(['analytics.export']);
  });

  it('edits a copy of the role', () => {
    const r = role({ name: 'auditor', permissions: ['nodes.read'] });
    const v = roleFormFrom(r);
    v.permissions.push('x');
    expect(r.permissions).toEqual(['nodes.read']);
  });
});

describe('role tiles', () => {
  it('counts roles, active roles and users assigned', () => {
    const roles = [role({ userCount: 2 }), role({ isActive: false, userCount: 3 }), role({ userCount: 0 })];
    expect(roleStats(roles)).toEqual({ total: 3, active: 2, usersAssigned: 5 });
    expect(roleStats([])).toEqual({ total: 0, active: 0, usersAssigned: 0 });
  });
});

describe('toggleCategory with grant rules', () => {
  it('selects and clears only the permissions the user may grant', () => {
    const group = PERMISSION_GROUPS.find((g) => g.category === 'User Management')!;
    const may = (id: string) => id === 'users.read' || id === 'users.create';
    expect(toggleCategory(['roles.manage'], group, true, may).sort()).toEqual(['roles.manage', 'users.create', 'users.read']);
    expect(toggleCategory(['roles.manage', 'users.read'], group, false, may)).toEqual(['roles.manage']);
  });
});
