import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, NodeRelationItem, Relation } from '../../../contract';
import { testApp, type TestApp } from '../../test/harness';

/**
 * Relation notes are internal (contract/relation-notes.ts): only holders of relations.update get
 * them; every other reader gets relations without the `note` key, on every route that carries one.
 */
let t: TestApp;
let admin: AuthResponse;
let editor: AuthResponse;
let viewer: AuthResponse;
/** A custom role that may create relations but not edit them. */
let creator: AuthResponse;
const NOTE = 'zebra-secret-note';
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await testApp();
  admin = await t.register('admin');
  editor = await t.register('ed');
  viewer = await t.register('vi');
  creator = await t.register('cr');
  await t.db.query(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'editor') WHERE username = 'ed'`);
  await t.db.query(`INSERT INTO roles (name, permissions) VALUES ('Linker', ARRAY['nodes.read', 'relations.create'])`);
  await t.db.query(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'Linker') WHERE username = 'cr'`);
  await t.call({ method: 'POST', url: '/api/nodetypes', token: admin.accessToken, payload: { name: 'Disease' } });
  await t.call({ method: 'POST', url: '/api/relationtypes', token: admin.accessToken, payload: { name: 'related to' } });
  for (const name of ['Asthma', 'Eczema']) {
    ids[name] = (await t.call({ method: 'POST', url: '/api/nodes', token: admin.accessToken, payload: { name, nodeType: 'Disease' } })).json().id;
  }
  const res = await t.call({
    method: 'POST',
    url: '/api/relations',
    token: editor.accessToken,
    payload: { relationName: 'atopic march', sourceNodeId: ids.Eczema, targetNodeId: ids.Asthma, relationType: 'related to', note: NOTE },
  });
  expect(res.statusCode).toBe(201);
  ids.relation = res.json<Relation>().id;
});
afterAll(() => t?.close());

const get = (url: string, token: string) => t.call({ method: 'GET', url, token });

describe('relation notes reach only holders of relations.update', () => {
  it('GET /relations/{id}: the editor gets the note, a viewer gets no note key at all', async () => {
    const asEditor = await get(`/api/relations/${ids.relation}`, editor.accessToken);
    expect(asEditor.json<Relation>().note).toBe(NOTE);
    const asViewer = await get(`/api/relations/${ids.relation}`, viewer.accessToken);
    expect(asViewer.statusCode).toBe(200);
    expect(asViewer.json()).not.toHaveProperty('note');
    expect(asViewer.body).not.toContain(NOTE);
    expect(asViewer.json()).toMatchObject({ relationName: 'atopic march', sourceNodeName: 'Eczema' });
  });

  it('GET /relations: listed with the note for the editor, without it for a viewer', async () => {
    const asEditor = await get('/api/relations', editor.accessToken);
    expect(asEditor.json<{ data: Relation[] }>().data[0].note).toBe(NOTE);
    const asViewer = await get('/api/relations', viewer.accessToken);
    expect(asViewer.json<{ data: Relation[] }>().data).toHaveLength(1);
    expect(asViewer.json<{ data: Relation[] }>().data[0]).not.toHaveProperty('note');
    expect(asViewer.body).not.toContain(NOTE);
  });

  it('searches never match the note, so it cannot be probed', async () => {
    for (const token of [viewer.accessToken, editor.accessToken]) {
      expect((await get(`/api/relations?search=${NOTE}`, token)).json().pagination.total).toBe(0);
      expect((await get(`/api/nodes?search=${NOTE}&searchScope=full`, token)).json().pagination.total).toBe(0);
    }
  });

  it("GET /nodes/{id}/relations (node detail): the note only for the editor", async () => {
    const asEditor = await get(`/api/nodes/${ids.Asthma}/relations`, editor.accessToken);
    expect(asEditor.json<NodeRelationItem[]>()[0].note).toBe(NOTE);
    const asViewer = await get(`/api/nodes/${ids.Asthma}/relations`, viewer.accessToken);
    expect(asViewer.json<NodeRelationItem[]>()[0]).not.toHaveProperty('note');
    expect(asViewer.json<NodeRelationItem[]>()[0].relatedNode.name).toBe('Eczema');
    expect(asViewer.body).not.toContain(NOTE);
  });

  it('GET /graph carries no note for anyone (its popovers do not show one)', async () => {
    for (const token of [viewer.accessToken, editor.accessToken]) {
      const global = await get('/api/graph', token);
      expect(global.json().relations).toHaveLength(1);
      expect(global.body).not.toContain(NOTE);
      expect((await get(`/api/graph?focus=${ids.Asthma}`, token)).body).not.toContain(NOTE);
    }
  });

  it('PUT answers the editor with the note', async () => {
    const res = await t.call({
      method: 'PUT',
      url: `/api/relations/${ids.relation}`,
      token: editor.accessToken,
      payload: { relationName: 'atopic march', sourceNodeId: ids.Eczema, targetNodeId: ids.Asthma, relationType: 'related to', note: `${NOTE}-2` },
    });
    expect(res.json<Relation>().note).toBe(`${NOTE}-2`);
  });

  it('a creator without relations.update can neither read nor write a note', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/relations',
      token: creator.accessToken,
      payload: { relationName: 'reverse', sourceNodeId: ids.Asthma, targetNodeId: ids.Eczema, relationType: 'related to', note: 'planted' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).not.toHaveProperty('note');
    expect((await get(`/api/relations/${res.json<Relation>().id}`, editor.accessToken)).json<Relation>().note).toBeNull();
    expect((await get(`/api/relations/${ids.relation}`, creator.accessToken)).json()).not.toHaveProperty('note');
  });
});
