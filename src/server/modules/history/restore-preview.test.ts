import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, HistoryEntry, HistoryPage, KnowledgeNode, NodeRelationItem, Relation, RestorePreview } from '../../../contract';
import { multipart } from '../../test/import-fixtures';
import { testApp, type TestApp } from '../../test/harness';

/**
 * A restore says everything it will change before it does it, and its history entry lists every
 * change: fields, each file removed or brought back, each relation re-created. The preview is the
 * restore run and rolled back; a restore sent with the preview's basis does exactly that or
 * nothing. Each effect is checked against the caller's rights. PGlite and, with
 * TEST_DATABASE_URL, PostgreSQL.
 */

let t: TestApp;
let admin: AuthResponse;
let editor: AuthResponse;
let viewer: AuthResponse;
/** May bring nodes back and edit them, but not create relations. */
let curator: AuthResponse;
/** May edit nodes and relations, not create nodes. */
let fixer: AuthResponse;

type Restored = { restore: RestorePreview; attachments?: { id: string; filename: string }[] };

beforeAll(async () => {
  t = await testApp();
  admin = await t.register('admin');
  editor = await t.register('ed');
  viewer = await t.register('vi');
  curator = await t.register('cu');
  fixer = await t.register('fx');
  await t.db.query(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'editor') WHERE username = 'ed'`);
  await t.db.query(`INSERT INTO roles (name, permissions) VALUES ('Curator', ARRAY['nodes.read', 'nodes.create', 'nodes.update'])`);
  await t.db.query(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'Curator') WHERE username = 'cu'`);
  await t.db.query(`INSERT INTO roles (name, permissions) VALUES ('Fixer', ARRAY['nodes.read', 'nodes.update', 'relations.update'])`);
  await t.db.query(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'Fixer') WHERE username = 'fx'`);
  for (const name of ['Rp Disease', 'Rp Drug']) await api('POST', '/nodetypes', admin, { name });
  await api('POST', '/relationtypes', admin, { name: 'rp treats' });
});

afterAll(() => t?.close());

async function api<T = { id: string }>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: AuthResponse, payload?: object, status?: number): Promise<T> {
  const res = await t.call({ method, url: `/api${url}`, token: who.accessToken, payload });
  if (status !== undefined) expect(res.statusCode, res.body).toBe(status);
  else expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return (res.body ? res.json() : null) as T;
}

const history = async (kind: 'nodes' | 'relations', id: string) => (await api<HistoryPage>('GET', `/${kind}/${id}/history`, editor)).data;
const preview = (kind: 'nodes' | 'relations', id: string, eventId: string, who = editor, query = '', status = 200) =>
  api<RestorePreview>('GET', `/${kind}/${id}/restore-preview?eventId=${eventId}${query}`, who, undefined, status);
const node = (name: string, extra: object = {}) => api<KnowledgeNode>('POST', '/nodes', editor, { name, nodeType: 'Rp Disease', ...extra });
const relation = (sourceNodeId: string, targetNodeId: string, extra: object = {}) =>
  api<Relation>('POST', '/relations', editor, { relationName: 'treats', sourceNodeId, targetNodeId, relationType: 'rp treats', weight: 50, ...extra });
async function attach(nodeId: string, filename: string) {
  const res = await t.call({ method: 'POST', url: `/api/nodes/${nodeId}/attachments`, token: editor.accessToken, ...multipart(filename, Buffer.from(`content of ${filename}`)) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; filename: string }>();
}
/** A file as history lines name it. */
const summary = (f: { id: string; filename: string }) => ({ id: f.id, filename: f.filename, size: `content of ${f.filename}`.length, contentType: 'text/plain; charset=utf-8' });
const attachmentsOf = async (id: string) => (await api<{ attachments: { filename: string }[] }>('GET', `/nodes/${id}`, editor)).attachments.map((a) => a.filename);
const eventCount = async (id: string) => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE entity_id = $1', [id]))[0].n;
const byField = (entry: { changes: HistoryEntry['changes'] }, field: string) => entry.changes.filter((c) => c.field === field);

describe('node version restore: attachments', () => {
  it('restoring "Created" keeps the files added since by default, and the preview says which; the entry lists what the preview did', async () => {
    const n = await node('Rosacea', { description: 'v1' });
    await api('PUT', `/nodes/${n.id}`, editor, { name: 'Rosacea', nodeType: 'Rp Disease', description: 'v2' });
    const [a, b] = [await attach(n.id, 'a.txt'), await attach(n.id, 'b.txt')];
    const created = (await history('nodes', n.id)).at(-1)!;
    expect(created.action).toBe('create');
    const events = await eventCount(n.id);

    const seen = await preview('nodes', n.id, created.id);
    expect(seen.changes).toEqual([{ field: 'description', before: 'v2', after: 'v1' }]);
    expect(seen.attachmentsAddedSince.map((x) => x.id)).toEqual([a.id, b.id]);
    expect(seen.skipped).toEqual([]);
    expect(JSON.stringify(seen)).not.toContain('blobKey');
    expect(await eventCount(n.id)).toBe(events); // the preview wrote nothing

    const done = await api<Restored>('POST', `/nodes/${n.id}/restore`, editor, { eventId: created.id, basis: seen.basis });
    expect(done.restore.changes).toEqual(seen.changes);
    expect(await attachmentsOf(n.id)).toEqual(['a.txt', 'b.txt']);
    const [entry] = await history('nodes', n.id);
    expect(entry).toMatchObject({ action: 'restore', changes: seen.changes });
  });

  it('asked for the version exactly, the preview lists each file it removes and the history entry lists them too', async () => {
    const n = await node('Vitiligo');
    const [a, b] = [await attach(n.id, 'map.txt'), await attach(n.id, 'plan.txt')];
    const created = (await history('nodes', n.id)).at(-1)!;
    const seen = await preview('nodes', n.id, created.id, editor, '&attachments=match');
    expect(byField(seen, 'attachment')).toEqual([
      { field: 'attachment', before: summary(a), after: null },
      { field: 'attachment', before: summary(b), after: null },
    ]);
    await api('POST', `/nodes/${n.id}/restore`, editor, { eventId: created.id, attachments: 'match', basis: seen.basis });
    expect(await attachmentsOf(n.id)).toEqual([]);
    const [entry] = await history('nodes', n.id);
    expect(entry.changes).toEqual(seen.changes);
    // The files are back with the version that had them, listed as coming back.
    const afterB = (await history('nodes', n.id)).find((e) => e.action === 'attachment_add' && byField(e, 'attachment')[0].after)!;
    const back = await preview('nodes', n.id, afterB.id);
    expect(byField(back, 'attachment').map((c) => [c.before, (c.after as { filename: string }).filename])).toEqual([
      [null, 'map.txt'],
      [null, 'plan.txt'],
    ]);
  });

  it('an unknown attachment mode or an oversized basis is a 400', async () => {
    const n = await node('Lichen');
    const [created] = await history('nodes', n.id);
    await preview('nodes', n.id, created.id, editor, '&attachments=all', 400);
    await api('POST', `/nodes/${n.id}/restore`, editor, { eventId: created.id, basis: 'x'.repeat(65) }, 400);
  });

  it('a file whose content was purged is listed as not restored, with the reason', async () => {
    const n = await node('Pemphigus');
    const file = await attach(n.id, 'gone.txt');
    const [added] = await history('nodes', n.id);
    await api('DELETE', `/nodes/${n.id}/attachments/${file.id}`, editor, undefined, 204);
    const [row] = await t.db.query<{ blob_key: string }>(`SELECT detail->'state'->'attachments'->0->>'blobKey' AS blob_key FROM audit_log WHERE id = $1`, [added.id]);
    await t.app.blobs.remove([row.blob_key]);
    const seen = await preview('nodes', n.id, added.id);
    expect(seen.changes).toEqual([]);
    expect(seen.skipped).toEqual([{ kind: 'attachment', id: file.id, label: 'gone.txt', code: 'attachment_content_gone', reason: 'The file content is no longer kept' }]);
  });
});

describe('bringing a deleted node back', () => {
  it('the preview lists fields, files and relations, writes nothing, and equals the history entry of the restore', async () => {
    const n = await node('Scabies', { snomedCode: '128869009' });
    const drug = await node('Permethrin', { nodeType: 'Rp Drug' });
    const rel = await relation(drug.id, n.id, { note: 'internal' });
    const file = await attach(n.id, 'leaflet.txt');
    await api('DELETE', `/nodes/${n.id}`, editor, undefined, 204);
    const [deleted] = await history('nodes', n.id);
    // The delete's own entry names the file it removed.
    expect(byField(deleted, 'attachment')).toEqual([{ field: 'attachment', before: expect.objectContaining({ id: file.id }), after: null }]);

    const events = await eventCount(n.id);
    const seen = await preview('nodes', n.id, deleted.id);
    expect(await eventCount(n.id)).toBe(events);
    expect((await t.call({ method: 'GET', url: `/api/nodes/${n.id}`, token: editor.accessToken })).statusCode).toBe(404);
    expect(seen.changes).toEqual([
      { field: 'name', before: null, after: 'Scabies' },
      { field: 'nodeType', before: null, after: 'Rp Disease' },
      { field: 'snomedCode', before: null, after: '128869009' },
      { field: 'attachment', before: null, after: summary(file) },
      { field: 'relation', before: null, after: { id: rel.id, relationName: 'treats', relationType: 'rp treats', sourceNodeName: 'Permethrin', targetNodeName: 'Scabies' } },
    ]);
    expect(JSON.stringify(seen)).not.toContain('internal'); // a relation note stays out of the node's history

    const done = await api<Restored>('POST', `/nodes/${n.id}/restore`, editor, { eventId: deleted.id, basis: seen.basis });
    expect(done.restore).toEqual(seen);
    const [entry] = await history('nodes', n.id);
    expect(entry).toMatchObject({ action: 'restore', changes: seen.changes });
    expect((await api<NodeRelationItem[]>('GET', `/nodes/${n.id}/relations`, editor)).map((r) => r.id)).toEqual([rel.id]);
  });

  it('without relations.create the node comes back without its relations; preview, answer and entry say so', async () => {
    const n = await node('Impetigo');
    const drug = await node('Mupirocin', { nodeType: 'Rp Drug' });
    const rel = await relation(drug.id, n.id);
    await api('DELETE', `/nodes/${n.id}`, editor, undefined, 204);
    const [deleted] = await history('nodes', n.id);

    const seen = await preview('nodes', n.id, deleted.id, curator);
    expect(byField(seen, 'relation')).toEqual([]);
    const skipped = { kind: 'relation', id: rel.id, label: 'Mupirocin — treats — Impetigo', code: 'relation_create_right_needed', reason: 'Re-creating relations needs the right to create relations' };
    expect(seen.skipped).toEqual([skipped]);
    // The editor, who may create relations, would get it back.
    expect(byField(await preview('nodes', n.id, deleted.id, editor), 'relation')).toHaveLength(1);

    const done = await api<Restored>('POST', `/nodes/${n.id}/restore`, curator, { eventId: deleted.id, basis: seen.basis });
    expect(done.restore.skipped).toEqual([skipped]);
    expect(await api<NodeRelationItem[]>('GET', `/nodes/${n.id}/relations`, editor)).toEqual([]);
    const [row] = await t.db.query<{ changes: unknown; detail: { relationsRestored: string[]; relationsSkipped: { code: string }[] } }>(
      `SELECT changes, detail FROM audit_log WHERE entity_id = $1 AND action = 'restore'`,
      [n.id],
    );
    expect(row.changes).toEqual(seen.changes);
    expect(row.detail.relationsRestored).toEqual([]);
    expect(row.detail.relationsSkipped.map((s) => s.code)).toEqual(['relation_create_right_needed']);
    // No relation event was written for the curator; the relation stays restorable from its own history by who may create it.
    expect((await history('relations', rel.id))[0].action).toBe('delete');
    const [relDeleted] = await history('relations', rel.id);
    await api('POST', `/relations/${rel.id}/restore`, curator, { eventId: relDeleted.id }, 403);
    await api('POST', `/relations/${rel.id}/restore`, editor, { eventId: relDeleted.id }, 200);
  });

  it('refuses the preview as it refuses the restore: no rights, no create right, a name now in use', async () => {
    const n = await node('Tinea');
    await api('DELETE', `/nodes/${n.id}`, editor, undefined, 204);
    const [deleted] = await history('nodes', n.id);
    await preview('nodes', n.id, deleted.id, viewer, '', 403);
    await preview('nodes', n.id, deleted.id, fixer, '', 403);
    await node('Tinea');
    const res = await t.call({ method: 'GET', url: `/api/nodes/${n.id}/restore-preview?eventId=${deleted.id}`, token: editor.accessToken });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'duplicate_node' });
  });
});

describe('the preview holds', () => {
  it('a restore whose effect changed since its preview is refused and writes nothing', async () => {
    const n = await node('Melasma', { description: 'v1' });
    await api('PUT', `/nodes/${n.id}`, editor, { name: 'Melasma', nodeType: 'Rp Disease', description: 'v2' });
    const created = (await history('nodes', n.id)).at(-1)!;
    const seen = await preview('nodes', n.id, created.id);
    // A preview of keeping the files does not authorise removing one added since.
    await attach(n.id, 'late.txt');
    await api('POST', `/nodes/${n.id}/restore`, editor, { eventId: created.id, attachments: 'match', basis: seen.basis }, 409);
    await api('PUT', `/nodes/${n.id}`, editor, { name: 'Melasma', nodeType: 'Rp Disease', description: 'v3' });
    const events = await eventCount(n.id);
    const res = await t.call({ method: 'POST', url: `/api/nodes/${n.id}/restore`, token: editor.accessToken, payload: { eventId: created.id, basis: seen.basis } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'restore_outdated' });
    expect(await eventCount(n.id)).toBe(events);
    expect((await api<KnowledgeNode>('GET', `/nodes/${n.id}`, editor)).description).toBe('v3');
  });
});

describe('relation restore', () => {
  it('the preview lists the field changes the restore makes and its entry lists; readers and non-creators are refused', async () => {
    const [a, b] = [await node('Alopecia'), await node('Minoxidil', { nodeType: 'Rp Drug' })];
    const rel = await relation(b.id, a.id, { weight: 30, note: 'n1' });
    await api('PUT', `/relations/${rel.id}`, editor, { relationName: 'treats', sourceNodeId: b.id, targetNodeId: a.id, relationType: 'rp treats', weight: 70, note: 'n2' });
    const [, created] = await history('relations', rel.id);
    const seen = await preview('relations', rel.id, created.id, fixer);
    expect(seen.changes).toEqual([
      { field: 'weight', before: 70, after: 30 },
      { field: 'note', before: 'n2', after: 'n1' },
    ]);
    await preview('relations', rel.id, created.id, viewer, '', 403);
    const done = await api<Restored>('POST', `/relations/${rel.id}/restore`, fixer, { eventId: created.id, basis: seen.basis });
    expect(done.restore.changes).toEqual(seen.changes);
    expect((await history('relations', rel.id))[0]).toMatchObject({ action: 'restore', changes: seen.changes });
    await api('DELETE', `/relations/${rel.id}`, editor, undefined, 204);
    const [deleted] = await history('relations', rel.id);
    await preview('relations', rel.id, deleted.id, fixer, '', 403);
    expect((await preview('relations', rel.id, deleted.id)).changes.map((c) => c.field)).toContain('relationName');
  });
});
