import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../contract';
import { NUL_MESSAGE } from '../contract/nul';
import { testApp, type TestApp } from './test/harness';
import { routeCollector, urlOf } from './test/route-table';

/**
 * U+0000 anywhere in a request is a 400 with one clear message, never a 500.
 * The cases come from the server's own OpenAPI document (generated from the routes' zod schemas):
 * every string field of every route's body, query and path params, NUL in one field at a time.
 *
 * Input nested past the bound (64 levels under /api, 256 under /fhir) is a 400 `too_deep` for
 * every route the app registers (read from its route tree: routes outside /api and routes added
 * later included), before the NUL check or anything else walks it.
 */
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}
interface Operation {
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
}
interface Case {
  name: string;
  method: string;
  url: string;
  payload?: unknown;
}

let t: TestApp;
let token: string;
const { routes, observe } = routeCollector();
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kg-nul-dist-'));
const cases: Case[] = [];
const NUL = 'a\u0000b';
const ID = '00000000-0000-4000-8000-000000000001';

const variants = (s: JsonSchema): JsonSchema[] => [s, ...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])];
const has = (s: JsonSchema, type: string) => variants(s).some((v) => v.type === type || (Array.isArray(v.type) && v.type.includes(type)));
const objectOf = (s: JsonSchema) => variants(s).find((v) => v.properties);
const arrayOf = (s: JsonSchema) => variants(s).find((v) => v.items)?.items;

/** Payloads with NUL in one string field each (nested objects and arrays of strings included). */
function bodiesWithNul(schema: JsonSchema, path: string[] = []): { field: string; value: unknown }[] {
  const out: { field: string; value: unknown }[] = [];
  if (has(schema, 'string')) out.push({ field: path.join('.') || '(body)', value: NUL });
  const items = arrayOf(schema);
  if (items) for (const inner of bodiesWithNul(items, [...path, '0'])) out.push({ field: inner.field, value: [inner.value] });
  const object = objectOf(schema);
  for (const [key, prop] of Object.entries(object?.properties ?? {})) {
    for (const inner of bodiesWithNul(prop, [...path, key])) out.push({ field: inner.field, value: { [key]: inner.value } });
  }
  return out;
}

const signIn = async (): Promise<string> =>
  (await t.call({ method: 'POST', url: '/api/auth/login', payload: { login: 'admin', password: 'secret-pw' } })).json<{ accessToken: string }>().accessToken;

beforeAll(async () => {
  // With the built front end and the examples, so that their routes are in the table too.
  fs.mkdirSync(path.join(dist, 'host'), { recursive: true });
  fs.mkdirSync(path.join(dist, 'widgets'));
  fs.mkdirSync(path.join(dist, 'examples'));
  fs.writeFileSync(path.join(dist, 'host', 'index.html'), '<!doctype html><title>host</title>');
  fs.writeFileSync(path.join(dist, 'widgets', 'kg-elements.js'), 'export {}');
  fs.writeFileSync(path.join(dist, 'examples', 'index.html'), '<!doctype html><title>examples</title>');
  t = await testApp({ distDir: dist, examplesDir: path.join(dist, 'examples'), examples: true }, { onRoute: observe });
  token = (await t.register('admin')).accessToken;
  const doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, Operation>> }>();
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const [method, op] of Object.entries(ops)) {
      const params = op.parameters ?? [];
      const pathParams = params.filter((p) => p.in === 'path').map((p) => p.name);
      const url = (nulIn?: string) =>
        path.replace(/\{(\w+)\}/g, (_, name: string) => (name === nulIn ? encodeURIComponent(NUL) : name === 'filename' ? 'errors.xlsx' : ID));
      const label = `${method.toUpperCase()} ${path}`;
      const json = op.requestBody?.content?.['application/json']?.schema;
      const emptyBody = json ? { payload: {} } : {};
      for (const name of pathParams) cases.push({ name: `${label} path ${name}`, method, url: url(name), ...emptyBody });
      for (const q of params.filter((p) => p.in === 'query' && has(p.schema, 'string'))) {
        cases.push({ name: `${label} query ${q.name}`, method, url: `${url()}?${q.name}=${encodeURIComponent(NUL)}`, ...emptyBody });
      }
      if (json) for (const b of bodiesWithNul(json)) cases.push({ name: `${label} body ${b.field}`, method, url: url(), payload: b.value });
    }
  }
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('NUL characters', () => {
  it('the cases cover the API (routes with string fields in body, query or params)', () => {
    expect(cases.length).toBeGreaterThan(80);
    expect(cases.map((c) => c.name)).toContain('POST /api/auth/login body login');
  });

  it('are refused with 400 and one message in every string field of every route', async () => {
    const failures: string[] = [];
    for (const c of cases) {
      const res = await t.call({ method: c.method.toUpperCase(), url: c.url, token, ...(c.payload !== undefined ? { payload: c.payload as object } : {}) });
      const body = res.json<{ error?: string }>();
      if (res.statusCode !== 400 || body.error !== NUL_MESSAGE) failures.push(`${c.name}: ${res.statusCode} ${body.error}`);
    }
    expect(failures).toEqual([]);
  });

  it('are refused in object keys and nested values, and at sign-in without a session', async () => {
    const login = await t.call({ method: 'POST', url: '/api/auth/login', payload: { login: 'admin\u0000', password: 'x' } });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({ error: NUL_MESSAGE, code: 'validation_error' });
    const key = await t.call({ method: 'PUT', url: '/api/auth/profile', token, payload: { ['user\u0000name']: 'x' } });
    expect(key.json().error).toBe(NUL_MESSAGE);
  });
});

