import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, KnowledgeNode, TaxonomyType } from '../../../contract';
import { TYPE_PALETTE } from '../../../contract/knowledge/type-colors';
import { testApp, type TestApp } from '../../test/harness';

/** Every node type keeps its own stored colour. */
let t: TestApp;
let admin: AuthResponse;

beforeAll(async () => {
  t = await testApp();
  admin = await t.register('admin1');
});
afterAll(() => t?.close());

const create = (payload: object) => t.call({ method: 'POST', url: '/api/nodetypes', token: admin.accessToken, payload });
const list = async () => (await t.call({ method: 'GET', url: '/api/nodetypes', token: admin.accessToken })).json<TaxonomyType[]>();

describe('node type colours', () => {
  it('new types take the next unused palette colour, and adding a type recolours none', async () => {
    const zeta = (await create({ name: 'Zeta' })).json<TaxonomyType>();
    const mu = (await create({ name: 'Mu' })).json<TaxonomyType>();
    expect([zeta.color, mu.color]).toEqual([TYPE_PALETTE[0], TYPE_PALETTE[1]]);
    // 'Alpha' sorts first; by position it would have taken Zeta's colour.
    await create({ name: 'Alpha' });
    const byName = Object.fromEntries((await list()).map((x) => [x.name, x.color]));
    expect(byName).toEqual({ Alpha: TYPE_PALETTE[2], Mu: TYPE_PALETTE[1], Zeta: TYPE_PALETTE[0] });
  });

  it('a chosen colour is stored lower-case, kept on rename, changed when given; bad colours are 400', async () => {
    const drug = (await create({ name: 'Drug', color: '#AA3366' })).json<TaxonomyType>();
    expect(drug.color).toBe('#aa3366');
    const put = (payload: object) => t.call({ method: 'PUT', url: `/api/nodetypes/${drug.id}`, token: admin.accessToken, payload });
    expect((await put({ name: 'Medication' })).json<TaxonomyType>()).toMatchObject({ name: 'Medication', color: '#aa3366' });
    expect((await put({ name: 'Medication', color: '#123abc' })).json<TaxonomyType>().color).toBe('#123abc');
    for (const color of ['red', '#12345', '#1234567', '#ggg000', '']) {
      const res = await put({ name: 'Medication', color });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Colour must be a hex colour like #2f6db3');
    }
    const bad = await create({ name: 'Bad', color: 'url(javascript:x)' });
    expect(bad.statusCode).toBe(400);
  });

  it('types created without the API (bulk upload, seeds) get palette colours too, spread over it', async () => {
    await t.db.query(`INSERT INTO node_types (name) VALUES ('Bulk A'), ('Bulk B')`);
    const colors = (await list()).filter((x) => x.name.startsWith('Bulk')).map((x) => x.color);
    expect(new Set(colors).size).toBe(2);
    for (const c of colors) expect(TYPE_PALETTE).toContain(c);
  });

  it('nodes carry their type colour for the chips; relation types have none', async () => {
    const type = (await list()).find((x) => x.name === 'Zeta')!;
    const node = await t.call({ method: 'POST', url: '/api/nodes', token: admin.accessToken, payload: { name: 'Asthma', nodeType: 'Zeta' } });
    expect(node.statusCode).toBe(201);
    expect(node.json<KnowledgeNode>().nodeTypeColor).toBe(type.color);
    const page = (await t.call({ method: 'GET', url: '/api/nodes', token: admin.accessToken })).json<{ data: KnowledgeNode[] }>();
    expect(page.data.find((n) => n.name === 'Asthma')?.nodeTypeColor).toBe(type.color);
    const rel = (await t.call({ method: 'POST', url: '/api/relationtypes', token: admin.accessToken, payload: { name: 'treats', color: '#000000' } })).json<TaxonomyType>();
    expect(rel.color).toBeNull();
  });
});
