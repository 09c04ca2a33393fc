import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_LOG_MESSAGES, AUDIT_LOG_TEXTS, type AuditLogPage, type AuthResponse, type User } from '../../../contract';
import { recordEvent } from '../../audit/record';
import { INSERT_MISSING_TYPES_SQL, INSERT_NODES_SQL } from '../node-import/importer';
import { testApp, type TestApp } from '../../test/harness';
import { BATCH_EVENT_WORDS, withinOneToken } from './repository';
import { purgeAuditEvents } from './retention';

/** The admins' audit log, its exports and its retention. */
let t: TestApp;
let admin: AuthResponse;
let editor: AuthResponse;
let logReader: AuthResponse; // a custom role: system.logs only (no relations.update, no maintenance)
let maintainer: AuthResponse; // a custom role: system.maintenance without system.logs
let nina: User;

const get = (url: string, token = admin.accessToken) => t.call({ method: 'GET', url, token });
const page = async (query: string, token = admin.accessToken) => {
  const res = await get(`/api/audit?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuditLogPage>();
};
/** An event of the past, as the trigger allows: inserted, never changed. */
const oldEvent = (daysAgo: number, detail: object = {}) =>
  t.db.query(`INSERT INTO audit_log (at, actor_name, action, entity_type, entity_id, detail) VALUES (now() - make_interval(days => $1), 'old-timer', 'update', 'node', 'n-old', $2::jsonb)`, [
    daysAgo,
    JSON.stringify(detail),
  ]);

async function withRole(name: string, permissions: string[]): Promise<AuthResponse> {
  await t.db.query('INSERT INTO roles (name, permissions) VALUES ($1, $2)', [name, permissions]);
  const me = await t.register(`u_${name}`);
  await t.db.query('UPDATE users SET role_id = (SELECT id FROM roles WHERE name = $1) WHERE id = $2', [name, me.user.id]);
  return me;
}

beforeAll(async () => {
  t = await testApp();
  admin = await t.register('admin');
  editor = await t.register('ed');
  await t.call({ method: 'PUT', url: `/api/users/${editor.user.id}`, token: admin.accessToken, payload: { role: 'editor' } });
  // The role change ended the editor's sign-in: signed in again as an editor.
  editor = (await t.call({ method: 'POST', url: '/api/auth/login', payload: { login: 'ed', password: 'secret-pw' } })).json<AuthResponse>();
  logReader = await withRole('auditor', ['system.logs']);
  maintainer = await withRole('maintainer', ['system.maintenance']);
  nina = (await t.call({ method: 'POST', url: '/api/users', token: admin.accessToken, payload: { username: '=HYPERLINK("http://x")', email: 'nina@example.org', password: 'Str0ng-pass-1', role: 'viewer' } })).json<User>();
  await t.call({ method: 'PUT', url: `/api/users/${nina.id}`, token: admin.accessToken, payload: { mobileNo: '+1 555 0100' } });
  await t.call({ method: 'POST', url: '/api/auth/login', payload: { login: 'ghost', password: 'wr0ng-guess-x' } });
});
afterAll(() => t?.close());

describe('GET /audit', () => {
  it('lists events newest first with the history entry shape and the total', async () => {
    const all = await page('limit=200');
    expect(all.pagination).toEqual({ total: all.data.length, limit: 200, skip: 0 });
    const ids = all.data.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.data[0]).toMatchObject({ action: 'sign_in_failed', actor: null, entityType: 'session', detail: { username: 'ghost' } });
    expect(all.data[1]).toEqual({
      id: expect.stringMatching(/^\d+$/),
      at: expect.any(String),
      actor: { id: admin.user.id, username: 'admin' },
      action: 'update',
      entityType: 'user',
      entityId: nina.id,
      changes: [{ field: 'mobileNo', before: null, after: '+1 555 0100' }],
      detail: null,
    });
  });

  it('pages with limit and skip', async () => {
    const all = await page('limit=200');
    const second = await page('limit=2&skip=2');
    expect(second.pagination).toEqual({ total: all.pagination.total, limit: 2, skip: 2 });
    expect(second.data.map((e) => e.id)).toEqual(all.data.slice(2, 4).map((e) => e.id));
  });

  it('filters by user (name or id), action, entity type, text and date range', async () => {
    const byName = await page('user=ADMIN&limit=200');
    expect(byName.data.length).toBeGreaterThan(0);
    expect(byName.data.every((e) => e.actor?.id === admin.user.id)).toBe(true);
    expect((await page(`user=${admin.user.id}&limit=200`)).pagination.total).toBe(byName.pagination.total);
    expect((await page('action=role_change')).data.map((e) => e.entityId)).toEqual([editor.user.id]);
    expect((await page('entityType=session')).data.every((e) => e.entityType === 'session')).toBe(true);
    expect((await page('search=555 0100')).data.map((e) => e.action)).toEqual(['update']);
    expect((await page('search=ghost')).data.map((e) => e.action)).toEqual(['sign_in_failed']);
    expect((await page('search=100%25')).pagination.total).toBe(0); // % is a character, not a wildcard
    const now = Date.now();
    expect((await page(`from=${new Date(now + 60_000).toISOString()}`)).pagination.total).toBe(0);
    expect((await page(`to=${new Date(now - 3_600_000).toISOString()}`)).pagination.total).toBe(0);
    const inside = await page(`from=${new Date(now - 3_600_000).toISOString()}&to=${new Date(now + 60_000).toISOString()}&limit=200`);
    expect(inside.pagination.total).toBe((await page('limit=1')).pagination.total);
  });

  it('refuses bad filters with the reason', async () => {
    const res = await get(`/api/audit?from=${new Date().toISOString()}&to=${new Date(Date.now() - 1000).toISOString()}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(AUDIT_LOG_TEXTS.dateOrder);
    expect((await get('/api/audit?entityType=spaceship')).statusCode).toBe(400);
    expect((await get('/api/audit?limit=1000')).statusCode).toBe(400);
  });

  it('needs system.logs: 401 without a session, 403 for an editor', async () => {
    expect((await t.call({ method: 'GET', url: '/api/audit' })).statusCode).toBe(401);
    expect((await get('/api/audit', editor.accessToken)).statusCode).toBe(403);
    expect((await get('/api/audit/export?format=csv', editor.accessToken)).statusCode).toBe(403);
    expect((await get('/api/audit', maintainer.accessToken)).statusCode).toBe(403);
    expect((await get('/api/audit', logReader.accessToken)).statusCode).toBe(200);
  });

  it('shows a relation note only to readers who may see notes, and never the internal state', async () => {
    await t.db.transaction((tx) =>
      recordEvent(tx, { id: admin.user.id, username: 'admin' }, {
        action: 'update',
        entityType: 'relation',
        entityId: 'r-secret',
        changes: [
          { field: 'weight', before: 10, after: 20 },
          { field: 'note', before: null, after: 'internal-whisper' },
        ],
        detail: { state: { note: 'internal-whisper', blobKey: 'k' }, removedWithNode: 'n1' },
      }),
    );
    const [full] = (await page('search=r-secret')).data;
    expect(full.changes.map((c) => c.field)).toEqual(['weight', 'note']);
    expect(full.detail).toEqual({ removedWithNode: 'n1' });
    const [redacted] = (await page('search=r-secret', logReader.accessToken)).data;
    expect(redacted.changes).toEqual([{ field: 'weight', before: 10, after: 20 }]);
    expect((await page('search=internal-whisper', logReader.accessToken)).pagination.total).toBe(0);
    expect((await page('search=internal-whisper')).pagination.total).toBe(1);
    const csv = (await get('/api/audit/export?format=csv&search=r-secret', logReader.accessToken)).body;
    expect(csv).toContain('weight: 10 → 20');
    expect(csv).not.toContain('internal-whisper');
  });
});

