import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, HistoryEntry, HistoryPage, KnowledgeNode, NodeRelationItem, Relation } from '../../../contract';
import { SNOMED_RF2_COLUMNS } from '../../../contract';
import { multipart, xlsxOf } from '../../test/import-fixtures';
import { testApp, type TestApp } from '../../test/harness';

/**
 * Record history and restore: every node and relation change writes its
 * event in the change's transaction; GET …/history reads them back newest first; POST …/restore
 * goes back to one, itself audited. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
let t: TestApp;
let admin: AuthResponse;
let editor: AuthResponse;
let viewer: AuthResponse;
/** May edit nodes but not create them: restores versions, never brings a deleted node back. */
let fixer: AuthResponse;

beforeAll(async () => {
  t = await testApp();
  admin = await t.register('admin');
  editor = await t.register('ed');
  viewer = await t.register('vi');
  fixer = await t.register('fx');
  await t.db.query(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'editor') WHERE username = 'ed'`);
  await t.db.query(`INSERT INTO roles (name, permissions) VALUES ('Fixer', ARRAY['nodes.read', 'nodes.update', 'relations.update'])`);
  await t.db.query(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'Fixer') WHERE username = 'fx'`);
  for (const name of ['Hx Disease', 'Hx Drug']) await api('POST', '/nodetypes', admin, { name });
  await api('POST', '/relationtypes', admin, { name: 'hx treats' });
});
afterAll(() => t?.close());

async function api<T = { id: string }>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: AuthResponse, payload?: object, status?: number): Promise<T> {
  const res = await t.call({ method, url: `/api${url}`, token: who.accessToken, payload });
  if (status !== undefined) expect(res.statusCode, res.body).toBe(status);
  else expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return (res.body ? res.json() : null) as T;
}
const history = (kind: 'nodes' | 'relations', id: string, who: AuthResponse = editor, query = '') => api<HistoryPage>('GET', `/${kind}/${id}/history${query}`, who);
const node = (name: string, extra: object = {}) => api<KnowledgeNode>('POST', '/nodes', editor, { name, nodeType: 'Hx Disease', ...extra });
const relation = (sourceNodeId: string, targetNodeId: string, extra: object = {}) =>
  api<Relation>('POST', '/relations', editor, { relationName: 'treats', sourceNodeId, targetNodeId, relationType: 'hx treats', weight: 50, ...extra });
const change = (e: HistoryEntry, field: string) => e.changes.find((c) => c.field === field);
const auditRows = (entityId: string) => t.db.query<{ action: string }>('SELECT action FROM audit_log WHERE entity_id = $1 ORDER BY id', [entityId]);

