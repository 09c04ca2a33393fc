import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TerminologyConceptPage, TerminologyJob, TerminologyResourcePage } from '../../../contract';
import { testApp, type TestApp } from '../../test/harness';

/**
 * The Terminology page's server side: Bundles to POST /fhir (batch per entry, transaction all or
 * nothing), the resource list and the concepts paged, and "Add to the graph" as a job (nodes and
 * is-a relations, idempotent, refused without the permissions).
 */
let t: TestApp;
let admin: string;
let viewer: string;
let editor: string;
let nodesOnly: string;
const FHIR = 'application/fhir+json';

const codeSystem = (id: string, url: string, concept: unknown[], over: Record<string, unknown> = {}) => ({ resourceType: 'CodeSystem', id, url, name: id, title: `Title ${id}`, version: '1', status: 'active', content: 'complete', concept, ...over });
const fhir = (method: 'GET' | 'POST', url: string, token: string | undefined, payload?: unknown) =>
  t.call({ method, url: `/fhir${url}`, token, headers: { accept: FHIR, ...(payload !== undefined ? { 'content-type': FHIR } : {}) }, payload: payload === undefined ? undefined : JSON.stringify(payload) });
const api = (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) => t.call({ method, url: `/api${url}`, token, payload: payload as never });
const count = async (sql: string, params: unknown[] = []) => (await t.db.query<{ n: number }>(sql, params))[0].n;

beforeAll(async () => {
  t = await testApp();
  admin = (await t.register('admin')).accessToken;
  viewer = (await t.register('viewer1')).accessToken;
  editor = (await t.register('ed')).accessToken;
  nodesOnly = (await t.register('nodesonly')).accessToken;
  await t.db.query(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'editor') WHERE username = 'ed'`);
  await t.db.query(`INSERT INTO roles (name, permissions) VALUES ('Node maker', ARRAY['nodes.read', 'nodes.create'])`);
  await t.db.query(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'Node maker') WHERE username = 'nodesonly'`);
});
afterAll(() => t.close());

