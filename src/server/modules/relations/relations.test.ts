import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELATION_MESSAGES, type AuthResponse, type NodeRelationItem, type Relation } from '../../../contract';
import { testApp, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: AuthResponse;
let editor: AuthResponse;
let viewer: AuthResponse;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await testApp();
  admin = await t.register('admin');
  editor = await t.register('ed');
  viewer = await t.register('vi');
  await t.db.query(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'editor') WHERE username = 'ed'`);
  for (const [kind, names] of [
    ['nodetypes', ['Disease', 'Symptom', 'Drug']],
    ['relationtypes', ['symptom of', 'treats']],
  ] as const) {
    for (const name of names) await t.call({ method: 'POST', url: `/api/${kind}`, token: admin.accessToken, payload: { name } });
  }
  for (const [name, nodeType] of [
    ['Migraine', 'Disease'],
    ['Headache', 'Symptom'],
    ['Nausea', 'Symptom'],
    ['Sumatriptan', 'Drug'],
    ['Vertigo', 'Symptom'],
  ]) {
    ids[name] = (await t.call({ method: 'POST', url: '/api/nodes', token: admin.accessToken, payload: { name, nodeType } })).json().id;
  }
});
afterAll(() => t?.close());

const base = () => ({ relationName: 'headache in migraine', sourceNodeId: ids.Headache, targetNodeId: ids.Migraine, relationType: 'symptom of' });
const create = (payload: object, token = editor.accessToken) => t.call({ method: 'POST', url: '/api/relations', token, payload });

describe('relation rules', () => {
  it('creates with weight 50 by default and both end nodes named', async () => {
    const res = await create({ ...base(), description: 'Very common', url: 'https://example.org/r' });
    expect(res.statusCode).toBe(201);
    expect(res.json<Relation>()).toMatchObject({
      weight: 50,
      relationType: 'symptom of',
      sourceNodeName: 'Headache',
      targetNodeName: 'Migraine',
      sourceNode: { nodeType: 'Symptom' },
      targetNode: { nodeType: 'Disease' },
      createdBy: editor.user.id,
    });
    // Each end carries its type's stored colour (the relation card tints the type chip with it).
    const colors = Object.fromEntries((await t.db.query<{ name: string; color: string }>(`SELECT name, color FROM node_types`)).map((r) => [r.name, r.color]));
    const body = res.json<Relation>();
    expect([body.sourceNode.nodeTypeColor, body.targetNode.nodeTypeColor]).toEqual([colors.Symptom, colors.Disease]);
    expect(colors.Symptom).not.toBe(colors.Disease);
  });

  it("answers the spec's messages in the spec's order", async () => {
    const first = await create({ relationName: ' ', sourceNodeId: '', targetNodeId: '', relationType: '', weight: 0 });
    expect(first.statusCode).toBe(400);
    expect(first.json().details).toEqual([
      RELATION_MESSAGES.nameRequired,
      RELATION_MESSAGES.sourceRequired,
      RELATION_MESSAGES.targetRequired,
      RELATION_MESSAGES.typeRequired,
      RELATION_MESSAGES.weightRange,
    ]);
    const msg = async (extra: object) => (await create({ ...base(), ...extra })).json().error;
    expect(await msg({ weight: 101 })).toBe(RELATION_MESSAGES.weightRange);
    expect(await msg({ description: 'x'.repeat(501) })).toBe(RELATION_MESSAGES.descriptionTooLong);
    expect(await msg({ note: 'x'.repeat(251) })).toBe(RELATION_MESSAGES.noteTooLong);
    expect(await msg({ url: 'javascript:alert(1)' })).toBe(RELATION_MESSAGES.invalidUrl);
    expect(await msg({ targetNodeId: ids.Headache })).toBe(RELATION_MESSAGES.sameNode);
    // Other ends than the first test's: a second relation with the same ends and type is a 409.
    expect((await create({ ...base(), sourceNodeId: ids.Vertigo, description: 'x'.repeat(500), note: 'y'.repeat(250), weight: 100 })).statusCode).toBe(201);
  });

  it('needs existing nodes and type', async () => {
    expect((await create({ ...base(), targetNodeId: '00000000-0000-4000-8000-000000000000' })).json().code).toBe('unknown_target_node');
    expect((await create({ ...base(), sourceNodeId: 'garbage' })).json().code).toBe('unknown_source_node');
    expect((await create({ ...base(), relationType: 'causes' })).json()).toEqual({ error: 'Relation type "causes" does not exist', code: 'unknown_relation_type' });
  });

  it('viewers cannot create, update or delete relations', async () => {
    expect((await create(base(), viewer.accessToken)).statusCode).toBe(403);
  });
});

describe('reading, updating, deleting', () => {
  it("lists with filters and search; a node's relations carry direction and the other node", async () => {
    await create({ relationName: 'triptan for migraine', sourceNodeId: ids.Sumatriptan, targetNodeId: ids.Migraine, relationType: 'treats', weight: 90 });
    await create({ relationName: 'nausea in migraine', sourceNodeId: ids.Nausea, targetNodeId: ids.Migraine, relationType: 'symptom of', weight: 30 });
    const list = async (query: Record<string, string>) =>
      (await t.call({ method: 'GET', url: '/api/relations', token: viewer.accessToken, query })).json<{ data: Relation[]; pagination: { total: number } }>();
    expect((await list({ relationType: 'TREATS' })).data.map((r) => r.relationName)).toEqual(['triptan for migraine']);
    expect((await list({ search: 'sumatrip' })).data).toHaveLength(1);
    // The relations list's search (spec §2): relation name, type, source name and target name.
    const extra = (await create({ relationName: 'relieves', sourceNodeId: ids.Sumatriptan, targetNodeId: ids.Headache, relationType: 'treats' })).json<Relation>();
    expect((await list({ search: 'headach' })).data.map((r) => r.relationName)).toContain('relieves');
    expect((await list({ search: 'TREAT' })).data.map((r) => r.relationName).sort()).toEqual(['relieves', 'triptan for migraine']);
    await t.call({ method: 'DELETE', url: `/api/relations/${extra.id}`, token: editor.accessToken });
    expect((await list({ nodeId: ids.Nausea })).pagination.total).toBe(1);
    const byWeight = (await list({ sortBy: 'weight', sortOrder: 'asc', limit: '2' })).data.map((r) => r.weight);
    expect(byWeight).toEqual([30, 50]);

    const items = (await t.call({ method: 'GET', url: `/api/nodes/${ids.Migraine}/relations`, token: viewer.accessToken })).json<NodeRelationItem[]>();
    expect(items.every((i) => i.direction === 'incoming')).toBe(true);
    expect(items.map((i) => i.relatedNode.name).sort()).toEqual(['Headache', 'Nausea', 'Sumatriptan', 'Vertigo']);
    const out = (await t.call({ method: 'GET', url: `/api/nodes/${ids.Sumatriptan}/relations`, token: viewer.accessToken })).json<NodeRelationItem[]>();
    expect(out).toMatchObject([{ direction: 'outgoing', relatedNode: { name: 'Migraine', nodeType: 'Disease' } }]);
  });

  it('updates (type change too) and deletes', async () => {
    const rel = (await create({ ...base(), sourceNodeId: ids.Nausea, relationType: 'treats', relationName: 'to edit' })).json<Relation>();
    const put = await t.call({ method: 'PUT', url: `/api/relations/${rel.id}`, token: editor.accessToken, payload: { ...base(), relationName: 'edited', relationType: 'treats', weight: 75 } });
    expect(put.json()).toMatchObject({ relationName: 'edited', relationType: 'treats', weight: 75 });
    expect((await t.call({ method: 'DELETE', url: `/api/relations/${rel.id}`, token: viewer.accessToken })).statusCode).toBe(403);
    expect((await t.call({ method: 'DELETE', url: `/api/relations/${rel.id}`, token: editor.accessToken })).statusCode).toBe(204);
    expect((await t.call({ method: 'GET', url: `/api/relations/${rel.id}`, token: viewer.accessToken })).statusCode).toBe(404);
  });

  it('a relation type in use cannot be deleted', async () => {
    const types = (await t.call({ method: 'GET', url: '/api/relationtypes', token: viewer.accessToken })).json<{ id: string; name: string; usageCount: number }[]>();
    const treats = types.find((x) => x.name === 'treats')!;
    expect(treats.usageCount).toBe(1);
    const del = await t.call({ method: 'DELETE', url: `/api/relationtypes/${treats.id}`, token: admin.accessToken });
    expect(del.json()).toEqual({ error: 'Cannot delete relation type "treats": 1 relation still uses it.', code: 'type_in_use' });
  });
});
