import { describe, expect, it } from 'vitest';
import { SYSTEM_ROLE_PERMISSIONS } from '../../contract';
import { ADMIN_MENU_ENTRIES, DRAWER_ENTRIES, canOpen, loginPath, pageTitle, parentPath, hasBackButton, permissionsOf, safeReturnTo, visibleEntries } from './nav';

const labels = (perms: readonly string[]) => visibleEntries(DRAWER_ENTRIES, perms).map((e) => e.label);

describe('drawer and admin menu by role', () => {
  it('admin sees every entry and the whole Admin menu', () => {
    expect(labels(SYSTEM_ROLE_PERMISSIONS.admin)).toEqual([
      'Dashboard', 'Knowledge Nodes', 'Relations', 'My proposals', 'Node Types', 'Relation Types', 'SNOMED Management', 'Review queue', 'User Management', 'Role Management',
    ]);
    expect(visibleEntries(ADMIN_MENU_ENTRIES, SYSTEM_ROLE_PERMISSIONS.admin).map((e) => e.label)).toEqual(['Users', 'Roles', 'Audit Log', 'Analytics', 'Backup', 'Terminology', 'Review mode']);
  });

  it('the Review queue entry and page follow changes.review (a custom role may hold it without admin rights)', () => {
    expect(labels(['nodes.read', 'changes.review'])).toContain('Review queue');
    expect(canOpen('/review', ['nodes.read', 'changes.review'])).toBe(true);
    expect(canOpen('/review', SYSTEM_ROLE_PERMISSIONS.editor)).toBe(false);
    expect(labels(SYSTEM_ROLE_PERMISSIONS.editor)).not.toContain('Review queue');
    expect(pageTitle('/review')).toBe('Review queue');
  });

  it('the Audit Log entry follows system.logs (a custom role may hold it alone)', () => {
    expect(visibleEntries(ADMIN_MENU_ENTRIES, ['nodes.read', 'system.logs']).map((e) => e.label)).toEqual(['Audit Log']);
    expect(canOpen('/admin/audit', SYSTEM_ROLE_PERMISSIONS.editor)).toBe(false);
  });

  it('editor and viewer see Dashboard, Knowledge Nodes and Relations (the editor also My proposals), and no Admin menu', () => {
    expect(labels(SYSTEM_ROLE_PERMISSIONS.editor)).toEqual(['Dashboard', 'Knowledge Nodes', 'Relations', 'My proposals']);
    expect(labels(SYSTEM_ROLE_PERMISSIONS.viewer)).toEqual(['Dashboard', 'Knowledge Nodes', 'Relations']);
    for (const role of ['editor', 'viewer'] as const) {
      expect(visibleEntries(ADMIN_MENU_ENTRIES, SYSTEM_ROLE_PERMISSIONS[role])).toEqual([]);
    }
  });

  it('a user without a permission list falls back to its role, an unknown role to viewer', () => {
    expect(permissionsOf({ role: 'admin', permissions: null })).toBe(SYSTEM_ROLE_PERMISSIONS.admin);
    expect(permissionsOf({ role: 'nurse', permissions: undefined })).toBe(SYSTEM_ROLE_PERMISSIONS.viewer);
    expect(permissionsOf(null)).toEqual([]);
  });

  it('guards admin pages and their sub-paths by PAGE_ACCESS', () => {
    expect(canOpen('/admin/users', SYSTEM_ROLE_PERMISSIONS.viewer)).toBe(false);
    expect(canOpen('/admin/users/extra', SYSTEM_ROLE_PERMISSIONS.viewer)).toBe(false);
    expect(canOpen('/admin/users', SYSTEM_ROLE_PERMISSIONS.admin)).toBe(true);
    expect(canOpen('/settings', [])).toBe(true);
    expect(canOpen('/snomed', SYSTEM_ROLE_PERMISSIONS.editor)).toBe(false);
  });
});

