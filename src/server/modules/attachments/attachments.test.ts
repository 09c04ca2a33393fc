import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attachment, AuthResponse, KnowledgeNodeDetail } from '../../../contract';
import { blobKeysOfEvents, removeUnreferencedBlobs } from '../../audit/blob-retention';
import { testApp, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: AuthResponse;
let viewer: AuthResponse;
let nodeId: string;

function multipart(filename: string, data: Buffer, field = 'file') {
  const boundary = '----kgtest' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2000, 0x20)]);

beforeAll(async () => {
  t = await testApp({ attachmentMaxBytes: 64 * 1024 });
  admin = await t.register('admin');
  viewer = await t.register('viewer');
  await t.call({ method: 'POST', url: '/api/nodetypes', token: admin.accessToken, payload: { name: 'Disease' } });
  nodeId = (await t.call({ method: 'POST', url: '/api/nodes', token: admin.accessToken, payload: { name: 'Asthma', nodeType: 'Disease' } })).json().id;
});
afterAll(() => t?.close());

const upload = (filename: string, data: Buffer, token = admin.accessToken, field = 'file') =>
  t.call({ method: 'POST', url: `/api/nodes/${nodeId}/attachments`, token, ...multipart(filename, data, field) });

describe('attachments', () => {
  it('uploads, lists with the node, downloads through a signed link, deletes', async () => {
    const res = await upload('care plan:v2.pdf', PDF);
    expect(res.statusCode).toBe(201);
    const att = res.json<Attachment>();
    expect(att).toMatchObject({ filename: 'care plan_v2.pdf', size: PDF.length, contentType: 'application/pdf' });
    const node = (await t.call({ method: 'GET', url: `/api/nodes/${nodeId}`, token: viewer.accessToken })).json<KnowledgeNodeDetail>();
    expect(node.attachments.map((a) => a.id)).toEqual([att.id]);

    const link = await t.call({ method: 'GET', url: `/api/nodes/${nodeId}/attachments/${att.id}/download`, token: viewer.accessToken });
    const { downloadUrl, filename } = link.json<{ downloadUrl: string; filename: string }>();
    expect(filename).toBe('care plan_v2.pdf');
    const file = await t.call({ method: 'GET', url: downloadUrl });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="care plan_v2.pdf"; filename*=UTF-8''care%20plan_v2.pdf`);
    expect(file.headers['x-content-type-options']).toBe('nosniff');

    const tampered = downloadUrl.replace(/signature=[^&]+/, 'signature=AAAA');
    expect((await t.call({ method: 'GET', url: tampered })).statusCode).toBe(403);

    expect((await t.call({ method: 'DELETE', url: `/api/nodes/${nodeId}/attachments/${att.id}`, token: viewer.accessToken })).statusCode).toBe(403);
    expect((await t.call({ method: 'DELETE', url: `/api/nodes/${nodeId}/attachments/${att.id}`, token: admin.accessToken })).statusCode).toBe(204);
    expect((await t.call({ method: 'GET', url: downloadUrl })).statusCode).toBe(404);
  });

  it('refuses extensions outside the list and contents that do not match', async () => {
    const exe = await upload('tool.exe', Buffer.from('MZ....'));
    expect(exe.statusCode).toBe(415);
    expect(exe.json().code).toBe('unsupported_file_type');
    const fake = await upload('report.pdf', Buffer.from('<html><script>alert(1)</script></html>'));
    expect(fake.statusCode).toBe(415);
    expect(fake.json()).toEqual({ error: 'The contents of report.pdf do not match a .pdf file', code: 'content_mismatch' });
    expect((await upload('notes.txt', Buffer.from('plain notes\n'))).statusCode).toBe(201);
    expect((await upload('binary.txt', Buffer.from([0, 1, 2, 3]))).statusCode).toBe(415);
  });

  it('answers 413 with a clear message above the size limit', async () => {
    const res = await upload('big.pdf', Buffer.concat([PDF, Buffer.alloc(70 * 1024, 0x20)]));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'The file is larger than the 64 KB limit', code: 'file_too_large' });
  });

  it('needs the field "file" and a session with nodes.update', async () => {
    expect((await upload('a.pdf', PDF, admin.accessToken, 'other')).statusCode).toBe(400);
    expect((await upload('a.pdf', PDF, viewer.accessToken)).statusCode).toBe(403);
    const anon = await t.call({ method: 'POST', url: `/api/nodes/${nodeId}/attachments`, ...multipart('a.pdf', PDF) });
    expect(anon.statusCode).toBe(401);
  });

  it('deleting the node removes its attachments; the contents stay for a restore until the audit purge', async () => {
    const att = (await upload('x.pdf', PDF)).json<Attachment>();
    const [{ blob_key }] = await t.db.query<{ blob_key: string }>('SELECT blob_key FROM attachments WHERE id = $1', [att.id]);
    expect((await t.call({ method: 'DELETE', url: `/api/nodes/${nodeId}`, token: admin.accessToken })).statusCode).toBe(204);
    expect(await t.db.query('SELECT 1 FROM attachments WHERE id = $1', [att.id])).toHaveLength(0);
    expect(await t.db.query('SELECT 1 FROM blobs WHERE key = $1', [blob_key])).toHaveLength(1);
    // Still referred to by the node's events: kept.
    expect(await removeUnreferencedBlobs(t.app, [blob_key])).toEqual([]);
    // The purge removes the events that name it (collecting their keys first); then the contents go.
    const events = (await t.db.query<{ id: string }>(`SELECT id::text AS id FROM audit_log WHERE entity_type = 'node' AND entity_id = $1`, [nodeId])).map((e) => e.id);
    expect(await blobKeysOfEvents(t.db, 'e.id = ANY($1::bigint[])', [events])).toContain(blob_key);
    await t.db.transaction(async (tx) => {
      await tx.query("SELECT set_config('kg.audit_purge', 'on', true)");
      await tx.query('DELETE FROM audit_log WHERE id = ANY($1::bigint[])', [events]);
    });
    expect(await removeUnreferencedBlobs(t.app, [blob_key])).toEqual([blob_key]);
    expect(await t.db.query('SELECT 1 FROM blobs WHERE key = $1', [blob_key])).toHaveLength(0);
  });
});
