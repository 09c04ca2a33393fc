import { Decrypter } from 'age-encryption';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_MESSAGES } from '../../../contract';
import { testApp, type TestApp } from '../../test/harness';
import { multipart } from '../../test/import-fixtures';
import { countAll, entriesOf, multipartWith } from './archive-fixtures';

/**
 * Encrypted backups (age, passphrase) and the audit event of every download: an encrypted archive
 * restores with its passphrase, a wrong or missing one is refused writing nothing, and each
 * download — plain or encrypted — leaves one event with who, when, bytes and whether encrypted.
 */
let source: TestApp;
let token: string;
let adminId: string;
const PASSPHRASE = 'correct horse battery staple';

interface DownloadEvent {
  actor_id: string;
  at: string;
  detail: { bytes: number; encrypted: boolean; completed: boolean; counts?: Record<string, number> };
}
const downloads = (t: TestApp) =>
  t.db.query<DownloadEvent>(`SELECT actor_id, at::text AS at, detail FROM audit_log WHERE action = 'download' AND entity_type = 'backup' ORDER BY id`);

beforeAll(async () => {
  source = await testApp();
  const admin = await source.register('admin');
  token = admin.accessToken;
  adminId = admin.user.id;
  await source.call({ method: 'POST', url: '/api/nodetypes', token, payload: { name: 'Disease' } });
  const res = await source.call({ method: 'POST', url: '/api/nodes', token, payload: { name: 'Asthma', nodeType: 'Disease', note: 'a private note' } });
  expect(res.statusCode).toBe(201);
});
afterAll(() => source?.close());

describe('encrypted backups', () => {
  let encrypted: Buffer;

  it('POST /backup sends the archive encrypted with the passphrase (age format), and audits the download', async () => {
    const before = (await downloads(source)).length;
    const res = await source.call({ method: 'POST', url: '/api/backup', token, payload: { passphrase: PASSPHRASE } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="kg-backup-\d{8}-\d{6}\.zip\.age"$/);
    encrypted = res.rawPayload;
    expect(encrypted.subarray(0, 22).toString()).toBe('age-encryption.org/v1\n');
    expect(encrypted.toString('latin1')).not.toContain('a private note');
    // Any age implementation opens it with the passphrase (here age-encryption's own, in JavaScript).
    const decrypter = new Decrypter();
    decrypter.addPassphrase(PASSPHRASE);
    const zip = Buffer.from(await decrypter.decrypt(encrypted));
    expect((await entriesOf(zip)).get('nodes.ndjson')!.toString()).toContain('a private note');

    const events = await downloads(source);
    expect(events).toHaveLength(before + 1);
    const event = events.at(-1)!;
    expect(event.actor_id).toBe(adminId);
    expect(Date.parse(event.at)).toBeGreaterThan(Date.now() - 60_000);
    expect(event.detail).toMatchObject({ bytes: encrypted.length, encrypted: true, completed: true, counts: { nodes: 1 } });
    // age-encryption's own scrypt runs in JavaScript: seconds on a busy machine.
  }, 180_000);

  it('GET /backup (plain) is audited the same way, with its size', async () => {
    const before = (await downloads(source)).length;
    const res = await source.call({ method: 'GET', url: '/api/backup', token });
    expect(res.statusCode).toBe(200);
    const events = await downloads(source);
    expect(events).toHaveLength(before + 1);
    expect(events.at(-1)).toMatchObject({ actor_id: adminId, detail: { bytes: res.rawPayload.length, encrypted: false, completed: true } });
  });

  it('refuses a passphrase that is too short or missing, sending nothing and auditing nothing', async () => {
    const before = (await downloads(source)).length;
    const short = await source.call({ method: 'POST', url: '/api/backup', token, payload: { passphrase: 'short' } });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain(BACKUP_MESSAGES.passphraseTooShort);
    expect((await source.call({ method: 'POST', url: '/api/backup', token, payload: {} })).statusCode).toBe(400);
    expect(await downloads(source)).toHaveLength(before);
  });

  describe('restoring it', () => {
    let target: TestApp;
    let targetToken: string;
    beforeAll(async () => {
      target = await testApp();
      targetToken = (await target.register('admin')).accessToken;
    });
    afterAll(() => target?.close());
    const restore = (data: Buffer, fields: Record<string, string>, name = 'backup.zip.age') =>
      target.call({ method: 'POST', url: '/api/backup/restore', token: targetToken, ...multipartWith(fields, name, data) });

    it('a wrong passphrase is refused with a clear message, writing nothing', async () => {
      const before = await countAll(target.db);
      const res = await restore(encrypted, { passphrase: 'not the passphrase at all' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'backup_wrong_passphrase', error: BACKUP_MESSAGES.wrongPassphrase });
      expect(await countAll(target.db)).toEqual(before);
    });

    it('an encrypted archive without a passphrase, or altered on the way, is refused, writing nothing', async () => {
      const before = await countAll(target.db);
      const missing = await target.call({ method: 'POST', url: '/api/backup/restore', token: targetToken, ...multipart('backup.zip.age', encrypted) });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error).toBe(BACKUP_MESSAGES.passphraseRequired);
      const altered = Buffer.from(encrypted);
      altered[altered.length - 40] ^= 0x01;
      const res = await restore(altered, { passphrase: PASSPHRASE });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/its encrypted contents are damaged or were altered/);
      expect(await countAll(target.db)).toEqual(before);
    });

    it('with its passphrase it restores (named .zip or .zip.age alike: the file says it is encrypted)', async () => {
      const res = await restore(encrypted, { passphrase: PASSPHRASE }, 'renamed.zip');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().counts).toMatchObject({ nodes: 1, nodeTypes: 1 });
      const [node] = await target.db.query<{ note: string }>(`SELECT note FROM nodes WHERE name = 'Asthma'`);
      expect(node.note).toBe('a private note');
    });
  });
});