describe('top-bar title', () => {
  it('is the last segment with dashes as spaces, capitalised; else the passed title; else Dashboard', () => {
    expect(pageTitle('/node-types')).toBe('Node Type Management');
    expect(pageTitle('/admin/users')).toBe('User Management');
    // The spec's page titles, not the bare segment.
    expect(pageTitle('/nodes')).toBe('Knowledge Nodes');
    expect(pageTitle('/snomed/')).toBe('SNOMED CT Management');
    expect(pageTitle('/admin/analytics')).toBe('Analytics');
    expect(pageTitle('/settings', 'Ignored')).toBe('Settings');
    expect(pageTitle('/nodes/view/3f1c2a4e-1b2c-4d5e-8f90-123456789abc', 'Node Detail')).toBe('Node Detail');
    expect(pageTitle('/')).toBe('Dashboard');
    // Whatever stands where an id belongs is not a title ('Not A Uuid').
    expect(pageTitle('/nodes/view/not-a-uuid', 'Node Detail')).toBe('Node Detail');
    // An action word is not a title either when the page passes one.
    expect(pageTitle('/nodes/new', 'Create New Knowledge Node')).toBe('Create New Knowledge Node');
    expect(pageTitle('/nodes/new')).toBe('New');
  });
});

describe('Back button', () => {
  it('appears only on action segments', () => {
    expect(hasBackButton('/nodes/new')).toBe(true);
    expect(hasBackButton('/nodes/42/edit')).toBe(true);
    expect(hasBackButton('/nodes/view/42')).toBe(true);
    expect(hasBackButton('/relations/create')).toBe(true);
    expect(hasBackButton('/nodes')).toBe(false);
    expect(hasBackButton('/reviewers')).toBe(false);
  });

  it('without history goes to the parent: action and the id before it removed', () => {
    expect(parentPath('/nodes/42/edit')).toBe('/nodes');
    expect(parentPath('/relations/3f1c2a4e-1b2c-4d5e-8f90-123456789abc/edit')).toBe('/relations');
    expect(parentPath('/nodes/new')).toBe('/nodes');
    expect(parentPath('/nodes/view/42')).toBe('/nodes');
    expect(parentPath('/create')).toBe('/dashboard');
  });
});

describe('return-to after sign-in', () => {
  it('accepts only paths on this site', () => {
    expect(safeReturnTo('/settings')).toBe('/settings');
    expect(safeReturnTo('/nodes?x=1')).toBe('/nodes?x=1');
    expect(safeReturnTo('//evil.example')).toBeNull();
    expect(safeReturnTo('https://evil.example')).toBeNull();
    expect(safeReturnTo('/\\evil.example')).toBeNull();
    expect(safeReturnTo('/login')).toBeNull();
    expect(safeReturnTo(null)).toBeNull();
  });

  it('refuses every other way out of the origin: control characters, backslashes, encoded forms', () => {
    for (const raw of [
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r/evil.example',
      '/\t\t/evil.example',
      '/\u0000/evil.example',
      '/nodes\u007f',
      '\\evil.example',
      '/nodes\\..\\x',
      '/%2F/evil.example',
      '/%2f%2fevil.example',
      '/%5Cevil.example',
      '/%09/evil.example',
      '/%252F%252Fevil.example',
      '/%E0%A4%A',
      'evil.example',
      ' /nodes',
      `/${'a'.repeat(3000)}`,
    ]) {
      expect(safeReturnTo(raw), JSON.stringify(raw)).toBeNull();
    }
    // What comes back is the resolved path on this site, query and fragment kept.
    expect(safeReturnTo('/nodes/view/1?tab=relations#top')).toBe('/nodes/view/1?tab=relations#top');
    expect(safeReturnTo('/search?q=a%5Cb')).toBe('/search?q=a%5Cb');
    expect(safeReturnTo('/a/../login')).toBeNull();
  });

  it('builds the sign-in path with the wanted page', () => {
    expect(loginPath('/settings')).toBe('/login?returnTo=%2Fsettings');
    expect(loginPath('/dashboard')).toBe('/login');
    expect(loginPath('/')).toBe('/login');
  });
});
