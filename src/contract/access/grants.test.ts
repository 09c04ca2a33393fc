import { describe, expect, it } from 'vitest';
import { grantablePermissions } from './grantable-permissions';
import { assignableRoles, grantorOfUser, rolePermissionsRefusal, userUpdateRefusal, type Grantor } from './grants';
import { PERMISSION_IDS, SYSTEM_ROLE_PERMISSIONS } from './permissions';

const role = (id: string, name: string, permissions: readonly string[], isSystem = false) => ({ id, name, permissions, isSystem });
const ROLES = [
  role('r-admin', 'admin', PERMISSION_IDS, true),
  role('r-editor', 'editor', SYSTEM_ROLE_PERMISSIONS.editor, true),
  role('r-viewer', 'viewer', SYSTEM_ROLE_PERMISSIONS.viewer, true),
  role('r-helpdesk', 'helpdesk', ['nodes.read', 'search.advanced', 'users.read', 'users.create', 'users.update']),
];
const helpdesk: Grantor = grantorOfUser({ id: 'u1', roleId: 'r-helpdesk', role: 'helpdesk', permissions: ROLES[3].permissions });
const admin: Grantor = { userId: 'u0', roleId: 'r-admin', roleName: 'admin', permissions: PERMISSION_IDS };

describe('grant rules as the screens use them', () => {
  it('offer only the roles within your own permissions, and admin only to admins', () => {
    expect(assignableRoles(helpdesk, ROLES).map((r) => r.name)).toEqual(['viewer', 'helpdesk']);
    expect(assignableRoles(admin, ROLES)).toHaveLength(4);
  });

  it('offer only the permissions you hold', () => {
    expect(grantablePermissions(helpdesk)).toEqual(['nodes.read', 'search.advanced', 'users.create', 'users.read', 'users.update']);
    expect(grantablePermissions(admin)).toEqual([...PERMISSION_IDS]);
  });

  it('refuse your own role change and your own role’s permissions, even for admins', () => {
    expect(userUpdateRefusal(admin, { userId: 'u0', role: ROLES[0] }, ROLES[2])).toBe('ownRole');
    expect(userUpdateRefusal(helpdesk, { userId: 'u9', role: ROLES[2] }, ROLES[3])).toBeNull();
    expect(rolePermissionsRefusal(helpdesk, ROLES[3], ['nodes.read'])).toBe('ownRolePermissions');
    expect(rolePermissionsRefusal(helpdesk, ROLES[3], [...ROLES[3].permissions].reverse())).toBeNull();
    expect(rolePermissionsRefusal(helpdesk, ROLES[1], undefined)).toBe('roleAbove');
  });

  it('apply to changes.review like any permission: granted by admins and by who holds it, never beyond', () => {
    expect(grantablePermissions(admin)).toContain('changes.review');
    expect(grantablePermissions(helpdesk)).not.toContain('changes.review');
    expect(rolePermissionsRefusal(helpdesk, null, ['nodes.read', 'changes.review'])).toBe('permissionsNotHeld');
    const curator: Grantor = { userId: 'u2', roleId: 'r-curator', roleName: 'curator', permissions: ['nodes.read', 'changes.review', 'roles.manage'] };
    expect(rolePermissionsRefusal(curator, null, ['nodes.read', 'changes.review'])).toBeNull();
    expect(rolePermissionsRefusal(admin, null, ['changes.review'])).toBeNull();
  });
});
