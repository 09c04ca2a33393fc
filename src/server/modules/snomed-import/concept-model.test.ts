import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, HistoryPage, KnowledgeNode, SnomedConceptDetail, SnomedConceptHit, SnomedDrift, SnomedImportResult } from '../../../contract';
import { testApp, type TestApp } from '../../test/harness';
import { rebuildClosure } from '../snomed';
import { multipart, rowsOf, zipOf } from '../../test/import-fixtures';

/**
 * The RF2 concept model end to end on small release files in the release's own format
 * (fixtures/: every column, tab-separated, CRLF): a 2024 release as one .zip, then the 2025
 * release file by file, which retires "Old lung disease" in the concept file only (its
 * descriptions stay active), names its replacements and moves Asthma in the hierarchy.
 */
const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const fixture = (release: string, prefix: string) => {
  const dir = path.join(FIXTURES, release);
  const name = fs.readdirSync(dir).find((f) => f.startsWith(prefix))!;
  return { name, data: fs.readFileSync(path.join(dir, name)) };
};
const RF2 = (release: string) =>
  ['sct2_Concept', 'sct2_Description', 'sct2_Relationship', 'der2_cRefset_Language', 'der2_cRefset_Association'].map((p) => fixture(release, p));

const HEART_FAILURE = '84114007';
const DISORDER_OF_LUNG = '19829001';
const DISORDER_OF_RESPIRATORY_SYSTEM = '50043002';
const PNEUMONIA = '233604007';
const ASTHMA = '195967001';
const OLD_LUNG = '700001008';
const ROOT = '138875005';

let t: TestApp;
let editor: AuthResponse;
let viewer: AuthResponse;
let nobody: AuthResponse;
const nodes: Record<string, KnowledgeNode> = {};

async function upload(filename: string, data: Buffer, who = editor) {
  return t.call({ method: 'POST', url: '/api/snomed/import', token: who.accessToken, ...multipart(filename, data) });
}
async function imported(filename: string, data: Buffer): Promise<SnomedImportResult> {
  const res = await upload(filename, data);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SnomedImportResult>();
}
async function get<T>(url: string, who = viewer): Promise<T> {
  const res = await t.call({ method: 'GET', url: `/api${url}`, token: who.accessToken });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}
const concept = (id: string) => get<SnomedConceptDetail>(`/snomed/concepts/${id}`);
const hits = async (query: string) => (await get<{ data: SnomedConceptHit[] }>(`/snomed/concepts?by=concept&limit=100&${query}`)).data;
const count = async (table: string) => (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0].n;
const lines = (header: string, rows: string[][]) => Buffer.from([header, ...rows.map((r) => r.join('\t'))].join('\r\n') + '\r\n');
const REL_HEADER = 'id\teffectiveTime\tactive\tmoduleId\tsourceId\tdestinationId\trelationshipGroup\ttypeId\tcharacteristicTypeId\tmodifierId';
const isa = (id: string, source: string, destination: string) => [id, '20250131', '1', '900000000000207008', source, destination, '0', '116680003', '900000000000011006', '900000000000451002'];

beforeAll(async () => {
  t = await testApp();
  const admin = await t.register('admin');
  editor = await t.register('ed');
  viewer = await t.register('vi');
  nobody = await t.register('no');
  await t.db.query(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'editor') WHERE username = 'ed'`);
  await t.db.query(`INSERT INTO roles (name, description, permissions) VALUES ('empty', 'Nothing', '{}')`);
  await t.db.query(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'empty') WHERE username = 'no'`);
  await t.call({ method: 'POST', url: '/api/nodetypes', token: admin.accessToken, payload: { name: 'Disease' } });
  const release = zipOf(RF2('release-2024').map((f) => ({ name: `SnomedCT_InternationalRF2_PRODUCTION_20240131/Snapshot/Terminology/${f.name}`, data: f.data })));
  const result = await imported('SnomedCT_InternationalRF2_PRODUCTION_20240131.zip', release);
  expect(result.summary.errors).toBe(0);
  for (const [name, code] of [['Pneumonia', PNEUMONIA], ['Heart failure', HEART_FAILURE], ['Old lung disease', OLD_LUNG]]) {
    const res = await t.call({ method: 'POST', url: '/api/nodes', token: editor.accessToken, payload: { name, nodeType: 'Disease', snomedCode: code } });
    expect(res.statusCode, res.body).toBe(201);
    nodes[name] = res.json<KnowledgeNode>();
  }
});
afterAll(() => t?.close());

