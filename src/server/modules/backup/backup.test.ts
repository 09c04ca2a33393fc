import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_FORMAT_VERSION, BACKUP_MESSAGES, BACKUP_RESTORE_EVENT, SOCKET_PATH, type BackupManifest, type BackupRestoreProgress, type BackupRestoreResult, type HistoryPage } from '../../../contract';
import type { Db } from '../../db/db';
import { testApp, type TestApp } from '../../test/harness';
import { multipart } from '../../test/import-fixtures';
import { countAll, editRow, entriesOf, rebuilt } from './archive-fixtures';
import { BACKUP_TABLES, MANIFEST_FILE, NOT_BACKED_UP, type BackupTable } from './tables';

/**
 * Backups end to end on the real app (both databases): a populated installation is backed up,
 * the archive restored into a fresh one, and every table compared row by row.
 */
let source: TestApp;
let sourceAdmin: string;
let archive: Buffer;
let eventsBefore: number;
let uploaded: string;
/** Every event as the log reads it (audit_log's and the import batches'), oldest first, without its id. */
let sourceEvents: Record<string, unknown>[];
const eventsOf = (db: Db, afterSeq: number) =>
  db
    .query<{ r: Record<string, unknown> }>(
      `SELECT row_to_json(x)::jsonb AS r FROM (SELECT at, actor_id, actor_name, action, entity_type, entity_id, changes, detail
                                                 FROM audit_events WHERE seq > $1 ORDER BY seq, ord) x`,
      [afterSeq],
    )
    .then((rows) => rows.map((row) => row.r));
/** Every table of the source as it was backed up (later tests sign in there, which changes last_login). */
const snapshot = new Map<string, Record<string, unknown>[]>();
// A PDF's magic number, then every byte value (the content check accepts it as a PDF).
const ATTACHMENT = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(Array.from({ length: 69_991 }, (_, i) => (i * 31 + 7) % 256))]);

const as = async <T = { id: string }>(t: TestApp, token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object): Promise<T> => {
  const res = await t.call({ method, url: `/api${url}`, token, payload });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json<T>();
};

const restore = (t: TestApp, token: string, data: Buffer, name = 'backup.zip') => t.call({ method: 'POST', url: '/api/backup/restore', token, ...multipart(name, data) });

/** The rows of one table as the archive would carry them (only those it carries), ordered by key. */
async function rowsOf(db: Db, table: BackupTable, columns: readonly string[], where = 'true') {
  const only = table.only ? ` AND "${table.only.column}" = ANY($1::text[])` : '';
  return db.query<Record<string, unknown>>(
    `SELECT row_to_json(x)::jsonb AS r FROM (SELECT ${columns.map((c) => `"${c}"`).join(', ')} FROM ${table.table} WHERE ${where}${only} ORDER BY "${table.key}") x`,
    table.only ? [table.only.values] : [],
  ).then((rows) => rows.map((r) => r.r as Record<string, unknown>));
}

/** The archive's only import batch row, changed. */
const editBatch = (data: Buffer, change: (batch: Record<string, unknown>) => Record<string, unknown>) => {
  const lines = data.toString().split('\n').filter(Boolean);
  expect(lines).toHaveLength(1);
  return JSON.stringify(change(JSON.parse(lines[0]) as Record<string, unknown>)) + '\n';
};

