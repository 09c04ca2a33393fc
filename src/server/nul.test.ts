import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUL_MESSAGE } from '../contract/nul';
import { testApp, type TestApp } from './test/harness';

/**
 * U+0000 anywhere in a request is a 400 with one clear message, never a 500 (issue 14 item 4).
 * The cases come from the server's own OpenAPI document (generated from the routes' zod schemas):
 * every string field of every route's body, query and path params, NUL in one field at a time.
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

beforeAll(async () => {
  t = await testApp();
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
afterAll(() => t?.close());

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