describe('a release .zip', () => {
  it('imports concepts, descriptions, relationships and the language reference set, and builds the closure', async () => {
    expect(await count('snomed_rf2_concepts')).toBe(10);
    expect(await count('snomed_relationships')).toBe(10);
    // Every is-a pair: Pneumonia lies under Disorder of lung, respiratory system, Disease, Clinical finding and the root.
    const under = await t.db.query<{ a: string }>('SELECT ancestor_id AS a FROM snomed_closure WHERE descendant_id = $1 ORDER BY 1', [PNEUMONIA]);
    expect(under.map((r) => r.a).sort()).toEqual([ROOT, '404684003', DISORDER_OF_RESPIRATORY_SYSTEM, DISORDER_OF_LUNG, '64572001'].sort());
    // The import ends by vacuuming and analysing what it wrote, the hierarchy's derived tables too
    // (a table never analysed has reltuples -1).
    const analysed = await t.db.query<{ relname: string; reltuples: number }>(
      `SELECT relname, reltuples::int AS reltuples FROM pg_class WHERE relname IN ('snomed_closure', 'snomed_subtree_sizes') ORDER BY relname`,
    );
    expect(analysed).toEqual([
      { relname: 'snomed_closure', reltuples: await count('snomed_closure') },
      { relname: 'snomed_subtree_sizes', reltuples: 0 },
    ]);
  });

  it('answers a concept with preferred term, FSN, semantic tag, descriptions, parents, children and path to the root', async () => {
    const c = await concept(HEART_FAILURE);
    expect(c).toMatchObject({ id: HEART_FAILURE, preferredTerm: 'Heart failure', fsn: 'Heart failure (disorder)', semanticTag: 'disorder', active: true, definitionStatus: 'primitive', dialect: 'en-US', replacements: [] });
    expect(c.descriptions.map((d) => [d.term, d.type, d.acceptability])).toEqual([
      ['Heart failure (disorder)', 'fsn', 'preferred'],
      ['Heart failure', 'synonym', 'preferred'],
      ['Cardiac failure', 'synonym', 'acceptable'],
    ]);
    expect(c.parents).toEqual([{ id: '49601007', preferredTerm: 'Disorder of cardiovascular system' }]);
    expect(c.pathToRoot.map((p) => p.preferredTerm)).toEqual(['SNOMED CT Concept', 'Clinical finding', 'Disease', 'Disorder of cardiovascular system']);
    const lung = await concept(DISORDER_OF_LUNG);
    expect(lung.children).toEqual([
      { id: ASTHMA, preferredTerm: 'Asthma' },
      { id: OLD_LUNG, preferredTerm: 'Old lung disease' },
      { id: PNEUMONIA, preferredTerm: 'Pneumonia' },
    ]);
    expect(lung.childCount).toBe(3);
  });

  it('finds a concept by a synonym and says which one matched', async () => {
    const [hit] = await hits('search=cardiac%20failure');
    expect(hit).toMatchObject({ concept_id: HEART_FAILURE, term: 'Heart failure', matchedTerm: 'Cardiac failure', active: true, semanticTag: 'disorder' });
    expect(hit.usedBy).toMatchObject({ name: 'Heart failure' });
    const [exact] = await hits('search=heart%20failure');
    expect(exact).toMatchObject({ concept_id: HEART_FAILURE, matchedTerm: null });
  });

  it('filters concepts and nodes by "descendants of" (the concept itself included)', async () => {
    expect((await hits(`descendantOf=${DISORDER_OF_LUNG}`)).map((h) => h.concept_id).sort()).toEqual([DISORDER_OF_LUNG, PNEUMONIA, ASTHMA, OLD_LUNG].sort());
    expect((await hits(`descendantOf=${DISORDER_OF_LUNG}&search=pneu`)).map((h) => h.concept_id)).toEqual([PNEUMONIA]);
    const rows = (await get<{ data: { concept_id: string }[] }>(`/snomed/concepts?descendantOf=${DISORDER_OF_LUNG}&limit=100`)).data;
    expect(new Set(rows.map((r) => r.concept_id))).toEqual(new Set([DISORDER_OF_LUNG, PNEUMONIA, ASTHMA, OLD_LUNG]));
    const list = await get<{ data: KnowledgeNode[] }>(`/nodes?snomedDescendantOf=${DISORDER_OF_LUNG}&limit=100`);
    expect(list.data.map((n) => n.name).sort()).toEqual(['Old lung disease', 'Pneumonia']);
  });

  it('filters the same under a large subtree, probed row by row instead of hashed', async () => {
    // 1,200 made-up concepts under "Disorder of lung" take its subtree past the bound (1,000 on a
    // small catalogue) where the filter probes the closure per row (snomed/hierarchy.ts
    // underConceptSql); the closure's rebuild records the subtree's size that choice reads.
    const extra = Array.from({ length: 1200 }, (_, i) => String(990000000 + i));
    await t.db.query(
      `INSERT INTO snomed_relationships (id, effective_time, active, module_id, source_id, destination_id, relationship_group, type_id, characteristic_type_id, modifier_id)
       SELECT x || '-isa', '20250131', true, '900000000000207008', x, $1, 0, '116680003', '900000000000011006', '900000000000451002' FROM unnest($2::text[]) x`,
      [DISORDER_OF_LUNG, extra],
    );
    const sizes = async () => Object.fromEntries((await t.db.query<{ id: string; n: number }>('SELECT concept_id AS id, descendants AS n FROM snomed_subtree_sizes')).map((r) => [r.id, r.n]));
    try {
      await t.db.transaction((tx) => rebuildClosure(tx));
      // Its own descendants and the made-up ones; and the same under every ancestor.
      const lung = (await sizes())[DISORDER_OF_LUNG];
      expect(lung).toBeGreaterThan(1200);
      expect(await sizes()).toMatchObject({ [DISORDER_OF_RESPIRATORY_SYSTEM]: expect.any(Number), [ROOT]: expect.any(Number) });
      expect((await sizes())[ROOT]).toBeGreaterThan(lung);
      const [{ id: typeId }] = await t.db.query<{ id: string }>('SELECT node_type_id AS id FROM nodes LIMIT 1');
      await t.db.query(`INSERT INTO nodes (name, node_type_id, snomed_code) VALUES ('Made-up lung disease', $1, $2)`, [typeId, extra[700]]);
      const list = await get<{ data: KnowledgeNode[]; pagination: { total: number } }>(`/nodes?snomedDescendantOf=${DISORDER_OF_LUNG}&limit=100`);
      expect(list.data.map((n) => n.name).sort()).toEqual(['Made-up lung disease', 'Old lung disease', 'Pneumonia']);
      expect(list.pagination.total).toBe(3);
      const heart = await get<{ data: KnowledgeNode[] }>(`/nodes?snomedDescendantOf=${HEART_FAILURE}&limit=100`);
      expect(heart.data.map((n) => n.name)).not.toContain('Made-up lung disease');
      expect((await hits(`descendantOf=${DISORDER_OF_LUNG}&search=pneu`)).map((h) => h.concept_id)).toEqual([PNEUMONIA]);
    } finally {
      await t.db.query(`DELETE FROM nodes WHERE name = 'Made-up lung disease'`);
      await t.db.query('DELETE FROM snomed_relationships WHERE source_id = ANY($1::text[])', [extra]);
      await t.db.transaction((tx) => rebuildClosure(tx));
    }
    // Small again: nothing recorded, the hashed plan for all.
    expect(await sizes()).toEqual({});
  });

  it('keeps the description rows of GET /snomed/concepts as they were', async () => {
    const rows = (await get<{ data: Record<string, unknown>[] }>('/snomed/concepts?search=cardiac')).data;
    expect(rows).toEqual([expect.objectContaining({ concept_id: HEART_FAILURE, term: 'Cardiac failure', type_id: '900000000000013009', active: true })]);
  });
});

