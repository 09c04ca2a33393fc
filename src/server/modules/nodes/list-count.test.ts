import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, KnowledgeNode } from '../../../contract';
import { testApp, type TestApp } from '../../test/harness';
import { RELATION_COUNT_CAP } from '../relations/repository';
import { NODE_COUNT_CAP, SEARCH_COUNT_CAP, WALK_MIN_ESTIMATE } from './list-query';

/**
 * The node list counts matches only up to NODE_COUNT_CAP (or to the end of the page asked for),
 * a text search up to SEARCH_COUNT_CAP: an exact count of a million nodes costs a scan on every
 * page. 8,000 nodes make every branch reachable: capped and exact totals, the search that walks
 * the sort index past its cap, the one past its cap that is too rare to walk, and the deep page
 * that sorts all matches.
 */
const BULK = 8000;
const name = (i: number) => `bulk ${String(i).padStart(4, '0')}`;

let t: TestApp;
let viewer: AuthResponse;

interface NodePage {
  data: KnowledgeNode[];
  pagination: { total: number; limit: number; skip: number; totalCapped: boolean };
}

const list = async (query: Record<string, string>) => {
  const res = await t.call({ method: 'GET', url: '/api/nodes', token: viewer.accessToken, query });
  expect(res.statusCode).toBe(200);
  return res.json<NodePage>();
};

beforeAll(async () => {
  t = await testApp();
  const admin = await t.register('admin');
  viewer = await t.register('vi');
  for (const name of ['Bulk', 'Other']) await t.call({ method: 'POST', url: '/api/nodetypes', token: admin.accessToken, payload: { name } });
  // Names "bulk 0001"…; created one minute apart, so newest first is "bulk 8000"; every
  // tenth has "marker" in its description (800 matches: under the caps), every odd one "plain"
  // (4,000: over the count cap, too few to walk).
  await t.db.query(
    `INSERT INTO nodes (name, node_type_id, description, created_at, updated_at)
     SELECT 'bulk ' || lpad(i::text, 4, '0'), (SELECT id FROM node_types WHERE name = 'Bulk'),
            CASE WHEN i % 10 = 0 THEN 'marker' WHEN i % 2 = 1 THEN 'plain' ELSE 'other' END,
            timestamptz '2024-01-01' + i * interval '1 minute', timestamptz '2024-01-01' + i * interval '1 minute'
       FROM generate_series(1, $1::int) i`,
    [BULK],
  );
  await t.call({ method: 'POST', url: '/api/nodes', token: admin.accessToken, payload: { name: 'Lonely', nodeType: 'Other' } });
});
afterAll(() => t?.close());

describe('GET /nodes totals beyond the count cap', () => {
  it('says "more than" the cap instead of counting every node', async () => {
    expect(NODE_COUNT_CAP).toBe(1000);
    const page = await list({ limit: '25' });
    expect(page.pagination).toEqual({ total: 1000, limit: 25, skip: 0, totalCapped: true });
    expect(page.data).toHaveLength(25);
  });

  it('counts past the page asked for, so a pager can always go on while more exist', async () => {
    const deep = await list({ limit: '25', skip: '1000', nodeType: 'Bulk' });
    expect(deep.pagination).toMatchObject({ total: 1025, totalCapped: true });
    expect(deep.data.map((n) => n.name)[0]).toBe(name(BULK - 1000));
    // The last page: the count reaches the end, so the total is exact again.
    const last = await list({ limit: '25', skip: String(BULK - 25), nodeType: 'Bulk' });
    expect(last.pagination).toMatchObject({ total: BULK, totalCapped: false });
    expect(last.data.map((n) => n.name).at(-1)).toBe('bulk 0001');
  });

  it('keeps totals under the caps exact', async () => {
    expect((await list({ nodeType: 'Other' })).pagination).toMatchObject({ total: 1, totalCapped: false });
    expect((await list({ search: 'marker' })).pagination).toMatchObject({ total: BULK / 10, totalCapped: false });
    // More than the cap, but estimated below WALK_MIN_ESTIMATE: sorted and counted exactly.
    // (The estimate comes from where the matches lie in the table: a margin either side of it.)
    expect(BULK / 2).toBeLessThan(WALK_MIN_ESTIMATE * 0.9);
    const plain = await list({ search: 'plain', limit: '25' });
    expect(plain.pagination).toMatchObject({ total: BULK / 2, totalCapped: false });
    expect(plain.data[0].name).toBe(name(BULK - 1));
    expect((await list({ search: 'no such thing' })).pagination).toMatchObject({ total: 0, totalCapped: false });
  });

  it('a search with more matches than its cap gives the same first pages as sorting all of them', async () => {
    expect(SEARCH_COUNT_CAP).toBeLessThan(BULK);
    expect(WALK_MIN_ESTIMATE * 1.1).toBeLessThanOrEqual(BULK);
    const newest = await list({ search: 'bulk', limit: '25' });
    expect(newest.pagination).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true });
    expect(newest.data.map((n) => n.name)).toEqual(Array.from({ length: 25 }, (_, i) => name(BULK - i)));
    const second = await list({ search: 'BULK', limit: '25', skip: '25' });
    expect(second.data[0].name).toBe(name(BULK - 25));
    const byName = await list({ search: 'bulk', limit: '10', sortBy: 'name', sortOrder: 'asc' });
    expect(byName.data.map((n) => n.name)).toEqual(Array.from({ length: 10 }, (_, i) => name(i + 1)));
    const byUpdate = await list({ search: 'bulk', limit: '3', sortBy: 'updatedAt', sortOrder: 'asc' });
    expect(byUpdate.data.map((n) => n.name)).toEqual(['bulk 0001', 'bulk 0002', 'bulk 0003']);
  });

  it('deep search pages and sorts no index serves sort all matches, with the exact total', async () => {
    const deep = await list({ search: 'bulk', limit: '25', skip: '500', sortOrder: 'asc' });
    expect(deep.pagination).toMatchObject({ total: BULK, totalCapped: false });
    expect(deep.data[0].name).toBe('bulk 0501');
    const byType = await list({ search: 'bulk', limit: '5', sortBy: 'nodeType' });
    expect(byType.pagination).toMatchObject({ total: BULK, totalCapped: false });
    expect(byType.data).toHaveLength(5);
  });

  it('a page past the end still reports the total', async () => {
    const past = await list({ search: 'marker', limit: '25', skip: String(BULK / 10 + 100) });
    expect(past).toMatchObject({ data: [], pagination: { total: BULK / 10, totalCapped: false } });
  });
});

