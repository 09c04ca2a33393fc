import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsActivity, AnalyticsTotals, AuthResponse, KnowledgeNode, QualityFindings } from '../../../contract';
import { testApp, type TestApp } from '../../test/harness';
import { DUPLICATE_REFRESH_LOCK_KEY } from '../../platform/locks';
import { refreshLikelyDuplicates } from './duplicates';

/** The Analytics page's API on a crafted graph. */
let t: TestApp;
let admin: AuthResponse;
let editor: AuthResponse;
let viewerOnly: AuthResponse; // a custom role: analytics.view without analytics.export
const ids: Record<string, string> = {};

const get = (url: string, token = admin.accessToken) => t.call({ method: 'GET', url, token });

async function withRole(name: string, permissions: string[]): Promise<AuthResponse> {
  await t.db.query('INSERT INTO roles (name, permissions) VALUES ($1, $2)', [name, permissions]);
  const me = await t.register(`u_${name}`);
  await t.db.query('UPDATE users SET role_id = (SELECT id FROM roles WHERE name = $1) WHERE id = $2', [name, me.user.id]);
  return me;
}

beforeAll(async () => {
  t = await testApp();
  admin = await t.register('admin');
  editor = await t.register('ed');
  await t.db.query(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'editor') WHERE username = 'ed'`);
  viewerOnly = await withRole('analyst', ['analytics.view', 'nodes.read']);
  for (const name of ['Disease', 'Symptom']) await t.call({ method: 'POST', url: '/api/nodetypes', token: admin.accessToken, payload: { name } });
  await t.call({ method: 'POST', url: '/api/relationtypes', token: admin.accessToken, payload: { name: 'symptom of' } });
  const nodes: [string, string, object][] = [
    ['Diabetes mellitus type 2', 'Disease', { snomedCode: '44054006', description: 'Chronic' }],
    ['Diabetes mellitus type II', 'Disease', { description: '  ' }],
    ['Headache', 'Symptom', { snomedCode: '25064002', description: 'Pain in the head' }],
    ['Migraine', 'Disease', { snomedCode: '37796009', description: 'Recurrent headaches' }],
    // Same name as a Disease would be a duplicate; another type is not.
    ['Diabetes mellitus type 2 ', 'Symptom', { snomedCode: '123456789', description: 'x' }],
  ];
  for (const [name, nodeType, extra] of nodes) {
    const res = await t.call({ method: 'POST', url: '/api/nodes', token: editor.accessToken, payload: { name, nodeType, ...extra } });
    expect(res.statusCode, res.body).toBe(201);
    ids[name] = res.json<{ id: string }>().id;
  }
  const rel = await t.call({
    method: 'POST',
    url: '/api/relations',
    token: editor.accessToken,
    payload: { relationName: 'headache in migraine', sourceNodeId: ids.Headache, targetNodeId: ids.Migraine, relationType: 'symptom of' },
  });
  expect(rel.statusCode, rel.body).toBe(201);
  // A node deleted now: it existed at the end of earlier periods.
  const gone = await t.call({ method: 'POST', url: '/api/nodes', token: editor.accessToken, payload: { name: 'Obsolete', nodeType: 'Symptom' } });
  await t.db.query(`UPDATE nodes SET created_at = now() - interval '70 days' WHERE id = $1`, [gone.json<{ id: string }>().id]);
  expect((await t.call({ method: 'DELETE', url: `/api/nodes/${gone.json<{ id: string }>().id}`, token: editor.accessToken })).statusCode).toBe(204);
  await refreshLikelyDuplicates(t.db);
});
afterAll(() => t?.close());

const namesOf = async (query: string) =>
  (await get(`/api/nodes?${query}&sortBy=name&sortOrder=asc`, viewerOnly.accessToken)).json<{ data: KnowledgeNode[] }>().data.map((n) => n.name);

describe('GET /analytics/quality', () => {
  it('counts each finding and links to a list that shows exactly those nodes', async () => {
    const res = await get('/api/analytics/quality', viewerOnly.accessToken);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json<QualityFindings>();
    expect(data).toEqual([
      { key: 'missingSnomedCode', count: 1, link: '/nodes?hasSnomed=false' },
      { key: 'missingDescription', count: 1, link: '/nodes?hasDescription=false' },
      { key: 'orphans', count: 3, link: '/nodes?orphan=true' },
      { key: 'likelyDuplicates', count: 2, link: '/nodes?likelyDuplicate=true' },
      { key: 'ruleBreakingRelations', count: 0, link: '/relations?ruleViolations=true' },
      { key: 'snomedDrift', count: 0, link: '/nodes?snomedReview=true' },
    ]);
    for (const f of data.filter((d) => d.link.startsWith('/nodes'))) expect((await namesOf(f.link.split('?')[1])).length).toBe(f.count);
    expect(await namesOf('hasDescription=false')).toEqual(['Diabetes mellitus type II']);
    expect(await namesOf('orphan=true')).toEqual(['Diabetes mellitus type 2', 'Diabetes mellitus type 2', 'Diabetes mellitus type II'].sort());
    expect(await namesOf('likelyDuplicate=true')).toEqual(['Diabetes mellitus type 2', 'Diabetes mellitus type II']);
    expect(await namesOf('orphan=false')).toEqual(['Headache', 'Migraine']);
  });

  it('counts relations made before a rule that they break, and nodes under SNOMED review, as their lists show them', async () => {
    // A rule made after the relation: "symptom of" now only from Disease, so Headache → Migraine breaks it.
    await t.db.query(
      `INSERT INTO relation_type_source_node_types (relation_type_id, node_type_id)
       SELECT rt.id, nt.id FROM relation_types rt, node_types nt WHERE rt.name = 'symptom of' AND nt.name = 'Disease'`,
    );
    await t.db.query(
      `INSERT INTO snomed_drift (node_id, code, kind, previous_term, current_term) SELECT id, snomed_code, 'term_changed', 'Headache', 'Headache (finding)' FROM nodes WHERE name = 'Headache'`,
    );
    try {
      const { data } = (await get('/api/analytics/quality', viewerOnly.accessToken)).json<QualityFindings>();
      const count = (key: string) => data.find((f) => f.key === key)!.count;
      expect(count('ruleBreakingRelations')).toBe(1);
      expect(count('snomedDrift')).toBe(1);
      const broken = (await get('/api/relations?ruleViolations=true', viewerOnly.accessToken)).json<{ data: { relationName: string }[] }>();
      expect(broken.data.map((r) => r.relationName)).toEqual(['headache in migraine']);
      expect(await namesOf('snomedReview=true')).toEqual(['Headache']);
    } finally {
      await t.db.query(`DELETE FROM relation_type_source_node_types`);
      await t.db.query(`DELETE FROM snomed_drift`);
    }
  });

  it.runIf(process.env.KG_TEST_DB === 'postgres')('refreshes the likely duplicates once at a time: a refresh while another runs skips', async () => {
    let second: Awaited<ReturnType<typeof refreshLikelyDuplicates>> | undefined;
    await t.db.transaction(async (tx) => {
      // This transaction holds the refresh's lock, as a running refresh (another instance's) does.
      await tx.query('SELECT pg_advisory_xact_lock($1)', [DUPLICATE_REFRESH_LOCK_KEY]);
      second = await refreshLikelyDuplicates(t.db);
    });
    expect(second).toBeNull();
    // Nothing was written since the refresh of beforeAll: nothing to probe, the finding stays.
    expect(await refreshLikelyDuplicates(t.db)).toEqual({ probed: 0, batches: 0, complete: true });
    expect(await namesOf('likelyDuplicate=true')).toEqual(['Diabetes mellitus type 2', 'Diabetes mellitus type II']);
  });

  it('refuses without analytics.view, and without a session', async () => {
    expect((await get('/api/analytics/quality', editor.accessToken)).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/analytics/quality' })).statusCode).toBe(401);
    expect((await get('/api/analytics/totals', editor.accessToken)).statusCode).toBe(403);
    expect((await get('/api/analytics/activity', editor.accessToken)).statusCode).toBe(403);
  });
});

describe('GET /analytics/totals', () => {
  it('counts now, per period (deleted nodes count before their delete) and per type', async () => {
    const res = await get('/api/analytics/totals?interval=month&periods=4', viewerOnly.accessToken);
    expect(res.statusCode, res.body).toBe(200);
    const totals = res.json<AnalyticsTotals>();
    expect(totals.current).toEqual({ nodes: 5, relations: 1, relationsWithEvidence: 0 });
    expect(totals.series).toHaveLength(4);
    expect(totals.series.at(-1)).toMatchObject({ nodes: 5, relations: 1 });
    // Two months back only the deleted node (created 70 days ago) existed at the period's end... or
    // none yet, depending on the day of the month; never more than it.
    expect(totals.series[0].nodes).toBeLessThanOrEqual(1);
    expect(totals.series.map((s) => s.period)).toEqual([...totals.series.map((s) => s.period)].sort());
    expect(totals.byType.nodes).toEqual([
      { type: 'Disease', count: 3 },
      { type: 'Symptom', count: 2 },
    ]);
    expect(totals.byType.relations).toEqual([{ type: 'symptom of', count: 1 }]);
    expect((await get('/api/analytics/totals?interval=year')).statusCode).toBe(400);
  });

  it('counts a node deleted this period in the earlier periods where it existed', async () => {
    const weeks = (await get('/api/analytics/totals?interval=week&periods=12')).json<AnalyticsTotals>().series;
    // Created 70 days (10 weeks) ago and deleted now: alive at the end of the weeks between.
    expect(weeks.slice(0, -1).some((w) => w.nodes === 1)).toBe(true);
    expect(weeks.at(-1)!.nodes).toBe(5);
  });
});

describe('GET /analytics/activity', () => {
  it('counts curation changes per user and week from the audit trail', async () => {
    const res = await get('/api/analytics/activity?weeks=4', viewerOnly.accessToken);
    expect(res.statusCode, res.body).toBe(200);
    const activity = res.json<AnalyticsActivity>();
    expect(activity.weeks).toHaveLength(4);
    const thisWeek = activity.weeks.at(-1);
    // The editor created 6 nodes and a relation and deleted a node; the admin created 2 node types and a relation type.
    expect(activity.data).toEqual([
      { week: thisWeek, userId: editor.user.id, username: 'ed', changes: 8 },
      { week: thisWeek, userId: admin.user.id, username: 'admin', changes: 3 },
    ]);
  });

  it('counts each record a bulk import created (its events are kept one row per batch)', async () => {
    await t.db.query(
      `INSERT INTO audit_created_batches (actor_id, actor_name, entity_type, entity_ids, names, type_names, snomed_codes)
       VALUES ($1, 'viewer-only', 'node', ARRAY[gen_random_uuid(), gen_random_uuid(), gen_random_uuid()], ARRAY['a', 'b', 'c'], ARRAY['T', 'T', 'T'], ARRAY[NULL, NULL, NULL]::text[])`,
      [viewerOnly.user.id],
    );
    const activity = (await get('/api/analytics/activity?weeks=4', viewerOnly.accessToken)).json<AnalyticsActivity>();
    expect(activity.data.find((r) => r.userId === viewerOnly.user.id)).toMatchObject({ week: activity.weeks.at(-1), changes: 3 });
  });
});

describe('GET /analytics/export', () => {
  it('downloads the findings as CSV and as .xlsx', async () => {
    const csv = await get('/api/analytics/export?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="quality-findings_\d{8}T\d{6}\.csv"/);
    expect(csv.body.split('\r\n')[1]).toBe('"Nodes without SNOMED code","missingSnomedCode","1","/nodes?hasSnomed=false"');
    const xlsx = await t.call({ method: 'GET', url: '/api/analytics/export?format=xlsx', token: admin.accessToken });
    expect(xlsx.statusCode).toBe(200);
    const book = XLSX.read(xlsx.rawPayload);
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
    expect(rows[0]).toEqual(['Finding', 'Key', 'Count', 'Link']);
    expect(rows[4]).toEqual(['Likely duplicate nodes', 'likelyDuplicates', '2', '/nodes?likelyDuplicate=true']);
  });

  it('needs analytics.export', async () => {
    expect((await get('/api/analytics/export?format=csv', viewerOnly.accessToken)).statusCode).toBe(403);
  });
});

// Last: its relation would change the activity counted above.
describe('GET /analytics/totals, evidence', () => {
  it('counts relations with evidence once however many sources they cite, the rest as without', async () => {
    const made = await t.call({
      method: 'POST',
      url: '/api/relations',
      token: editor.accessToken,
      payload: {
        relationName: 'migraine with headache',
        sourceNodeId: ids.Migraine,
        targetNodeId: ids.Headache,
        relationType: 'symptom of',
        evidence: [{ source: 'PMID:12345678', grade: 'high' }, { source: 'https://example.org/guideline' }],
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    try {
      const totals = (await get('/api/analytics/totals', viewerOnly.accessToken)).json<AnalyticsTotals>();
      expect(totals.current).toEqual({ nodes: 5, relations: 2, relationsWithEvidence: 1 });
    } finally {
      const gone = await t.call({ method: 'DELETE', url: `/api/relations/${made.json<{ id: string }>().id}`, token: editor.accessToken });
      expect(gone.statusCode, gone.body).toBe(204);
    }
  });
});
