import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRANT_MESSAGES, USER_ADMIN_MESSAGES, type AuthResponse, type Role, type User } from '../../../contract';
import { testApp, type TestApp } from '../../test/harness';

/**
 * Delegated administration cannot escalate: holders of users.create,
 * users.update or roles.manage grant nothing they do not hold, and only admins touch admins.
 */
let t: TestApp;
let admin: AuthResponse;
const roleIds: Record<string, string> = {};
const who: Record<string, AuthResponse> = {};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const as = (token: string) => (method: Method, url: string, payload?: object) => t.call({ method, url, token, payload });
const asAdmin = (method: Method, url: string, payload?: object) => as(admin.accessToken)(method, url, payload);
const refused = (res: { statusCode: number; json: () => unknown }, message: string) => {
  expect(res.statusCode).toBe(403);
  expect(res.json()).toEqual({ error: message, code: 'grant_refused' });
};
const userRole = async (id: string) => (await t.db.query<{ name: string }>('SELECT r.name FROM users u JOIN roles r ON r.id = u.role_id WHERE u.id = $1', [id]))[0].name;

const CUSTOM: Record<string, string[]> = {
  updater: ['nodes.read', 'search.advanced', 'users.read', 'users.update'],
  creator: ['nodes.read', 'search.advanced', 'users.read', 'users.create'],
  rolemgr: ['nodes.read', 'search.advanced', 'roles.manage'],
  reader: ['nodes.read'],
};

beforeAll(async () => {
  t = await testApp();
  admin = await t.register('admin');
  for (const [name, permissions] of Object.entries(CUSTOM)) {
    const res = await asAdmin('POST', '/api/roles', { name, permissions });
    expect(res.statusCode).toBe(201);
  }
  for (const r of (await asAdmin('GET', '/api/roles')).json<Role[]>()) roleIds[r.name] = r.id;
  for (const name of ['updater', 'creator', 'rolemgr']) {
    const u = await t.register(`u_${name}`);
    expect((await asAdmin('PUT', `/api/users/${u.user.id}`, { roleId: roleIds[name] })).statusCode).toBe(200);
    who[name] = await t.call({ method: 'POST', url: '/api/auth/login', payload: { login: `u_${name}`, password: 'secret-pw' } }).then((r) => r.json<AuthResponse>());
  }
  who.victim = await t.register('victim'); // a viewer
  who.ed = await t.register('ed');
  await asAdmin('PUT', `/api/users/${who.ed.user.id}`, { roleId: roleIds.editor });
});
afterAll(() => t?.close());

describe('users.update without admin', () => {
  const call = (m: Method, url: string, p?: object) => as(who.updater.accessToken)(m, url, p);

  it('cannot change its own role, to admin or to anything else', async () => {
    refused(await call('PUT', `/api/users/${who.updater.user.id}`, { role: 'admin' }), GRANT_MESSAGES.ownRole);
    refused(await call('PUT', `/api/users/${who.updater.user.id}`, { roleId: roleIds.reader }), GRANT_MESSAGES.ownRole);
    expect(await userRole(who.updater.user.id)).toBe('updater');
    // Its own other fields stay editable.
    expect((await call('PUT', `/api/users/${who.updater.user.id}`, { mobileNo: '+1 555 0101' })).statusCode).toBe(200);
  });

  it('cannot promote anyone to admin or to a role with permissions it lacks', async () => {
    refused(await call('PUT', `/api/users/${who.victim.user.id}`, { role: 'admin' }), GRANT_MESSAGES.adminOnly);
    refused(await call('PUT', `/api/users/${who.victim.user.id}`, { roleId: roleIds.editor }), GRANT_MESSAGES.roleNotHeld);
    refused(await call('PUT', `/api/users/${who.victim.user.id}`, { roleId: roleIds.creator }), GRANT_MESSAGES.roleNotHeld);
    expect(await userRole(who.victim.user.id)).toBe('viewer');
  });

  it('may assign a role whose permissions it holds', async () => {
    const res = await call('PUT', `/api/users/${who.victim.user.id}`, { roleId: roleIds.reader });
    expect(res.statusCode).toBe(200);
    expect(res.json<User>().role).toBe('reader');
    expect((await call('PUT', `/api/users/${who.victim.user.id}`, { role: 'viewer' })).statusCode).toBe(200);
  });

  it('cannot edit or deactivate an admin, nor a user whose role is above its own', async () => {
    refused(await call('PUT', `/api/users/${admin.user.id}`, { isActive: false }), GRANT_MESSAGES.adminOnly);
    refused(await call('PUT', `/api/users/${admin.user.id}`, { email: 'mine@example.org' }), GRANT_MESSAGES.adminOnly);
    refused(await call('PUT', `/api/users/${who.ed.user.id}`, { isActive: false }), GRANT_MESSAGES.userAbove);
    const [row] = await t.db.query<{ email: string; is_active: boolean }>('SELECT email, is_active FROM users WHERE id = $1', [admin.user.id]);
    expect(row).toEqual({ email: 'admin@example.org', is_active: true });
  });
});

