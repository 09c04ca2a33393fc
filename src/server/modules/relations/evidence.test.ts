import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVIDENCE_MESSAGES, type AuthResponse, type HistoryPage, type NodeRelationItem, type Relation } from '../../../contract';
import { testApp, type TestApp } from '../../test/harness';

/**
 * A relation's evidence: `{ source, quote?, grade? }` in its body and its answers, each source
 * format-checked by its prefix, written with the relation (its version, its history).
 */
let t: TestApp;
let admin: AuthResponse;
let viewer: AuthResponse;
const ids: Record<string, string> = {};

const base = () => ({ relationName: 'treats', sourceNodeId: ids.Drug, targetNodeId: ids.Disease, relationType: 'treats' });
const post = (payload: object) => t.call({ method: 'POST', url: '/api/relations', token: admin.accessToken, payload });
const put = (id: string, payload: object, version?: number) =>
  t.call({ method: 'PUT', url: `/api/relations/${id}`, token: admin.accessToken, payload, headers: version ? { 'if-match': `"${version}"` } : {} });
const get = (id: string, token = admin.accessToken) => t.call({ method: 'GET', url: `/api/relations/${id}`, token });

beforeAll(async () => {
  t = await testApp();
  admin = await t.register('admin');
  viewer = await t.register('vi');
  await t.call({ method: 'POST', url: '/api/nodetypes', token: admin.accessToken, payload: { name: 'Thing' } });
  await t.call({ method: 'POST', url: '/api/relationtypes', token: admin.accessToken, payload: { name: 'treats' } });
  for (const name of ['Drug', 'Disease', 'Other']) {
    ids[name] = (await t.call({ method: 'POST', url: '/api/nodes', token: admin.accessToken, payload: { name, nodeType: 'Thing' } })).json().id;
  }
});
afterAll(() => t?.close());

const EVIDENCE = [
  { source: 'PMID:31415926', quote: 'Reduced exacerbations by 40%', grade: 'high' },
  { source: 'DOI:10.1056/NEJMoa2034577', grade: 'moderate' },
  { source: 'https://www.nice.org.uk/guidance/ng80' },
  { source: 'Clinical practice at our ward, 2024', quote: '  ', grade: 'very low' },
];

describe('evidence round-trips through the relation API', () => {
  it('POST stores the sources in order; GET, the list, a node\'s relations and the graph answer them', async () => {
    const res = await post({ ...base(), evidence: EVIDENCE });
    expect(res.statusCode).toBe(201);
    const expected = [
      { source: 'PMID:31415926', quote: 'Reduced exacerbations by 40%', grade: 'high' },
      { source: 'DOI:10.1056/NEJMoa2034577', grade: 'moderate' },
      { source: 'https://www.nice.org.uk/guidance/ng80' },
      // A blank quote is no quote.
      { source: 'Clinical practice at our ward, 2024', grade: 'very low' },
    ];
    expect(res.json<Relation>().evidence).toEqual(expected);
    ids.relation = res.json<Relation>().id;
    // Readers see evidence (it is not internal like the note).
    expect((await get(ids.relation, viewer.accessToken)).json<Relation>().evidence).toEqual(expected);
    const list = await t.call({ method: 'GET', url: '/api/relations', token: admin.accessToken });
    expect(list.json<{ data: Relation[] }>().data.find((r) => r.id === ids.relation)?.evidence).toEqual(expected);
    const ofNode = await t.call({ method: 'GET', url: `/api/nodes/${ids.Drug}/relations`, token: viewer.accessToken });
    expect(ofNode.json<NodeRelationItem[]>()[0].evidence).toEqual(expected);
  });

  it('a relation without evidence answers an empty list', async () => {
    const res = await post({ ...base(), targetNodeId: ids.Other });
    expect(res.statusCode).toBe(201);
    expect(res.json<Relation>().evidence).toEqual([]);
    ids.plain = res.json<Relation>().id;
  });

  it('PUT without evidence keeps it; with a list replaces it and moves the version on; [] removes it', async () => {
    const before = (await get(ids.relation)).json<Relation>();
    const kept = await put(ids.relation, { ...base(), weight: 70 }, before.version);
    expect(kept.statusCode).toBe(200);
    expect(kept.json<Relation>().evidence).toHaveLength(4);
    const replaced = await put(ids.relation, { ...base(), weight: 70, evidence: [{ source: 'PMID:1', grade: 'low' }] }, kept.json<Relation>().version);
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json<Relation>().evidence).toEqual([{ source: 'PMID:1', grade: 'low' }]);
    expect(replaced.json<Relation>().version).toBe(kept.json<Relation>().version! + 1);
    // A stale copy's evidence change is an edit conflict like any other change of the relation.
    const stale = await put(ids.relation, { ...base(), evidence: [] }, kept.json<Relation>().version);
    expect(stale.statusCode).toBe(412);
    expect(stale.json<{ current: Relation }>().current.evidence).toEqual([{ source: 'PMID:1', grade: 'low' }]);
    const cleared = await put(ids.relation, { ...base(), weight: 70, evidence: [] }, replaced.json<Relation>().version);
    expect(cleared.json<Relation>().evidence).toEqual([]);
  });

  it("the relation's history shows each evidence change, and a restore brings the evidence back", async () => {
    const history = (await t.call({ method: 'GET', url: `/api/relations/${ids.relation}/history`, token: admin.accessToken })).json<HistoryPage>();
    const evidenceChanges = history.data.flatMap((e) => e.changes.filter((c) => c.field === 'evidence'));
    // Newest first: cleared, replaced, (kept: no change), created.
    expect(evidenceChanges).toHaveLength(3);
    expect(evidenceChanges[0]).toEqual({ field: 'evidence', before: [{ source: 'PMID:1', grade: 'low' }], after: null });
    expect(evidenceChanges[2].before).toBeNull();
    expect(evidenceChanges[2].after).toHaveLength(4);
    const created = history.data[history.data.length - 1];
    const restored = await t.call({ method: 'POST', url: `/api/relations/${ids.relation}/restore`, token: admin.accessToken, payload: { eventId: created.id } });
    expect(restored.statusCode).toBe(200);
    expect((await get(ids.relation)).json<Relation>().evidence).toHaveLength(4);
  });

  it('deleting a relation deletes its evidence', async () => {
    const res = await post({ ...base(), relationName: 'gone', targetNodeId: ids.Drug, sourceNodeId: ids.Other, evidence: [{ source: 'PMID:2' }] });
    const id = res.json<Relation>().id;
    expect((await t.call({ method: 'DELETE', url: `/api/relations/${id}`, token: admin.accessToken })).statusCode).toBe(204);
    expect(await t.db.query('SELECT 1 FROM relation_evidence WHERE relation_id = $1', [id])).toEqual([]);
  });
});