describe('events cannot be changed through the API', () => {
  it('has no route that edits or deletes an event, and the database refuses it', async () => {
    const [first] = (await page('limit=1')).data;
    for (const method of ['PUT', 'DELETE', 'PATCH', 'POST'] as const) {
      for (const url of ['/api/audit', `/api/audit/${first.id}`]) {
        const res = await t.call({ method, url, token: admin.accessToken, payload: { action: 'x' } });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    await expect(t.db.query("UPDATE audit_log SET action = 'x' WHERE id = $1", [first.id])).rejects.toThrow(/cannot be changed/);
    await expect(t.db.query('DELETE FROM audit_log WHERE id = $1', [first.id])).rejects.toThrow(/cannot be changed/);
    expect((await page('limit=1')).data[0]).toEqual(first);
  });
});

describe('GET /audit/export', () => {
  it('CSV: the filtered events newest first, formulas kept as text', async () => {
    const res = await get('/api/audit/export?format=csv&entityType=user');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-log_\d{8}T\d{6}\.csv"$/);
    const lines = res.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('"Time (UTC)","User","User id","Action","Entity type","Record id","Changes","Detail"');
    const expected = (await page('entityType=user&limit=200')).data;
    expect(lines).toHaveLength(expected.length + 1);
    const ninaCreate = lines.find((l) => l.includes(nina.id) && l.includes('"create"'))!;
    // The username starts with "=": the cell starts with an apostrophe, so no spreadsheet runs it.
    // Inside a cell that starts with "username" the "=" is harmless and stays as it is.
    expect(ninaCreate).toContain('"username: (empty) → =HYPERLINK(""http://x"")');
    const failed = (await get('/api/audit/export?format=csv&action=sign_in_failed')).body;
    expect(failed).toContain('"sign_in_failed"');
    expect(failed).toContain('""username"":""ghost""');
  });

  it('CSV: a value that starts like a formula gets an apostrophe', async () => {
    await t.call({ method: 'POST', url: '/api/auth/login', payload: { login: '=cmd|calc', password: 'wr0ng-guess-x' } });
    const csv = (await get('/api/audit/export?format=csv&action=sign_in_failed&search=cmd')).body;
    const row = csv.split('\r\n')[1];
    expect(row).toContain('""username"":""=cmd|calc""');
    await t.db.transaction((tx) => recordEvent(tx, { id: nina.id, username: '@SUM(A1)' }, { action: 'update', entityType: 'node', entityId: '-2+3' }));
    const formulaRow = (await get('/api/audit/export?format=csv&search=SUM')).body.split('\r\n')[1];
    expect(formulaRow).toContain(`"'@SUM(A1)"`);
    expect(formulaRow).toContain(`"'-2+3"`);
  });

  it('.xlsx: the same rows as text cells', async () => {
    const res = await get('/api/audit/export?format=xlsx&entityType=user');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const expected = (await page('entityType=user&limit=200')).data;
    expect(sheet.rowCount).toBe(expected.length + 1);
    expect(sheet.getRow(1).getCell(1).value).toBe('Time (UTC)');
    expect(sheet.getRow(2).getCell(1).value).toBe(expected[0].at);
    expect(sheet.getRow(2).getCell(4).value).toBe(expected[0].action);
    const ninaRow = expected.findIndex((e) => e.entityId === nina.id && e.action === 'create') + 2;
    const cell = sheet.getRow(ninaRow).getCell(7);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toContain('username: (empty) → =HYPERLINK("http://x")');
  });

  it('streams a log larger than one read batch, every event once, newest first', async () => {
    await t.db.query(
      `INSERT INTO audit_log (actor_name, action, entity_type, entity_id) SELECT 'bulk-writer', 'create', 'node', 'bulk-' || g FROM generate_series(1, 2500) g`,
    );
    const csv = (await get('/api/audit/export?format=csv&user=bulk-writer')).body.trimEnd().split('\r\n').slice(1);
    expect(csv).toHaveLength(2500);
    const numbers = csv.map((line) => Number(/"bulk-(\d+)"/.exec(line)![1]));
    expect(numbers).toEqual(Array.from({ length: 2500 }, (_, i) => 2500 - i));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await get('/api/audit/export?format=xlsx&user=bulk-writer')).rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0].rowCount).toBe(2501);
  });

  it('refuses an unknown format', async () => {
    expect((await get('/api/audit/export?format=pdf')).statusCode).toBe(400);
  });
});

