import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ACCESS, SYSTEM_ROLE_PERMISSIONS, hasAccess, type Access } from '../contract';
import { testApp, type TestApp } from './test/harness';

/**
 * The permission matrix: every API route the server has × anonymous, viewer, editor, admin
 * and a custom role. Without the permission the answer is 401 (no session) or 403; with it,
 * the request gets past the guard (whatever the handler then says about the empty input).
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const CUSTOM = ['nodes.read', 'nodes.create'];
const perms: Record<string, readonly string[]> = { ...SYSTEM_ROLE_PERMISSIONS, custom: CUSTOM };

beforeAll(async () => {
  t = await testApp();
  tokens.admin = (await t.register('admin')).accessToken;
  for (const role of ['editor', 'viewer', 'custom']) tokens[role] = (await t.register(`u_${role}`)).accessToken;
  await t.db.query(`INSERT INTO roles (name, permissions) VALUES ('custom', $1)`, [CUSTOM]);
  for (const role of ['editor', 'custom']) {
    await t.db.query(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = $1) WHERE username = $2`, [role, `u_${role}`]);
  }
});
afterAll(() => t?.close());

const routes = () =>
  (Object.entries(API_ACCESS) as [string, Access][])
    .map(([key, access]) => {
      const [method, path] = key.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
      return { key, method, path, access };
    })
    .filter((r) => t.app.hasRoute({ method: r.method, url: `/api${r.path}` }));

const concrete = (path: string) =>
  path.replace(/:filename/g, 'errors.xlsx').replace(/:id\b/g, '00000000-0000-4000-8000-000000000001').replace(/:\w+/g, '00000000-0000-4000-8000-000000000002');

describe('permission matrix', () => {
  it('covers the routes the server has', () => {
    expect(routes().length).toBeGreaterThanOrEqual(35);
  });

  it.each(['anonymous', 'viewer', 'editor', 'admin', 'custom'])('as %s', async (who) => {
    const failures: string[] = [];
    for (const r of routes()) {
      if (r.access === 'public') continue;
      const res = await t.call({ method: r.method, url: `/api${concrete(r.path)}`, token: tokens[who], ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }) });
      const expected = who === 'anonymous' ? 401 : hasAccess(r.access, perms[who]) ? 'allowed' : 403;
      const ok = expected === 'allowed' ? res.statusCode !== 401 && res.statusCode !== 403 : res.statusCode === expected;
      if (!ok) failures.push(`${r.key}: expected ${expected}, got ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('a custom role with exactly nodes.read and nodes.create can create nodes but not relations, users or types', async () => {
    await t.call({ method: 'POST', url: '/api/nodetypes', token: tokens.admin, payload: { name: 'Disease' } });
    const node = await t.call({ method: 'POST', url: '/api/nodes', token: tokens.custom, payload: { name: 'Asthma', nodeType: 'Disease' } });
    expect(node.statusCode).toBe(201);
    expect((await t.call({ method: 'POST', url: '/api/relations', token: tokens.custom, payload: {} })).statusCode).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/nodetypes', token: tokens.custom, payload: { name: 'Drug' } })).statusCode).toBe(403);
    const user = { username: 'made', email: 'made@example.org', password: 'secret-1', role: 'viewer' };
    expect((await t.call({ method: 'POST', url: '/api/users', token: tokens.custom, payload: user })).statusCode).toBe(403);
    expect((await t.call({ method: 'PUT', url: `/api/nodes/${node.json().id}`, token: tokens.custom, payload: { name: 'A', nodeType: 'Disease' } })).statusCode).toBe(403);
  });
});