describe('refusals', () => {
  it('refuses a file whose header is not its kind, before any row is written', async () => {
    const concepts = await count('snomed_rf2_concepts');
    const descriptions = fixture('release-2025', 'sct2_Description');
    const res = await upload('sct2_Concept_Snapshot_INT_20250131.txt', descriptions.data);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ code: string }>().code).toBe('wrong_rf2_header');
    expect(await count('snomed_rf2_concepts')).toBe(concepts);
    // A description file's name with a relationship header.
    const wrong = await upload('sct2_Description_Snapshot-en_INT_20250131.txt', fixture('release-2025', 'sct2_Relationship').data);
    expect(wrong.statusCode).toBe(400);
  });

  it('reports a relationship to an unknown concept and does not import it', async () => {
    const res = await imported('sct2_Relationship_Snapshot_INT_20250201.txt', lines(REL_HEADER, [isa('9100001021', '9100001', DISORDER_OF_LUNG), isa('9100002021', PNEUMONIA, '64572001')]));
    expect(res.summary).toMatchObject({ totalRows: 2, created: 1, errors: 1 });
    expect(res.errorFileUrl).toBeTruthy();
    expect(await count("snomed_relationships WHERE id = '9100001021'")).toBe(0);
    await t.db.query("DELETE FROM snomed_relationships WHERE id = '9100002021'");
  });

  it('reports each cell that breaks its column\'s rule, names the column, and imports the other rows', async () => {
    const good = isa('9100003021', PNEUMONIA, DISORDER_OF_LUNG);
    const bad: string[][] = [
      ['12AB', ...good.slice(1)],
      [...good.slice(0, 1), '20250230', '2', ...good.slice(3)],
      [...good.slice(0, 6), 'x', ...good.slice(7)],
      [...good.slice(0, 1), '2025013', '1', 'core', ...good.slice(4)],
    ].map((r, i) => (i === 0 ? r : [`91000${i + 4}021`, ...r.slice(1)]));
    const res = await imported('sct2_Relationship_Snapshot_INT_20250301.txt', lines(REL_HEADER, [good, ...bad]));
    expect(res.summary).toMatchObject({ totalRows: 5, created: 1, errors: 4 });
    const file = await t.call({ method: 'GET', url: res.errorFileUrl!, token: editor.accessToken });
    expect(file.statusCode).toBe(200);
    expect(rowsOf(file.rawPayload).slice(1).map((r) => [r[0], r[3]])).toEqual([
      ['3', 'id must be a SNOMED id of 6 to 18 digits'],
      ['4', 'effectiveTime must be a date YYYYMMDD; active must be 1 or 0'],
      ['5', 'relationshipGroup must be a whole number'],
      ['6', 'effectiveTime must be a date YYYYMMDD; moduleId must be a SNOMED id of 6 to 18 digits'],
    ]);
    expect(await count("snomed_relationships WHERE id LIKE '91000%'")).toBe(1);
    await t.db.query("DELETE FROM snomed_relationships WHERE id = '9100003021'");
  });

  it('reports an is-a cycle and keeps the hierarchy without it', async () => {
    // Disease is-a Pneumonia, while Pneumonia lies under Disease.
    const res = await imported('sct2_Relationship_Snapshot_INT_20250202.txt', lines(REL_HEADER, [isa('9200001021', '64572001', PNEUMONIA)]));
    expect(res.summary.errors).toBeGreaterThan(0);
    expect(await count("snomed_relationships WHERE id = '9200001021'")).toBe(0);
    expect(await count("snomed_closure WHERE ancestor_id = descendant_id")).toBe(0);
    expect(await count(`snomed_closure WHERE ancestor_id = '64572001' AND descendant_id = '${PNEUMONIA}'`)).toBe(1);
  });

  it('checks a release file without writing it (dry run)', async () => {
    const file = fixture('release-2025', 'sct2_Concept');
    const res = await t.call({ method: 'POST', url: '/api/snomed/import?dryRun=true', token: editor.accessToken, ...multipart(file.name, file.data) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SnomedImportResult>()).toMatchObject({ dryRun: true, summary: { totalRows: 10, created: 0, updated: 1, unchanged: 9, errors: 0 } });
    expect((await concept(OLD_LUNG)).active).toBe(true);
    expect((await get<{ data: SnomedDrift[] }>('/snomed/drift')).data).toHaveLength(0);
  });

  it('needs nodes.create to import and nodes.read to read concepts', async () => {
    expect((await upload('sct2_Concept_Snapshot_INT_20250131.txt', fixture('release-2025', 'sct2_Concept').data, viewer)).statusCode).toBe(403);
    for (const url of [`/api/snomed/concepts/${HEART_FAILURE}`, '/api/snomed/concepts?by=concept']) {
      expect((await t.call({ method: 'GET', url, token: nobody.accessToken })).statusCode).toBe(403);
    }
    expect((await t.call({ method: 'GET', url: '/api/snomed/concepts/123456789', token: viewer.accessToken })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: '/api/snomed/concepts/12ab', token: viewer.accessToken })).statusCode).toBe(400);
  });
});