describe('node events', () => {
  it('create, update and delete each write one event with the changed fields before → after, newest first', async () => {
    const n = await node('Asthma', { description: 'airways' });
    await api('PUT', `/nodes/${n.id}`, editor, { name: 'Asthma bronchiale', nodeType: 'Hx Disease', description: 'airways', url: 'https://example.org/a' });
    const page = await history('nodes', n.id);
    expect(page.pagination).toEqual({ total: 2, limit: 20, skip: 0 });
    const [update, create] = page.data;
    expect(update).toMatchObject({ action: 'update', actor: { username: 'ed' }, restorable: true });
    expect(update.id).toMatch(/^\d+$/);
    expect(update.changes).toEqual([
      { field: 'name', before: 'Asthma', after: 'Asthma bronchiale' },
      { field: 'url', before: null, after: 'https://example.org/a' },
    ]);
    expect(create.action).toBe('create');
    expect(change(create, 'name')).toEqual({ field: 'name', before: null, after: 'Asthma' });
    expect(change(create, 'nodeType')).toEqual({ field: 'nodeType', before: null, after: 'Hx Disease' });
    expect(Date.parse(update.at)).toBeGreaterThanOrEqual(Date.parse(create.at));
  });

  it('a refused change rolls back its event with it (a duplicate name writes nothing)', async () => {
    const a = await node('Gout');
    const b = await node('Gout 2');
    await api('PUT', `/nodes/${b.id}`, editor, { name: 'gout', nodeType: 'Hx Disease' }, 409);
    expect((await history('nodes', b.id)).data.map((e) => e.action)).toEqual(['create']);
    expect(await auditRows(a.id)).toHaveLength(1);
  });

  it('a delete keeps the node and the relations removed with it; its history stays readable by id', async () => {
    const n = await node('Migraine', { snomedCode: '37796009', note: 'public note' });
    const other = await node('Triptan', { nodeType: 'Hx Drug' });
    const rel = await relation(other.id, n.id, { note: 'internal' });
    await api('DELETE', `/nodes/${n.id}`, editor, undefined, 204);
    const page = await history('nodes', n.id, viewer);
    expect(page.data[0]).toMatchObject({ action: 'delete', restorable: true });
    expect(change(page.data[0], 'snomedCode')).toEqual({ field: 'snomedCode', before: '37796009', after: null });
    const [row] = await t.db.query<{ detail: { relations: { id: string; note: string }[] } }>(`SELECT detail FROM audit_log WHERE id = $1`, [page.data[0].id]);
    expect(row.detail.relations).toMatchObject([{ id: rel.id, relationName: 'treats', note: 'internal' }]);
    // The relation's own history shows its removal too.
    expect((await history('relations', rel.id)).data[0]).toMatchObject({ action: 'delete' });
  });

  it('attachments added and removed are node events; the removed file stays downloadable after a restore', async () => {
    const n = await node('Eczema');
    const up = await t.call({ method: 'POST', url: `/api/nodes/${n.id}/attachments`, token: editor.accessToken, ...multipart('plan.txt', Buffer.from('care plan v1')) });
    expect(up.statusCode).toBe(201);
    const attachmentId = up.json<{ id: string }>().id;
    await api('DELETE', `/nodes/${n.id}/attachments/${attachmentId}`, editor, undefined, 204);
    const [removed, added] = (await history('nodes', n.id)).data;
    expect(added).toMatchObject({ action: 'attachment_add', changes: [{ field: 'attachment', before: null, after: { id: attachmentId, filename: 'plan.txt', size: 12 } }] });
    expect(removed).toMatchObject({ action: 'attachment_remove', changes: [{ field: 'attachment', before: { filename: 'plan.txt' }, after: null }] });
    expect(JSON.stringify(added)).not.toContain('blobKey');

    await api('POST', `/nodes/${n.id}/restore`, editor, { eventId: added.id }, 200);
    const detail = await api<{ attachments: { id: string }[] }>('GET', `/nodes/${n.id}`, editor);
    expect(detail.attachments.map((a) => a.id)).toEqual([attachmentId]);
    const link = await api<{ downloadUrl: string }>('GET', `/nodes/${n.id}/attachments/${attachmentId}/download`, editor);
    expect((await t.call({ method: 'GET', url: link.downloadUrl })).body).toBe('care plan v1');
  });
});