describe('evidence refusals (400, nothing written)', () => {
  const refusals: [string, unknown, string][] = [
    ['a PMID with letters', [{ source: 'PMID:12ab' }], EVIDENCE_MESSAGES.invalidPmid],
    ['a PMID without digits', [{ source: 'PMID:' }], EVIDENCE_MESSAGES.invalidPmid],
    ['a lower-case pmid prefix', [{ source: 'pmid:123' }], EVIDENCE_MESSAGES.invalidPmid],
    ['a DOI without the 10. directory', [{ source: 'DOI:11.1000/abc' }], EVIDENCE_MESSAGES.invalidDoi],
    ['a DOI without a suffix', [{ source: 'DOI:10.1000/' }], EVIDENCE_MESSAGES.invalidDoi],
    ['a DOI with a space', [{ source: 'DOI:10.1000/a b' }], EVIDENCE_MESSAGES.invalidDoi],
    ['an http address without a host', [{ source: 'https://' }], EVIDENCE_MESSAGES.invalidUrl],
    ['an http address without a dotted host', [{ source: 'http://localhost/x' }], EVIDENCE_MESSAGES.invalidUrl],
    ['an empty source', [{ source: '  ' }], EVIDENCE_MESSAGES.sourceRequired],
    ['no source', [{ quote: 'q' }], EVIDENCE_MESSAGES.sourceRequired],
    ['a too long source', [{ source: 'x'.repeat(501) }], EVIDENCE_MESSAGES.sourceTooLong],
    ['a too long quote', [{ source: 'PMID:1', quote: 'q'.repeat(1001) }], EVIDENCE_MESSAGES.quoteTooLong],
    ['an unknown grade', [{ source: 'PMID:1', grade: 'strong' }], EVIDENCE_MESSAGES.invalidGrade],
    ['too many sources', Array.from({ length: 21 }, (_, i) => ({ source: `PMID:${i + 1}` })), EVIDENCE_MESSAGES.tooMany],
    ['not a list', { source: 'PMID:1' }, EVIDENCE_MESSAGES.notAList],
  ];
  for (const [what, evidence, message] of refusals) {
    it(`refuses ${what}`, async () => {
      const created = await post({ ...base(), relationName: 'refused', sourceNodeId: ids.Other, targetNodeId: ids.Disease, evidence });
      expect(created.statusCode).toBe(400);
      expect(created.json()).toMatchObject({ code: 'validation_error', error: message });
      const updated = await put(ids.plain, { ...base(), targetNodeId: ids.Other, evidence });
      expect(updated.statusCode).toBe(400);
      expect(updated.json<{ details: string[] }>().details).toContain(message);
    });
  }

  it('left nothing behind', async () => {
    expect((await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM relations WHERE relation_name = 'refused'`))[0].n).toBe(0);
    expect((await get(ids.plain)).json<Relation>().evidence).toEqual([]);
  });

  it('free text that merely mentions an identifier is a citation, not a refused identifier', async () => {
    const res = await put(ids.plain, { ...base(), targetNodeId: ids.Other, evidence: [{ source: 'See PMID:abc in the appendix' }] });
    expect(res.statusCode).toBe(200);
    expect(res.json<Relation>().evidence).toEqual([{ source: 'See PMID:abc in the appendix' }]);
  });

  it('a viewer may not write evidence (403)', async () => {
    const res = await t.call({ method: 'PUT', url: `/api/relations/${ids.plain}`, token: viewer.accessToken, payload: { ...base(), targetNodeId: ids.Other, evidence: [] } });
    expect(res.statusCode).toBe(403);
  });
});