describe('retention', () => {
  it('is off by default; setting it is audited and needs maintenance and logs permissions', async () => {
    expect((await get('/api/audit/retention')).json()).toEqual({ retentionDays: null, version: 1 });
    expect((await t.call({ method: 'POST', url: '/api/audit/purge', token: admin.accessToken })).json().error).toBe(AUDIT_LOG_MESSAGES.noRetention);
    const put = (payload: object, token = admin.accessToken) => t.call({ method: 'PUT', url: '/api/audit/retention', token, payload });
    expect((await put({ retentionDays: 0 })).json().error).toBe(AUDIT_LOG_TEXTS.retentionInvalid);
    expect((await put({ retentionDays: 30 }, editor.accessToken)).statusCode).toBe(403);
    expect((await put({ retentionDays: 30 }, logReader.accessToken)).statusCode).toBe(403);
    const noLogs = await put({ retentionDays: 30 }, maintainer.accessToken);
    expect(noLogs.statusCode).toBe(403);
    expect(noLogs.json().error).toBe(AUDIT_LOG_MESSAGES.logsOnly);
    expect((await put({ retentionDays: 30 })).json()).toEqual({ retentionDays: 30, version: 2 });
    expect((await get('/api/audit/retention', logReader.accessToken)).json()).toEqual({ retentionDays: 30, version: 2 });
    expect((await page('action=retention_change')).data[0]).toMatchObject({ actor: { username: 'admin' }, entityType: 'audit_log', changes: [{ field: 'retentionDays', before: null, after: 30 }] });
  });

  it('a purge deletes only older events, in one transaction, and logs itself with the count', async () => {
    await oldEvent(40);
    await oldEvent(31);
    await oldEvent(29);
    const before = (await page('user=old-timer')).pagination.total;
    expect(before).toBe(3);
    const res = await t.call({ method: 'POST', url: '/api/audit/purge', token: admin.accessToken });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ purged: 2 });
    expect((await page('user=old-timer')).pagination.total).toBe(1);
    expect((await page('action=purge')).data[0]).toMatchObject({ actor: { id: admin.user.id, username: 'admin' }, entityType: 'audit_log', detail: { count: 2, olderThanDays: 30 } });
    // Still immutable outside the purge's own transaction.
    await expect(t.db.query("DELETE FROM audit_log WHERE actor_name = 'old-timer'")).rejects.toThrow(/cannot be changed/);
  });

  it('the daily run (no actor) writes nothing when nothing is old enough; it purges what is', async () => {
    const total = (await page('limit=1')).pagination.total;
    expect((await purgeAuditEvents(t.app, null, 30)).purged).toBe(0);
    expect((await page('limit=1')).pagination.total).toBe(total);
    await oldEvent(45);
    expect((await purgeAuditEvents(t.app, null, 30)).purged).toBe(1);
    expect((await page('action=purge')).data[0]).toMatchObject({ actor: null, detail: { count: 1 } });
  });

  it('removes attachment contents that only purged events still referred to', async () => {
    const orphan = await t.app.blobs.put(Buffer.from('removed file'));
    const kept = await t.app.blobs.put(Buffer.from('still referenced'));
    await oldEvent(50, { state: { attachments: [{ blobKey: orphan }, { blobKey: kept }] } });
    await t.db.query(`INSERT INTO audit_log (actor_name, action, entity_type, entity_id, detail) VALUES ('x', 'update', 'node', 'n2', $1::jsonb)`, [
      JSON.stringify({ state: { attachments: [{ blobKey: kept }] } }),
    ]);
    expect((await purgeAuditEvents(t.app, null, 30)).purged).toBe(1);
    expect(await t.app.blobs.get(orphan)).toBeNull();
    expect((await t.app.blobs.get(kept))?.toString()).toBe('still referenced');
  });
});