describe('GET /relations totals beyond the count cap', () => {
  // bulk i → bulk i+k for k = 1, 2: 15,996 relations, the n-th created n minutes after 2024
  // (n = (k - 1) · 7,998 + i), so the newest is bulk 7998 → bulk 8000 and the oldest bulk 0001 → bulk 0002.
  const PER_K = BULK - 2;
  const RELATIONS = 2 * PER_K;
  beforeAll(async () => {
    expect(RELATIONS).toBeGreaterThan(RELATION_COUNT_CAP);
    const admin = await t.register('admin2');
    await t.db.query(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'admin') WHERE username = 'admin2'`);
    await t.call({ method: 'POST', url: '/api/relationtypes', token: admin.accessToken, payload: { name: 'links' } });
    await t.db.query(
      `INSERT INTO relations (source_node_id, target_node_id, relation_type_id, relation_name, weight, created_at, updated_at)
       SELECT s.id, d.id, (SELECT id FROM relation_types WHERE name = 'links'), 'links', 50,
              timestamptz '2024-01-01' + ((k - 1) * $1::int + i) * interval '1 minute', timestamptz '2024-01-01'
         FROM generate_series(1, $1::int) i, generate_series(1, 2) k
         JOIN LATERAL (SELECT id FROM nodes WHERE name = 'bulk ' || lpad(i::text, 4, '0')) s ON true
         JOIN LATERAL (SELECT id FROM nodes WHERE name = 'bulk ' || lpad((i + k)::text, 4, '0')) d ON true`,
      [PER_K],
    );
  });

  const relations = async (query: Record<string, string>) => {
    const res = await t.call({ method: 'GET', url: '/api/relations', token: viewer.accessToken, query });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: { sourceNodeName: string; targetNodeName: string }[]; pagination: NodePage['pagination'] }>();
  };

  it('says "more than" the cap, exact again on the last page', async () => {
    const first = await relations({ limit: '25' });
    expect(first.pagination).toEqual({ total: RELATION_COUNT_CAP, limit: 25, skip: 0, totalCapped: true });
    expect([first.data[0].sourceNodeName, first.data[0].targetNodeName]).toEqual([name(BULK - 2), name(BULK)]);
    const last = await relations({ limit: '25', skip: String(RELATIONS - 25) });
    expect(last.pagination).toMatchObject({ total: RELATIONS, totalCapped: false });
    expect([last.data.at(-1)!.sourceNodeName, last.data.at(-1)!.targetNodeName]).toEqual([name(1), name(2)]);
    // A search joins the end nodes' names; few matches are counted exactly.
    expect((await relations({ search: 'bulk 0002' })).pagination).toMatchObject({ total: 3, totalCapped: false });
  });
});
