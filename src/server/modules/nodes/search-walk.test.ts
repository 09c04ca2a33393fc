import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, KnowledgeNode } from '../../../contract';
import { testApp, type TestApp } from '../../test/harness';
import { SEARCH_COUNT_CAP } from './repository';

/**
 * A search with more matches than SEARCH_COUNT_CAP estimates how common its term is from where
 * in the table its first matches lie, and walks the sort index when the term looks common. Matches
 * bunched at the start of the table (one old import) look common when they are not: the bounded
 * walk then does not fill its page, and the search sorts all matches instead — the same page and
 * an exact total.
 */
const CLUSTER = 1100;
const FILLER = 11_000;

let t: TestApp;
let viewer: AuthResponse;

const list = async (query: Record<string, string>) => {
  const res = await t.call({ method: 'GET', url: '/api/nodes', token: viewer.accessToken, query });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: KnowledgeNode[]; pagination: { total: number; totalCapped: boolean } }>();
};

beforeAll(async () => {
  t = await testApp();
  const admin = await t.register('admin');
  viewer = await t.register('vi');
  await t.call({ method: 'POST', url: '/api/nodetypes', token: admin.accessToken, payload: { name: 'Bulk' } });
  // The cluster first (the table's first blocks), created long ago; then newer nodes that do not match.
  await t.db.query(
    `INSERT INTO nodes (name, node_type_id, created_at, updated_at)
     SELECT 'rare cluster ' || lpad(i::text, 4, '0'), (SELECT id FROM node_types WHERE name = 'Bulk'),
            timestamptz '2020-01-01' + i * interval '1 minute', timestamptz '2020-01-01'
       FROM generate_series(1, $1::int) i`,
    [CLUSTER],
  );
  await t.db.query(
    `INSERT INTO nodes (name, node_type_id, created_at, updated_at)
     SELECT 'filler ' || i, (SELECT id FROM node_types WHERE name = 'Bulk'),
            timestamptz '2024-01-01' + i * interval '1 minute', timestamptz '2024-01-01'
       FROM generate_series(1, $1::int) i`,
    [FILLER],
  );
});
afterAll(() => t?.close());

describe('GET /nodes?search= when the matches are bunched', () => {
  it('gives the newest matches and their exact total although the walk found none', async () => {
    expect(CLUSTER).toBeGreaterThan(SEARCH_COUNT_CAP);
    const page = await list({ search: 'cluster', limit: '25' });
    expect(page.pagination).toMatchObject({ total: CLUSTER, totalCapped: false });
    expect(page.data.map((n) => n.name)).toEqual(Array.from({ length: 25 }, (_, i) => `rare cluster ${String(CLUSTER - i).padStart(4, '0')}`));
    const oldest = await list({ search: 'CLUSTER', limit: '3', sortOrder: 'asc' });
    expect(oldest.data.map((n) => n.name)).toEqual(['rare cluster 0001', 'rare cluster 0002', 'rare cluster 0003']);
  });
});
