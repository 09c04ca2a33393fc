import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogEntry, AuditLogPage, AuthResponse, Role, User } from '../../../contract';
import { testApp, type TestApp } from '../../test/harness';

/**
 * Every account action writes one audit event in its own transaction — users, roles
 * and their permissions, sign-ins (failed ones without an actor), sign-out everywhere — and no
 * event ever holds a password, a hash or a token.
 */
let t: TestApp;
let admin: AuthResponse;
const PASSWORDS = ['secret-pw', 'Str0ng-pass-1', 'N3w-pass-word', 'wr0ng-guess-x'];
const tokensSeen: string[] = [];

beforeAll(async () => {
  t = await testApp();
  admin = await t.register('admin');
  tokensSeen.push(admin.accessToken, admin.refreshToken);
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin.accessToken) => t.call({ method, url, token, payload });

/** The newest events about one record (as the admin's log shows them). */
async function eventsOf(entityType: string, entityId: string): Promise<AuditLogEntry[]> {
  const res = await call('GET', `/api/audit?entityType=${entityType}&search=${encodeURIComponent(entityId)}&limit=50`);
  expect(res.statusCode).toBe(200);
  return res.json<AuditLogPage>().data.filter((e) => e.entityId === entityId);
}
const latest = async (entityType: string, entityId: string) => (await eventsOf(entityType, entityId))[0];
const adminActor = () => ({ id: admin.user.id, username: 'admin' });

describe('user events', () => {
  let user: User;

  it('registration: the new account is the actor; its password is only "changed"', async () => {
    const me = await t.register('reg_user', 'Str0ng-pass-1');
    tokensSeen.push(me.accessToken, me.refreshToken);
    expect(await latest('user', me.user.id)).toMatchObject({
      action: 'register',
      actor: { id: me.user.id, username: 'reg_user' },
      changes: expect.arrayContaining([{ field: 'username', before: null, after: 'reg_user' }, { field: 'role', before: null, after: 'viewer' }]),
      detail: { passwordChanged: true },
    });
  });

  it('create: who, every field from nothing, the password only as set', async () => {
    const res = await call('POST', '/api/users', { username: 'nina', email: 'nina@example.org', password: 'Str0ng-pass-1', role: 'editor', mobileNo: '+1 555 0100' });
    user = res.json<User>();
    const event = await latest('user', user.id);
    expect(event).toMatchObject({ action: 'create', actor: adminActor(), entityType: 'user', detail: { passwordChanged: true } });
    expect(event.changes).toEqual([
      { field: 'username', before: null, after: 'nina' },
      { field: 'email', before: null, after: 'nina@example.org' },
      { field: 'mobileNo', before: null, after: '+1 555 0100' },
      { field: 'role', before: null, after: 'editor' },
      { field: 'isActive', before: null, after: true },
    ]);
  });

  it('update, role change, deactivation and activation are named by what changed', async () => {
    await call('PUT', `/api/users/${user.id}`, { email: 'nina2@example.org' });
    expect(await latest('user', user.id)).toMatchObject({ action: 'update', changes: [{ field: 'email', before: 'nina@example.org', after: 'nina2@example.org' }] });
    await call('PUT', `/api/users/${user.id}`, { role: 'viewer' });
    expect(await latest('user', user.id)).toMatchObject({ action: 'role_change', changes: [{ field: 'role', before: 'editor', after: 'viewer' }] });
    await call('PUT', `/api/users/${user.id}`, { isActive: false });
    expect(await latest('user', user.id)).toMatchObject({ action: 'deactivate', changes: [{ field: 'isActive', before: true, after: false }] });
    await call('PUT', `/api/users/${user.id}`, { isActive: true });
    expect(await latest('user', user.id)).toMatchObject({ action: 'activate', changes: [{ field: 'isActive', before: false, after: true }] });
  });

  it('a save that changes nothing and a refused change write no event', async () => {
    const before = (await eventsOf('user', user.id)).length;
    await call('PUT', `/api/users/${user.id}`, { email: 'nina2@example.org' });
    expect((await call('PUT', `/api/users/${user.id}`, { username: 'reg_user' })).statusCode).toBe(409);
    expect(await eventsOf('user', user.id)).toHaveLength(before);
  });

  it('a password change on the profile is "password_change", without the password', async () => {
    const me = await t.register('pat', 'secret-pw');
    const res = await call('PUT', '/api/auth/profile', { password: 'N3w-pass-word', currentPassword: 'secret-pw' }, me.accessToken);
    expect(res.statusCode).toBe(200);
    expect(await latest('user', me.user.id)).toMatchObject({ action: 'password_change', actor: { id: me.user.id, username: 'pat' }, changes: [], detail: { passwordChanged: true } });
    await call('PUT', '/api/auth/profile', { mobileNo: '+1 555 0111' }, me.accessToken);
    expect(await latest('user', me.user.id)).toMatchObject({ action: 'update', changes: [{ field: 'mobileNo', before: null, after: '+1 555 0111' }], detail: null });
  });

  it('delete keeps who was deleted, and the actor of older events stays named', async () => {
    expect((await call('DELETE', `/api/users/${user.id}`)).statusCode).toBe(204);
    const event = await latest('user', user.id);
    expect(event).toMatchObject({ action: 'delete', actor: adminActor() });
    expect(event.changes).toContainEqual({ field: 'username', before: 'nina', after: null });
  });
});

describe('session events', () => {
  const login = (l: string, password: string) => t.call({ method: 'POST', url: '/api/auth/login', payload: { login: l, password } });

  it('a sign-in names the user; a failed one has no actor and keeps the name typed', async () => {
    const sam = await t.register('sam', 'Str0ng-pass-1');
    const ok = await login('sam', 'Str0ng-pass-1');
    tokensSeen.push(ok.json<AuthResponse>().accessToken, ok.json<AuthResponse>().refreshToken);
    expect(await latest('session', sam.user.id)).toMatchObject({ action: 'sign_in', actor: { id: sam.user.id, username: 'sam' } });

    expect((await login('sam', 'wr0ng-guess-x')).statusCode).toBe(401);
    expect(await latest('session', sam.user.id)).toMatchObject({ action: 'sign_in_failed', actor: null, detail: { username: 'sam', reason: 'invalid_credentials' } });

    expect((await login('nobody-here', 'wr0ng-guess-x')).statusCode).toBe(401);
    const unknown = (await call('GET', '/api/audit?action=sign_in_failed&search=nobody-here')).json<AuditLogPage>().data;
    expect(unknown).toEqual([expect.objectContaining({ actor: null, entityId: null, detail: expect.objectContaining({ username: 'nobody-here' }) })]);

    await call('PUT', `/api/users/${sam.user.id}`, { isActive: false });
    expect((await login('sam', 'Str0ng-pass-1')).statusCode).toBe(403);
    expect(await latest('session', sam.user.id)).toMatchObject({ action: 'sign_in_failed', actor: null, detail: { reason: 'account_inactive' } });
  });

  it('sign out everywhere', async () => {
    const me = await t.register('eve');
    expect((await call('POST', '/api/auth/logout-all', undefined, me.accessToken)).statusCode).toBe(204);
    expect(await latest('session', me.user.id)).toMatchObject({ action: 'sign_out_everywhere', actor: { id: me.user.id, username: 'eve' } });
  });
});

describe('role events', () => {
  it('create, permission change, other update and delete', async () => {
    const role = (await call('POST', '/api/roles', { name: 'Reviewer', description: 'Reads', permissions: ['nodes.read', 'search.advanced'] })).json<Role>();
    expect(await latest('role', role.id)).toMatchObject({
      action: 'create',
      actor: adminActor(),
      changes: expect.arrayContaining([{ field: 'name', before: null, after: 'Reviewer' }, { field: 'permissions', before: null, after: ['nodes.read', 'search.advanced'] }]),
    });
    await call('PUT', `/api/roles/${role.id}`, { permissions: ['search.advanced', 'nodes.read', 'nodes.create'] });
    expect(await latest('role', role.id)).toMatchObject({
      action: 'permission_change',
      changes: [{ field: 'permissions', before: ['nodes.read', 'search.advanced'], after: ['nodes.create', 'nodes.read', 'search.advanced'] }],
    });
    await call('PUT', `/api/roles/${role.id}`, { description: 'Reads and adds' });
    expect(await latest('role', role.id)).toMatchObject({ action: 'update', changes: [{ field: 'description', before: 'Reads', after: 'Reads and adds' }] });
    const member = await t.register('rev_member');
    await call('PUT', `/api/users/${member.user.id}`, { roleId: role.id });
    expect((await call('DELETE', `/api/roles/${role.id}`)).statusCode).toBe(204);
    expect(await latest('role', role.id)).toMatchObject({ action: 'delete', detail: { movedUsers: 1 } });
  });
});

describe('secrets', () => {
  it('no event holds a password, a password hash or a token', async () => {
    const rows = await t.db.query<{ changes: unknown; detail: unknown; actor_name: string | null }>('SELECT changes, detail, actor_name FROM audit_log');
    expect(rows.length).toBeGreaterThan(15);
    const text = JSON.stringify(rows);
    for (const secret of [...PASSWORDS, ...tokensSeen]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/scrypt\$/);
    expect(text).not.toMatch(/password_hash|passwordHash|refreshToken|accessToken/);
    const hashes = await t.db.query<{ password_hash: string }>('SELECT password_hash FROM users');
    for (const { password_hash } of hashes) expect(text).not.toContain(password_hash.split('$').pop()!);
  });
});
