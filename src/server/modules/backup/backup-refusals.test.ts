import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../test/harness';
import { multipart } from '../../test/import-fixtures';
import { countAll, editRow, entriesOf, lineOf, rebuilt } from './archive-fixtures';
import { MANIFEST_FILE } from './tables';

/**
 * A restore takes only what the API would have taken: every refused archive below holds one row
 * (or entry) that an API route would refuse, and the refusal names the file and the line (or the
 * entry), writing nothing.
 */
let source: TestApp;
let target: TestApp;
let targetToken: string;
let entries: Map<string, Buffer>;
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5000, 7)]);

const call = async (t: TestApp, token: string, method: 'POST' | 'PUT', url: string, payload: object) => {
  const res = await t.call({ method, url: `/api${url}`, token, payload });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json<{ id: string }>();
};

beforeAll(async () => {
  source = await testApp();
  const { accessToken: token } = await source.register('admin');
  await call(source, token, 'POST', '/roles', { name: 'Curator', description: 'Curates', permissions: ['nodes.read'] });
  await call(source, token, 'POST', '/nodetypes', { name: 'Disease' });
  const related = await call(source, token, 'POST', '/relationtypes', { name: 'related to' });
  await call(source, token, 'PUT', '/terminology/hierarchy', { relationTypeId: related.id });
  const a = await call(source, token, 'POST', '/nodes', { name: 'Asthma', nodeType: 'Disease', url: 'https://example.org/asthma' });
  const b = await call(source, token, 'POST', '/nodes', { name: 'COPD', nodeType: 'Disease' });
  await call(source, token, 'POST', '/relations', { relationName: 'resembles', sourceNodeId: a.id, targetNodeId: b.id, relationType: 'related to', url: 'https://example.org/r' });
  expect((await source.call({ method: 'POST', url: `/api/nodes/${a.id}/attachments`, token, ...multipart('scan.pdf', PDF) })).statusCode).toBe(201);
  const res = await source.call({ method: 'GET', url: '/api/backup', token });
  expect(res.statusCode).toBe(200);
  entries = await entriesOf(res.rawPayload);
  target = await testApp();
  targetToken = (await target.register('admin')).accessToken;
});
afterAll(async () => {
  await source?.close();
  await target?.close();
});

/** Restores the archive into the empty target: it must be refused with `message`, and nothing written. */
async function expectRefused(archive: Buffer, message: RegExp) {
  const before = await countAll(target.db);
  const res = await target.call({ method: 'POST', url: '/api/backup/restore', token: targetToken, ...multipart('backup.zip', archive) });
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json<{ error: string }>().error).toMatch(message);
  expect(res.json<{ error: string }>().error).toMatch(/Nothing was restored\.$/);
  expect(await countAll(target.db)).toEqual(before);
}

const changed = (file: string, which: (row: Record<string, unknown>) => boolean, change: (row: Record<string, unknown>) => Record<string, unknown>) =>
  rebuilt(entries, (name, data) => (name === file ? editRow(data, which, change) : data));
const line = (file: string, which: (row: Record<string, unknown>) => boolean) => lineOf(entries.get(file)!, which);
const attachmentName = () => [...entries.keys()].find((k) => k.startsWith('attachments/'))!;
const all = () => true;

