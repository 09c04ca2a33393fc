import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFLICT_TEXTS, type AuthResponse, type HistoryPage } from '../../contract';
import { testApp, type TestApp } from '../test/harness';

/**
 * Record versions (docs/architecture/versions.md): every editable record answers its version (and
 * ETag), every accepted write moves it on, and a write made from a stale copy (If-Match or a body
 * `version`) answers 412 edit_conflict with the record as it is now — and changes nothing.
 */
let t: TestApp;
let admin: AuthResponse;
let other: AuthResponse;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, who: AuthResponse = admin, headers: Record<string, string> = {}) =>
  t.call({ method, url: `/api${url}`, token: who.accessToken, payload, headers });
const get = async <T = Record<string, unknown>>(url: string) => (await call('GET', url)).json<T & { version: number }>();
const ifMatch = (v: number) => ({ 'if-match': `"${v}"` });

beforeAll(async () => {
  t = await testApp();
  admin = await t.register('vadmin');
  other = await t.register('vother');
  const editorRole = (await get<{ id: string; name: string }[]>('/roles')) as unknown as { id: string; name: string }[];
  await call('PUT', `/users/${other.user.id}`, { roleId: editorRole.find((r) => r.name === 'admin')!.id });
  other = (await t.call({ method: 'POST', url: '/api/auth/login', payload: { login: 'vother', password: 'secret-pw' } })).json<AuthResponse>();
  await call('POST', '/nodetypes', { name: 'V Disease' });
  await call('POST', '/relationtypes', { name: 'v_treats' });
});
afterAll(() => t?.close());

const newNode = async (name: string) => (await call('POST', '/nodes', { name, nodeType: 'V Disease' })).json<{ id: string; version: number }>();

/** Each resource: how to create one, the URL of one, a body for PUT and the field it changes. */
interface Resource {
  name: string;
  create(): Promise<string>;
  url(id: string): string;
  put: (i: number) => Record<string, unknown>;
  field: string;
  deletable: boolean;
}

const RESOURCES: Resource[] = [
  { name: 'node', create: async () => (await newNode(`Node ${Math.random()}`)).id, url: (id) => `/nodes/${id}`, put: (i) => ({ name: `N${i} ${Math.random()}`, nodeType: 'V Disease' }), field: 'name', deletable: true },
  {
    name: 'relation',
    create: async () => {
      const [a, b] = [await newNode(`A ${Math.random()}`), await newNode(`B ${Math.random()}`)];
      return (await call('POST', '/relations', { relationName: 'treats', sourceNodeId: a.id, targetNodeId: b.id, relationType: 'v_treats' })).json<{ id: string }>().id;
    },
    url: (id) => `/relations/${id}`,
    put: (i) => ({ relationName: `treats ${i}`, weight: 10 + i }),
    field: 'relationName',
    deletable: true,
  },
  { name: 'node type', create: async () => (await call('POST', '/nodetypes', { name: `NT ${Math.random()}` })).json<{ id: string }>().id, url: (id) => `/nodetypes/${id}`, put: (i) => ({ name: `NT${i} ${Math.random()}` }), field: 'name', deletable: true },
  { name: 'relation type', create: async () => (await call('POST', '/relationtypes', { name: `RT ${Math.random()}` })).json<{ id: string }>().id, url: (id) => `/relationtypes/${id}`, put: (i) => ({ name: `RT${i} ${Math.random()}` }), field: 'name', deletable: true },
  { name: 'role', create: async () => (await call('POST', '/roles', { name: `Role ${Math.random()}`, permissions: ['nodes.read'] })).json<{ id: string }>().id, url: (id) => `/roles/${id}`, put: (i) => ({ description: `d${i}` }), field: 'description', deletable: true },
  {
    name: 'user',
    create: async () => {
      const roles = (await call('GET', '/roles')).json<{ id: string; name: string }[]>();
      const name = `u${Math.random().toString(36).slice(2, 10)}`;
      return (await call('POST', '/users', { username: name, email: `${name}@example.org`, password: 'Long-pass-42', roleId: roles.find((r) => r.name === 'viewer')!.id })).json<{ id: string }>().id;
    },
    url: (id) => `/users/${id}`,
    put: (i) => ({ mobileNo: `+4930000${i}` }),
    field: 'mobileNo',
    deletable: true,
  },
];

/** A relation's full PUT body from the current record (the schema wants every field). */
async function fullBody(r: Resource, id: string, i: number): Promise<Record<string, unknown>> {
  if (r.name !== 'relation') return r.put(i);
  const rel = await get<{ sourceNodeId: string; targetNodeId: string; relationType: string }>(r.url(id));
  return { sourceNodeId: rel.sourceNodeId, targetNodeId: rel.targetNodeId, relationType: rel.relationType, ...r.put(i) };
}