const LOCAL_SECRET = 'installation-secret-0f3c9a';
let token: string;
beforeAll(async () => {
  source = await testApp();
  const admin = await source.register('admin');
  token = admin.accessToken;
  sourceAdmin = admin.user.id;
  const role = await as(source, token, 'POST', '/roles', { name: 'Curator', description: 'Curates', permissions: ['nodes.read', 'nodes.create', 'system.backup'] });
  const carol = await as(source, token, 'POST', '/users', { username: 'carol', email: 'carol@example.org', password: 'Str0ng-pass-1', roleId: role.id, role: 'Curator' });
  // Carol signs in through the hospital's identity provider (migration 0035): the link travels.
  await source.db.query(`INSERT INTO user_identities (issuer, subject, user_id, last_sign_in) VALUES ('https://idp.example.org/realms/staff', 'c-4711', $1, now())`, [carol.id]);
  await as(source, token, 'POST', '/users', { username: 'victor', email: 'victor@example.org', password: 'Str0ng-pass-1', role: 'viewer' });
  await as(source, token, 'POST', '/nodetypes', { name: 'Disease' });
  await as(source, token, 'POST', '/nodetypes', { name: 'Drug' });
  const treats = await as(source, token, 'POST', '/relationtypes', { name: 'treats' });
  // The graph's FHIR hierarchy (a server setting, format 6) travels with the relation type it names.
  await as(source, token, 'PUT', '/terminology/hierarchy', { relationTypeId: treats.id });
  // A setting of this installation alone (the tests configure their secret, so none is stored): never archived.
  await source.db.query(`INSERT INTO server_settings (key, value) VALUES ('token_secret', $1) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`, [LOCAL_SECRET]);
  await source.db.query(`INSERT INTO snomed_concepts (id, concept_id, term, effective_time) VALUES ('11', '195967001', 'Asthma', '20200731'), ('12', '372665008', 'Salbutamol', null)`);
  const asthma = await as(source, token, 'POST', '/nodes', { name: 'Asthma', nodeType: 'Disease', snomedCode: '195967001', description: 'A chronic "airway" disease\nwith ünïcode', note: 'internal' });
  const drug = await as(source, token, 'POST', '/nodes', { name: 'Salbutamol', nodeType: 'Drug', url: 'https://example.org/s' });
  const relieves = await as(source, token, 'POST', '/relations', { relationName: 'relieves', sourceNodeId: drug.id, targetNodeId: asthma.id, relationType: 'treats', weight: 80, note: 'checked', evidence: [{ source: 'PMID:12345', quote: 'It helps', grade: 'high' }, { source: 'Ward practice' }] });
  // A FHIR code system (migration 0036): the resource, its version and its indexed concepts travel.
  const cs = { resourceType: 'CodeSystem', id: 'colours', url: 'http://example.org/colours', version: '2', name: 'Colours', status: 'active', content: 'complete', concept: [{ code: 'blue', display: 'Blue', concept: [{ code: 'navy', display: 'Navy', designation: [{ language: 'de', value: 'Marineblau' }] }] }] };
  for (const title of ['Colours', 'Colour codes']) {
    const put = await source.call({ method: 'PUT', url: '/fhir/CodeSystem/colours', token, headers: { 'content-type': 'application/fhir+json' }, payload: JSON.stringify({ ...cs, title }) });
    expect(put.statusCode).toBeLessThan(300);
  }
  // Discussions (migration 0038): one comment on a node, one on a relation.
  await as(source, token, 'POST', `/nodes/${asthma.id}/comments`, { body: 'See https://example.org/gina' });
  await as(source, token, 'POST', `/relations/${relieves.id}/comments`, { body: 'Which trial?' });
  // Review mode (migration 0039): a proposal with its change travels.
  const proposal = await as(source, token, 'POST', '/proposals', { changes: [{ kind: 'node', action: 'update', targetId: drug.id, after: { name: 'Salbutamol', nodeType: 'Drug', description: 'proposed' } }] });
  // A proposal's discussion (migration 0044) travels with it, restored after the proposals.
  await as(source, token, 'POST', `/proposals/${proposal.id}/comments`, { body: 'Per the 2024 label' });
  // A node under SNOMED review (migration 0022): the row travels, its import job (not in the archive) does not.
  await source.db.query(
    `INSERT INTO snomed_drift (node_id, code, kind, previous_term, current_term, detected_by_filename) VALUES ($1, '195967001', 'term_changed', 'Asthma', 'Asthma (disorder)', 'sct2.txt')`,
    [asthma.id],
  );
  const up = await source.call({ method: 'POST', url: `/api/nodes/${asthma.id}/attachments`, token, ...multipart('scan.pdf', ATTACHMENT) });
  expect(up.statusCode).toBe(201);
  // A bulk upload: its create events are kept one row per batch (migration 0029); one of its nodes changed after.
  const upload = await source.call({ method: 'POST', url: '/api/nodes/upload', token, ...multipart('nodes.csv', Buffer.from('name,nodetype\nUploaded one,Disease\nUploaded two,Drug\n')) });
  expect(upload.json<{ status: string }>().status, upload.body).toBe('completed');
  uploaded = (await source.db.query<{ id: string }>(`SELECT id FROM nodes WHERE name = 'Uploaded two'`))[0].id;
  await as(source, token, 'PUT', `/nodes/${uploaded}`, { name: 'Uploaded 2', nodeType: 'Drug' });
  // Events of every shape the trail keeps (whoever writes them: the restore copies the table).
  await source.db.query(
    `INSERT INTO audit_log (actor_id, actor_name, action, entity_type, entity_id, changes, detail) VALUES
       ($1, 'admin', 'update', 'node', $2, '[{"field":"name","before":"Asthma x","after":"Asthma"}]', NULL),
       (NULL, NULL, 'sign_in_failed', 'session', NULL, '[]', '{"login":"mallory"}'),
       ('00000000-0000-4000-8000-0000000000aa', 'gone-user', 'delete', 'relation', 'r1', '[]', '{"snapshot":{"weight":5}}'),
       ($1, 'admin', 'delete', 'user', '00000000-0000-4000-8000-0000000000aa', '[]', NULL)`,
    [sourceAdmin, asthma.id],
  );
  const [{ n }] = await source.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log');
  eventsBefore = n;
  for (const table of BACKUP_TABLES) snapshot.set(table.table, await rowsOf(source.db, table, table.columns));
  sourceEvents = await eventsOf(source.db, 0);
  const res = await source.call({ method: 'GET', url: '/api/backup', token });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="kg-backup-\d{8}-\d{6}\.zip"$/);
  archive = res.rawPayload;
});
afterAll(() => source?.close());

