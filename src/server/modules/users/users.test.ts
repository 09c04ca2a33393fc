import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, USER_ADMIN_MESSAGES, type AuthResponse, type Role, type User } from '../../../contract';
import { testApp, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: AuthResponse;
let roleIds: Record<string, string>;

beforeAll(async () => {
  t = await testApp();
  admin = await t.register('admin');
  const roles = (await t.call({ method: 'GET', url: '/api/roles', token: admin.accessToken })).json<Role[]>();
  roleIds = Object.fromEntries(roles.map((r) => [r.name, r.id]));
});
afterAll(() => t?.close());

const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin.accessToken) => t.call({ method, url, token, payload });
const login = (l: string, password: string) => t.call({ method: 'POST', url: '/api/auth/login', payload: { login: l, password } });

describe('user administration', () => {
  it('creates users with a role by id or by name; passwords hashed, never returned', async () => {
    const res = await call('POST', '/api/users', { username: 'nina', email: 'nina@example.org', password: 'nina-pw', confirmPassword: 'x', roleId: roleIds.editor, isActive: true, mobileNo: '+1 555 0100' });
    expect(res.statusCode).toBe(201);
    expect(res.json<User>()).toMatchObject({ username: 'nina', role: 'editor', mobileNo: '+1 555 0100', isActive: true });
    expect(res.body).not.toMatch(/password/i);
    expect((await login('nina', 'nina-pw')).statusCode).toBe(200);
    const byName = await call('POST', '/api/users', { username: 'omar', email: 'omar@example.org', password: 'omar-pw', role: 'viewer' });
    expect(byName.json().role).toBe('viewer');
  });

  it('applies the form rules and uniqueness', async () => {
    expect((await call('POST', '/api/users', { username: 'p', email: 'p@example.org', password: '123', role: 'viewer' })).json().error).toBe(MESSAGES.auth.passwordTooShort);
    expect((await call('POST', '/api/users', { username: 'p', email: 'p@example.org', password: '123456' })).json().error).toBe(USER_ADMIN_MESSAGES.roleRequired);
    expect((await call('POST', '/api/users', { username: 'p', email: 'p@example.org', password: '123456', role: 'wizard' })).json().error).toBe(USER_ADMIN_MESSAGES.unknownRole);
    const dup = await call('POST', '/api/users', { username: 'NINA', email: 'other@example.org', password: 'other-pw-7', role: 'viewer' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toBe(MESSAGES.auth.usernameTaken);
    expect((await call('POST', '/api/users', { username: 'zed', email: 'Nina@example.org', password: 'other-pw-7', role: 'viewer' })).statusCode).toBe(409);
  });

  it('deactivation blocks sign-in, ends the sessions and applies on the next request', async () => {
    const u = await t.register('quinn', 'quinn-pw');
    const res = await call('PUT', `/api/users/${u.user.id}`, { isActive: false });
    expect(res.json()).toMatchObject({ isActive: false });
    expect((await t.call({ method: 'GET', url: '/api/auth/me', token: u.accessToken })).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: u.refreshToken } })).statusCode).toBe(401);
    expect((await login('quinn', 'quinn-pw')).json().code).toBe('account_inactive');
    await call('PUT', `/api/users/${u.user.id}`, { isActive: true });
    expect((await login('quinn', 'quinn-pw')).statusCode).toBe(200);
  });

  it('a role change ends the sessions and applies on the next request', async () => {
    const u = await t.register('rita');
    await call('PUT', `/api/users/${u.user.id}`, { roleId: roleIds.editor, username: 'rita2', mobileNo: '' });
    // The sign-in ends: its access token on the next request, its refresh token too.
    const old = await t.call({ method: 'GET', url: '/api/auth/me', token: u.accessToken });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toMatchObject({ code: 'session_revoked' });
    expect((await t.call({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: u.refreshToken } })).statusCode).toBe(401);
    const again = await t.call({ method: 'POST', url: '/api/auth/login', payload: { login: 'rita2', password: 'secret-pw' } });
    expect(again.json().user).toMatchObject({ username: 'rita2', role: 'editor', mobileNo: null });
  });

  it('the last active admin cannot deactivate themselves (nor change their own role); admins cannot be deleted', async () => {
    const demote = await call('PUT', `/api/users/${admin.user.id}`, { roleId: roleIds.viewer });
    expect(demote.statusCode).toBe(403);
    expect(demote.json().code).toBe('grant_refused');
    const deactivate = await call('PUT', `/api/users/${admin.user.id}`, { isActive: false });
    expect(deactivate.statusCode).toBe(409);
    expect(deactivate.json()).toEqual({ error: USER_ADMIN_MESSAGES.lastAdmin, code: 'last_admin' });
    const del = await call('DELETE', `/api/users/${admin.user.id}`);
    expect(del.statusCode).toBe(403);
    expect(del.json().error).toBe(USER_ADMIN_MESSAGES.cannotDeleteAdmin);

    const second = (await call('POST', '/api/users', { username: 'sam', email: 'sam@example.org', password: 'sam-pw-1', role: 'admin' })).json<User>();
    expect((await call('PUT', `/api/users/${admin.user.id}`, { isActive: true, roleId: roleIds.admin })).statusCode).toBe(200);
    expect((await call('PUT', `/api/users/${second.id}`, { roleId: roleIds.editor })).statusCode).toBe(200);
  });

  it('deletes non-admin users; non-admins cannot manage users', async () => {
    const u = await t.register('tess');
    expect((await call('POST', '/api/users', { username: 'x1', email: 'x1@example.org', password: '123456', role: 'viewer' }, u.accessToken)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/users/${u.user.id}`, undefined, u.accessToken)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/users/${u.user.id}`)).statusCode).toBe(204);
    expect((await login('tess', 'secret-pw')).statusCode).toBe(401);
  });

  it("a deleted user's nodes keep their data and lose the name of their author (creator and last editor)", async () => {
    const ed = await t.register('edna');
    await t.db.query(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'editor') WHERE username = 'edna'`);
    await t.call({ method: 'POST', url: '/api/nodetypes', token: admin.accessToken, payload: { name: 'Authorship' } });
    const mine = (await t.call({ method: 'POST', url: '/api/nodes', token: ed.accessToken, payload: { name: 'By Edna', nodeType: 'Authorship' } })).json<{ id: string }>();
    const theirs = (await t.call({ method: 'POST', url: '/api/nodes', token: admin.accessToken, payload: { name: 'Edited by Edna', nodeType: 'Authorship' } })).json<{ id: string }>();
    expect((await t.call({ method: 'PUT', url: `/api/nodes/${theirs.id}`, token: ed.accessToken, payload: { name: 'Edited by Edna', nodeType: 'Authorship', description: 'touched' } })).statusCode).toBe(200);

    expect((await call('DELETE', `/api/users/${ed.user.id}`)).statusCode).toBe(204);
    const rows = await t.db.query<{ name: string; created_by: string | null; updated_by: string | null }>('SELECT name, created_by, updated_by FROM nodes WHERE id = ANY($1::uuid[]) ORDER BY name', [[mine.id, theirs.id]]);
    expect(rows).toEqual([
      { name: 'By Edna', created_by: null, updated_by: null },
      { name: 'Edited by Edna', created_by: admin.user.id, updated_by: null },
    ]);
  });
});