describe('a restore refuses what the API would refuse', () => {
  it('javascript: URLs on nodes and relations (the API schemas NodeSaveSchema and RelationSaveSchema)', async () => {
    const asthma = (r: Record<string, unknown>) => r.name === 'Asthma';
    await expectRefused(changed('nodes.ndjson', asthma, (r) => ({ ...r, url: 'javascript:alert(1)' })), new RegExp(`^nodes\\.ndjson, line ${line('nodes.ndjson', asthma)}: url: `));
    await expectRefused(changed('relations.ndjson', all, (r) => ({ ...r, url: 'javascript:alert(1)' })), /^relations\.ndjson, line 1: url: /);
  });

  it('attachments as HTML or SVG, under path-like names, or with a content type their bytes do not have', async () => {
    await expectRefused(changed('attachments.ndjson', all, (r) => ({ ...r, filename: '../../index.html', content_type: 'text/html' })), /^attachments\.ndjson, line 1: filename "\.\.\/\.\.\/index\.html" is not a plain file name/);
    await expectRefused(changed('attachments.ndjson', all, (r) => ({ ...r, filename: 'logo.svg', content_type: 'image/svg+xml' })), /^attachments\.ndjson, line 1: filename "logo\.svg": files of type \.svg are not allowed/);
    await expectRefused(changed('attachments.ndjson', all, (r) => ({ ...r, content_type: 'text/html' })), /^attachments\.ndjson, line 1: content_type "text\/html" is not application\/pdf/);
    // An HTML page named .pdf: the upload's content check refuses it.
    const html = Buffer.from('<html><script>alert(1)</script></html>'.padEnd(PDF.length, ' '));
    await expectRefused(rebuilt(entries, (name, data) => (name === attachmentName() ? html : data)), /^attachments\.ndjson, line 1: the contents \(attachments\/[0-9a-f-]+\) do not match a \.pdf file/);
  });

  it('audit events attributed to a user who is neither in the archive nor deleted in its log', async () => {
    const someone = '00000000-0000-4000-8000-00000000beef';
    const last = entries.get('audit_log.ndjson')!.toString().split('\n').filter(Boolean).length;
    await expectRefused(
      changed('audit_log.ndjson', (r) => r.action === 'create' && r.entity_type === 'node', (r) => ({ ...r, actor_id: someone, actor_name: 'alice' })),
      new RegExp(`^audit_log\\.ndjson, line ${line('audit_log.ndjson', (r) => r.action === 'create' && r.entity_type === 'node')}: actor_id ${someone} is neither a user of the backup nor a user its audit log shows deleted`),
    );
    expect(last).toBeGreaterThan(1);
  });

  it('a system role other than the three, and any role with a permission outside the catalogue', async () => {
    const curator = (r: Record<string, unknown>) => r.name === 'Curator';
    const at = line('roles.ndjson', curator);
    await expectRefused(changed('roles.ndjson', curator, (r) => ({ ...r, is_system: true, permissions: ['*'] })), new RegExp(`^roles\\.ndjson, line ${at}: permissions\\.0: Unknown permission`));
    await expectRefused(changed('roles.ndjson', curator, (r) => ({ ...r, is_system: true })), new RegExp(`^roles\\.ndjson, line ${at}: is_system: "Curator" is not a system role`));
    await expectRefused(changed('users.ndjson', all, (r) => ({ ...r, username: 'two words' })), /^users\.ndjson, line 1: username: /);
  });

  it('entries whose inflated size differs from the size their directory declares', async () => {
    const name = attachmentName();
    // The row and the directory agree on a smaller size; the bytes inflate to more.
    const smaller = rebuilt(entries, (n, data) => (n === 'attachments.ndjson' ? editRow(data, all, (r) => ({ ...r, size: PDF.length - 10 })) : data), { [name]: PDF.length - 10 });
    await expectRefused(smaller, new RegExp(`${name} inflates to a size other than the ${PDF.length - 10} bytes it declares`));
    const nodes = entries.get('nodes.ndjson')!;
    await expectRefused(rebuilt(entries, (_n, data) => data, { 'nodes.ndjson': nodes.length + 100 }), new RegExp(`nodes\\.ndjson inflates to a size other than the ${nodes.length + 100} bytes it declares`));
    await expectRefused(rebuilt(entries, (_n, data) => data, { [MANIFEST_FILE]: 10 }), /manifest\.json inflates to a size other than the 10 bytes/);
  });

  it('a server setting other than those an archive carries, or naming a relation type it lacks', async () => {
    const hierarchy = (r: Record<string, unknown>) => r.key === 'fhir.hierarchy';
    await expectRefused(changed('server_settings.ndjson', hierarchy, (r) => ({ ...r, key: 'token_secret' })), /^server_settings\.ndjson, line 1: key: /);
    await expectRefused(changed('server_settings.ndjson', hierarchy, (r) => ({ ...r, value: '00000000-0000-4000-8000-000000000001' })), /^server_settings\.ndjson, line 1: value names a row that is not in the backup/);
  });

  it('rows nested deeper than the bound, before anything parses them', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const first = entries.get('audit_log.ndjson')!.toString().split('\n')[0];
    const withDeep = first.replace(/"detail":(null|\{.*\})\}$/, `"detail":${deep}}`);
    expect(withDeep).not.toBe(first);
    await expectRefused(rebuilt(entries, (n, data) => (n === 'audit_log.ndjson' ? data.toString().replace(first, withDeep) : data)), /^audit_log\.ndjson, line 1: it nests deeper than 32 levels/);
  });
});

describe('an archive of an older format', () => {
  it('format 5 (no server settings) restores, leaving the FHIR hierarchy unset', async () => {
    // The new installation had marked one of its unused types as the hierarchy: it gives way with the type.
    const own = await call(target, targetToken, 'POST', '/relationtypes', { name: 'is a' });
    await call(target, targetToken, 'PUT', '/terminology/hierarchy', { relationTypeId: own.id });
    const format5 = rebuilt(entries, (name, data) => {
      if (name === 'server_settings.ndjson') return null;
      if (name !== MANIFEST_FILE) return data;
      const manifest = JSON.parse(data.toString()) as { counts: Record<string, number> };
      const { serverSettings: _, ...counts } = manifest.counts;
      return JSON.stringify({ ...manifest, formatVersion: 5, counts });
    });
    const res = await target.call({ method: 'POST', url: '/api/backup/restore', token: targetToken, ...multipart('backup.zip', format5) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ counts: Record<string, number> }>().counts).toMatchObject({ relationTypes: 1, relations: 1, serverSettings: 0 });
    expect(await target.db.query(`SELECT key FROM server_settings WHERE key = 'fhir.hierarchy'`)).toEqual([]);
    expect((await target.call({ method: 'GET', url: '/api/terminology/hierarchy', token: targetToken })).json()).toEqual({ relationType: null });
  });
});