/** JSON text nested `depth` arrays deep. */
const nestedJson = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
/** A query key that a qs-style parser would nest `depth` levels deep (`a[x][x]…=1`). */
const nestedQuery = (depth: number) => `a${'[x]'.repeat(depth - 1)}=1`;
/** The nesting bound of a route: FHIR resources nest deeper than the API's payloads (config inputDepthLimits). */
const boundOf = (path: string) => (path === '/fhir' || path.startsWith('/fhir/') ? 256 : 64);
/** The refusal's code: the API's `code`, or an OperationOutcome's `diagnostics` under /fhir. */
const codeOf = (res: { json: <T>() => T }) => {
  const body = res.json<{ code?: string; issue?: { diagnostics?: string }[] }>();
  return body.code ?? body.issue?.[0]?.diagnostics;
};
const takesBody = (method: string) => method === 'POST' || method === 'PUT' || method === 'DELETE' || method === 'PATCH';

describe('input nested too deep', () => {
  it('the route table holds every documented route and routes outside /api', () => {
    const keys = new Set(routes.map((r) => `${r.method} ${r.path}`));
    expect(keys).toContain('POST /api/auth/logout');
    expect(keys).toContain('GET /api/nodes/:id');
    expect(keys).toContain('GET /examples/*');
    expect(keys).toContain('GET /widgets/*');
    expect(keys).toContain('GET /*');
    expect(keys).toContain('GET /api/docs/json');
    const documented = cases.map((c) => c.name.split(' ').slice(0, 2).join(' '));
    const table = routes.map((r) => `${r.method.toLowerCase()} ${r.path.replace(/:(\w+)/g, '{$1}')}`);
    for (const op of new Set(documented)) expect(table.map((k) => k.toUpperCase())).toContain(op.toUpperCase());
  });

  it('a body nested past 64 levels (256 under /fhir) is a 400 too_deep on every route that takes a body, and 64 levels are not', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => takesBody(r.method))) {
      const url = urlOf(route.path, ID);
      const bound = boundOf(route.path);
      // The in-bound call may end the sign-in (sign-out routes), and a revoked token is refused on the next request.
      const token = await signIn();
      for (const depth of [bound + 1, 5_000]) {
        const res = await t.call({ method: route.method, url, token, headers: { 'content-type': 'application/json' }, payload: nestedJson(depth) });
        if (res.statusCode !== 400 || codeOf(res) !== 'too_deep') failures.push(`${route.method} ${route.path} depth ${depth}: ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
      const atBound = await t.call({ method: route.method, url, token, headers: { 'content-type': 'application/json' }, payload: nestedJson(bound) });
      if (atBound.statusCode >= 500 || atBound.body.includes('too_deep')) failures.push(`${route.method} ${route.path} depth ${bound}: ${atBound.statusCode}`);
    }
    expect(failures).toEqual([]);
    // A sign-in per route (each hashes the password): on a loaded machine the default 30 s is short.
  }, 120_000);

  it('a query nested past 64 levels (256 under /fhir) is a 400 too_deep on every route', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const bound = boundOf(route.path);
      const res = await t.call({ method: route.method, url: `${urlOf(route.path, ID)}?${nestedQuery(bound + 1)}`, token });
      if (res.statusCode !== 400 || codeOf(res) !== 'too_deep') failures.push(`${route.method} ${route.path}: ${res.statusCode}`);
      const atBound = await t.call({ method: route.method, url: `${urlOf(route.path, ID)}?${nestedQuery(bound)}`, token });
      if (atBound.statusCode === 400 && atBound.body.includes('too_deep')) failures.push(`${route.method} ${route.path} at the bound: too_deep`);
    }
    expect(failures).toEqual([]);
  });

  it('says so in words, without a session, at once, and before any route hook (unknown paths too)', async () => {
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => t.call({ method: 'POST', url: '/api/auth/logout', headers: { 'content-type': 'application/json' }, payload: nestedJson(500_000) })),
    );
    const elapsed = performance.now() - started;
    for (const res of answers) expect(res.json()).toEqual({ error: MESSAGES.generic.tooDeep, code: 'too_deep' });
    // Eight 1 MB bodies: one pass over the bytes each, no parse, no walk (the walk took seconds).
    expect(elapsed).toBeLessThan(2_000);
    const unknown = await t.call({ method: 'POST', url: '/no/such/route', headers: { 'content-type': 'application/json' }, payload: nestedJson(65) });
    expect(unknown.json().code).toBe('too_deep');
  });

  it('applies the bound of the longest configured prefix: /fhir allows 256 levels', async () => {
    // A fresh sign-in: the write passes the guard, so the body is read (and the type then refused, 404).
    const writer = await signIn();
    const fhir = (depth: number) => t.call({ method: 'POST', url: '/fhir/Patient', token: writer, headers: { 'content-type': 'application/json' }, payload: nestedJson(depth) });
    expect((await fhir(256)).statusCode).toBe(404);
    expect(codeOf(await fhir(257))).toBe('too_deep');
    const query = await t.call({ method: 'GET', url: `/fhir/Patient?${nestedQuery(257)}` });
    expect(codeOf(query)).toBe('too_deep');
    expect((await t.call({ method: 'GET', url: `/fhir/Patient?${nestedQuery(200)}` })).body).not.toContain('too_deep');
    // /fhirx is not under /fhir: the /api bound applies.
    expect((await t.call({ method: 'POST', url: '/fhirx', headers: { 'content-type': 'application/json' }, payload: nestedJson(65) })).json().code).toBe('too_deep');
  });

  it('counts brackets inside strings as text, not nesting', async () => {
    const res = await t.call({ method: 'POST', url: '/api/auth/login', payload: { login: '['.repeat(200) + '"\\', password: '{'.repeat(150) } });
    expect(res.statusCode).toBe(401);
  });
});