describe('users.create without admin', () => {
  const call = (m: Method, url: string, p?: object) => as(who.creator.accessToken)(m, url, p);
  const newUser = (username: string, role: string) => ({ username, email: `${username}@example.org`, password: 'Tr0ub4dor&3x', role });

  it('cannot create an admin or a user with a role above its own', async () => {
    refused(await call('POST', '/api/users', newUser('mallory', 'admin')), GRANT_MESSAGES.adminOnly);
    refused(await call('POST', '/api/users', newUser('mallory', 'editor')), GRANT_MESSAGES.roleNotHeld);
    refused(await call('POST', '/api/users', { ...newUser('mallory', 'x'), role: undefined, roleId: roleIds.admin }), GRANT_MESSAGES.adminOnly);
    expect(await t.db.query("SELECT 1 FROM users WHERE username = 'mallory'")).toEqual([]);
  });

  it('creates users with roles it holds', async () => {
    const res = await call('POST', '/api/users', newUser('carol', 'reader'));
    expect(res.statusCode).toBe(201);
    expect(res.json<User>().role).toBe('reader');
  });
});

describe('roles.manage without admin', () => {
  const call = (m: Method, url: string, p?: object) => as(who.rolemgr.accessToken)(m, url, p);

  it("cannot change its own role's permissions, even within its own", async () => {
    refused(await call('PUT', `/api/roles/${roleIds.rolemgr}`, { permissions: CUSTOM.rolemgr.concat('users.create') }), GRANT_MESSAGES.ownRolePermissions);
    refused(await call('PUT', `/api/roles/${roleIds.rolemgr}`, { permissions: ['nodes.read', 'roles.manage'] }), GRANT_MESSAGES.ownRolePermissions);
    const [row] = await t.db.query<{ permissions: string[] }>('SELECT permissions FROM roles WHERE id = $1', [roleIds.rolemgr]);
    expect([...row.permissions].sort()).toEqual([...CUSTOM.rolemgr].sort());
    // Unchanged permissions with other fields are fine.
    expect((await call('PUT', `/api/roles/${roleIds.rolemgr}`, { description: 'Manages roles', permissions: CUSTOM.rolemgr })).statusCode).toBe(200);
  });

  it('creates and edits roles only within its own permissions', async () => {
    refused(await call('POST', '/api/roles', { name: 'Everything', permissions: ['nodes.read', 'users.update'] }), GRANT_MESSAGES.permissionsNotHeld);
    const made = await call('POST', '/api/roles', { name: 'Searcher', permissions: ['nodes.read'] });
    expect(made.statusCode).toBe(201);
    const id = made.json<Role>().id;
    refused(await call('PUT', `/api/roles/${id}`, { permissions: ['nodes.read', 'system.config'] }), GRANT_MESSAGES.permissionsNotHeld);
    expect((await call('PUT', `/api/roles/${id}`, { permissions: ['nodes.read', 'search.advanced'] })).statusCode).toBe(200);
  });

  it('cannot edit or delete a role that grants more than it holds', async () => {
    refused(await call('PUT', `/api/roles/${roleIds.updater}`, { permissions: ['nodes.read'] }), GRANT_MESSAGES.roleAbove);
    refused(await call('PUT', `/api/roles/${roleIds.updater}`, { isActive: false }), GRANT_MESSAGES.roleAbove);
    refused(await call('DELETE', `/api/roles/${roleIds.updater}`), GRANT_MESSAGES.roleAbove);
    expect((await asAdmin('GET', '/api/roles')).json<Role[]>().find((r) => r.id === roleIds.updater)).toMatchObject({ isActive: true });
  });
});

describe('admins', () => {
  it('create and promote admins, but do not change their own role', async () => {
    const made = await asAdmin('POST', '/api/users', { username: 'root2', email: 'root2@example.org', password: 'Tr0ub4dor&3x', role: 'admin' });
    expect(made.statusCode).toBe(201);
    expect((await asAdmin('PUT', `/api/users/${who.victim.user.id}`, { role: 'admin' })).json<User>().role).toBe('admin');
    expect((await asAdmin('PUT', `/api/users/${who.victim.user.id}`, { role: 'viewer' })).json<User>().role).toBe('viewer');
    refused(await asAdmin('PUT', `/api/users/${admin.user.id}`, { role: 'viewer' }), GRANT_MESSAGES.ownRole);
    // Deleting an admin stays refused for everyone.
    expect((await asAdmin('DELETE', `/api/users/${made.json<User>().id}`)).json().error).toBe(USER_ADMIN_MESSAGES.cannotDeleteAdmin);
  });
});
