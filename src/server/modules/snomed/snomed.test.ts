import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, SnomedConcept } from '../../../contract';
import { testApp, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: AuthResponse;
let viewer: AuthResponse;

beforeAll(async () => {
  t = await testApp();
  admin = await t.register('admin');
  viewer = await t.register('viewer');
  const rows: [string, string, string, boolean][] = [
    ['1000001', '38341003', 'Hypertensive disorder, systemic arterial (disorder)', true],
    ['1000002', '195967001', 'Asthma (disorder)', true],
    ['1000003', '25064002', 'Headache (finding)', false],
    ['99999999', '73211009', 'Diabetes mellitus (disorder)', true],
  ];
  for (const [id, conceptId, term, active] of rows) {
    await t.db.query(
      `INSERT INTO snomed_concepts (id, concept_id, term, active, effective_time, module_id, type_id, case_significance_id)
       VALUES ($1, $2, $3, $4, '20200731', '900000000000207008', '900000000000003001', '900000000000448009')`,
      [id, conceptId, term, active],
    );
  }
});
afterAll(() => t?.close());

const list = async (query: Record<string, string>) => {
  const res = await t.call({ method: 'GET', url: '/api/snomed/concepts', token: viewer.accessToken, query });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: SnomedConcept[]; pagination: { total: number; limit: number; page: number } }>();
};

describe('SNOMED catalogue', () => {
  it('pages from 1 and orders row ids numerically', async () => {
    const first = await list({ page: '1', limit: '2' });
    expect(first.pagination).toEqual({ total: 4, limit: 2, page: 1, totalCapped: false });
    expect(first.data.map((c) => c.id)).toEqual(['1000001', '1000002']);
    expect((await list({ page: '2', limit: '2' })).data.map((c) => c.id)).toEqual(['1000003', '99999999']);
    expect(first.data[0]).toEqual({
      id: '1000001',
      concept_id: '38341003',
      term: 'Hypertensive disorder, systemic arterial (disorder)',
      active: true,
      effective_time: '20200731',
      module_id: '900000000000207008',
      language_code: 'en',
      type_id: '900000000000003001',
      case_significance_id: '900000000000448009',
      usedBy: null,
    });
  });

  it('searches row id, concept id and term; filters by status; sorts by term', async () => {
    expect((await list({ search: '1000002' })).data.map((c) => c.term)).toEqual(['Asthma (disorder)']);
    expect((await list({ search: '73211009' })).data.map((c) => c.id)).toEqual(['99999999']);
    expect((await list({ search: 'DISORDER' })).pagination.total).toBe(3);
    expect((await list({ status: 'inactive' })).data.map((c) => c.id)).toEqual(['1000003']);
    expect((await list({ status: '' })).pagination.total).toBe(4);
    expect((await list({ sortBy: 'term', sortOrder: 'asc' })).data.map((c) => c.term)[0]).toBe('Asthma (disorder)');
  });

  it('only admins delete rows', async () => {
    expect((await t.call({ method: 'DELETE', url: '/api/snomed/concept/1000003', token: viewer.accessToken })).statusCode).toBe(403);
    expect((await t.call({ method: 'DELETE', url: '/api/snomed/concept/1000003', token: admin.accessToken })).statusCode).toBe(204);
    expect((await t.call({ method: 'DELETE', url: '/api/snomed/concept/1000003', token: admin.accessToken })).statusCode).toBe(404);
    expect((await t.call({ method: 'DELETE', url: '/api/snomed/concept/..%2Fetc', token: admin.accessToken })).statusCode).toBe(400);
  });
});

describe('user directory and stats', () => {
  it('non-admins see id and username only; admins see full records without secrets', async () => {
    const dir = (await t.call({ method: 'GET', url: '/api/users', token: viewer.accessToken })).json();
    expect(dir.data).toEqual([
      { id: admin.user.id, username: 'admin' },
      { id: viewer.user.id, username: 'viewer' },
    ]);
    const full = await t.call({ method: 'GET', url: '/api/users', token: admin.accessToken });
    expect(full.json().data[1]).toMatchObject({ username: 'viewer', email: 'viewer@example.org', role: 'viewer' });
    expect(full.body).not.toMatch(/password|scrypt/);
  });

  it('GET /stats counts for every signed-in user', async () => {
    const stats = (await t.call({ method: 'GET', url: '/api/stats', token: viewer.accessToken })).json();
    expect(stats).toEqual({ nodeCount: 0, relationCount: 0, userCount: 2, nodeTypeCount: 0, relationTypeCount: 0 });
  });
});
