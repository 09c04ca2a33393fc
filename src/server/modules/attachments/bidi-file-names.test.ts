import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attachment, AuthResponse } from '../../../contract';
import { testApp, type TestApp } from '../../test/harness';
import { csvOf, multipart } from '../../test/import-fixtures';

let t: TestApp;
let admin: AuthResponse;
let nodeId: string;

const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

beforeAll(async () => {
  t = await testApp();
  admin = await t.register('admin');
  await t.call({ method: 'POST', url: '/api/nodetypes', token: admin.accessToken, payload: { name: 'Disease' } });
  nodeId = (await t.call({ method: 'POST', url: '/api/nodes', token: admin.accessToken, payload: { name: 'Asthma', nodeType: 'Disease' } })).json().id;
});
afterAll(() => t?.close());

describe('file names keep no bidirectional controls', () => {
  it('an attachment named "invoice<RLO>fdp.txt" (shown as "invoicetxt.pdf") is stored as "invoicefdp.txt"', async () => {
    const res = await t.call({ method: 'POST', url: `/api/nodes/${nodeId}/attachments`, token: admin.accessToken, ...multipart('invoice\u202efdp.txt', Buffer.from('plain text')) });
    expect(res.statusCode).toBe(201);
    const att = res.json<Attachment>();
    expect(att.filename).toBe('invoicefdp.txt');
    const link = (await t.call({ method: 'GET', url: `/api/nodes/${nodeId}/attachments/${att.id}/download`, token: admin.accessToken })).json<{ downloadUrl: string; filename: string }>();
    expect(link.filename).toBe('invoicefdp.txt');
    const file = await t.call({ method: 'GET', url: link.downloadUrl });
    expect(decodeURIComponent(String(file.headers['content-disposition']))).not.toMatch(BIDI);
  });

  it('every bidirectional control is dropped, the rest of the name kept', async () => {
    const name = 'a\u202ab\u202bc\u202cd\u202de\u2066f\u2067g\u2068h\u2069i\u200ej\u200fk\u061cl.txt';
    const res = await t.call({ method: 'POST', url: `/api/nodes/${nodeId}/attachments`, token: admin.accessToken, ...multipart(name, Buffer.from('text')) });
    expect(res.json<Attachment>().filename).toBe('abcdefghijkl.txt');
  });

  it("an import upload's file name is stored without them", async () => {
    const res = await t.call({ method: 'POST', url: '/api/nodes/upload', token: admin.accessToken, ...multipart('nodes\u202evsc.csv', csvOf([['name', 'type'], ['Bidi node', 'Disease']])) });
    expect(res.statusCode).toBe(200);
    const jobs = await t.db.query<{ filename: string }>('SELECT filename FROM import_jobs');
    expect(jobs.map((j) => j.filename)).toEqual(['nodesvsc.csv']);
  });

  it('names written by other paths (a backup restore writes rows directly) are stripped by the database', async () => {
    await t.db.query(
      `INSERT INTO attachments (node_id, filename, content_type, size, blob_key) VALUES ($1, $2, 'text/plain', 1, 'restored-key')`,
      [nodeId, 'report\u202efdp.exe'],
    );
    const [restored] = await t.db.query<{ filename: string }>(`SELECT filename FROM attachments WHERE blob_key = 'restored-key'`);
    expect(restored.filename).toBe('reportfdp.exe');
    await t.db.query(`UPDATE attachments SET filename = $1 WHERE blob_key = 'restored-key'`, ['\u2067only-isolates\u2069.txt']);
    const [renamed] = await t.db.query<{ filename: string }>(`SELECT filename FROM attachments WHERE blob_key = 'restored-key'`);
    expect(renamed.filename).toBe('only-isolates.txt');
    await t.db.query(`UPDATE attachments SET filename = $1 WHERE blob_key = 'restored-key'`, ['\u202e']);
    const [emptied] = await t.db.query<{ filename: string }>(`SELECT filename FROM attachments WHERE blob_key = 'restored-key'`);
    expect(emptied.filename).toBe('file');
  });
});
