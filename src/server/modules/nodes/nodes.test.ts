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

  it('says which rule failed: a 600-character name is too long, not missing', async () => {
    const long = await createNode({ name: 'n'.repeat(600), nodeType: 'Disease' });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe('Name must be 255 characters or less');
    expect((await createNode({ name: 'X', nodeType: 'Disease', description: 'd'.repeat(10_001) })).json().error).toBe('Description must be 10000 characters or less');
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
    expect(page.pagination).toEqual({ total: 5, limit: 2, skip: 1, totalCapped: false });
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

describe('search page filters (GET /nodes)', () => {
  // Own types, so the earlier nodes never match; each query names them.
  const types = 'Finding,Lab\\, Panel';
  const names = async (query: Record<string, string>) => {
    const res = await t.call({ method: 'GET', url: '/api/nodes', token: viewer.accessToken, query: { nodeTypes: types, sortBy: 'name', sortOrder: 'asc', ...query } });
    expect(res.statusCode).toBe(200);
    const page = res.json<{ data: KnowledgeNode[]; pagination: { total: number } }>();
    expect(page.pagination.total).toBe(page.data.length);
    return page.data.map((n) => n.name);
  };

  beforeAll(async () => {
    for (const name of ['Finding', 'Lab, Panel']) await t.call({ method: 'POST', url: '/api/nodetypes', token: admin.accessToken, payload: { name } });
    const chills = (await createNode({ name: 'Chills', nodeType: 'Finding', snomedCode: '43724002', url: 'https://example.org/chills', note: 'Check the temperature' }, admin.accessToken)).json<KnowledgeNode>();
    const rash = (await createNode({ name: 'Rash', nodeType: 'Finding' })).json<KnowledgeNode>();
    const cbc = (await createNode({ name: 'CBC', nodeType: 'Lab, Panel', description: 'Complete blood count' })).json<KnowledgeNode>();
    const at = (id: string, when: string) => t.db.query('UPDATE nodes SET created_at = $2 WHERE id = $1', [id, when]);
    await at(chills.id, '2024-03-10T08:00:00Z');
    await at(rash.id, '2024-03-15T23:30:00Z');
    await at(cbc.id, '2024-03-20T12:00:00Z');
    // Blank stored values count as missing (spec §5: "blank or missing").
    await t.db.query(`UPDATE nodes SET snomed_code = '', url = '   ' WHERE id = $1`, [cbc.id]);
  });

  it('matches any of the listed types, with an escaped comma inside a name', async () => {
    expect(await names({ nodeTypes: 'finding' })).toEqual(['Chills', 'Rash']);
    expect(await names({})).toEqual(['CBC', 'Chills', 'Rash']);
    expect(await names({ nodeTypes: 'Lab\\, Panel' })).toEqual(['CBC']);
  });

  it("the 'full' scope matches name, description, note or SNOMED code", async () => {
    expect(await names({ search: 'TEMPERATURE', searchScope: 'full' })).toEqual(['Chills']);
    expect(await names({ search: 'temperature' })).toEqual([]);
    expect(await names({ search: '3724', searchScope: 'full' })).toEqual(['Chills']);
    expect(await names({ search: 'blood', searchScope: 'full' })).toEqual(['CBC']);
    expect(await names({ search: 'finding', searchScope: 'full' })).toEqual([]);
  });

  it('filters by SNOMED code substring and by having a code or a URL', async () => {
    expect(await names({ snomedCode: '3724' })).toEqual(['Chills']);
    expect(await names({ snomedCode: '999' })).toEqual([]);
    expect(await names({ hasSnomed: 'true' })).toEqual(['Chills']);
    expect(await names({ hasSnomed: 'false' })).toEqual(['CBC', 'Rash']);
    expect(await names({ hasUrl: 'true' })).toEqual(['Chills']);
    expect(await names({ hasUrl: 'false' })).toEqual(['CBC', 'Rash']);
  });

  it("filters by a substring of the creator's username, case-insensitively", async () => {
    expect(await names({ createdBy: 'ADM' })).toEqual(['Chills']);
    expect(await names({ createdBy: 'ed' })).toEqual(['CBC', 'Rash']);
    expect(await names({ createdBy: 'nobody' })).toEqual([]);
  });

  it('Created After includes its instant; Created Before covers the whole chosen day', async () => {
    expect(await names({ createdAfter: '2024-03-15T00:00:00.000Z' })).toEqual(['CBC', 'Rash']);
    expect(await names({ createdAfter: '2024-03-10T08:00:00.000Z' })).toEqual(['CBC', 'Chills', 'Rash']);
    // The end of 15 March: the node created at 23:30 that day is included.
    expect(await names({ createdBefore: '2024-03-15T23:59:59.999Z' })).toEqual(['Chills', 'Rash']);
    expect(await names({ createdBefore: '2024-03-14T23:59:59.999Z' })).toEqual(['Chills']);
    // The same day in a timezone one hour east ends at 22:59:59.999Z: 23:30Z is the next local day.
    expect(await names({ createdBefore: '2024-03-15T23:59:59.999+01:00' })).toEqual(['Chills']);
    expect(await names({ createdAfter: '2024-03-11T00:00:00.000Z', createdBefore: '2024-03-19T23:59:59.999Z' })).toEqual(['Rash']);
  });

  it('combines filters and pages with the full total', async () => {
    const res = await t.call({ method: 'GET', url: '/api/nodes', token: viewer.accessToken, query: { nodeTypes: types, hasSnomed: 'false', limit: '1', sortBy: 'name', sortOrder: 'asc' } });
    expect(res.json()).toMatchObject({ data: [{ name: 'CBC' }], pagination: { total: 2, limit: 1 } });
    expect(await names({ hasSnomed: 'false', createdBy: 'ed', search: 'count', searchScope: 'full' })).toEqual(['CBC']);
  });

  it('refuses malformed flag and date values', async () => {
    const bad: Record<string, string>[] = [{ hasSnomed: 'yes' }, { hasUrl: '1' }, { createdAfter: 'yesterday' }, { createdBefore: '2024-03-15' }];
    for (const query of bad) {
      expect((await t.call({ method: 'GET', url: '/api/nodes', token: viewer.accessToken, query })).statusCode).toBe(400);
    }
  });
});
