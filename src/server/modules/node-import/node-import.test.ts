import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_UPLOAD_NODE_TYPE, type AuthResponse, type NodeUploadResponse } from '../../../contract';
import { testApp, type TestApp } from '../../test/harness';
import { csvOf, multipart, rowsOf, xlsOf, xlsxOf } from '../../test/import-fixtures';

let t: TestApp;
let admin: AuthResponse;
let editor: AuthResponse;
let otherEditor: AuthResponse;

beforeAll(async () => {
  // Wait for the job however slow the machine: these tests read the summary from the answer.
  t = await testApp({ uploadAnswerWaitMs: 120_000 });
  admin = await t.register('admin');
  editor = await t.register('editor');
  otherEditor = await t.register('editor2');
  await t.db.query(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'editor') WHERE username IN ('editor', 'editor2')`);
  await t.call({ method: 'POST', url: '/api/nodetypes', token: admin.accessToken, payload: { name: 'Disease' } });
  await t.call({ method: 'POST', url: '/api/nodes', token: admin.accessToken, payload: { name: 'Existing asthma', nodeType: 'Disease', snomedCode: '195967001' } });
});
afterAll(() => t?.close());

export const uploadAs = (token: string, filename: string, data: Buffer) =>
  t.call({ method: 'POST', url: '/api/nodes/upload', token, ...multipart(filename, data) });

async function nodesNamed(prefix: string): Promise<{ name: string; type: string; snomed: string | null; created_by: string }[]> {
  return t.db.query(
    `SELECT n.name, nt.name AS type, n.snomed_code AS snomed, n.created_by FROM nodes n JOIN node_types nt ON nt.id = n.node_type_id
      WHERE n.name LIKE $1 ORDER BY n.name, nt.name`,
    [`${prefix}%`],
  );
}

describe('GET /nodes/template', () => {
  it('is a real .xlsx with the columns and an example row', async () => {
    const res = await t.call({ method: 'GET', url: '/api/nodes/template', token: editor.accessToken });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="nodes_template_\d{8}T\d{6}\.xlsx"/);
    const rows = rowsOf(res.rawPayload);
    expect(rows[0]).toEqual(['nodename', 'nodetype', 'SNOMED']);
    expect(rows[1]).toEqual(['Asthma', 'Disease', '195967001']);
  });
});

describe('POST /nodes/upload', () => {
  it('does not hold its own job back: while the request waits for the job, the batches find no request to yield to', async () => {
    const activity = t.app.requestActivity;
    const whenIdle = activity.whenIdle.bind(activity);
    const inFlightAtEachBatch: number[] = [];
    activity.whenIdle = (maxWaitMs) => {
      inFlightAtEachBatch.push(activity.inFlight);
      return whenIdle(maxWaitMs);
    };
    try {
      const rows = [['name', 'type'], ...Array.from({ length: 600 }, (_, i) => [`Y9 Own batch ${i}`, 'Disease'])];
      const res = await uploadAs(editor.accessToken, 'own-batches.csv', csvOf(rows));
      expect(res.json<NodeUploadResponse>()).toMatchObject({ status: 'completed', summary: { created: 600 } });
    } finally {
      activity.whenIdle = whenIdle;
    }
    expect(inFlightAtEachBatch.length).toBeGreaterThan(0);
    expect(inFlightAtEachBatch.every((n) => n === 0)).toBe(true);
  });

  it('creates nodes from .xlsx with header aliases, auto-creates types, defaults a missing type, answers with the summary', async () => {
    const res = await uploadAs(editor.accessToken, 'nodes.xlsx', xlsxOf([
      ['  Node Name ', 'NODE_TYPE', 'Snomed', 'ignored column'],
      ['X1 Fever', 'Symptom', '386661006', 'x'],
      ['X1 Cough', 'symptom', '', ''],
      ['X1 Aspirin', 'Drug', 387458008, ''],
      ['X1 Untyped', '', '', ''],
      ['X1 Hypertension', 'disease', '38341003', ''],
    ]));
    expect(res.statusCode).toBe(200);
    const body = res.json<NodeUploadResponse>();
    // The row without a type is counted and said: it was not typed "General" silently.
    expect(body).toMatchObject({ success: true, status: 'completed', summary: { total: 5, created: 5, skipped: 0, errors: 0, untyped: 1 } });
    expect(body.message).toBe('Upload completed (sheet "Sheet1"): 5 created, 0 skipped (duplicates), 0 with errors. 1 row had no node type and was typed "General".');
    expect(body.processId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.downloadUrl).toBeUndefined();
    const nodes = await nodesNamed('X1 ');
    expect(nodes.map((n) => [n.name, n.type, n.snomed])).toEqual([
      ['X1 Aspirin', 'Drug', '387458008'],
      ['X1 Cough', 'Symptom', null],
      ['X1 Fever', 'Symptom', '386661006'],
      ['X1 Hypertension', 'Disease', '38341003'],
      ['X1 Untyped', DEFAULT_UPLOAD_NODE_TYPE, null],
    ]);
    expect(new Set(nodes.map((n) => n.created_by))).toEqual(new Set([editor.user.id]));
    // "symptom" reused the type the file created a row earlier; "disease" the existing Disease.
    const types = await t.db.query<{ name: string }>(`SELECT name FROM node_types WHERE lower(name) IN ('symptom', 'disease', 'drug') ORDER BY name`);
    expect(types.map((r) => r.name)).toEqual(['Disease', 'Drug', 'Symptom']);
  });

  it('skips duplicates within the file and against the database: same name + type (any case) or same SNOMED code', async () => {
    const res = await uploadAs(editor.accessToken, 'dups.csv', csvOf([
      ['nodename', 'nodetype', 'snomed'],
      ['X2 Migraine', 'Disease', ''],
      ['x2 MIGRAINE', 'disease', ''], // same name + type, other case
      ['X2 Migraine', 'Symptom', ''], // same name, other type: allowed
      ['X2 Other name', 'Disease', '195967001'], // SNOMED already used in the database
      ['X2 Sinusitis', 'Disease', '36971009'],
      ['X2 Sinusitis again', 'Disease', '36971009'], // SNOMED repeated in the file
      ['Existing asthma', 'Disease', ''], // already in the database
    ]));
    expect(res.json<NodeUploadResponse>().summary).toEqual({ total: 7, created: 3, skipped: 4, errors: 0 });
    expect((await nodesNamed('X2 ')).map((n) => [n.name, n.type])).toEqual([
      ['X2 Migraine', 'Disease'],
      ['X2 Migraine', 'Symptom'],
      ['X2 Sinusitis', 'Disease'],
    ]);
  });

  it('re-running the same file creates nothing twice', async () => {
    const file = xlsxOf([['name', 'node_type'], ...Array.from({ length: 12 }, (_, i) => [`X3 Node ${i}`, 'Disease'])]);
    expect((await uploadAs(editor.accessToken, 'again.xlsx', file)).json<NodeUploadResponse>().summary).toEqual({ total: 12, created: 12, skipped: 0, errors: 0, sheet: 'Sheet1' });
    expect((await uploadAs(editor.accessToken, 'again.xlsx', file)).json<NodeUploadResponse>().summary).toEqual({ total: 12, created: 0, skipped: 12, errors: 0, sheet: 'Sheet1' });
    expect(await nodesNamed('X3 ')).toHaveLength(12);
  });

  it('reads .xls (BIFF8) and CSV with quotes, semicolons, a BOM and CRLF', async () => {
    const xls = await uploadAs(editor.accessToken, 'legacy.xls', xlsOf([['nodename', 'nodetype'], ['X4 Gout', 'Disease'], ['X4 Colchicine', 'Drug']]));
    expect(xls.json<NodeUploadResponse>().summary).toMatchObject({ total: 2, created: 2 });
    const csv = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), csvOf([['Nodename', 'Nodetype'], ['X4 "Quoted"; name', 'Disease'], ['X4 Line\nbreak', 'Disease']], ';')]);
    expect((await uploadAs(editor.accessToken, 'semi.csv', csv)).json<NodeUploadResponse>().summary).toMatchObject({ total: 2, created: 2 });
    expect((await nodesNamed('X4 ')).map((n) => n.name)).toEqual(['X4 "Quoted"; name', 'X4 Colchicine', 'X4 Gout', 'X4 Line\nbreak']);
  });

  it('takes formula values as cached, never evaluates them, and keeps "=..." text as text', async () => {
    const csv = csvOf([['nodename', 'nodetype'], ['=1+1', 'Disease'], ['=HYPERLINK("http://x","X5")', 'Disease']]);
    expect((await uploadAs(editor.accessToken, 'formulas.csv', csv)).json<NodeUploadResponse>().summary).toMatchObject({ created: 2 });
    const rows = await t.db.query<{ name: string }>(`SELECT name FROM nodes WHERE name LIKE '=%' ORDER BY name`);
    expect(rows.map((r) => r.name)).toEqual(['=1+1', '=HYPERLINK("http://x","X5")']);
  });

  it('sends invalid rows to an error report: row number, values, reason', async () => {
    const long = 'L'.repeat(256);
    const res = await uploadAs(editor.accessToken, 'bad rows.xlsx', xlsxOf([
      ['nodename', 'nodetype', 'snomed'],
      ['X6 Good', 'Disease', ''],
      ['', 'Disease', '123456'],
      [long, 'Disease', ''],
      ['X6 Long type', 'T'.repeat(256), ''],
      ['X6 Bad code', 'Disease', '12AB'],
      ['X6 Short code', 'Disease', '123'],
    ]));
    const body = res.json<NodeUploadResponse>();
    expect(body).toMatchObject({ success: true, status: 'completed', summary: { total: 6, created: 1, skipped: 0, errors: 5 } });
    expect(body.downloadUrl).toBe(`/api/nodes/download-errors/${body.processId}`);
    const id = body.downloadUrl!.split('/').pop();

    const file = await t.call({ method: 'GET', url: `/api/nodes/download-errors/${id}`, token: editor.accessToken });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('filename="upload_errors.xlsx"');
    const rows = rowsOf(file.rawPayload);
    expect(rows[0]).toEqual(['Row', 'nodename', 'nodetype', 'SNOMED', 'Error']);
    expect(rows.slice(1).map((r) => [r[0], r[4]])).toEqual([
      ['3', 'Name is required'],
      ['4', 'Name must be 255 characters or less'],
      ['5', 'Node type must be 255 characters or less'],
      ['6', 'SNOMED code must contain only digits (6 to 18)'],
      ['7', 'SNOMED code must contain only digits (6 to 18)'],
    ]);
    expect(rows[4].slice(1, 4)).toEqual(['X6 Bad code', 'Disease', '12AB']);
    expect(rows[2][1]).toBe(long);

    // Only its uploader or an admin can read it; others see nothing there.
    expect((await t.call({ method: 'GET', url: `/api/nodes/download-errors/${id}`, token: otherEditor.accessToken })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/nodes/download-errors/${id}`, token: admin.accessToken })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: `/api/nodes/download-errors/${id}` })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/nodes/download-errors/00000000-0000-4000-8000-000000000000', token: admin.accessToken })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: '/api/nodes/download-errors/..%2F..%2Fetc%2Fpasswd', token: admin.accessToken })).statusCode).toBe(400);
  });

  it('an upload without errors has no report to download', async () => {
    const body = (await uploadAs(editor.accessToken, 'ok.csv', csvOf([['name'], ['X7 Clean']]))).json<NodeUploadResponse>();
    expect((await t.call({ method: 'GET', url: `/api/nodes/download-errors/${body.processId}`, token: editor.accessToken })).statusCode).toBe(404);
  });

  it('inserts a file larger than one batch, with duplicates across batches', async () => {
    const rows: string[][] = [['nodename', 'nodetype', 'snomed']];
    for (let i = 0; i < 12_000; i++) rows.push([`X8 Node ${i % 11_000}`, 'Bulk', i < 11_000 ? String(700_000_000 + i) : '']);
    const body = (await uploadAs(editor.accessToken, 'big.csv', csvOf(rows))).json<NodeUploadResponse>();
    expect(body.summary).toEqual({ total: 12_000, created: 11_000, skipped: 1000, errors: 0 });
    const [{ n }] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM nodes WHERE name LIKE 'X8 %'`);
    expect(n).toBe(11_000);
  });

  it('is refused without the nodes.create permission', async () => {
    const viewer = await t.register('viewer');
    expect((await uploadAs(viewer.accessToken, 'a.csv', csvOf([['name'], ['X9']]))).statusCode).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/nodes/upload', ...multipart('a.csv', csvOf([['name'], ['X9']])) })).statusCode).toBe(401);
  });
});