describe('a later release, file by file', () => {
  beforeAll(async () => {
    for (const f of RF2('release-2025')) {
      const res = await upload(f.name, f.data);
      expect(res.statusCode, `${f.name}: ${res.body}`).toBe(200);
    }
  });

  it('flags a concept retired in the concept file although its descriptions stay active, with its replacements', async () => {
    const drift = await get<{ data: SnomedDrift[] }>('/snomed/drift');
    expect(drift.data).toHaveLength(1);
    expect(drift.data[0]).toMatchObject({ nodeId: nodes['Old lung disease'].id, code: OLD_LUNG, kind: 'inactive' });
    expect(drift.data[0].replacements).toEqual([
      { id: ASTHMA, preferredTerm: 'Asthma', type: 'POSSIBLY_EQUIVALENT_TO', active: true },
      { id: PNEUMONIA, preferredTerm: 'Pneumonia', type: 'REPLACED_BY', active: true },
    ]);
    const old = await concept(OLD_LUNG);
    expect(old.active).toBe(false);
    expect(old.descriptions.every((d) => d.active)).toBe(true);
    expect(old.replacements.map((r) => r.type).sort()).toEqual(['POSSIBLY_EQUIVALENT_TO', 'REPLACED_BY']);
  });

  it('updates the hierarchy in place', async () => {
    expect((await concept(ASTHMA)).parents).toEqual([{ id: DISORDER_OF_RESPIRATORY_SYSTEM, preferredTerm: 'Disorder of respiratory system' }]);
    expect((await concept(DISORDER_OF_LUNG)).children.map((c) => c.id)).toEqual([PNEUMONIA]);
    expect((await hits(`descendantOf=${DISORDER_OF_LUNG}`)).map((h) => h.concept_id).sort()).toEqual([DISORDER_OF_LUNG, PNEUMONIA].sort());
    expect((await hits(`descendantOf=${DISORDER_OF_RESPIRATORY_SYSTEM}&status=inactive`)).map((h) => h.concept_id)).toEqual([]);
  });

  it('recodes a node to a suggested replacement in one audited step, with its version', async () => {
    const nodeId = nodes['Old lung disease'].id;
    const replace = (conceptId: string, who: AuthResponse, version?: number) =>
      t.call({ method: 'POST', url: `/api/snomed/drift/${nodeId}/replace`, token: who.accessToken, payload: { conceptId }, ...(version && { headers: { 'if-match': `"${version}"` } }) });
    expect((await replace(ASTHMA, viewer)).statusCode).toBe(403);
    expect((await replace(HEART_FAILURE, editor)).statusCode).toBe(400);
    // Pneumonia is suggested but already coded on another node.
    const taken = await replace(PNEUMONIA, editor);
    expect(taken.statusCode).toBe(409);
    expect(taken.json<{ code: string }>().code).toBe('duplicate_snomed_code');
    const current = await get<KnowledgeNode>(`/nodes/${nodeId}`);
    expect((await replace(ASTHMA, editor, current.version! + 5)).statusCode).toBe(412);
    const res = await replace(ASTHMA, editor, current.version);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<KnowledgeNode>()).toMatchObject({ id: nodeId, snomedCode: ASTHMA });
    expect((await get<{ data: SnomedDrift[] }>('/snomed/drift')).data).toHaveLength(0);
    const history = await get<HistoryPage>(`/nodes/${nodeId}/history`);
    expect(JSON.stringify(history)).toContain(ASTHMA);
  });
});

describe('the dialect', () => {
  it('follows KG_SNOMED_DIALECT: en-GB prefers the British preferred synonym', async () => {
    const gb = await testApp({ snomedDialect: 'en-GB' });
    try {
      const admin = await gb.register('admin');
      const release = zipOf(RF2('release-2024').map((f) => ({ name: f.name, data: f.data })));
      const res = await gb.call({ method: 'POST', url: '/api/snomed/import', token: admin.accessToken, ...multipart('release.zip', release) });
      expect(res.statusCode, res.body).toBe(200);
      const c = await gb.call({ method: 'GET', url: `/api/snomed/concepts/${HEART_FAILURE}`, token: admin.accessToken });
      expect(c.json<SnomedConceptDetail>()).toMatchObject({ preferredTerm: 'Cardiac failure', dialect: 'en-GB' });
      const hits = await gb.call({ method: 'GET', url: '/api/snomed/concepts?by=concept&search=heart%20failure', token: admin.accessToken });
      expect(hits.json<{ data: SnomedConceptHit[] }>().data[0]).toMatchObject({ concept_id: HEART_FAILURE, term: 'Cardiac failure', matchedTerm: 'Heart failure' });
    } finally {
      await gb.close();
    }
  });
});
