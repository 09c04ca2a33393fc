import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuthResponse, SnomedConcept } from '../../../contract';
import { testApp, type TestApp } from '../../test/harness';

/** Each concept of GET /snomed/concepts says which node already uses its code. */
let t: TestApp;
let admin: AuthResponse;
let asthmaId: string;

beforeAll(async () => {
  t = await testApp();
  admin = await t.register('admin');
  await t.db.query(
    `INSERT INTO snomed_concepts (id, concept_id, term, active)
     SELECT i::text, (195967000 + i)::text, 'Asthma variant ' || i, true FROM generate_series(1, 60) AS i`,
  );
  await t.call({ method: 'POST', url: '/api/nodetypes', token: admin.accessToken, payload: { name: 'Disease' } });
  const asthma = await t.call({ method: 'POST', url: '/api/nodes', token: admin.accessToken, payload: { name: 'asthma', nodeType: 'Disease', snomedCode: '195967001' } });
  asthmaId = asthma.json().id;
  for (const i of [2, 3, 40]) {
    await t.call({ method: 'POST', url: '/api/nodes', token: admin.accessToken, payload: { name: `node ${i}`, nodeType: 'Disease', snomedCode: String(195967000 + i) } });
  }
});
afterAll(() => t?.close());

const list = async (query: Record<string, string>) => {
  const res = await t.call({ method: 'GET', url: '/api/snomed/concepts', token: admin.accessToken, query });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: SnomedConcept[] }>().data;
};

describe('SNOMED concepts: usedBy', () => {
  it('names the node using each code and null for free codes', async () => {
    const page = await list({ search: 'asthma', limit: '5', sortBy: 'id' });
    expect(page.map((c) => [c.concept_id, c.usedBy])).toEqual([
      ['195967001', { id: asthmaId, name: 'asthma' }],
      ['195967002', { id: expect.any(String), name: 'node 2' }],
      ['195967003', { id: expect.any(String), name: 'node 3' }],
      ['195967004', null],
      ['195967005', null],
    ]);
    // A search by code answers the same.
    expect((await list({ search: '195967040' }))[0].usedBy?.name).toBe('node 40');
  });

  it('a renamed node is named by its new name; a freed code is free again', async () => {
    await t.call({ method: 'PUT', url: `/api/nodes/${asthmaId}`, token: admin.accessToken, payload: { name: 'Asthma (disorder)', nodeType: 'Disease', snomedCode: '' } });
    expect((await list({ search: '195967001' }))[0].usedBy).toBeNull();
  });

  it('looks the whole page up in one statement, not one per concept', async () => {
    const query = vi.spyOn(t.db, 'query');
    try {
      const page = await list({ search: 'asthma', limit: '50' });
      expect(page).toHaveLength(50);
      const lookups = query.mock.calls.filter(([sql]) => /FROM nodes/i.test(String(sql)) && /snomed_code/i.test(String(sql)));
      expect(lookups).toHaveLength(1);
    } finally {
      query.mockRestore();
    }
  });
});