/**
 * A bulk upload's create events, stored one row per batch (migration 0029), are in the log one
 * event per created node, among the others in the order they were written: paged, filtered,
 * searched, exported, purged and immutable like any other event.
 */
describe('the create events of a bulk upload', () => {
  const batchOf = async (names: string[]) => {
    const types = names.map(() => 'Batch Type');
    await t.db.query(INSERT_MISSING_TYPES_SQL, [types, editor.user.id, null]);
    // One SNOMED code (unique among nodes): the first node's.
    await t.db.query(INSERT_NODES_SQL, [names, types, names.map((n) => (n === 'Batch A1' ? '22298006' : null)), editor.user.id, null, 0, false]);
  };
  let between: string;

  beforeAll(async () => {
    await batchOf(['Batch A1', 'Batch A2', 'Batch A3']);
    between = (await recordEvent(t.db, { id: editor.user.id, username: 'ed' }, { action: 'update', entityType: 'node', entityId: 'n-between', changes: [{ field: 'name', before: 'x', after: 'y' }] })).id;
    await batchOf(['Batch B1', 'Batch B2']);
  });

  const nodeCreates = async (query = 'limit=50') => await page(`user=ed&entityType=node&${query}`);

  it('lists one event per created node, newest first, each with its own id and fields', async () => {
    const all = await nodeCreates();
    expect(all.pagination.total).toBe(6);
    const names = all.data.map((e) => (e.entityId === 'n-between' ? 'between' : e.changes.find((c) => c.field === 'name')!.after));
    expect(names).toEqual(['Batch B2', 'Batch B1', 'between', 'Batch A3', 'Batch A2', 'Batch A1']);
    expect(all.data[2].id).toBe(between);
    expect(new Set(all.data.map((e) => e.id)).size).toBe(6);
    const a1 = all.data[5];
    const [node] = await t.db.query<{ id: string }>(`SELECT id FROM nodes WHERE name = 'Batch A1'`);
    expect(a1).toMatchObject({ id: expect.stringMatching(/^\d+\.1$/), action: 'create', entityType: 'node', entityId: node.id, actor: { id: editor.user.id, username: 'ed' } });
    expect(a1.changes).toEqual([
      { field: 'name', before: null, after: 'Batch A1' },
      { field: 'nodeType', before: null, after: 'Batch Type' },
      { field: 'snomedCode', before: null, after: '22298006' },
    ]);
  });

  it('pages across a batch and into the other events', async () => {
    const all = (await nodeCreates()).data.map((e) => e.id);
    expect((await nodeCreates('limit=3&skip=1')).data.map((e) => e.id)).toEqual(all.slice(1, 4));
    expect((await nodeCreates('limit=2&skip=4')).data.map((e) => e.id)).toEqual(all.slice(4, 6));
  });

  it('filters them by action, date and text like any event', async () => {
    expect((await page('user=ed&action=create&search=batch%20a2')).data.map((e) => e.changes[0].after)).toEqual(['Batch A2']);
    expect((await page('user=ed&search=22298006')).pagination.total).toBe(1);
    expect((await page(`user=ed&entityType=node&to=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}`)).pagination.total).toBe(0);
    expect((await page('user=ed&entityType=relation')).data.every((e) => e.entityType === 'relation')).toBe(true);
  });

  it('exports them in the list order, across read batches', async () => {
    const listed = (await nodeCreates()).data.map((e) => e.entityId);
    for (const batch of [1, 2, 1000]) {
      const { streamAuditEvents } = await import('./repository');
      const rows: string[] = [];
      for await (const part of streamAuditEvents(t.db, { user: 'ed', entityType: 'node' }, ['system.logs'], 100, batch)) rows.push(...part.map((r) => r.entity_id!));
      expect(rows, `read batch ${batch}`).toEqual(listed);
    }
    // A search reads on past the steps where nothing matches.
    const { streamAuditEvents } = await import('./repository');
    for (const batch of [1, 1000]) {
      const found: string[] = [];
      for await (const part of streamAuditEvents(t.db, { user: 'ed', search: 'batch a2' }, ['system.logs'], 100, batch)) found.push(...part.map((r) => r.changes![0].after as string));
      expect(found, `read batch ${batch}`).toEqual(['Batch A2']);
    }
    const csv = (await get('/api/audit/export?format=csv&user=ed&entityType=node')).body.trimEnd().split('\r\n').slice(1);
    expect(csv).toHaveLength(6);
    expect(csv[0]).toContain('Batch B2');
  });

  it('cannot be changed; a purge removes a whole old batch and counts its events', async () => {
    await expect(t.db.query('UPDATE audit_created_batches SET actor_name = $1', ['x'])).rejects.toThrow(/cannot be changed/);
    await expect(t.db.query('DELETE FROM audit_created_batches')).rejects.toThrow(/cannot be changed/);
    await t.db.query(
      `INSERT INTO audit_created_batches (at, actor_name, entity_type, job_id, entity_ids, names, type_names, snomed_codes)
       VALUES (now() - interval '90 days', 'old-importer', 'node', NULL, ARRAY[gen_random_uuid(), gen_random_uuid()], ARRAY['Old 1', 'Old 2'], ARRAY['T', 'T'], ARRAY[NULL, NULL]::text[])`,
    );
    expect((await page('user=old-importer')).pagination.total).toBe(2);
    expect((await purgeAuditEvents(t.app, null, 60)).purged).toBe(2);
    expect((await page('user=old-importer')).pagination.total).toBe(0);
    expect((await nodeCreates()).pagination.total).toBe(6);
  });

  it('a search matches them exactly as it matches the JSON of any event', async () => {
    // A value with a quote and a line break: in the event's text it reads "Say \"hi\"\nthere".
    await batchOf(['Say "hi"\nthere']);
    const found = async (search: string) => (await page(`user=ed&entityType=node&search=${encodeURIComponent(search)}`)).data.map((e) => e.changes[0].after);
    expect(await found('hi')).toEqual(['Say "hi"\nthere']);
    expect(await found('nthere')).toEqual(['Say "hi"\nthere']);
    expect(await found('"hi\\"')).toEqual(['Say "hi"\nthere']);
    // A term every event's JSON holds (a field name) or one across tokens finds them all.
    expect((await page('user=ed&entityType=node&search=nodetype')).pagination.total).toBe(6);
    expect((await page(`user=ed&entityType=node&search=${encodeURIComponent('"field": "name"')}`)).pagination.total).toBe(7);
    expect((await page(`user=ed&entityType=node&search=${encodeURIComponent('a3", "field')}`)).data.map((e) => e.changes[0].after)).toEqual(['Batch A3']);
    // The words the shortcut must know are every key and field name the view writes, node and relation.
    await t.db.query(
      `INSERT INTO audit_created_batches (actor_name, entity_type, job_id, entity_ids, names, type_names, source_ids, target_ids, type_ids,
                                          source_names, target_names, weights, urls, descriptions)
       VALUES ('ed-rel', 'relation', 'job', ARRAY[gen_random_uuid()], ARRAY['r'], ARRAY['t'], ARRAY[gen_random_uuid()], ARRAY[gen_random_uuid()],
               ARRAY[gen_random_uuid()], ARRAY['s'], ARRAY['x'], ARRAY[5], ARRAY['https://e.org'], ARRAY['d'])`,
    );
    const words = await t.db.query<{ w: string }>(
      `SELECT DISTINCT lower(k.w) AS w FROM audit_events e, LATERAL (
         SELECT jsonb_object_keys(c) FROM jsonb_array_elements(e.changes) c
         UNION SELECT c->>'field' FROM jsonb_array_elements(e.changes) c
         UNION SELECT jsonb_object_keys(e.detail - 'state')) k(w)
        WHERE e.source = 'batch'`,
    );
    expect(words.length).toBeGreaterThan(10);
    expect(BATCH_EVENT_WORDS).toEqual(expect.arrayContaining([...words.map((r) => r.w), 'null']));
    expect(withinOneToken('Batch A3')).toBe(true);
    expect(withinOneToken('type')).toBe(false);
    expect(withinOneToken('a"b')).toBe(false);
  });
});