/** What GET answers of a record, without the fields that differ per read. */
const readOne = async (r: Resource, id: string) => (r.name === 'user' || r.name === 'role' ? await fetchViaList(r, id) : await get(r.url(id)));
async function fetchViaList(r: Resource, id: string) {
  if (r.name === 'user') return (await call('GET', '/users')).json<{ data: { id: string; version: number }[] }>().data.find((u) => u.id === id)!;
  return (await call('GET', '/roles')).json<{ id: string; version: number }[]>().find((x) => x.id === id)!;
}

describe('record versions', () => {
  for (const r of RESOURCES) {
    it(`${r.name}: answers a version, moves it on with every write, refuses a stale PUT and DELETE with 412`, async () => {
      const id = await r.create();
      const start = (await readOne(r, id)) as Record<string, unknown> & { version: number };
      expect(start.version).toBe(1);

      // A write from the current version goes through and moves the version on (ETag too).
      const first = await call('PUT', r.url(id), await fullBody(r, id, 1), admin, ifMatch(1));
      expect(first.statusCode).toBe(200);
      expect(first.json().version).toBe(2);
      expect(first.headers.etag).toBe('"2"');

      // The same copy again is stale: 412 with the record as it is now, who changed it and when.
      const before = await readOne(r, id);
      const stale = await call('PUT', r.url(id), await fullBody(r, id, 2), other, ifMatch(1));
      expect(stale.statusCode).toBe(412);
      const body = stale.json();
      expect(body).toMatchObject({ code: 'edit_conflict', error: CONFLICT_TEXTS.stale, changedBy: { id: admin.user.id, username: 'vadmin' } });
      expect(body.current).toMatchObject({ id, version: 2, [r.field]: (before as Record<string, unknown>)[r.field] });
      expect(Date.parse(body.changedAt)).not.toBeNaN();
      expect(await readOne(r, id)).toEqual(before);

      // A body `version` works like If-Match.
      expect((await call('PUT', r.url(id), { ...(await fullBody(r, id, 3)), version: 1 }, other)).statusCode).toBe(412);
      expect(await readOne(r, id)).toEqual(before);

      // Without either, a write stays unconditional (the spec's clients) and still moves the version on.
      const blind = await call('PUT', r.url(id), await fullBody(r, id, 4), other);
      expect(blind.statusCode).toBe(200);
      expect(blind.json().version).toBe(3);

      if (r.deletable) {
        const refused = await call('DELETE', r.url(id), undefined, admin, ifMatch(2));
        expect(refused.statusCode).toBe(412);
        expect(refused.json()).toMatchObject({ code: 'edit_conflict', current: { id, version: 3 }, changedBy: { username: 'vother' } });
        expect(await readOne(r, id)).toBeTruthy();
        expect((await call('DELETE', r.url(id), undefined, admin, ifMatch(3))).statusCode).toBe(204);
      }
    });
  }

  it('a weak tag names the same version; an unreadable If-Match is a 400; a missing record a 404', async () => {
    const n = await newNode('Weak tag');
    expect((await call('PUT', `/nodes/${n.id}`, { name: 'Weak tag', nodeType: 'V Disease' }, admin, { 'if-match': 'W/"1"' })).statusCode).toBe(200);
    const bad = await call('PUT', `/nodes/${n.id}`, { name: 'Weak tag', nodeType: 'V Disease' }, admin, { 'if-match': 'soon' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('bad_if_match');
    expect((await get(`/nodes/${n.id}`)).version).toBe(2);
    const missing = await call('PUT', '/nodes/00000000-0000-4000-8000-000000000001', { name: 'x', nodeType: 'V Disease' }, admin, ifMatch(1));
    expect(missing.statusCode).toBe(404);
  });

  it('a single-record GET carries the version as a strong ETag', async () => {
    const n = await newNode('Etag');
    const res = await call('GET', `/nodes/${n.id}`);
    expect(res.headers.etag).toBe('"1"');
    expect((await call('GET', '/nodes')).headers.etag).toBeUndefined();
  });

  it('50 concurrent PUTs carrying the same version: exactly one succeeds', async () => {
    const n = await newNode('Race');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => call('PUT', `/nodes/${n.id}`, { name: 'Race', nodeType: 'V Disease', description: `writer ${i}` }, i % 2 ? admin : other, ifMatch(1))),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 412)).toHaveLength(49);
    const winner = answers.find((a) => a.statusCode === 200)!.json<{ description: string }>().description;
    expect(await get(`/nodes/${n.id}`)).toMatchObject({ version: 2, description: winner });
  });

  it('adding or deleting an attachment moves the node version on, and honours If-Match', async () => {
    const n = await newNode('Files');
    const boundary = '----kgv' + Math.random().toString(16).slice(2);
    const form = (version?: number) =>
      Buffer.concat([
        Buffer.from(version ? `--${boundary}\r\nContent-Disposition: form-data; name="version"\r\n\r\n${version}\r\n` : ''),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="note.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--${boundary}--\r\n`),
      ]);
    const upload = (version?: number) =>
      t.call({ method: 'POST', url: `/api/nodes/${n.id}/attachments`, token: admin.accessToken, payload: form(version), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    const added = await upload(1);
    expect(added.statusCode).toBe(201);
    expect(added.json().nodeVersion).toBe(2);
    expect((await upload(1)).statusCode).toBe(412);
    expect((await get(`/nodes/${n.id}`)).version).toBe(2);
    const attachmentId = added.json<{ id: string }>().id;
    expect((await call('DELETE', `/nodes/${n.id}/attachments/${attachmentId}`, undefined, admin, ifMatch(1))).statusCode).toBe(412);
    expect((await call('DELETE', `/nodes/${n.id}/attachments/${attachmentId}`, undefined, admin, ifMatch(2))).statusCode).toBe(204);
    expect((await get(`/nodes/${n.id}`)).version).toBe(3);
  });

  it('a restore: the preview gives the version it starts from, the restore honours it and moves it on', async () => {
    const n = await newNode('Restored');
    await call('PUT', `/nodes/${n.id}`, { name: 'Restored', nodeType: 'V Disease', description: 'v2' });
    await call('PUT', `/nodes/${n.id}`, { name: 'Restored', nodeType: 'V Disease', description: 'v3' });
    const [, v2] = (await call('GET', `/nodes/${n.id}/history`)).json<HistoryPage>().data;
    const preview = (await call('GET', `/nodes/${n.id}/restore-preview?eventId=${v2.id}&attachments=keep`)).json<{ version: number; basis: string }>();
    expect(preview.version).toBe(3);
    await call('PUT', `/nodes/${n.id}`, { name: 'Restored', nodeType: 'V Disease', description: 'meanwhile' }, other);
    const stale = await call('POST', `/nodes/${n.id}/restore`, { eventId: v2.id, attachments: 'keep' }, admin, ifMatch(preview.version));
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ current: { description: 'meanwhile', version: 4 }, changedBy: { username: 'vother' } });
    const ok = await call('POST', `/nodes/${n.id}/restore`, { eventId: v2.id, attachments: 'keep', version: 4 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ description: 'v2', version: 5 });
  });

  it('the audit event of a change records the version it produced', async () => {
    const n = await newNode('Audited');
    await call('PUT', `/nodes/${n.id}`, { name: 'Audited', nodeType: 'V Disease', description: 'x' }, admin, ifMatch(1));
    const rows = await t.app.db.query<{ action: string; version: number | null }>('SELECT action, version FROM audit_log WHERE entity_id = $1 ORDER BY id', [n.id]);
    expect(rows).toEqual([
      { action: 'create', version: null },
      { action: 'update', version: 2 },
    ]);
  });

  it('the profile and the retention setting honour their versions too', async () => {
    const me = (await call('GET', '/auth/me', undefined, other)).json<{ user: { version: number } }>().user;
    expect((await call('PUT', '/auth/profile', { mobileNo: '+491700000001' }, other, ifMatch(me.version))).statusCode).toBe(200);
    const stale = await call('PUT', '/auth/profile', { mobileNo: '+491700000002' }, other, ifMatch(me.version));
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toMatchObject({ mobileNo: '+491700000001' });
    // Refused means unwritten: the profile is as the first save left it.
    expect((await call('GET', '/auth/me', undefined, other)).json<{ user: Record<string, unknown> }>().user).toMatchObject({ mobileNo: '+491700000001', version: me.version + 1 });

    const setting = (await call('GET', '/audit/retention')).json<{ retentionDays: number | null; version: number }>();
    expect((await call('PUT', '/audit/retention', { retentionDays: 90 }, admin, ifMatch(setting.version))).json()).toMatchObject({ retentionDays: 90, version: setting.version + 1 });
    const late = await call('PUT', '/audit/retention', { retentionDays: 30 }, other, ifMatch(setting.version));
    expect(late.statusCode).toBe(412);
    expect(late.json().current).toEqual({ retentionDays: 90, version: setting.version + 1 });
    expect((await call('GET', '/audit/retention')).json()).toEqual({ retentionDays: 90, version: setting.version + 1 });
    expect((await call('PUT', '/audit/retention', { retentionDays: null, version: setting.version + 1 })).json()).toEqual({ retentionDays: null, version: setting.version + 2 });
  });
});
