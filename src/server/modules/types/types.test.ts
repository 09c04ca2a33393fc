import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, TaxonomyType } from '../../../contract';
import { testApp, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: AuthResponse;
let viewer: AuthResponse;

beforeAll(async () => {
  t = await testApp();
  admin = await t.register('admin1');
  viewer = await t.register('viewer1');
});
afterAll(() => t?.close());

describe.each([
  ['node', '/api/nodetypes', 'nodeType'],
  ['relation', '/api/relationtypes', 'relationType'],
] as const)('%s types', (kind, base, field) => {
  const create = (payload: object, token = admin.accessToken) => t.call({ method: 'POST', url: base, token, payload });

  it('create with either body reading, list by name, get one', async () => {
    const a = await create({ [field]: '  Zeta ' });
    expect(a.statusCode).toBe(201);
    expect(a.json<TaxonomyType>()).toMatchObject({ name: 'Zeta', createdBy: 'admin1', usageCount: 0 });
    expect((await create({ name: 'Alpha' })).statusCode).toBe(201);
    const list = (await t.call({ method: 'GET', url: base, token: viewer.accessToken })).json<TaxonomyType[]>();
    expect(list.map((x) => x.name)).toEqual(['Alpha', 'Zeta']);
    const one = await t.call({ method: 'GET', url: `${base}/${a.json().id}`, token: viewer.accessToken });
    expect(one.json().name).toBe('Zeta');
  });

  it('refuses blank and duplicate names (case-insensitive)', async () => {
    const blank = await create({ [field]: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe('The name is required');
    const dup = await create({ name: 'zeta' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: `A ${kind} type named "zeta" already exists`, code: 'duplicate_name' });
  });

  it('only admins change types; viewers read', async () => {
    expect((await create({ name: 'Nope' }, viewer.accessToken)).statusCode).toBe(403);
  });

  it('renames and deletes; unknown ids answer 404', async () => {
    const id = (await create({ name: 'Temp' })).json().id;
    const renamed = await t.call({ method: 'PUT', url: `${base}/${id}`, token: admin.accessToken, payload: { [field]: 'Temporary' } });
    expect(renamed.json().name).toBe('Temporary');
    expect((await t.call({ method: 'DELETE', url: `${base}/${id}`, token: admin.accessToken })).statusCode).toBe(204);
    expect((await t.call({ method: 'GET', url: `${base}/${id}`, token: admin.accessToken })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `${base}/not-a-uuid`, token: admin.accessToken })).statusCode).toBe(400);
  });
});

describe('types in use', () => {
  it('renaming keeps nodes attached; deleting a used type is refused with the count', async () => {
    const type = (await t.call({ method: 'POST', url: '/api/nodetypes', token: admin.accessToken, payload: { name: 'Disease' } })).json<TaxonomyType>();
    await t.db.query(`INSERT INTO nodes (name, node_type_id) VALUES ('Asthma', $1), ('Gout', $1)`, [type.id]);
    await t.call({ method: 'PUT', url: `/api/nodetypes/${type.id}`, token: admin.accessToken, payload: { name: 'Disorder' } });
    const names = await t.db.query<{ type: string }>(`SELECT nt.name AS type FROM nodes n JOIN node_types nt ON nt.id = n.node_type_id`);
    expect(names.map((r) => r.type)).toEqual(['Disorder', 'Disorder']);
    const del = await t.call({ method: 'DELETE', url: `/api/nodetypes/${type.id}`, token: admin.accessToken });
    expect(del.statusCode).toBe(409);
    expect(del.json()).toEqual({ error: 'Cannot delete node type "Disorder": 2 nodes still use it.', code: 'type_in_use' });
    expect((await t.call({ method: 'GET', url: `/api/nodetypes/${type.id}`, token: admin.accessToken })).json().usageCount).toBe(2);
  });
});