describe('POST /fhir with a Bundle', () => {
  it('a batch writes each entry on its own and answers each, refusals with the element path', async () => {
    const res = await fhir('POST', '', admin, {
      resourceType: 'Bundle',
      type: 'batch',
      entry: [
        { resource: codeSystem('batch-ok', 'http://example.org/batch-ok', [{ code: 'a', display: 'A' }]), request: { method: 'PUT', url: 'CodeSystem/batch-ok' } },
        { resource: codeSystem('batch-bad', 'http://example.org/batch-bad', [{ code: 'a' }, { code: 'a' }]), request: { method: 'PUT', url: 'CodeSystem/batch-bad' } },
        { resource: { resourceType: 'ValueSet', status: 'active', url: 'http://example.org/vs-batch' }, request: { method: 'POST', url: 'ValueSet' } },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ resourceType: 'Bundle', type: 'batch-response' });
    expect(body.entry.map((e: { response: { status: string } }) => e.response.status)).toEqual(['201 Created', '400 Bad Request', '201 Created']);
    expect(body.entry[0].response).toMatchObject({ location: 'CodeSystem/batch-ok/_history/1', etag: 'W/"1"' });
    expect(body.entry[1].response.outcome.issue[0].expression).toEqual(['Bundle.entry[1].resource.concept[1].code']);
    expect(await count(`SELECT count(*)::int AS n FROM fhir_resources WHERE id IN ('batch-ok', 'batch-bad')`)).toBe(1);
    expect(await count(`SELECT count(*)::int AS n FROM fhir_resources WHERE url = 'http://example.org/vs-batch'`)).toBe(1);
  });

  it('a transaction stores all entries, or, with one malformed or failing entry, none', async () => {
    const good = { resource: codeSystem('tx-a', 'http://example.org/tx-a', [{ code: 'x' }]), request: { method: 'PUT', url: 'CodeSystem/tx-a' } };
    const refused = await fhir('POST', '', admin, {
      resourceType: 'Bundle',
      type: 'transaction',
      entry: [good, { resource: { resourceType: 'ValueSet', url: 'http://example.org/tx-vs' }, request: { method: 'POST', url: 'ValueSet' } }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issue[0]).toMatchObject({ code: 'invalid', expression: ['Bundle.entry[1].resource.status'] });
    expect(await count(`SELECT count(*)::int AS n FROM fhir_resources WHERE id = 'tx-a'`)).toBe(0);

    // Well-formed but failing when written (a stale If-Match on the second entry): rolled back whole.
    await fhir('POST', '', admin, { resourceType: 'Bundle', type: 'transaction', entry: [{ resource: codeSystem('tx-b', 'http://example.org/tx-b', [{ code: 'y' }]) }] });
    const failing = await fhir('POST', '', admin, {
      resourceType: 'Bundle',
      type: 'transaction',
      entry: [good, { resource: codeSystem('tx-b', 'http://example.org/tx-b', [{ code: 'z' }]), request: { method: 'PUT', url: 'CodeSystem/tx-b', ifMatch: 'W/"7"' } }],
    });
    expect(failing.statusCode).toBe(412);
    expect(await count(`SELECT count(*)::int AS n FROM fhir_resources WHERE id = 'tx-a'`)).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM fhir_concepts WHERE code_system_id = 'tx-b' AND code = 'y'`)).toBe(1);

    const stored = await fhir('POST', '', admin, { resourceType: 'Bundle', type: 'transaction', entry: [good, { resource: { resourceType: 'ValueSet', status: 'draft' }, request: { method: 'POST', url: 'ValueSet' } }] });
    expect(stored.statusCode).toBe(200);
    expect(stored.json().type).toBe('transaction-response');
    expect(stored.json().entry.map((e: { response: { status: string } }) => e.response.status)).toEqual(['201 Created', '201 Created']);
    expect(await count(`SELECT count(*)::int AS n FROM fhir_concepts WHERE code_system_id = 'tx-a'`)).toBe(1);
  });

  it('refuses without system.config, a Bundle of another type and too many entries', async () => {
    const bundle = { resourceType: 'Bundle', type: 'batch', entry: [] };
    expect((await fhir('POST', '', undefined, bundle)).statusCode).toBe(401);
    const forbidden = await fhir('POST', '', editor, bundle);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().issue[0].code).toBe('forbidden');
    const collection = await fhir('POST', '', admin, { ...bundle, type: 'collection' });
    expect(collection.statusCode).toBe(400);
    expect(collection.json().issue[0].expression).toEqual(['Bundle.type']);
    const many = await fhir('POST', '', admin, { ...bundle, entry: Array.from({ length: 1001 }, () => ({})) });
    expect(many.statusCode).toBe(413);
    expect((await fhir('POST', '', admin, { resourceType: 'CodeSystem' })).statusCode).toBe(400);
  });
});

describe('GET /api/terminology/…', () => {
  beforeAll(async () => {
    const concepts = Array.from({ length: 30 }, (_, i) => ({ code: `c${i}`, display: `Concept ${i}`, ...(i > 0 ? { property: [{ code: 'parent', valueCode: 'c0' }] } : {}) }));
    await fhir('POST', '', admin, { resourceType: 'Bundle', type: 'batch', entry: [{ resource: codeSystem('paged', 'http://example.org/paged', concepts) }] });
  });

  it('lists the stored resources with their concept counts, filtered by type', async () => {
    const res = await api('GET', '/terminology/resources?type=CodeSystem&limit=100', viewer);
    expect(res.statusCode).toBe(200);
    const page = res.json<TerminologyResourcePage>();
    expect(page.data.every((r) => r.resourceType === 'CodeSystem')).toBe(true);
    expect(page.data.find((r) => r.id === 'paged')).toMatchObject({ url: 'http://example.org/paged', title: 'Title paged', version: '1', status: 'active', conceptCount: 30 });
    const valueSets = (await api('GET', '/terminology/resources?type=ValueSet', viewer)).json<TerminologyResourcePage>();
    expect(valueSets.data.length).toBeGreaterThan(0);
    expect(valueSets.data.every((r) => r.resourceType === 'ValueSet' && r.conceptCount === null)).toBe(true);
    expect((await api('GET', '/terminology/resources?type=Patient', viewer)).statusCode).toBe(400);
  });

  it('pages a code system concepts, searches code and display, with parent codes', async () => {
    const first = (await api('GET', '/terminology/code-systems/paged/concepts?limit=10&page=2', viewer)).json<TerminologyConceptPage>();
    expect(first.pagination).toEqual({ total: 30, limit: 10, page: 2 });
    expect(first.data.map((c) => c.code)).toEqual(Array.from({ length: 10 }, (_, i) => `c${i + 10}`));
    expect(first.data[0].parentCodes).toEqual(['c0']);
    const found = (await api('GET', '/terminology/code-systems/paged/concepts?search=CONCEPT%202', viewer)).json<TerminologyConceptPage>();
    expect(found.data.map((c) => c.code)).toEqual(['c2', 'c20', 'c21', 'c22', 'c23', 'c24', 'c25', 'c26', 'c27', 'c28']);
    expect(found.pagination.total).toBe(11);
    expect((await api('GET', '/terminology/code-systems/nope/concepts', viewer)).statusCode).toBe(404);
    expect((await api('GET', '/terminology/code-systems/paged/concepts?limit=1000', viewer)).statusCode).toBe(400);
    expect((await t.call({ method: 'GET', url: '/api/terminology/code-systems/paged/concepts' })).statusCode).toBe(401);
  });
});

describe('POST /api/terminology/code-systems/:id/graph', () => {
  let nodeTypeId: string;
  let relationTypeId: string;
  const waitForJob = async (id: string, token = admin): Promise<TerminologyJob> => {
    for (;;) {
      const job = (await api('GET', `/terminology/jobs/${id}`, token)).json<TerminologyJob>();
      if (job.status === 'completed' || job.status === 'error') return job;
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const addToGraph = async (id: string, token = admin) => {
    const res = await api('POST', `/terminology/code-systems/${id}/graph`, token, { nodeTypeId, relationTypeId });
    expect(res.statusCode).toBe(202);
    return waitForJob(res.json<{ processId: string }>().processId, token);
  };

  beforeAll(async () => {
    nodeTypeId = (await api('POST', '/nodetypes', admin, { name: 'Finding' })).json<{ id: string }>().id;
    relationTypeId = (await api('POST', '/relationtypes', admin, { name: 'is a' })).json<{ id: string }>().id;
    await fhir('POST', '', admin, {
      resourceType: 'Bundle',
      type: 'batch',
      entry: [
        {
          resource: codeSystem('findings', 'http://example.org/findings', [
            { code: 'F', display: 'Finding root', definition: 'Any finding', concept: [{ code: 'F1', display: 'Fever', concept: [{ code: 'F11', display: 'High fever' }] }, { code: 'F2', display: 'Cough' }] },
            { code: 'F3', display: 'Wheeze', property: [{ code: 'parent', valueCode: 'F2' }, { code: 'parent', valueCode: 'F' }] },
          ]),
        },
        { resource: codeSystem('sct', 'http://snomed.info/sct', [{ code: '404684003', display: 'Clinical finding' }, { code: '386661006', display: 'Pyrexia', property: [{ code: 'parent', valueCode: '404684003' }] }], { id: 'sct', version: 'test' }) },
      ],
    });
  });

  it('creates a node per concept and an is-a relation per parent; a rerun creates nothing twice', async () => {
    const job = await addToGraph('findings');
    expect(job.status).toBe('completed');
    expect(job.summary).toEqual({ concepts: 5, nodesCreated: 5, nodesLinked: 0, skipped: 0, relationsCreated: 5 });
    const nodes = await t.db.query<{ name: string; description: string | null }>(`SELECT name, description FROM nodes WHERE node_type_id = $1 ORDER BY name`, [nodeTypeId]);
    expect(nodes.map((n) => n.name)).toEqual(['Cough', 'Fever', 'Finding root', 'High fever', 'Wheeze']);
    expect(nodes.find((n) => n.name === 'Finding root')!.description).toBe('Any finding');
    const pairs = await t.db.query<{ s: string; t: string }>(
      `SELECT s.name AS s, t.name AS t FROM relations r JOIN nodes s ON s.id = r.source_node_id JOIN nodes t ON t.id = r.target_node_id WHERE r.relation_type_id = $1 ORDER BY 1, 2`,
      [relationTypeId],
    );
    expect(pairs).toEqual([
      { s: 'Cough', t: 'Finding root' },
      { s: 'Fever', t: 'Finding root' },
      { s: 'High fever', t: 'Fever' },
      { s: 'Wheeze', t: 'Cough' },
      { s: 'Wheeze', t: 'Finding root' },
    ]);
    expect(await count(`SELECT count(*)::int AS n FROM terminology_graph_nodes WHERE system = 'http://example.org/findings'`)).toBe(5);
    // The node list's first page, newest first, shows the run's nodes in the code system's order.
    const concepts = (await api('GET', '/terminology/code-systems/findings/concepts?limit=10', admin)).json<TerminologyConceptPage>();
    const listed = (await api('GET', '/nodes?nodeType=Finding&sortBy=createdAt&sortOrder=desc&limit=3', admin)).json<{ data: { name: string }[] }>();
    expect(listed.data.map((n) => n.name)).toEqual(concepts.data.slice(0, 3).map((c) => c.display));

    const again = await addToGraph('findings');
    expect(again.summary).toEqual({ concepts: 5, nodesCreated: 0, nodesLinked: 0, skipped: 5, relationsCreated: 0 });
    expect(await count(`SELECT count(*)::int AS n FROM nodes WHERE node_type_id = $1`, [nodeTypeId])).toBe(5);
    expect(await count(`SELECT count(*)::int AS n FROM relations WHERE relation_type_id = $1`, [relationTypeId])).toBe(5);
  });

  it('a run cut short goes on where it stopped: what is mapped is kept, what is missing is added', async () => {
    // As if a run had stopped after its first concepts: one concept's node (and so its mapping and relations) is gone.
    await t.db.query(`DELETE FROM nodes WHERE name = 'High fever' AND node_type_id = $1`, [nodeTypeId]);
    const job = await addToGraph('findings');
    expect(job.summary).toEqual({ concepts: 5, nodesCreated: 1, nodesLinked: 0, skipped: 4, relationsCreated: 1 });
    expect(await count(`SELECT count(*)::int AS n FROM nodes WHERE node_type_id = $1`, [nodeTypeId])).toBe(5);
    expect(await count(`SELECT count(*)::int AS n FROM relations WHERE relation_type_id = $1`, [relationTypeId])).toBe(5);
  });

  it('keeps a SNOMED CT code as the node SNOMED code and links a concept to the node of that name', async () => {
    // A node of the type with a concept's name exists already: mapped to it, not duplicated.
    await api('POST', '/nodes', admin, { name: 'Pyrexia', nodeType: 'Finding' });
    const job = await addToGraph('sct');
    expect(job.summary).toEqual({ concepts: 2, nodesCreated: 1, nodesLinked: 1, skipped: 0, relationsCreated: 1 });
    const [finding] = await t.db.query<{ snomed_code: string }>(`SELECT snomed_code FROM nodes WHERE name = 'Clinical finding'`);
    expect(finding.snomed_code).toBe('404684003');
    expect(await count(`SELECT count(*)::int AS n FROM nodes WHERE lower(name) = 'pyrexia'`)).toBe(1);
  });

  it('refuses without nodes.create or relations.create, and unknown code systems and types', async () => {
    const body = { nodeTypeId, relationTypeId };
    const viewerRes = await api('POST', '/terminology/code-systems/findings/graph', viewer, body);
    expect(viewerRes.statusCode).toBe(403);
    const noRelations = await api('POST', '/terminology/code-systems/findings/graph', nodesOnly, body);
    expect(noRelations.statusCode).toBe(403);
    expect(await count(`SELECT count(*)::int AS n FROM import_jobs WHERE kind = 'terminology' AND created_by = (SELECT id FROM users WHERE username = 'nodesonly')`)).toBe(0);
    expect((await api('POST', '/terminology/code-systems/nope/graph', admin, body)).statusCode).toBe(404);
    expect((await api('POST', '/terminology/code-systems/findings/graph', admin, { nodeTypeId: relationTypeId, relationTypeId })).statusCode).toBe(400);
    expect((await api('POST', '/terminology/code-systems/findings/graph', admin, { nodeTypeId })).statusCode).toBe(400);
    // Another user's job is not theirs to read.
    const res = await api('POST', '/terminology/code-systems/findings/graph', admin, body);
    const id = res.json<{ processId: string }>().processId;
    await waitForJob(id);
    expect((await api('GET', `/terminology/jobs/${id}`, editor)).statusCode).toBe(404);
  });
});
