import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, SnomedConcept } from '../../../contract';
import { testApp, type TestApp } from '../../test/harness';

/**
 * Catalogue lists beyond the count cap: the total stops at 1,000 with totalCapped, and the page
 * read by walking the id-order index equals the page read by sorting every match.
 */
let t: TestApp;
let viewer: AuthResponse;

beforeAll(async () => {
  t = await testApp();
  await t.register('admin');
  viewer = await t.register('viewer');
  // Ids 1..1500 (numeric order differs from text order); 1,125 "disorder" rows, 375 "Migraine" rows; every 10th inactive.
  await t.db.query(
    `INSERT INTO snomed_concepts (id, concept_id, term, active)
     SELECT i::text, (700000 + i)::text,
            CASE WHEN i % 4 = 0 THEN 'Migraine variant ' || i ELSE 'Generic disorder ' || i END,
            i % 10 <> 0
       FROM generate_series(1, 1500) AS i`,
  );
});
afterAll(() => t?.close());

type Page = { data: SnomedConcept[]; pagination: { total: number; limit: number; page: number; totalCapped: boolean } };
const list = async (query: Record<string, string>) => {
  const res = await t.call({ method: 'GET', url: '/api/snomed/concepts', token: viewer.accessToken, query });
  expect(res.statusCode).toBe(200);
  return res.json<Page>();
};
const ids = (p: Page) => p.data.map((c) => c.id);
/** The ids a full sort gives: every match, in numeric id order. */
const expected = (match: (i: number) => boolean, from: number, count: number) =>
  Array.from({ length: 1500 }, (_, k) => k + 1)
    .filter(match)
    .slice(from, from + count)
    .map(String);
const disorder = (i: number) => i % 4 !== 0;

describe('SNOMED catalogue beyond the count cap', () => {
  it('caps the total of a frequent word and still pages it in numeric id order', async () => {
    const first = await list({ search: 'DISORDER', limit: '10' });
    expect(first.pagination).toEqual({ total: 1000, limit: 10, page: 1, totalCapped: true });
    expect(ids(first)).toEqual(expected(disorder, 0, 10));
    // Within the walked window and beyond it (page 11 of 10 sorts the matches): the same order.
    expect(ids(await list({ search: 'disorder', page: '3', limit: '25' }))).toEqual(expected(disorder, 50, 25));
    expect(ids(await list({ search: 'disorder', page: '11', limit: '10' }))).toEqual(expected(disorder, 100, 10));
    expect(ids(await list({ search: 'disorder', page: '2', limit: '50', sortOrder: 'desc' }))).toEqual(expected(disorder, 0, 1125).reverse().slice(50, 100));
  });

  it('counts a rarer word exactly', async () => {
    const page = await list({ search: 'migraine', page: '2', limit: '10' });
    expect(page.pagination).toEqual({ total: 375, limit: 10, page: 2, totalCapped: false });
    expect(ids(page)).toEqual(expected((i) => i % 4 === 0, 10, 10));
  });

  it('answers a page past the end with no rows and the total', async () => {
    expect(await list({ search: 'migraine', page: '100' })).toEqual({ data: [], pagination: { total: 375, limit: 10, page: 100, totalCapped: false } });
    expect(await list({ search: 'disorder', page: '200' })).toEqual({ data: [], pagination: { total: 1000, limit: 10, page: 200, totalCapped: true } });
    expect((await list({ search: 'no such term' })).pagination).toEqual({ total: 0, limit: 10, page: 1, totalCapped: false });
  });

  it('caps browsing and a status filter alone; combines a capped search with a status', async () => {
    const all = await list({ page: '5', limit: '10' });
    expect(all.pagination).toMatchObject({ total: 1000, totalCapped: true });
    expect(ids(all)).toEqual(expected(() => true, 40, 10));
    const inactive = await list({ status: 'inactive', limit: '10' });
    expect(inactive.pagination).toMatchObject({ total: 150, totalCapped: false });
    expect(ids(inactive)).toEqual(expected((i) => i % 10 === 0, 0, 10));
    const activeDisorders = await list({ search: 'disorder', status: 'active', limit: '10' });
    expect(activeDisorders.pagination).toMatchObject({ total: 1000, totalCapped: true });
    expect(ids(activeDisorders)).toEqual(expected((i) => disorder(i) && i % 10 !== 0, 0, 10));
  });

  it('finds digits as a row id, a concept id or inside a term; searches shorter than a trigram', async () => {
    expect(ids(await list({ search: '700123' }))).toEqual(['123']);
    const digits = await list({ search: '1499' });
    expect(ids(digits)).toEqual(['1499']); // row id and the term "Generic disorder 1499"
    expect(digits.pagination).toMatchObject({ total: 1, totalCapped: false });
    // No three letters or digits in a row (no trigram): counted and paged without the trigram index.
    const few = await list({ search: 'r 1', limit: '5' });
    expect(few.pagination).toMatchObject({ total: 459, totalCapped: false });
    expect(ids(few)).toEqual(expected((i) => String(i).startsWith('1') && disorder(i), 0, 5));
    const many = await list({ search: 'OR', limit: '5' });
    expect(many.pagination).toMatchObject({ total: 1000, totalCapped: true });
    expect(ids(many)).toEqual(expected(disorder, 0, 5));
  });

  it('has the id-order index the walk relies on', async () => {
    const rows = await t.db.query<{ indexdef: string }>(`SELECT indexdef FROM pg_indexes WHERE indexname = 'snomed_concepts_id_order'`);
    expect(rows[0]?.indexdef).toMatch(/btree \(length\(id\), id\)/);
  });
});