describe('GET /backup', () => {
  it('holds every table as NDJSON, the attachment bytes and a manifest with version, migration and counts', async () => {
    const entries = await entriesOf(archive);
    const manifest = JSON.parse(entries.get(MANIFEST_FILE)!.toString()) as BackupManifest;
    expect(manifest.formatVersion).toBe(BACKUP_FORMAT_VERSION);
    expect(manifest.migration).toBeGreaterThanOrEqual(11);
    expect(Date.parse(manifest.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(manifest.counts).toMatchObject({ roles: 4, users: 3, nodeTypes: 2, relationTypes: 1, serverSettings: 1, nodes: 4, relations: 1, relationEvidence: 2, comments: 3, proposals: 1, proposalChanges: 1, attachments: 1, snomedConcepts: 2, snomedDrift: 1, fhirResources: 1, fhirConcepts: 2, auditBatches: 1 });
    expect(manifest.counts.auditLog).toBe(eventsBefore);
    const [attachmentName] = [...entries.keys()].filter((k) => k.startsWith('attachments/'));
    expect(entries.get(attachmentName)!.equals(ATTACHMENT)).toBe(true);
  });

  it('carries every column of each table it backs up, but the ones left out on purpose (a later migration must add its columns)', async () => {
    for (const table of BACKUP_TABLES) {
      const rows = await source.db.query<{ name: string }>(
        'SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1',
        [table.table],
      );
      const expected = rows.map((r) => r.name).filter((c) => !(NOT_BACKED_UP[table.table] ?? []).includes(c));
      expect([...table.columns].sort(), table.table).toEqual(expected.sort());
    }
  });

  it('never carries a password hash', async () => {
    const entries = await entriesOf(archive);
    const text = [...entries].filter(([k]) => k.endsWith('.ndjson') || k.endsWith('.json')).map(([, v]) => v.toString('utf8')).join('\n');
    expect(text).not.toMatch(/scrypt\$/);
    expect(text).not.toMatch(/password_hash/);
    expect(text).toContain('"username":"carol"');
    // Of the server settings only those that describe the data: never the token secret.
    expect(text).not.toContain(LOCAL_SECRET);
    expect(entries.get('server_settings.ndjson')!.toString().split('\n').filter(Boolean).map((l) => (JSON.parse(l) as { key: string }).key)).toEqual(['fhir.hierarchy']);
  });

  it('is refused without system.backup', async () => {
    const viewer = await source.call({ method: 'POST', url: '/api/auth/login', payload: { login: 'victor', password: 'Str0ng-pass-1' } });
    expect((await source.call({ method: 'GET', url: '/api/backup', token: viewer.json().accessToken })).statusCode).toBe(403);
    expect((await source.call({ method: 'GET', url: '/api/backup' })).statusCode).toBe(401);
  });
});

describe('POST /backup/restore', () => {
  let target: TestApp;
  let targetToken: string;
  let targetAdmin: string;
  let targetEventsBefore: number;
  let result: BackupRestoreResult;
  let progress: BackupRestoreProgress[];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    target = await testApp();
    const admin = await target.register('admin');
    targetToken = admin.accessToken;
    targetAdmin = admin.user.id;
    // A seed type of the new installation gives way to the archive's.
    await as(target, targetToken, 'POST', '/nodetypes', { name: 'Disease' });
    const [{ n }] = await target.db.query<{ n: number }>('SELECT coalesce(max(id), 0)::int AS n FROM audit_log');
    targetEventsBefore = n;
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await target?.close();
  });

  it('refuses an installation that holds data, and non-admins, writing nothing', async () => {
    const res = await restore(source, token, archive);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/already holds data \(4 nodes, 1 relation, 2 SNOMED concepts, 1 FHIR terminology resource, 2 other users, 1 custom role\)/);
    const carol = await source.call({ method: 'POST', url: '/api/auth/login', payload: { login: 'carol', password: 'Str0ng-pass-1' } });
    const refused = await restore(source, carol.json().accessToken, archive);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('admin_only');
    // carol holds system.backup through her custom role: she may download.
    expect((await source.call({ method: 'GET', url: '/api/backup', token: carol.json().accessToken })).statusCode).toBe(200);
  });

  it('refuses damaged archives, unknown versions and bad rows with a 400, writing nothing', async () => {
    const before = await countAll(target.db);
    const entries = await entriesOf(archive);
    const flipped = Buffer.from(archive);
    flipped[Math.floor(flipped.length / 3)] ^= 0xff;
    const cases: [Buffer, RegExp][] = [
      [archive.subarray(0, archive.length - 100), /not a valid backup archive/],
      [flipped, /not a valid backup archive/],
      [Buffer.from('not a zip at all'), /not a valid backup archive/],
      [rebuilt(entries, (n, d) => (n === MANIFEST_FILE ? JSON.stringify({ ...JSON.parse(d.toString()), formatVersion: 99 }) : d)), /format version 99, which this server cannot read/],
      [rebuilt(entries, (n, d) => (n === MANIFEST_FILE ? JSON.stringify({ ...JSON.parse(d.toString()), migration: 9999 }) : d)), /made by a newer version/],
      [rebuilt(entries, (n, d) => (n === MANIFEST_FILE ? null : d)), /manifest\.json is missing/],
      [rebuilt(entries, (n, d) => (n === 'nodes.ndjson' ? d.toString().replace('"name":"Asthma"', '"name":"  "') : d)), /nodes\.ndjson, line \d: name: empty name/],
      [rebuilt(entries, (n, d) => (n === 'relations.ndjson' ? d.toString().replace(/"source_node_id":"[^"]+"/, '"source_node_id":"00000000-0000-4000-8000-000000000001"') : d)), /relations\.ndjson, line 1: source_node_id names a row that is not in the backup/],
      // Evidence (format 4) must name a relation of the archive and carry a known grade.
      [rebuilt(entries, (n, d) => (n === 'relation_evidence.ndjson' ? d.toString().replace(/"relation_id":"[^"]+"/, '"relation_id":"00000000-0000-4000-8000-000000000001"') : d)), /could not be restored: .*relation_evidence/],
      [rebuilt(entries, (n, d) => (n === 'relation_evidence.ndjson' ? d.toString().replace('"grade":"high"', '"grade":"strong"') : d)), /relation_evidence\.ndjson, line 1: grade/],
      [rebuilt(entries, (n, d) => (n.startsWith('attachments/') ? d.subarray(1) : d)), /attachments\.ndjson, line 1: the contents .* are not 70000 bytes/],
      [rebuilt(entries, (n, d) => (n === 'nodes.ndjson' ? d.toString().split('\n')[0] + '\n' : d)), /nodes\.ndjson holds 1 rows but the manifest says 4/],
      // An import batch's arrays must hold one value per record (the view unnests them side by side), and event ids are whole numbers.
      [rebuilt(entries, (n, d) => (n === 'audit_created_batches.ndjson' ? editBatch(d, (b) => ({ ...b, names: (b.names as unknown[]).slice(1) })) : d)), /audit_created_batches\.ndjson, line 1: row: names does not have one value per record/],
      [rebuilt(entries, (n, d) => (n === 'audit_created_batches.ndjson' ? editBatch(d, (b) => ({ ...b, entity_ids: [], names: [], type_names: [], snomed_codes: [] })) : d)), /audit_created_batches\.ndjson, line 1: row: a batch without records/],
      [rebuilt(entries, (n, d) => (n === 'audit_created_batches.ndjson' ? editBatch(d, (b) => ({ ...b, id: -5 })) : d)), /audit_created_batches\.ndjson, line 1: id: /],
      // An archive from before migration 0022 has no snomed_drift file nor count: read past it (to the audit log's wrong count here).
      [
        rebuilt(entries, (n, d) => {
          if (n === 'snomed_drift.ndjson') return null;
          if (n === 'audit_log.ndjson') return d.toString().split('\n')[0] + '\n';
          if (n !== MANIFEST_FILE) return d;
          const { snomedDrift: _, ...counts } = (JSON.parse(d.toString()) as { counts: Record<string, number> }).counts;
          return JSON.stringify({ ...JSON.parse(d.toString()), migration: 18, counts });
        }),
        /audit_log\.ndjson holds 1 rows but the manifest says \d+/,
      ],
    ];
    for (const [data, message] of cases) {
      const res = await restore(target, targetToken, data);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatch(message);
      expect(res.json().error).toMatch(/Nothing was restored\.$/);
    }
    const wrongType = await restore(target, targetToken, archive, 'backup.tar');
    expect(wrongType.statusCode).toBe(415);
    expect(await countAll(target.db)).toEqual(before);
  });

  it('an event id in both audit files is refused, writing nothing', async () => {
    const entries = await entriesOf(archive);
    const firstLogId = (JSON.parse(entries.get('audit_log.ndjson')!.toString().split('\n')[0]) as { id: number | string }).id;
    const before = await countAll(target.db);
    const res = await restore(target, targetToken, rebuilt(entries, (n, d) => (n === 'audit_created_batches.ndjson' ? editBatch(d, (b) => ({ ...b, id: firstLogId })) : d)));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toBe(BACKUP_MESSAGES.failed(`the event id ${String(firstLogId)} is in both audit files`));
    expect(await countAll(target.db)).toEqual(before);
  });

  it('a constraint the archive breaks rolls everything back (a duplicate node name)', async () => {
    const entries = await entriesOf(archive);
    // Give both nodes the same name and type.
    const nodes = entries.get('nodes.ndjson')!.toString().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
    nodes[1].name = nodes[0].name;
    nodes[1].node_type_id = nodes[0].node_type_id;
    nodes[1].snomed_code = null;
    const clash = rebuilt(entries, (n, d) => (n === 'nodes.ndjson' ? nodes.map((x) => JSON.stringify(x)).join('\n') + '\n' : d));
    const before = await countAll(target.db);
    const res = await restore(target, targetToken, clash);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/could not be restored: two rows of the archive share a unique value/);
    expect(await countAll(target.db)).toEqual(before);
  });

  it('restores every table of the archive into a fresh installation, with progress', async () => {
    await target.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = connect(`http://127.0.0.1:${(target.app.server.address() as AddressInfo).port}`, { path: SOCKET_PATH, auth: { token: targetToken }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', resolve);
      socket.on('connect_error', reject);
    });
    progress = [];
    socket.on(BACKUP_RESTORE_EVENT, (e: BackupRestoreProgress) => progress.push(e));

    // As an archive written before changes.review existed: its admin role lacks it, and gains it (the
    // archive's system roles map onto the installation's own).
    const older = rebuilt(await entriesOf(archive), (n, d) =>
      n === 'roles.ndjson' ? editRow(d, (r) => r.name === 'admin', (r) => ({ ...r, permissions: (r.permissions as string[]).filter((p) => p !== 'changes.review') })) : d,
    );
    const res = await restore(target, targetToken, older);
    expect(res.statusCode, res.body).toBe(200);
    result = res.json<BackupRestoreResult>();
    const [adminRole] = await target.db.query<{ permissions: string[] }>(`SELECT permissions FROM roles WHERE name = 'admin' AND is_system`);
    expect(adminRole.permissions).toContain('changes.review');
    // The archive's own admin is the restorer; the others come back.
    expect(result.counts).toMatchObject({ roles: 1, users: 2, nodeTypes: 2, relationTypes: 1, nodes: 4, relations: 1, comments: 3, proposals: 1, proposalChanges: 1, attachments: 1, snomedConcepts: 2, auditBatches: 1 });
    expect(result.inactiveUsers).toBe(2);
    await expect.poll(() => progress.at(-1)?.status).toBe('completed');
    expect(progress.every((e) => e.processId === result.processId)).toBe(true);
    expect(progress[0].status).toBe('processing');
    expect(progress.some((e) => e.status === 'inserting')).toBe(true);
    expect(progress.map((e) => e.progress)).toEqual([...progress.map((e) => e.progress)].sort((a, b) => a - b));
    expect(progress.at(-1)!.progress).toBe(100);
    // Each message also goes as ids + values, for the restorer's language.
    expect(progress[0].text).toEqual([{ id: 'backup.messages.validating' }]);
    expect(progress.find((e) => e.status === 'inserting')?.text?.[0]).toMatchObject({ id: 'backup.messages.writing', values: { part: expect.any(String) } });
    expect(progress.at(-1)!.text).toEqual([{ id: 'backup.messages.done' }]);
  });

  it('every table holds what the source held (the archive admin is the restorer)', async () => {
    const ids = (v: unknown) => (v === sourceAdmin ? targetAdmin : v);
    for (const table of BACKUP_TABLES) {
      if (table.part === 'auditLog' || table.part === 'auditBatches') continue;
      let where = 'true';
      let keep = (_r: Record<string, unknown>) => true;
      if (table.part === 'roles') {
        where = 'NOT is_system';
        keep = (r) => !r.is_system;
      }
      if (table.part === 'users') {
        where = `username <> 'admin'`;
        keep = (r) => r.username !== 'admin';
      }
      const columns = table.columns.filter((c) => !(table.part === 'users' && c === 'is_active'));
      const expected = snapshot
        .get(table.table)!
        .filter(keep)
        .map((r) => {
          const out = Object.fromEntries(columns.map((c) => [c, r[c]]));
          for (const c of table.userColumns) out[c] = ids(out[c]);
          return out;
        });
      const actual = await rowsOf(target.db, table, columns, where);
      expect(actual, table.table).toEqual(expected);
    }
    // The graph's FHIR hierarchy is the same relation type (server_settings above; its id kept).
    const hierarchy = (t: TestApp, token: string) => as<{ relationType: { name: string } | null }>(t, token, 'GET', '/terminology/hierarchy');
    expect(await hierarchy(target, targetToken)).toEqual(await hierarchy(source, token));
    expect((await hierarchy(target, targetToken)).relationType?.name).toBe('treats');
    // Carol still signs in through the identity provider as herself.
    expect(await target.db.query(`SELECT i.subject, u.username FROM user_identities i JOIN users u ON u.id = i.user_id`)).toEqual([{ subject: 'c-4711', username: 'carol' }]);
    // System roles are this installation's; the restored users keep their roles by name.
    const roleOf = (db: Db) => db.query(`SELECT u.username, r.name FROM users u LEFT JOIN roles r ON r.id = u.role_id ORDER BY u.username`);
    expect(await roleOf(target.db)).toEqual(await roleOf(source.db));
    // The relation count on each node (node_degrees, not in the archive) is derived again, with the node's type.
    const degrees = (db: Db) =>
      db.query(
        `SELECT n.id, COALESCE(d.degree, 0) AS degree, t.name AS degree_type
           FROM nodes n LEFT JOIN node_degrees d ON d.node_id = n.id LEFT JOIN node_types t ON t.id = d.node_type_id ORDER BY n.id`,
      );
    expect(await degrees(target.db)).toEqual(await degrees(source.db));
  });

  it('the schema is as before the bulk load: every index, constraint and trigger is back', async () => {
    const schema = (db: Db) =>
      db.query(
        `SELECT indexdef AS d FROM pg_indexes WHERE schemaname = current_schema()
         UNION ALL SELECT conname || ' ' || pg_get_constraintdef(oid) FROM pg_constraint WHERE connamespace = current_schema()::regnamespace
         UNION ALL SELECT tgname || ' ' || tgenabled::text FROM pg_trigger WHERE NOT tgisinternal
         ORDER BY 1`,
      );
    const after = await schema(target.db);
    expect(after.length).toBeGreaterThan(30);
    expect(after).toEqual(await schema(source.db));
  });

  it('the attachment contents are byte-equal and downloadable', async () => {
    const [a] = await target.db.query<{ id: string; node_id: string }>('SELECT id, node_id FROM attachments');
    const link = await as<{ downloadUrl: string }>(target, targetToken, 'GET', `/nodes/${a.node_id}/attachments/${a.id}/download`);
    const res = await target.call({ method: 'GET', url: link.downloadUrl });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(ATTACHMENT)).toBe(true);
  });

  it('the audit events come back in order, then one event for the restore', async () => {
    const expected: Record<string, unknown>[] = sourceEvents.map((r) => ({ ...r, actor_id: r.actor_id === sourceAdmin ? targetAdmin : r.actor_id }));
    expect(expected.length).toBeGreaterThanOrEqual(3);
    // The upload's batch sits among audit_log's events where it was written: its two creates before the rename.
    expect(expected.filter((e) => e.entity_id === uploaded).map((e) => e.action)).toEqual(['create', 'update']);
    const restored = await eventsOf(target.db, targetEventsBefore);
    expect(restored.slice(0, -1)).toEqual(expected);
    expect(restored.at(-1)).toMatchObject({ action: 'restore', entity_type: 'backup', actor_id: targetAdmin, actor_name: 'admin' });
    // A node's history reads the same, newest first, its create event kept with the batch.
    const history = await as<HistoryPage>(target, targetToken, 'GET', `/nodes/${uploaded}/history`);
    expect(history.data.map((e) => [e.action, e.changes.find((c) => c.field === 'name')?.after])).toEqual([
      ['update', 'Uploaded 2'],
      ['create', 'Uploaded two'],
    ]);
    expect(history.data[1].id).toMatch(/^\d+\.2$/);
  });

  it('restored users are inactive until an admin sets their password', async () => {
    const login = () => target.call({ method: 'POST', url: '/api/auth/login', payload: { login: 'carol', password: 'Str0ng-pass-1' } });
    expect((await login()).statusCode).not.toBe(200);
    const [carol] = await target.db.query<{ id: string; is_active: boolean; password_hash: string }>(`SELECT id, is_active, password_hash FROM users WHERE username = 'carol'`);
    expect(carol.is_active).toBe(false);
    expect(carol.password_hash).not.toMatch(/^scrypt/);
    // The user list says which accounts still need a password (never anything of a hash).
    const listed = await target.call({ method: 'GET', url: '/api/users?limit=100', token: targetToken });
    const users = listed.json().data as { username: string; hasCredentials?: boolean }[];
    expect(users.find((u) => u.username === 'carol')).toMatchObject({ hasCredentials: false });
    expect(users.find((u) => u.username === 'admin')).toMatchObject({ hasCredentials: true });
    expect(listed.body).not.toMatch(/restored|scrypt|password_?hash/i);
    // Activating it without a password is refused with the reason: it could not sign in.
    const early = await target.call({ method: 'PUT', url: `/api/users/${carol.id}`, token: targetToken, payload: { isActive: true } });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ code: 'password_required', error: 'Set a password before activating this account' });
    await as(target, targetToken, 'PUT', `/users/${carol.id}`, { password: 'New-pass-42', isActive: true });
    const set = await target.call({ method: 'GET', url: `/api/users?search=carol`, token: targetToken });
    expect(set.json().data[0]).toMatchObject({ username: 'carol', isActive: true, hasCredentials: true });
    const after = await target.call({ method: 'POST', url: '/api/auth/login', payload: { login: 'carol', password: 'New-pass-42' } });
    expect(after.statusCode).toBe(200);
    // The restorer's own session went on working throughout.
    expect((await target.call({ method: 'GET', url: '/api/auth/me', token: targetToken })).statusCode).toBe(200);
  });

  it('a second restore is refused: the installation now holds data', async () => {
    const res = await restore(target, targetToken, archive);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('installation_not_empty');
  });
});