describe('paging where event ids gain a digit', () => {
  it('every page at every size is its slice of the whole log (keys in number order, not text order)', async () => {
    // Event ids from 10^k - 3 to 10^k + 2: the page's keys sorted as text would put 10^k after 10^k - 1.
    const [{ max }] = await t.db.query<{ max: string }>(`SELECT max(seq)::text AS max FROM audit_event_keys`);
    const next = 10n ** BigInt(max.length);
    await t.db.query(`SELECT setval('audit_log_id_seq', $1::bigint)`, [(next - 4n).toString()]);
    for (let i = 0; i < 6; i++) await recordEvent(t.db, { id: admin.user.id, username: 'admin' }, { action: 'update', entityType: 'node', entityId: `digits-${i}`, changes: [] });
    const all = (await page('limit=200')).data.map((e) => e.id);
    expect(all.slice(0, 6)).toEqual(Array.from({ length: 6 }, (_, i) => (next + 2n - BigInt(i)).toString()));
    for (const size of [1, 3, 4, 7]) {
      const pages: string[] = [];
      for (let skip = 0; skip < 30; skip += size) pages.push(...(await page(`limit=${size}&skip=${skip}`)).data.map((e) => e.id));
      expect(pages).toEqual(all.slice(0, pages.length));
    }
  });
});
