import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_MESSAGES, type AuthResponse, type KnowledgeNode, type KnowledgeNodeDetail } from '../../../contract';
import { testApp, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: AuthResponse;
let editor: AuthResponse;
let viewer: AuthResponse;

async function createNode(payload: object, token = editor.accessToken) {
  return t.call({ method: 'POST', url: '/api/nodes', token, payload });
}

beforeAll(async () => {
  t = await testApp();
  admin = await t.register('admin');
  editor = await t.register('ed');
  viewer = await t.register('vi');
  await t.db.query(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'editor') WHERE username = 'ed'`);
  for (const name of ['Disease', 'Symptom', 'Drug']) {
    await t.call({ method: 'POST', url: '/api/nodetypes', token: admin.accessToken, payload: { name } });
  }
});
afterAll(() => t?.close());

describe('creating nodes', () => {
  it('creates with the session user as creator and ignores a client updatedBy', async () => {
    const res = await createNode({ name: 'Asthma', nodeType: 'disease', snomedCode: '195967001', url: 'https://example.org/asthma', description: 'Chronic airway disease', note: '', updatedBy: admin.user.id });
    expect(res.statusCode).toBe(201);
    const node = res.json<KnowledgeNode>();
    expect(node).toMatchObject({ name: 'Asthma', nodeType: 'Disease', snomedCode: '195967001', note: null, createdBy: editor.user.id, createdByUsername: 'ed', updatedBy: editor.user.id, hasRelations: false });
  });

  it('needs a name and an existing type', async () => {
    expect((await createNode({ name: '  ', nodeType: 'Disease' })).json().error).toBe(NODE_MESSAGES.nameRequired);
    expect((await createNode({ name: 'X', nodeType: '' })).json().error).toBe(NODE_MESSAGES.typeRequired);
    const unknown = await createNode({ name: 'X', nodeType: 'Gene' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: 'Node type "Gene" does not exist', code: 'unknown_node_type' });
  });

  it('refuses the same name with the same type, case-insensitively; allows it with another type', async () => {
    const dup = await createNode({ name: 'ASTHMA', nodeType: 'Disease' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: 'A node named "ASTHMA" of type "Disease" already exists', code: 'duplicate_node' });
    expect((await createNode({ name: 'Asthma', nodeType: 'Symptom' })).statusCode).toBe(201);
  });

  it('refuses a SNOMED code used by another node', async () => {
    const res = await createNode({ name: 'Bronchial asthma', nodeType: 'Disease', snomedCode: '195967001' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'SNOMED code 195967001 is already used by node "Asthma"', code: 'duplicate_snomed_code' });
    expect((await createNode({ name: 'Y', nodeType: 'Disease', snomedCode: '12ab' })).json().error).toBe(NODE_MESSAGES.snomedDigits);
  });

  it('accepts only http(s) URLs', async () => {
    for (const url of ['javascript:alert(1)', 'ftp://x.org/a', 'not a url', 'data:text/html,hi']) {
      const res = await createNode({ name: `U ${url}`, nodeType: 'Disease', url });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(NODE_MESSAGES.invalidUrl);
    }
  });

  it('viewers cannot create, update or delete', async () => {
    expect((await createNode({ name: 'Nope', nodeType: 'Disease' }, viewer.accessToken)).statusCode).toBe(403);
  });
});

describe('listing and searching', () => {
  beforeAll(async () => {
    await createNode({ name: 'Migraine', nodeType: 'Disease', description: 'Recurrent headache 50% unilateral', snomedCode: '37796009' });
    await createNode({ name: 'Headache', nodeType: 'Symptom' });
    await createNode({ name: 'Sumatriptan', nodeType: 'Drug', description: 'Triptan for migraine' });
  });

  const list = async (query: Record<string, string>) => {
    const res = await t.call({ method: 'GET', url: '/api/nodes', token: viewer.accessToken, query });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: KnowledgeNode[]; pagination: { total: number; limit: number; skip: number } }>();
  };

  it('sorts by createdAt descending by default and pages', async () => {
    const page = await list({ limit: '2', skip: '1' });
    expect(page.pagination).toEqual({ total: 5, limit: 2, skip: 1 });
    expect(page.data.map((n) => n.name)).toEqual(['Headache', 'Migraine']);
  });

  it('sorts by name and by type', async () => {
    expect((await list({ sortBy: 'name', sortOrder: 'asc' })).data.map((n) => n.name)).toEqual(['Asthma', 'Asthma', 'Headache', 'Migraine', 'Sumatriptan']);
    expect((await list({ sortBy: 'name', sortOrder: 'desc' })).data[0].name).toBe('Sumatriptan');
    const byType = (await list({ sortBy: 'nodeType', sortOrder: 'asc' })).data.map((n) => n.nodeType);
    expect(byType).toEqual([...byType].sort((a, b) => a.localeCompare(b)));
  });

  it('searches name and description case-insensitively; the extended scope adds type and SNOMED', async () => {
    expect((await list({ search: 'MIGRAINE' })).data.map((n) => n.name).sort()).toEqual(['Migraine', 'Sumatriptan']);
    expect((await list({ search: '50%' })).data.map((n) => n.name)).toEqual(['Migraine']);
    expect((await list({ search: '%' })).data.map((n) => n.name)).toEqual(['Migraine']);
    expect((await list({ search: 'symptom' })).data).toHaveLength(0);
    expect((await list({ search: 'symptom', searchScope: 'extended' })).data.map((n) => n.name).sort()).toEqual(['Asthma', 'Headache']);
    expect((await list({ search: '3779', searchScope: 'extended' })).data.map((n) => n.name)).toEqual(['Migraine']);
  });

  it('pages search results with the full total, also past the end', async () => {
    const first = await list({ search: 'migraine', limit: '1', sortBy: 'name', sortOrder: 'asc' });
    expect(first.pagination.total).toBe(2);
    expect(first.data.map((n) => n.name)).toEqual(['Migraine']);
    expect((await list({ search: 'migraine', limit: '1', skip: '1', sortBy: 'name', sortOrder: 'asc' })).data.map((n) => n.name)).toEqual(['Sumatriptan']);
    const past = await list({ search: 'migraine', limit: '5', skip: '10' });
    expect(past).toMatchObject({ data: [], pagination: { total: 2 } });
    expect((await list({ search: 'no-such-term' })).pagination.total).toBe(0);
  });

  it('filters by type name', async () => {
    expect((await list({ nodeType: 'drug' })).data.map((n) => n.name)).toEqual(['Sumatriptan']);
  });

  it('GET /nodes/search finds by name prefix first, or exactly', async () => {
    const res = await t.call({ method: 'GET', url: '/api/nodes/search', token: viewer.accessToken, query: { q: 'head' } });
    expect(res.json<KnowledgeNode[]>().map((n) => n.name)).toEqual(['Headache']);
    const exact = await t.call({ method: 'GET', url: '/api/nodes/search', token: viewer.accessToken, query: { q: 'asthma', exact: 'true', nodeType: 'Symptom' } });
    expect(exact.json<KnowledgeNode[]>().map((n) => n.nodeType)).toEqual(['Symptom']);
  });
});

describe('updating and deleting', () => {
  it('keeps omitted fields, clears empty ones, and tracks the editor', async () => {
    const node = (await createNode({ name: 'Gout', nodeType: 'Disease', description: 'Joint inflammation', url: 'https://example.org/gout' })).json<KnowledgeNode>();
    const graphEdit = await t.call({ method: 'PUT', url: `/api/nodes/${node.id}`, token: admin.accessToken, payload: { name: 'Gouty arthritis', nodeType: 'Disease', updatedBy: 'someone-else' } });
    expect(graphEdit.json()).toMatchObject({ name: 'Gouty arthritis', description: 'Joint inflammation', url: 'https://example.org/gout', updatedBy: admin.user.id, createdBy: editor.user.id });
    const pageEdit = await t.call({ method: 'PUT', url: `/api/nodes/${node.id}`, token: editor.accessToken, payload: { name: 'Gout', nodeType: 'Disease', snomedCode: '', url: '', description: '', note: 'n' } });
    expect(pageEdit.json()).toMatchObject({ name: 'Gout', description: null, url: null, note: 'n' });
  });

  it('locks the node type while relations exist, and deletes relations with the node', async () => {
    const a = (await createNode({ name: 'Fever', nodeType: 'Symptom' })).json<KnowledgeNode>();
    const b = (await createNode({ name: 'Influenza', nodeType: 'Disease' })).json<KnowledgeNode>();
    const type = (await t.call({ method: 'POST', url: '/api/relationtypes', token: admin.accessToken, payload: { name: 'symptom of' } })).json();
    await t.db.query(`INSERT INTO relations (source_node_id, target_node_id, relation_type_id, relation_name) VALUES ($1, $2, $3, 'fever in flu')`, [a.id, b.id, type.id]);
    const detail = (await t.call({ method: 'GET', url: `/api/nodes/${a.id}`, token: viewer.accessToken })).json<KnowledgeNodeDetail>();
    expect(detail).toMatchObject({ hasRelations: true, relationCount: 1, attachments: [] });
    const locked = await t.call({ method: 'PUT', url: `/api/nodes/${a.id}`, token: editor.accessToken, payload: { name: 'Fever', nodeType: 'Disease' } });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error).toBe(NODE_MESSAGES.typeLocked);
    expect((await t.call({ method: 'PUT', url: `/api/nodes/${a.id}`, token: editor.accessToken, payload: { name: 'Pyrexia', nodeType: 'symptom' } })).statusCode).toBe(200);
    expect((await t.call({ method: 'DELETE', url: `/api/nodes/${b.id}`, token: viewer.accessToken })).statusCode).toBe(403);
    expect((await t.call({ method: 'DELETE', url: `/api/nodes/${b.id}`, token: editor.accessToken })).statusCode).toBe(204);
    expect(await t.db.query('SELECT 1 FROM relations WHERE target_node_id = $1', [b.id])).toHaveLength(0);
    expect((await t.call({ method: 'GET', url: `/api/nodes/${b.id}`, token: viewer.accessToken })).statusCode).toBe(404);
  });
});
