import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, KnowledgeNode } from '../../../contract';
import { likePattern } from '../../db/rows';
import { testApp, type TestApp } from '../../test/harness';
import { SEARCH_COUNT_CAP } from './list-query';

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

/**
 * A common term spread over the table is walked (the total is then capped: "more than 1,000").
 * The walk reads the node types only when its filter needs them (a type filter, the extended
 * scope's type name), and matches row by row with lower() LIKE instead of ILIKE.
 */
describe('GET /nodes?search= walked', () => {
  const ROWS = 24_000;
  let w: TestApp;
  let reader: AuthResponse;
  const walkList = async (query: Record<string, string>) => {
    const res = await w.call({ method: 'GET', url: '/api/nodes', token: reader.accessToken, query });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: KnowledgeNode[]; pagination: { total: number; totalCapped: boolean } }>();
  };
  /** Row i: a match when even ("Spread", in three spellings), of type Walk A when i % 4 is 0 or odd, Walk B when i % 4 is 2; newer as i grows. */
  const nameOf = (i: number) => (i % 2 === 0 ? `${['Spread', 'SPREAD', 'spRead'][i % 3]} item ${i}` : `other item ${i}`);
  const newest = (keep: (i: number) => boolean, count: number) => {
    const out: string[] = [];
    for (let i = ROWS; out.length < count; i--) if (keep(i)) out.push(nameOf(i));
    return out;
  };

  beforeAll(async () => {
    w = await testApp();
    const admin = await w.register('admin');
    reader = await w.register('reader');
    for (const name of ['Walk A', 'Walk B']) await w.call({ method: 'POST', url: '/api/nodetypes', token: admin.accessToken, payload: { name } });
    await w.db.query(
      `INSERT INTO nodes (name, node_type_id, created_at, updated_at)
       SELECT CASE WHEN i % 2 = 0 THEN (ARRAY['Spread', 'SPREAD', 'spRead'])[i % 3 + 1] || ' item ' || i ELSE 'other item ' || i END,
              (SELECT id FROM node_types WHERE name = CASE WHEN i % 4 = 2 THEN 'Walk B' ELSE 'Walk A' END),
              timestamptz '2024-01-01' + i * interval '1 minute', timestamptz '2024-01-01'
         FROM generate_series(1, $1::int) i`,
      [ROWS],
    );
  });
  afterAll(() => w?.close());

  it('gives the newest matches in any case, the total capped', async () => {
    const page = await walkList({ search: 'sPREAD', limit: '25' });
    expect(page.pagination).toEqual(expect.objectContaining({ total: SEARCH_COUNT_CAP, totalCapped: true }));
    expect(page.data.map((n) => n.name)).toEqual(newest((i) => i % 2 === 0, 25));
  });

  it('with a type filter, and in the extended scope by the type\'s name: the walk reads the types', async () => {
    const typed = await walkList({ search: 'spread', nodeType: 'walk b', limit: '10' });
    expect(typed.pagination.totalCapped).toBe(true);
    expect(typed.data.map((n) => n.name)).toEqual(newest((i) => i % 4 === 2, 10));
    expect(typed.data.every((n) => n.nodeType === 'Walk B')).toBe(true);
    const byType = await walkList({ search: 'walk b', searchScope: 'extended', limit: '10' });
    expect(byType.pagination.totalCapped).toBe(true);
    expect(byType.data.map((n) => n.name)).toEqual(newest((i) => i % 4 === 2, 10));
  });
});

/**
 * The walk matches with lower(column) LIKE lower(pattern) where the index-served search uses
 * ILIKE (repository.ts `contains`): the same answer for every text and pattern, on this engine,
 * including the letters whose case mapping is not one to one.
 */
describe('lower() LIKE lower() answers as ILIKE', () => {
  it('for case-mapping edge cases, escaped wildcards and NULL', async () => {
    const texts = ['Straße', 'STRASSE', 'İstanbul', 'istanbul', 'ΣΊΣΥΦΟΣ', 'σίσυφος', 'Ǆemal', 'ǅemal', 'ǆemal', 'ﬁne', 'FINE', '100% sure', 'a_b', 'axb', 'a\\b', 'ÅNGSTRÖM', 'Kelvin K', 'kelvin', 'ΌΣΟΣ', 'Ὀδυσσεύς', 'ǰ', 'J̌', ''];
    const terms = ['straß', 'SS', 'İ', 'i̇', 'I', 'σ', 'ς', 'Σ', 'ǅ', 'ǆ', 'ﬁ', 'fi', '100%', 'a_b', 'a\\b', 'ångström', 'K', 'k', 'ὀδυσ', 'ǰ', 'ǰ', ''];
    const patterns = terms.map(likePattern);
    const differ = await t.db.query<{ s: string | null; p: string }>(
      `SELECT s, p FROM unnest($1::text[]) AS s, unnest($2::text[]) AS p
        WHERE (s ILIKE p) IS DISTINCT FROM (lower(s) LIKE lower(p))`,
      [[...texts, null], patterns],
    );
    expect(differ).toEqual([]);
    // The check above compares something: some pairs match, some do not.
    const [{ matches }] = await t.db.query<{ matches: number }>(`SELECT count(*) FILTER (WHERE s ILIKE p)::int AS matches FROM unnest($1::text[]) AS s, unnest($2::text[]) AS p`, [texts, patterns]);
    expect(matches).toBeGreaterThan(texts.length);
    expect(matches).toBeLessThan(texts.length * patterns.length);
  });
});
