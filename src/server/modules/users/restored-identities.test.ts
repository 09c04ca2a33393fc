import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../contract';
import { zipParts } from '../../platform/parsers/test-books';
import { testApp, type TestApp } from '../../test/harness';
import { openBackupArchive } from '../backup/archive-reader';
import { BACKUP_TABLES, MANIFEST_FILE } from '../backup/tables';
import { multipart } from '../../test/import-fixtures';

/**
 * A backup's restore writes users and attachments straight into their tables: restored usernames
 * still take part in the look-alike check; an archive whose file name carries bidirectional
 * controls is refused like the upload route would refuse it, and any write that reaches the table
 * another way loses them (migration 0032's trigger).
 */
let source: TestApp;
let target: TestApp;
let targetToken: string;
let hostileArchive: Buffer;

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(100, 0x20)]);

/** The archive with its attachment renamed as a hostile archive would carry it. */
async function withHostileFileName(archive: Buffer): Promise<Buffer> {
  const file = path.join(os.tmpdir(), `kg-identities-${process.pid}-${Date.now()}.zip`);
  fs.writeFileSync(file, archive);
  try {
    const reader = await openBackupArchive(file);
    const parts: { name: string; data: Buffer | string }[] = [{ name: MANIFEST_FILE, data: await reader.bytes(MANIFEST_FILE) }];
    for (const table of BACKUP_TABLES) {
      let data: Buffer | string = await reader.bytes(table.file);
      if (table.file === 'attachments.ndjson') {
        const rows = data.toString('utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { id: string; filename: string });
        for (const row of rows) parts.push({ name: `attachments/${row.id}`, data: await reader.bytes(`attachments/${row.id}`) });
        data = rows.map((row) => JSON.stringify({ ...row, filename: 'invoice\u202efdp.pdf' })).join('\n') + '\n';
      }
      parts.push({ name: table.file, data });
    }
    return zipParts(parts);
  } finally {
    fs.rmSync(file, { force: true });
  }
}

beforeAll(async () => {
  source = await testApp();
  const admin = (await source.register('admin')).accessToken;
  const call = (method: 'POST' | 'GET', url: string, payload?: object) => source.call({ method, url, token: admin, payload });
  expect((await call('POST', '/api/users', { username: 'boss', email: 'boss@example.org', password: 'Str0ng-pass-1', role: 'viewer' })).statusCode).toBe(201);
  await call('POST', '/api/nodetypes', { name: 'Disease' });
  const node = (await call('POST', '/api/nodes', { name: 'Asthma', nodeType: 'Disease' })).json<{ id: string }>();
  expect((await source.call({ method: 'POST', url: `/api/nodes/${node.id}/attachments`, token: admin, ...multipart('scan.pdf', PDF) })).statusCode).toBe(201);
  const backup = await call('GET', '/api/backup');
  expect(backup.statusCode).toBe(200);

  target = await testApp();
  targetToken = (await target.register('admin')).accessToken;
  hostileArchive = await withHostileFileName(backup.rawPayload);
  const res = await target.call({ method: 'POST', url: '/api/backup/restore', token: targetToken, ...multipart('backup.zip', backup.rawPayload) });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => {
  await source?.close();
  await target?.close();
});

describe('after a restore', () => {
  it('an archive with a bidirectional control in a file name is refused, naming the entry and line', async () => {
    const fresh = await testApp();
    try {
      const token = (await fresh.register('admin')).accessToken;
      const res = await fresh.call({ method: 'POST', url: '/api/backup/restore', token, ...multipart('backup.zip', hostileArchive) });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ error: string; code: string }>()).toMatchObject({ code: 'backup_bad_row', error: expect.stringContaining('attachments.ndjson, line 1') });
      expect(await fresh.db.query('SELECT 1 FROM attachments')).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it('a file name written to the table another way loses its bidirectional controls', async () => {
    await target.db.query("UPDATE attachments SET filename = 'invoice' || chr(8238) || 'fdp.pdf'");
    const rows = await target.db.query<{ filename: string }>('SELECT filename FROM attachments');
    expect(rows.map((r) => r.filename)).toEqual(['invoicefdp.pdf']);
  });

  it('a look-alike of a restored username is refused', async () => {
    const res = await target.call({ method: 'POST', url: '/api/auth/register', payload: { username: 'b\u043e\u0455\u0455', email: 'other@example.org', password: 'Str0ng-pass-2' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: MESSAGES.auth.accountTaken, code: 'account_taken' });
    const check = await target.call({ method: 'POST', url: '/api/auth/check-username', token: targetToken, payload: { username: 'ｂｏｓｓ' } });
    expect(check.json()).toEqual({ available: false });
  });
});
