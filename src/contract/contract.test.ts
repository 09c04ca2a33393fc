import { describe, expect, it } from 'vitest';
import {
  API_ACCESS,
  LIMITS,
  MESSAGES,
  PAGE_ACCESS,
  PERMISSIONS,
  PERMISSION_CATEGORIES,
  PERMISSION_IDS,
  ProfileUpdateRequestSchema,
  RegisterRequestSchema,
  RoleCreateSchema,
  RoleUpdateSchema,
  SYSTEM_ROLE_PERMISSIONS,
  effectivePermissions,
  hasAccess,
} from '.';

describe('permission catalogue', () => {
  // The spec's 19, plus changes.review (review mode, docs/architecture/review.md): the 20th.
  it('has the 19 permissions of the spec and changes.review in 4 categories', () => {
    expect(PERMISSIONS).toHaveLength(20);
    expect(new Set(PERMISSION_IDS).size).toBe(20);
    expect(PERMISSIONS.find((p) => p.id === 'changes.review')?.category).toBe('Knowledge Management');
    expect(PERMISSION_CATEGORIES).toEqual(['Knowledge Management', 'User Management', 'System Administration', 'Analytics & Reporting']);
    const perCategory = PERMISSION_CATEGORIES.map((c) => PERMISSIONS.filter((p) => p.category === c).length);
    expect(perCategory).toEqual([9, 5, 4, 2]);
  });

  it('gives the system roles the behaviour of spec §6', () => {
    const can = (role: keyof typeof SYSTEM_ROLE_PERMISSIONS, key: keyof typeof API_ACCESS) =>
      hasAccess(API_ACCESS[key], SYSTEM_ROLE_PERMISSIONS[role]);
    expect(can('viewer', 'GET /nodes')).toBe(true);
    expect(can('viewer', 'POST /nodes')).toBe(false);
    expect(can('viewer', 'POST /relations')).toBe(false);
    expect(can('editor', 'POST /relations')).toBe(true);
    expect(can('editor', 'POST /nodes/upload')).toBe(true);
    expect(can('editor', 'POST /snomed/import')).toBe(true);
    expect(can('editor', 'DELETE /snomed/concept/:id')).toBe(false);
    expect(can('editor', 'POST /nodetypes')).toBe(false);
    expect(can('editor', 'GET /roles')).toBe(false);
    expect(can('editor', 'POST /users')).toBe(false);
    for (const key of Object.keys(API_ACCESS) as (keyof typeof API_ACCESS)[]) expect(can('admin', key)).toBe(true);
    // Guarded pages are the admin's, except "My proposals", which is for everyone whose save may become one.
    for (const page of Object.keys(PAGE_ACCESS)) {
      expect(hasAccess(PAGE_ACCESS[page], SYSTEM_ROLE_PERMISSIONS.admin)).toBe(true);
      expect(hasAccess(PAGE_ACCESS[page], SYSTEM_ROLE_PERMISSIONS.editor)).toBe(page === '/proposals');
      expect(hasAccess(PAGE_ACCESS[page], SYSTEM_ROLE_PERMISSIONS.viewer)).toBe(false);
    }
  });

  it('an inactive role keeps at most the viewer permissions it has', () => {
    expect(effectivePermissions(['nodes.read', 'nodes.create', 'bogus'], true)).toEqual(['nodes.read', 'nodes.create']);
    expect(effectivePermissions(['nodes.read', 'nodes.create'], false)).toEqual(['nodes.read']);
    expect(effectivePermissions(['users.read'], false)).toEqual([]);
  });
});

describe('registration and profile schemas', () => {
  it('reject a short password with the spec text', () => {
    const r = RegisterRequestSchema.safeParse({ username: 'a', email: 'a@b.co', password: '12345' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe(MESSAGES.auth.passwordTooShort);
    expect(LIMITS.passwordMinLength).toBe(6);
  });

  it('accept the mobile formats of spec §5 and refuse others', () => {
    const ok = (mobileNo: string) => ProfileUpdateRequestSchema.safeParse({ mobileNo }).success;
    expect(ok('+1 (555) 123-4567')).toBe(true);
    expect(ok('')).toBe(true);
    expect(ok('555-CALL')).toBe(false);
    expect(ok('1+2')).toBe(false);
  });

  it('need the current password with a new one', () => {
    const r = ProfileUpdateRequestSchema.safeParse({ password: 'abcdef' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe(MESSAGES.profile.currentPasswordRequired);
  });
});

describe('role schemas', () => {
  it('say which rule a role name breaks: missing, or too long (not "required" for both)', () => {
    const message = (name: string) => RoleCreateSchema.safeParse({ name }).error?.issues[0]?.message;
    expect(message('')).toBe('Role Name is required');
    expect(message('x'.repeat(600))).toBe('Role Name must be 255 characters or less');
    expect(RoleUpdateSchema.safeParse({ name: 'x'.repeat(600) }).error?.issues[0]?.message).toBe('Role Name must be 255 characters or less');
  });
});
