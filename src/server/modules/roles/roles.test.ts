import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_MESSAGES, type AuthResponse, type Role, type User } from '../../../contract';
import { testApp, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: AuthResponse;

beforeAll(async () => {
  t = await testApp();
  admin = await t.register('admin');
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => t.call({ method, url, token: admin.accessToken, payload });
const roles = async () => (await call('GET', '/api/roles')).json<Role[]>();

describe('roles', () => {
  it('lists the system roles first with user counts', async () => {
    const list = await roles();
    expect(list.slice(0, 3).map((r) => [r.name, r.isSystem])).toEqual([
      ['admin', true],
      ['editor', true],
      ['viewer', true],
    ]);
    expect(list[0].userCount).toBe(1);
  });

  it('creates custom roles with catalogue permissions only, and unique names', async () => {
    const res = await call('POST', '/api/roles', { name: 'Curator', description: 'Curates', permissions: ['nodes.read', 'nodes.create', 'nodes.create'], isActive: true });
    expect(res.statusCode).toBe(201);
    expect(res.json<Role>()).toMatchObject({ name: 'Curator', permissions: ['nodes.read', 'nodes.create'], isSystem: false, userCount: 0 });
    expect((await call('POST', '/api/roles', { name: 'curator' })).json()).toEqual({ error: ROLE_MESSAGES.nameTaken, code: 'duplicate_name' });
    expect((await call('POST', '/api/roles', { name: 'X', permissions: ['nodes.fly'] })).json().error).toBe(ROLE_MESSAGES.unknownPermission);
    expect((await call('POST', '/api/roles', { name: ' ' })).json().error).toBe(ROLE_MESSAGES.nameRequired);
  });

  it('system roles cannot be deleted, renamed, toggled or given other permissions', async () => {
    const editor = (await roles()).find((r) => r.name === 'editor')!;
    expect((await call('DELETE', `/api/roles/${editor.id}`)).json()).toEqual({ error: ROLE_MESSAGES.systemDelete, code: 'system_role' });
    expect((await call('PUT', `/api/roles/${editor.id}`, { name: 'writer' })).json().error).toBe(ROLE_MESSAGES.systemRename);
    expect((await call('PUT', `/api/roles/${editor.id}`, { isActive: false })).json().error).toBe(ROLE_MESSAGES.systemToggle);
    expect((await call('PUT', `/api/roles/${editor.id}`, { permissions: ['nodes.read'] })).json().error).toBe(ROLE_MESSAGES.systemPermissions);
    const described = await call('PUT', `/api/roles/${editor.id}`, { name: 'editor', description: 'Writes content', permissions: editor.permissions, isActive: true });
    expect(described.json()).toMatchObject({ description: 'Writes content' });
  });

  it('toggling a custom role limits its users to viewer rights on their next request', async () => {
    const role = (await call('POST', '/api/roles', { name: 'Importer', permissions: ['nodes.read', 'nodes.create'] })).json<Role>();
    const u = await t.register('imp');
    await call('PUT', `/api/users/${u.user.id}`, { roleId: role.id });
    // The role change ended the sign-in; the new one keeps working while the role is edited.
    const token = (await t.call({ method: 'POST', url: '/api/auth/login', payload: { login: 'imp', password: 'secret-pw' } })).json<{ accessToken: string }>().accessToken;
    const me = async () => (await t.call({ method: 'GET', url: '/api/auth/me', token })).json<{ user: User }>().user;
    expect((await me()).permissions).toEqual(['nodes.read', 'nodes.create']);
    expect((await call('PUT', `/api/roles/${role.id}`, { isActive: false })).json()).toMatchObject({ isActive: false });
    expect((await me()).permissions).toEqual(['nodes.read']);
  });

  it('deleting a role moves its users to viewer in the same transaction', async () => {
    const role = (await call('POST', '/api/roles', { name: 'Temp', permissions: ['nodes.read'] })).json<Role>();
    const a = await t.register('temp1');
    const b = await t.register('temp2');
    for (const u of [a, b]) await call('PUT', `/api/users/${u.user.id}`, { roleId: role.id });
    expect((await roles()).find((r) => r.id === role.id)!.userCount).toBe(2);
    expect((await call('DELETE', `/api/roles/${role.id}`)).statusCode).toBe(204);
    const users = (await call('GET', '/api/users')).json<{ data: User[] }>().data;
    expect(users.filter((u) => u.username.startsWith('temp')).map((u) => u.role)).toEqual(['viewer', 'viewer']);
  });

  it('non-admins cannot manage roles', async () => {
    const v = await t.register('plainviewer');
    expect((await t.call({ method: 'GET', url: '/api/roles', token: v.accessToken })).statusCode).toBe(403);
  });
});
