import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HIDDEN_FIELDS, SYSTEM_ROLE_PERMISSIONS } from '../contract';
import { testApp, type TestApp } from './test/harness';

/**
 * A filter or a sort may only use what its caller is allowed to read: otherwise a search answers
 * "yes" or "no" about a hidden field, one guessed letter at a time (a viewer recovered another
 * user's email through GET /users?search= in 357 requests).
 *
 * Every hidden field gets a planted secret. Every list route of the OpenAPI document (GET, no path
 * parameters) is called with each of its free-text query parameters set to each secret and to a
 * control of the same shape that matches nothing, by a caller who may use every list route but
 * lacks the permissions that show the hidden fields: the two answers must be the same. No sort
 * parameter may offer a hidden field. The next list route or filter is walked without anyone adding it.
 */
interface Param {
  in: string;
  name: string;
  required?: boolean;
  schema: { type?: string | string[]; enum?: string[]; format?: string; anyOf?: { enum?: string[] }[] };
}

/** A secret planted in each hidden field (contract/hidden-fields.ts), and a control that matches nothing. */
const SECRETS: Record<string, { secret: string; control: string }> = {
  'relation.note': { secret: 'zqxinternal', control: 'zqxabsentyy' },
  'user.email': { secret: 'zqxmailbox', control: 'zqxabsentx' },
  'user.mobileNo': { secret: '555 0173', control: '555 0174' },
};
const HIDDEN = HIDDEN_FIELDS.map((h) => ({ ...h, ...SECRETS[`${h.entityType}.${h.field}`] }));
const HIDDEN_PERMISSIONS = [...new Set(HIDDEN.map((h) => h.permission))];

let t: TestApp;
let admin: string;
let reader: string;
let lists: { path: string; params: Param[] }[];

beforeAll(async () => {
  t = await testApp();
  admin = (await t.register('hidden_admin')).accessToken;
  const call = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await t.call({ method, url, token: admin, payload });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json<{ id: string }>();
  };
  // The secrets: another user's email and mobile number, a relation's internal note (and with it the
  // audit events that recorded them).
  const victim = await call('POST', '/api/users', { username: 'victim', email: 'zqxmailbox@example.org', password: 'Str0ng-pass-1', role: 'viewer' });
  await call('PUT', `/api/users/${victim.id}`, { mobileNo: '+1 555 0173' });
  await call('POST', '/api/nodetypes', { name: 'Disease' });
  await call('POST', '/api/relationtypes', { name: 'treats' });
  const [a, b] = [await call('POST', '/api/nodes', { name: 'Asthma', nodeType: 'Disease' }), await call('POST', '/api/nodes', { name: 'Wheeze', nodeType: 'Disease' })];
  await call('POST', '/api/relations', { relationName: 'causes', sourceNodeId: a.id, targetNodeId: b.id, relationType: 'treats', note: 'zqxinternal remark' });

  // Every permission but those that show the hidden fields: every list route is open to this reader.
  const permissions = SYSTEM_ROLE_PERMISSIONS.admin.filter((p) => !(HIDDEN_PERMISSIONS as readonly string[]).includes(p));
  await t.db.query(`INSERT INTO roles (name, permissions) VALUES ('Almost all', $1)`, [permissions]);
  await call('POST', '/api/users', { username: 'prober', email: 'prober@example.org', password: 'Str0ng-pass-1', role: 'Almost all' });
  const login = await t.call({ method: 'POST', url: '/api/auth/login', payload: { login: 'prober', password: 'Str0ng-pass-1' } });
  reader = login.json<{ accessToken: string }>().accessToken;

  const doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, { get?: { parameters?: Param[] } }> }>();
  lists = Object.entries(doc.paths)
    .filter(([path, item]) => item.get && !path.includes('{'))
    .map(([path, item]) => ({ path, params: (item.get!.parameters ?? []).filter((p) => p.in === 'query') }))
    .filter((l) => l.params.length > 0);
});
afterAll(() => t?.close());

it('has a secret planted for every hidden field', () => {
  expect(HIDDEN.filter((h) => !h.secret).map((h) => `${h.entityType}.${h.field}`)).toEqual([]);
});

const enumOf = (p: Param) => p.schema.enum ?? p.schema.anyOf?.find((s) => s.enum)?.enum;
const isText = (p: Param) => !enumOf(p) && (p.schema.type === 'string' || p.schema.anyOf !== undefined) && p.schema.format !== 'date-time' && p.schema.format !== 'uuid';

/** The URL with `name` set to `value`, and every other required parameter at its first allowed value. */
function urlOf(path: string, params: Param[], name: string, value: string): string {
  const query = new URLSearchParams();
  for (const p of params) if (p.required && p.name !== name) query.set(p.name, enumOf(p)?.[0] ?? '1');
  query.set(name, value);
  return `${path}?${query.toString()}`;
}

/** Routes and filters where the secret and its control got different answers. */
async function differences(token: string): Promise<string[]> {
  const out: string[] = [];
  for (const { path, params } of lists) {
    for (const p of params.filter(isText)) {
      for (const h of HIDDEN) {
        const [secret, control] = await Promise.all(
          [h.secret, h.control].map((v) => t.call({ method: 'GET', url: urlOf(path, params, p.name, v), token })),
        );
        if (secret.statusCode !== control.statusCode || secret.body !== control.body) out.push(`${path}?${p.name}= matches ${h.field}`);
      }
    }
  }
  return out;
}

describe('filters and sorts use only fields the caller may read', () => {
  it('walks the list routes and their text filters', () => {
    const filters = lists.flatMap((l) => l.params.filter(isText).map((p) => `${l.path}?${p.name}`));
    expect(filters).toEqual(expect.arrayContaining(['/api/users?search', '/api/relations?search', '/api/audit?search', '/api/nodes?search', '/api/audit/export?search']));
  });

  it('a reader who may see the fields can find them (the secrets are planted where searches look)', async () => {
    expect(await differences(admin)).toEqual(
      expect.arrayContaining(['/api/users?search= matches email', '/api/audit?search= matches note', '/api/audit?search= matches email', '/api/audit?search= matches mobileNo']),
    );
  });

  it('a reader who may not see them cannot match them with any filter', async () => {
    expect(await differences(reader)).toEqual([]);
  }, 60_000);

  it('no sort offers a hidden field', () => {
    const sorts = lists.flatMap((l) => l.params.filter((p) => /sort|order/i.test(p.name)).map((p) => ({ at: `${l.path}?${p.name}`, values: enumOf(p) ?? [] })));
    expect(sorts.length).toBeGreaterThan(0);
    const offered = sorts.flatMap((s) => s.values.filter((v) => HIDDEN.some((h) => v.toLowerCase().includes(h.field.toLowerCase()))).map((v) => `${s.at}=${v}`));
    expect(offered).toEqual([]);
  });
});