describe('relation events', () => {
  it('create, update and delete with before → after; the note change only for who may see notes', async () => {
    const [a, b] = [await node('Asthma R'), await node('Salbutamol', { nodeType: 'Hx Drug' })];
    const rel = await relation(b.id, a.id, { note: 'secret-1' });
    await api('PUT', `/relations/${rel.id}`, editor, { relationName: 'relieves', sourceNodeId: b.id, targetNodeId: a.id, relationType: 'hx treats', weight: 80, note: 'secret-2' });
    const asEditor = await history('relations', rel.id, editor);
    expect(asEditor.data[0].changes).toEqual([
      { field: 'relationName', before: 'treats', after: 'relieves' },
      { field: 'weight', before: 50, after: 80 },
      { field: 'note', before: 'secret-1', after: 'secret-2' },
    ]);
    expect(change(asEditor.data[1], 'sourceNodeName')).toEqual({ field: 'sourceNodeName', before: null, after: 'Salbutamol' });
    const asViewer = await t.call({ method: 'GET', url: `/api/relations/${rel.id}/history`, token: viewer.accessToken });
    expect(asViewer.statusCode).toBe(200);
    expect(asViewer.body).not.toContain('secret');
    expect(asViewer.json<HistoryPage>().data[0].changes.map((c) => c.field)).toEqual(['relationName', 'weight']);

    await api('DELETE', `/relations/${rel.id}`, editor, undefined, 204);
    expect((await history('relations', rel.id)).data.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
  });
});

describe('types, SNOMED concepts and imports', () => {
  it('node and relation types: create, rename, delete', async () => {
    const type = await api('POST', '/nodetypes', admin, { name: 'Hx Gene', color: '#336699' });
    await api('PUT', `/nodetypes/${type.id}`, admin, { name: 'Hx Genes' });
    await api('DELETE', `/nodetypes/${type.id}`, admin, undefined, 204);
    const rows = await t.db.query<{ action: string; entity_type: string; changes: unknown }>(`SELECT action, entity_type, changes FROM audit_log WHERE entity_id = $1 ORDER BY id`, [type.id]);
    expect(rows).toEqual([
      { action: 'create', entity_type: 'node_type', changes: [{ field: 'name', before: null, after: 'Hx Gene' }, { field: 'color', before: null, after: '#336699' }] },
      { action: 'update', entity_type: 'node_type', changes: [{ field: 'name', before: 'Hx Gene', after: 'Hx Genes' }] },
      { action: 'delete', entity_type: 'node_type', changes: [{ field: 'name', before: 'Hx Genes', after: null }, { field: 'color', before: '#336699', after: null }] },
    ]);
    const rt = await api('POST', '/relationtypes', admin, { name: 'hx causes' });
    expect((await t.db.query<{ entity_type: string }>('SELECT entity_type FROM audit_log WHERE entity_id = $1', [rt.id]))[0].entity_type).toBe('relation_type');
  });

  it('a refused type delete (in use) writes no event', async () => {
    const [type] = await t.db.query<{ id: string }>(`SELECT id FROM node_types WHERE name = 'Hx Drug'`);
    await api('DELETE', `/nodetypes/${type.id}`, admin, undefined, 409);
    expect((await t.db.query(`SELECT 1 FROM audit_log WHERE entity_id = $1 AND action = 'delete'`, [type.id])).length).toBe(0);
  });

  it('a SNOMED concept delete keeps the row it removed', async () => {
    await t.db.query(`INSERT INTO snomed_concepts (id, concept_id, term) VALUES ('9900001', '195967001', 'Asthma (disorder)')`);
    await api('DELETE', '/snomed/concept/9900001', admin, undefined, 204);
    const [row] = await t.db.query<{ entity_type: string; changes: { field: string; before: unknown }[] }>(`SELECT entity_type, changes FROM audit_log WHERE entity_id = '9900001'`);
    expect(row.entity_type).toBe('snomed_concept');
    expect(row.changes).toContainEqual({ field: 'term', before: 'Asthma (disorder)', after: null });
  });

  it('a node upload writes one job event with its counts and one create event per created row', async () => {
    const csv = 'nodename,nodetype,SNOMED\nUpl One,Hx Upload Type,\nUpl Two,Hx Upload Type,123456789\nUpl One,Hx Upload Type,\n';
    const res = await t.call({ method: 'POST', url: '/api/nodes/upload', token: editor.accessToken, ...multipart('nodes.csv', Buffer.from(csv)) });
    expect(res.statusCode, res.body).toBeLessThan(300);
    // The job finishes in the background: wait for its event.
    let job: { entity_id: string; actor_name: string; detail: { created: number; skipped: number } } | undefined;
    for (let i = 0; i < 100 && !job; i++) {
      [job] = await t.db.query(`SELECT entity_id, actor_name, detail FROM audit_log WHERE entity_type = 'import' AND action = 'import'`);
      if (!job) await new Promise((r) => setTimeout(r, 50));
    }
    expect(job).toMatchObject({ actor_name: 'ed', detail: { created: 2, skipped: 1 } });
    const two = (await api<{ data: KnowledgeNode[] }>('GET', '/nodes?search=Upl%20Two', editor)).data[0];
    const [created] = (await history('nodes', two.id)).data;
    expect(created).toMatchObject({ action: 'create', actor: { username: 'ed' }, restorable: true });
    expect(created.changes).toEqual([
      { field: 'name', before: null, after: 'Upl Two' },
      { field: 'nodeType', before: null, after: 'Hx Upload Type' },
      { field: 'snomedCode', before: null, after: '123456789' },
    ]);
    const [typeEvent] = await t.db.query<{ detail: { jobId: string } }>(`SELECT detail FROM audit_log WHERE entity_type = 'node_type' AND changes @> '[{"after": "Hx Upload Type"}]'`);
    expect(typeEvent.detail.jobId).toBe(job!.entity_id);
    // Restoring a bulk-created node to its creation state works from the fields the event lists.
    await api('PUT', `/nodes/${two.id}`, editor, { name: 'Upl Two renamed', nodeType: 'Hx Upload Type', snomedCode: '123456789' });
    expect((await api<KnowledgeNode>('POST', `/nodes/${two.id}/restore`, editor, { eventId: created.id })).name).toBe('Upl Two');
    // Deleted, its history still holds the create event kept with its batch, and the delete brings it back.
    const one = (await api<{ data: KnowledgeNode[] }>('GET', '/nodes?search=Upl%20One', editor)).data[0];
    await api('DELETE', `/nodes/${one.id}`, editor);
    const gone = (await history('nodes', one.id)).data;
    expect(gone.map((e) => e.action)).toEqual(['delete', 'create']);
    expect(gone[1].id).toMatch(/^\d+\.\d+$/);
    expect((await api<KnowledgeNode>('POST', `/nodes/${one.id}/restore`, editor, { eventId: gone[0].id })).name).toBe('Upl One');
    // An event id of another record's batch entry is not this record's.
    const other = await t.call({ method: 'POST', url: `/api/nodes/${one.id}/restore`, token: editor.accessToken, payload: { eventId: created.id } });
    expect(other.statusCode).toBe(404);
  });
});

describe('SNOMED import', () => {
  it('writes one catalogue event with the counts', async () => {
    const values: Record<string, string> = { id: '9900077', effectiveTime: '20200731', active: '1', moduleId: '900000000000207008', conceptId: '195967001', languageCode: 'en', typeId: '900000000000013009', term: 'Asthma', caseSignificanceId: '900000000000448009' };
    const file = xlsxOf([[...SNOMED_RF2_COLUMNS], SNOMED_RF2_COLUMNS.map((c) => values[c])]);
    const res = await t.call({ method: 'POST', url: '/api/snomed/import', token: admin.accessToken, ...multipart('concepts.xlsx', file) });
    expect(res.statusCode, res.body).toBe(200);
    const events = await t.db.query<{ action: string; actor_name: string; detail: { created: number; kind: string } }>(`SELECT action, actor_name, detail FROM audit_log WHERE entity_type = 'snomed_catalogue'`);
    expect(events).toMatchObject([{ action: 'import', actor_name: 'admin', detail: { kind: 'snomed', created: 1 } }]);
  });
});

describe('history paging', () => {
  it('pages newest first with limit and skip', async () => {
    const n = await node('Paged 0');
    for (let i = 1; i <= 4; i++) await api('PUT', `/nodes/${n.id}`, editor, { name: `Paged ${i}`, nodeType: 'Hx Disease' });
    const first = await history('nodes', n.id, editor, '?limit=2');
    expect(first.pagination).toEqual({ total: 5, limit: 2, skip: 0 });
    expect(first.data.map((e) => change(e, 'name')?.after)).toEqual(['Paged 4', 'Paged 3']);
    const last = await history('nodes', n.id, editor, '?limit=2&skip=4');
    expect(last.data.map((e) => e.action)).toEqual(['create']);
  });

  it('404 for an id that never existed; an empty page for a node from before the trail', async () => {
    await api('GET', '/nodes/00000000-0000-4000-8000-000000000077/history', editor, undefined, 404);
    await api('GET', '/relations/00000000-0000-4000-8000-000000000077/history', editor, undefined, 404);
    const [seeded] = await t.db.query<{ id: string }>(`INSERT INTO nodes (name, node_type_id) SELECT 'Seeded', id FROM node_types WHERE name = 'Hx Disease' RETURNING id`);
    expect((await history('nodes', seeded.id)).data).toEqual([]);
  });
});

describe('restore', () => {
  it('returns a node to its state right after an event, as a new audited change', async () => {
    const n = await node('Psoriasis', { description: 'v1' });
    await api('PUT', `/nodes/${n.id}`, editor, { name: 'Psoriasis', nodeType: 'Hx Disease', description: 'v2', url: 'https://example.org/p' });
    await api('PUT', `/nodes/${n.id}`, editor, { name: 'Psoriasis vulgaris', nodeType: 'Hx Disease', description: 'v3' });
    const [, v2] = (await history('nodes', n.id)).data;
    const restored = await api<KnowledgeNode>('POST', `/nodes/${n.id}/restore`, fixer, { eventId: v2.id }, 200);
    expect(restored).toMatchObject({ name: 'Psoriasis', description: 'v2', url: 'https://example.org/p' });
    const [event] = (await history('nodes', n.id)).data;
    expect(event).toMatchObject({ action: 'restore', actor: { username: 'fx' } });
    expect(change(event, 'name')).toEqual({ field: 'name', before: 'Psoriasis vulgaris', after: 'Psoriasis' });
    expect(change(event, 'description')).toEqual({ field: 'description', before: 'v3', after: 'v2' });
  });

  it('brings a deleted node back from its delete event, with its relations and attachments', async () => {
    const n = await node('Rhinitis', { snomedCode: '61582004' });
    const [a, b] = [await node('Cetirizine', { nodeType: 'Hx Drug' }), await node('Loratadine', { nodeType: 'Hx Drug' })];
    const kept = await relation(a.id, n.id, { note: 'n1' });
    const lost = await relation(b.id, n.id);
    await t.call({ method: 'POST', url: `/api/nodes/${n.id}/attachments`, token: editor.accessToken, ...multipart('leaflet.txt', Buffer.from('leaflet')) });
    await api('DELETE', `/nodes/${n.id}`, editor, undefined, 204);
    await api('DELETE', `/nodes/${b.id}`, editor, undefined, 204); // one relation's other end is gone too
    const [deleted] = (await history('nodes', n.id)).data;

    await api('POST', `/nodes/${n.id}/restore`, fixer, { eventId: deleted.id }, 403); // update rights only
    const back = await api<KnowledgeNode>('POST', `/nodes/${n.id}/restore`, editor, { eventId: deleted.id }, 200);
    expect(back).toMatchObject({ id: n.id, name: 'Rhinitis', snomedCode: '61582004', createdAt: n.createdAt });
    const relations = await api<NodeRelationItem[]>('GET', `/nodes/${n.id}/relations`, editor);
    expect(relations.map((r) => [r.id, r.note])).toEqual([[kept.id, 'n1']]);
    expect((await api<{ attachments: { filename: string }[] }>('GET', `/nodes/${n.id}`, editor)).attachments.map((x) => x.filename)).toEqual(['leaflet.txt']);
    const [restoreEvent] = (await history('nodes', n.id)).data;
    expect(restoreEvent).toMatchObject({ action: 'restore' });
    expect(change(restoreEvent, 'name')).toEqual({ field: 'name', before: null, after: 'Rhinitis' });
    const [row] = await t.db.query<{ detail: { relationsRestored: string[]; relationsSkipped: { id: string }[] } }>('SELECT detail FROM audit_log WHERE id = $1', [restoreEvent.id]);
    expect(row.detail.relationsRestored).toEqual([kept.id]);
    expect(row.detail.relationsSkipped.map((s) => s.id)).toEqual([lost.id]);
    expect((await history('relations', kept.id)).data[0].action).toBe('restore');
    // Again: the node exists now.
    await api('POST', `/nodes/${n.id}/restore`, editor, { eventId: deleted.id }, 409);
  });

  it('refuses with the reason when the name or SNOMED code is now in use, and writes nothing', async () => {
    const n = await node('Urticaria', { snomedCode: '126485001' });
    await api('DELETE', `/nodes/${n.id}`, editor, undefined, 204);
    await node('Urticaria'); // the same name, created since
    const [deleted] = (await history('nodes', n.id)).data;
    const res = await t.call({ method: 'POST', url: `/api/nodes/${n.id}/restore`, token: editor.accessToken, payload: { eventId: deleted.id } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'duplicate_node', error: 'A node named "Urticaria" of type "Hx Disease" already exists' });
    expect((await history('nodes', n.id)).data).toHaveLength(2);

    const m = await node('Hives', { snomedCode: '126485009' });
    await api('PUT', `/nodes/${m.id}`, editor, { name: 'Hives', nodeType: 'Hx Disease', snomedCode: null });
    await node('Hives elsewhere', { snomedCode: '126485009' });
    const [, created] = (await history('nodes', m.id)).data;
    const clash = await t.call({ method: 'POST', url: `/api/nodes/${m.id}/restore`, token: editor.accessToken, payload: { eventId: created.id } });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ code: 'duplicate_snomed_code' });
  });

  it('restores a relation version and a deleted relation; refused when an end is gone', async () => {
    const [a, b] = [await node('Acne'), await node('Isotretinoin', { nodeType: 'Hx Drug' })];
    const rel = await relation(b.id, a.id, { weight: 40 });
    await api('PUT', `/relations/${rel.id}`, editor, { relationName: 'treats', sourceNodeId: b.id, targetNodeId: a.id, relationType: 'hx treats', weight: 90 });
    const [, created] = (await history('relations', rel.id)).data;
    expect((await api<Relation>('POST', `/relations/${rel.id}/restore`, fixer, { eventId: created.id }, 200)).weight).toBe(40);

    await api('DELETE', `/relations/${rel.id}`, editor, undefined, 204);
    const [deleted] = (await history('relations', rel.id)).data;
    await api('POST', `/relations/${rel.id}/restore`, fixer, { eventId: deleted.id }, 403);
    expect((await api<Relation>('POST', `/relations/${rel.id}/restore`, editor, { eventId: deleted.id }, 200)).id).toBe(rel.id);

    await api('DELETE', `/nodes/${a.id}`, editor, undefined, 204); // removes the relation with it
    const [removedWithNode] = (await history('relations', rel.id)).data;
    const res = await t.call({ method: 'POST', url: `/api/relations/${rel.id}/restore`, token: editor.accessToken, payload: { eventId: removedWithNode.id } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'relation_ends_gone', error: 'A node at an end of this relation no longer exists' });
  });

  it('refuses an event of another record, and readers may not restore', async () => {
    const [x, y] = [await node('Xerosis'), await node('Ichthyosis')];
    const [ofY] = (await history('nodes', y.id)).data;
    await api('POST', `/nodes/${x.id}/restore`, editor, { eventId: ofY.id }, 404);
    // One spelling per event: no leading zeros, no ".0", no third part, nothing past a bigint.
    for (const eventId of ['abc', '1.2.3', '01', `0${ofY.id}`, `${ofY.id}.0`, '1234567890123456789', '']) await api('POST', `/nodes/${x.id}/restore`, editor, { eventId }, 400);
    await api('POST', `/nodes/${y.id}/restore`, viewer, { eventId: ofY.id }, 403);
    await api('GET', `/nodes/${y.id}/history`, viewer, undefined, 200);
  });
});
