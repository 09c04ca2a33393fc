import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELATION_IMPORT_MESSAGES as M, RELATION_MESSAGES, RELATION_TEMPLATE_HEADER, type AuthResponse, type HistoryPage, type NodeUploadResponse } from '../../../contract';
import { loadImportRules, resolveRelations, resolveWhileReading, type RelationImportRules } from './importer';
import { INSERT_RELATIONS_SQL } from './insert';
import type { RelationRow } from './file-reader';
import { testApp, type TestApp } from '../../test/harness';
import { RELATION_IMPORT_LOCK_KEY } from '../../platform/locks';
import { csvOf, encryptedXlsx, multipart, rowsOf, xlsOf, xlsxOf } from '../../test/import-fixtures';

/** Bulk relation import: POST /relations/upload, the template and the error report. */
let t: TestApp;
let admin: AuthResponse;
let editor: AuthResponse;
let otherEditor: AuthResponse;
let viewer: AuthResponse;

const HEADER = [...RELATION_TEMPLATE_HEADER];

beforeAll(async () => {
  // Wait for the job however slow the machine: these tests read the summary from the answer.
  t = await testApp({ uploadAnswerWaitMs: 120_000 });
  admin = await t.register('admin');
  editor = await t.register('editor');
  otherEditor = await t.register('editor2');
  viewer = await t.register('viewer');
  await t.db.query(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'editor') WHERE username IN ('editor', 'editor2')`);
  for (const name of ['Disease', 'Symptom', 'Drug']) await t.call({ method: 'POST', url: '/api/nodetypes', token: admin.accessToken, payload: { name } });
  for (const name of ['symptom of', 'treats']) await t.call({ method: 'POST', url: '/api/relationtypes', token: admin.accessToken, payload: { name } });
  const nodes: [string, string][] = [
    ['R Asthma', 'Disease'],
    ['R Fever', 'Symptom'],
    ['R Cough', 'Symptom'],
    ['R Aspirin', 'Drug'],
    ['R Flu', 'Disease'],
    // One name, two types: ambiguous without a type column.
    ['R Obesity', 'Disease'],
    ['R Obesity', 'Symptom'],
  ];
  for (const [name, nodeType] of nodes) {
    const res = await t.call({ method: 'POST', url: '/api/nodes', token: admin.accessToken, payload: { name, nodeType } });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(() => t?.close());

const uploadAs = (token: string, filename: string, data: Buffer) => t.call({ method: 'POST', url: '/api/relations/upload', token, ...multipart(filename, data) });

interface Stored {
  source: string;
  target: string;
  type: string;
  name: string;
  weight: number;
  url: string | null;
  description: string | null;
  created_by: string;
}
async function relationsFrom(prefix: string): Promise<Stored[]> {
  return t.db.query<Stored>(
    `SELECT s.name AS source, tn.name AS target, rt.name AS type, r.relation_name AS name, r.weight, r.url, r.description, r.created_by
       FROM relations r JOIN nodes s ON s.id = r.source_node_id JOIN nodes tn ON tn.id = r.target_node_id
       JOIN relation_types rt ON rt.id = r.relation_type_id
      WHERE r.description LIKE $1 ORDER BY r.description`,
    [`${prefix}%`],
  );
}

describe('GET /relations/template', () => {
  it('is a real .xlsx with the header row, sample-graph examples and the accepted headers', async () => {
    const res = await t.call({ method: 'GET', url: '/api/relations/template', token: editor.accessToken });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="relations_template_\d{8}T\d{6}\.xlsx"/);
    const rows = rowsOf(res.rawPayload);
    expect(rows[0]).toEqual(HEADER);
    expect(rows[1]).toEqual(['Acetylsalicylic acid', 'Drug', 'coronary artery disease', 'Disease', 'treats (disease-modifying)', '50', 'treats', 'Secondary prevention', 'https://go.drugbank.com/drugs/DB00945', 'PMID:8960584 | DOI:10.1056/NEJMoa0804895', '', 'high | moderate']);
    const XLSX = await import('@e965/xlsx');
    const book = XLSX.read(res.rawPayload, { type: 'buffer' });
    expect(book.SheetNames).toEqual(['Relations', 'Columns']);
    const columns = XLSX.utils.sheet_to_json<string[]>(book.Sheets.Columns, { header: 1, defval: '' });
    expect(columns.map((r) => r[0]).slice(1, 13)).toEqual(HEADER);
    expect(columns[1][1]).toContain('source_name');
  });

  it('needs relations.create', async () => {
    expect((await t.call({ method: 'GET', url: '/api/relations/template', token: viewer.accessToken })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/relations/template' })).statusCode).toBe(401);
  });
});

describe('POST /relations/upload', () => {
  it('creates relations from .xlsx with header variants, fills blank names and weights, answers with the summary', async () => {
    const res = await uploadAs(editor.accessToken, 'relations.xlsx', xlsxOf([
      ['  SOURCE NAME ', 'Target_Name', 'relation type', 'Strength', 'Relation Name', 'Description', 'Link', 'ignored'],
      ['R Fever', 'R Flu', 'Symptom of', 70, '', 'A1 fever-flu', 'https://example.org/a', 'x'],
      ['r aspirin', 'R FEVER', 'TREATS', '', 'relieves', 'A1 aspirin-fever', '', ''],
      ['R Cough', 'R Flu', 'symptom of', '1', 'cough of flu', 'A1 cough-flu', '', ''],
    ]));
    expect(res.statusCode).toBe(200);
    const body = res.json<NodeUploadResponse>();
    expect(body).toMatchObject({ success: true, kind: 'relations', status: 'completed', summary: { total: 3, created: 3, skipped: 0, errors: 0 } });
    expect(body.processId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.downloadUrl).toBeUndefined();
    expect((await relationsFrom('A1 ')).map((r) => [r.source, r.target, r.type, r.name, r.weight, r.url])).toEqual([
      ['R Aspirin', 'R Fever', 'treats', 'relieves', 50, null],
      ['R Cough', 'R Flu', 'symptom of', 'cough of flu', 1, null],
      // A blank relation name takes the type's name (as stored, not as typed).
      ['R Fever', 'R Flu', 'symptom of', 'symptom of', 70, 'https://example.org/a'],
    ]);
    expect(new Set((await relationsFrom('A1 ')).map((r) => r.created_by))).toEqual(new Set([editor.user.id]));
  });

  it('checks a file with ?dryRun=true: the counts of a real import, nothing written, then imports it', async () => {
    const rows = [
      ['source', 'target', 'relation_type', 'description'],
      ['D Chills', 'D Malaria', 'symptom of', 'D1 chills-malaria'],
      ['D Chills', 'D Malaria', 'symptom of', 'D1 repeated'],
      ['R Nobody', 'D Malaria', 'symptom of', 'D1 missing'],
    ];
    // Nodes of this test's own, so its one real relation meets no other test's.
    for (const [name, nodeType] of [['D Chills', 'Symptom'], ['D Malaria', 'Disease']]) {
      expect((await t.call({ method: 'POST', url: '/api/nodes', token: admin.accessToken, payload: { name, nodeType } })).statusCode).toBe(201);
    }
    const relations = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM relations'))[0].n;
    const before = await relations();
    const check = await t.call({ method: 'POST', url: '/api/relations/upload?dryRun=true', token: editor.accessToken, ...multipart('check.csv', csvOf(rows)) });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json<NodeUploadResponse>()).toMatchObject({ kind: 'relations', status: 'completed', dryRun: true, summary: { total: 3, created: 1, skipped: 1, errors: 1 } });
    expect(check.json<NodeUploadResponse>().downloadUrl).toBeTruthy();
    // A check says what an import would do (it used to say "Import completed: 1 created").
    expect(check.json<NodeUploadResponse>().message).toBe('Check completed: 1 would be created, 1 would be skipped (duplicates), 1 would be refused; nothing was written');
    expect(await relations()).toBe(before);
    const real = await uploadAs(editor.accessToken, 'check.csv', csvOf(rows));
    expect(real.json<NodeUploadResponse>()).toMatchObject({ status: 'completed', summary: { total: 3, created: 1, skipped: 1, errors: 1 } });
    expect(real.json<NodeUploadResponse>().dryRun).toBeUndefined();
    expect(real.json<NodeUploadResponse>().message).toBe('Import completed: 1 created, 1 skipped (duplicates), 1 with errors');
    expect(await relations()).toBe(before + 1);
  });

  it('writes an audit event per relation (with the state a restore reads) and one for the job', async () => {
    const res = await uploadAs(editor.accessToken, 'audit.csv', csvOf([
      ['source', 'target', 'relation_type', 'weight', 'description'],
      ['R Aspirin', 'R Asthma', 'treats', '40', 'A2 aspirin-asthma'],
    ]));
    const { processId } = res.json<NodeUploadResponse>();
    const [rel] = await t.db.query<{ id: string }>(`SELECT id FROM relations WHERE description = 'A2 aspirin-asthma'`);
    const [event] = await t.db.query<{ actor_name: string; action: string; changes: { field: string; after: unknown }[]; detail: { state: Record<string, unknown>; jobId: string } }>(
      `SELECT actor_name, action, changes, detail FROM audit_events WHERE entity_type = 'relation' AND entity_id = $1`,
      [rel.id],
    );
    expect(event.actor_name).toBe('editor');
    expect(event.action).toBe('create');
    expect(event.changes.map((c) => c.field)).toEqual(['relationName', 'relationType', 'sourceNodeName', 'targetNodeName', 'weight', 'description']);
    expect(event.detail.jobId).toBe(processId);
    expect(event.detail.state).toMatchObject({ sourceNodeName: 'R Aspirin', targetNodeName: 'R Asthma', relationName: 'treats', relationType: 'treats', weight: 40, url: null, note: null });
    // Stored with its batch (migration 0029), read back as the relation's own create event.
    expect(await t.db.query(`SELECT 1 FROM audit_log WHERE entity_type = 'relation' AND entity_id = $1`, [rel.id])).toEqual([]);
    const history = await t.call({ method: 'GET', url: `/api/relations/${rel.id}/history`, token: editor.accessToken });
    expect(history.statusCode).toBe(200);
    const [created] = history.json<HistoryPage>().data;
    expect(created).toMatchObject({ action: 'create', actor: { username: 'editor' }, restorable: true });
    expect(created.id).toMatch(/^\d+\.1$/);
    expect(created.changes).toContainEqual({ field: 'weight', before: null, after: 40 });
    // A restore to that event reads the state kept with the batch.
    const current = (await t.call({ method: 'GET', url: `/api/relations/${rel.id}`, token: editor.accessToken })).json<{ sourceNodeId: string; targetNodeId: string }>();
    const changed = await t.call({
      method: 'PUT',
      url: `/api/relations/${rel.id}`,
      token: editor.accessToken,
      payload: { relationName: 'treats (checked)', sourceNodeId: current.sourceNodeId, targetNodeId: current.targetNodeId, relationType: 'treats', weight: 90 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const restored = await t.call({ method: 'POST', url: `/api/relations/${rel.id}/restore`, token: editor.accessToken, payload: { eventId: created.id } });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ relationName: 'treats', weight: 40, description: 'A2 aspirin-asthma' });
    const [job] = await t.db.query<{ detail: Record<string, unknown> }>(`SELECT detail FROM audit_log WHERE entity_type = 'import' AND entity_id = $1`, [processId]);
    expect(job.detail).toMatchObject({ kind: 'relations', filename: 'audit.csv', created: 1, total: 1 });
  });

  it('skips duplicates of existing relations and of earlier rows (same source, target and type, any case)', async () => {
    const res = await uploadAs(editor.accessToken, 'dups.csv', csvOf([
      ['Source', 'Target', 'Relation type', 'Description'],
      ['R Fever', 'R Flu', 'symptom of', 'A3 again'], // exists (first test)
      ['R Fever', 'R Asthma', 'symptom of', 'A3 new'],
      ['r fever', 'r asthma', 'SYMPTOM OF', 'A3 repeat'], // repeats the row above
      ['R Asthma', 'R Fever', 'symptom of', 'A3 reverse'], // other direction: not a duplicate
      ['R Fever', 'R Asthma', 'treats', 'A3 other type'], // other type: not a duplicate
    ]));
    expect(res.json<NodeUploadResponse>().summary).toEqual({ total: 5, created: 3, skipped: 2, errors: 0 });
    expect((await relationsFrom('A3 ')).map((r) => r.description)).toEqual(['A3 new', 'A3 other type', 'A3 reverse']);
    // The same file again: everything is a duplicate now.
    const again = await uploadAs(editor.accessToken, 'dups.csv', csvOf([
      ['Source', 'Target', 'Relation type'],
      ['R Fever', 'R Asthma', 'symptom of'],
      ['R Asthma', 'R Fever', 'symptom of'],
    ]));
    expect(again.json<NodeUploadResponse>().summary).toEqual({ total: 2, created: 0, skipped: 2, errors: 0 });
  });

  it('refuses every error class row by row and reports them in file order; the valid rows are imported', async () => {
    const res = await uploadAs(editor.accessToken, 'errors.csv', csvOf([
      ['Source', 'Source type', 'Target', 'Target type', 'Relation type', 'Weight', 'Relation name', 'Description', 'URL'],
      ['R Nobody', '', 'R Flu', '', 'symptom of', '', '', 'A4 missing source', ''], // 2
      ['R Fever', '', 'R Nothing', '', 'symptom of', '', '', 'A4 missing target', ''], // 3
      ['R Obesity', '', 'R Flu', '', 'symptom of', '', '', 'A4 ambiguous', ''], // 4
      ['R Obesity', 'symptom', 'R Flu', '', 'symptom of', '', '', 'A4 disambiguated', ''], // 5: valid
      ['R Fever', 'Drug', 'R Flu', '', 'symptom of', '', '', 'A4 wrong type', ''], // 6
      ['R Fever', '', 'R Flu', '', 'causes', '', '', 'A4 unknown type', ''], // 7
      ['R Fever', '', 'R Asthma', '', 'treats', '0', '', 'A4 weight 0', ''], // 8
      ['R Fever', '', 'R Asthma', '', 'treats', '101', '', 'A4 weight 101', ''], // 9
      ['R Fever', '', 'R Asthma', '', 'treats', '5.5', '', 'A4 weight 5.5', ''], // 10
      ['R Fever', '', 'R Asthma', '', 'treats', 'high', '', 'A4 weight text', ''], // 11
      ['', '', 'R Asthma', '', '', '', '', 'A4 blanks', ''], // 12
      ['R Fever', '', 'R Fever', '', 'treats', '', '', 'A4 self', ''], // 13
      ['R Fever', '', 'R Cough', '', 'treats', '', '', 'A4 bad url', 'ftp://example.org'], // 14
      ['R Fever', '', 'R Cough', '', 'treats', '', 'x'.repeat(256), 'A4 long name', ''], // 15
    ]));
    const body = res.json<NodeUploadResponse>();
    expect(body.summary).toEqual({ total: 14, created: 1, skipped: 0, errors: 13 });
    expect(body.downloadUrl).toBe(`/api/relations/download-errors/${body.processId}`);
    expect((await relationsFrom('A4 ')).map((r) => [r.source, r.description])).toEqual([['R Obesity', 'A4 disambiguated']]);

    const report = await t.call({ method: 'GET', url: body.downloadUrl!, token: editor.accessToken });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-disposition']).toContain('relation_import_errors.xlsx');
    const rows = rowsOf(report.rawPayload);
    expect(rows[0]).toEqual(['Row', ...HEADER, 'Error']);
    const errors = rows.slice(1).map((r) => [r[0], r[r.length - 1]]);
    expect(errors).toEqual([
      ['2', M.nodeMissing('Source', 'R Nobody', '')],
      ['3', M.nodeMissing('Target', 'R Nothing', '')],
      ['4', M.nodeAmbiguous('Source', 'R Obesity', ['Disease', 'Symptom'])],
      ['6', M.nodeMissing('Source', 'R Fever', 'Drug')],
      ['7', M.unknownRelationType('causes')],
      ['8', M.weightRange],
      ['9', M.weightRange],
      ['10', M.weightRange],
      ['11', M.weightRange],
      ['12', `${M.sourceRequired}; ${M.typeRequired}`],
      ['13', RELATION_MESSAGES.sameNode],
      ['14', RELATION_MESSAGES.invalidUrl],
      ['15', RELATION_MESSAGES.nameTooLong],
    ]);
    // The row as read is in the report.
    expect(rows[3].slice(1, 10)).toEqual(['R Obesity', '', 'R Flu', '', 'symptom of', '', '', 'A4 ambiguous', '']);
  });

  it('reads .xls and number weights; a relation type typed in another case is found', async () => {
    const res = await uploadAs(editor.accessToken, 'r.xls', xlsOf([
      ['Source', 'Target', 'Relation type', 'Weight', 'Description'],
      ['R Cough', 'R Asthma', 'Symptom Of', 90, 'A5 xls'],
      ['R Cough', 'R Fever', 'Symptom Of', 12.5, 'A5 fraction'],
    ]));
    expect(res.json<NodeUploadResponse>().summary).toEqual({ total: 2, created: 1, skipped: 0, errors: 1, sheet: 'Sheet1' });
    expect((await relationsFrom('A5 ')).map((r) => [r.weight, r.type])).toEqual([[90, 'symptom of']]);
  });

  it('refuses files without the required columns, empty files, other types and broken workbooks, writing nothing', async () => {
    const before = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM relations'))[0].n;
    const noColumns = await uploadAs(editor.accessToken, 'nocols.csv', csvOf([['Source', 'Weight'], ['R Fever', '5']]));
    expect(noColumns.statusCode).toBe(400);
    expect(noColumns.json().error).toBe(M.noColumns(['Target', 'Relation type']));
    const headerOnly = await uploadAs(editor.accessToken, 'header.csv', csvOf([['Source', 'Target', 'Relation type']]));
    expect(headerOnly.statusCode).toBe(400);
    const empty = await uploadAs(editor.accessToken, 'empty.csv', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    const wrongType = await uploadAs(editor.accessToken, 'relations.pdf', Buffer.from('%PDF-1.4'));
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().error).toBe(M.fileType);
    const notAZip = await uploadAs(editor.accessToken, 'fake.xlsx', Buffer.from('source,target\n'));
    expect(notAZip.statusCode).toBe(415);
    const locked = await uploadAs(editor.accessToken, 'locked.xlsx', encryptedXlsx());
    expect(locked.statusCode).toBe(400);
    expect((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM relations'))[0].n).toBe(before);
  });

  it('a file whose quote never closes after thousands of valid relations writes none of them, and names the row', async () => {
    // 6,000 valid relations (more than one batch, so PostgreSQL writes some while it reads on), then
    // 20,000 rows of an unknown type, then the broken row: all rolled back.
    await t.db.query(`INSERT INTO nodes (name, node_type_id) SELECT 'RB ' || k || ' ' || g, (SELECT id FROM node_types WHERE name = k)
                        FROM unnest(ARRAY['Disease', 'Symptom']) AS k, generate_series(1, 80) AS g`);
    const valid = Array.from({ length: 6000 }, (_, i) => [`RB Disease ${1 + (i % 80)}`, `RB Symptom ${1 + Math.floor(i / 80)}`, 'treats']);
    const rows = [['Source', 'Target', 'Relation type'], ...valid, ...Array.from({ length: 20_000 }, (_, i) => ['RB Disease 1', `RB Symptom ${1 + (i % 80)}`, 'no such type'])];
    const before = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM relations'))[0].n;
    const res = await uploadAs(editor.accessToken, 'open-quote.csv', Buffer.concat([csvOf(rows), Buffer.from('"RB Disease 2,RB Symptom 2,treats\r\n')]));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toBe(`Row ${(rows.length + 1).toLocaleString('en')} has a quote that is never closed.`);
    expect((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM relations'))[0].n).toBe(before);
    // The same rows without the broken one are imported whole.
    const ok = await uploadAs(editor.accessToken, 'closed.csv', csvOf(rows.slice(0, valid.length + 1)));
    expect(ok.json<NodeUploadResponse>().summary).toMatchObject({ total: valid.length, created: valid.length, errors: 0 });
  });

  it('needs relations.create; the error report is its uploader\'s or an admin\'s', async () => {
    const file = csvOf([['Source', 'Target', 'Relation type'], ['R Nobody', 'R Flu', 'treats']]);
    expect((await uploadAs(viewer.accessToken, 'a.csv', file)).statusCode).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/relations/upload', ...multipart('a.csv', file) })).statusCode).toBe(401);
    const body = (await uploadAs(editor.accessToken, 'a.csv', file)).json<NodeUploadResponse>();
    expect(body.downloadUrl).toBeDefined();
    expect((await t.call({ method: 'GET', url: body.downloadUrl!, token: otherEditor.accessToken })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: body.downloadUrl!, token: viewer.accessToken })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: body.downloadUrl!, token: admin.accessToken })).statusCode).toBe(200);
    // A node upload's report is not served as a relation import's, nor the other way round.
    expect((await t.call({ method: 'GET', url: `/api/nodes/download-errors/${body.processId}`, token: editor.accessToken })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: '/api/relations/download-errors/not-a-uuid', token: editor.accessToken })).statusCode).toBe(400);
  });
});

describe('two imports at once', () => {
  it('of the same file create each relation once', async () => {
    const file = csvOf([
      ['Source', 'Target', 'Relation type', 'Description'],
      ['R Cough', 'R Asthma', 'treats', 'A7 one'],
      ['R Flu', 'R Asthma', 'treats', 'A7 two'],
      ['R Flu', 'R Cough', 'treats', 'A7 three'],
    ]);
    const [a, b] = await Promise.all([uploadAs(editor.accessToken, 'a.csv', file), uploadAs(otherEditor.accessToken, 'b.csv', file)]);
    const created = [a, b].map((r) => r.json<NodeUploadResponse>().summary!.created);
    expect(created[0] + created[1]).toBe(3);
    expect((await relationsFrom('A7 ')).length).toBe(3);
  });
});

/**
 * Imports of several batches: on PostgreSQL two batches are in flight, each writing its nodes'
 * degrees only after the batch before has committed (migration 0030), and the import holds the
 * relation imports' turn for all of its batches.
 */
describe('imports of many batches', () => {
  const onPostgres = process.env.KG_TEST_DB === 'postgres';
  /** `count` nodes per type named `${prefix} <type> <n>`. */
  const makeNodes = (prefix: string, count: number) =>
    t.db.query(`INSERT INTO nodes (name, node_type_id) SELECT $1 || ' ' || k || ' ' || g, (SELECT id FROM node_types WHERE name = k)
                  FROM unnest(ARRAY['Disease', 'Symptom']) AS k, generate_series(1, $2::int) AS g`, [prefix, count]);
  /** Nodes of `prefix` whose stored degree is not the number of their relations. */
  const wrongDegrees = (prefix: string) =>
    t.db.query<{ name: string; stored: number; actual: number }>(
      `SELECT n.name, COALESCE(d.degree, 0) AS stored,
              (SELECT count(*)::int FROM relations r WHERE r.source_node_id = n.id) + (SELECT count(*)::int FROM relations r WHERE r.target_node_id = n.id) AS actual
         FROM nodes n LEFT JOIN node_degrees d ON d.node_id = n.id
        WHERE n.name LIKE $1 || ' %' AND COALESCE(d.degree, 0) <> (SELECT count(*) FROM relations r WHERE r.source_node_id = n.id) + (SELECT count(*) FROM relations r WHERE r.target_node_id = n.id)`,
      [prefix],
    );
  /** Every Disease × Symptom pair of `prefix`'s nodes, one row each (`reversed`: Symptom first). */
  const pairs = (prefix: string, diseases: number, symptoms: number, type: string, reversed = false) => [
    ['Source', 'Target', 'Relation type'],
    ...Array.from({ length: diseases * symptoms }, (_, i) => {
      const [d, sy] = [`${prefix} Disease ${1 + (i % diseases)}`, `${prefix} Symptom ${1 + Math.floor(i / diseases)}`];
      return reversed ? [sy, d, type] : [d, sy, type];
    }),
  ];
  const jobOf = (id: string) => t.db.query<{ rows_committed: number; status: string }>('SELECT rows_committed, status FROM import_jobs WHERE id = $1', [id]);

  it('keeps every node\'s degree exact', async () => {
    await makeNodes('MB', 160);
    const res = await uploadAs(editor.accessToken, 'many.csv', csvOf(pairs('MB', 160, 100, 'treats')));
    expect(res.json<NodeUploadResponse>().summary).toMatchObject({ total: 16_000, created: 16_000, errors: 0 });
    expect(await wrongDegrees('MB')).toEqual([]);
    const [{ n }] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM node_degrees d JOIN nodes x ON x.id = d.node_id WHERE x.name LIKE 'MB %' AND d.degree > 0`);
    expect(n).toBe(260);
  });

  it.skipIf(!onPostgres)('waits for the turn another import holds, then skips the reversed pairs of a symmetric type that import wrote', async () => {
    await makeNodes('MS', 120);
    await t.call({ method: 'POST', url: '/api/relationtypes', token: admin.accessToken, payload: { name: 'co-occurs with', symmetric: true } });
    let answer: ReturnType<typeof uploadAs> | null = null;
    // Another import holds the turn and writes the reverse of the first 3,000 pairs meanwhile.
    await t.db.transaction(async (other) => {
      await other.query(`SELECT pg_advisory_xact_lock(${RELATION_IMPORT_LOCK_KEY})`);
      answer = uploadAs(editor.accessToken, 'forward.csv', csvOf(pairs('MS', 120, 100, 'co-occurs with')));
      const deadline = Date.now() + 60_000;
      for (;;) {
        if (Date.now() > deadline) throw new Error('the import did not wait for the turn');
        const [job] = await t.db.query<{ id: string }>(`SELECT id FROM import_jobs WHERE filename = 'forward.csv'`);
        if (job && t.app.jobs.current(job.id)?.state.message === 'Waiting for another relation import to finish…') break;
        await new Promise((r) => setTimeout(r, 10));
      }
      await new Promise((r) => setTimeout(r, 300));
      const [{ n: meanwhile }] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM relations r JOIN nodes s ON s.id = r.source_node_id WHERE s.name LIKE 'MS %'`);
      expect(meanwhile).toBe(0);
      await other.query(
        `INSERT INTO relations (source_node_id, target_node_id, relation_type_id, relation_name, weight, created_by, updated_by)
         SELECT sy.id, d.id, (SELECT id FROM relation_types WHERE name = 'co-occurs with'), 'co-occurs with', 50, $1::uuid, $1::uuid
           FROM generate_series(0, 2999) AS i
           JOIN nodes d ON d.name = 'MS Disease ' || (1 + i % 120)
           JOIN nodes sy ON sy.name = 'MS Symptom ' || (1 + i / 120)`,
        [otherEditor.user.id],
      );
    });
    const res = await answer!;
    expect(res.json<NodeUploadResponse>().summary).toMatchObject({ total: 12_000, created: 9_000, skipped: 3_000, errors: 0 });
    const [{ n }] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM relations r JOIN nodes s ON s.id = r.source_node_id WHERE s.name LIKE 'MS %'`);
    expect(n).toBe(12_000);
    expect(await wrongDegrees('MS')).toEqual([]);
  });

  it.skipIf(!onPostgres)('a server that stops while an import waits for the turn stops at once, with nothing written', async () => {
    // A server of its own (stopping its jobs ends its runner); advisory locks are per database.
    const s = await testApp({ uploadAnswerWaitMs: 100 });
    try {
      const owner = await s.register('admin');
      for (const name of ['Disease', 'Symptom']) await s.call({ method: 'POST', url: '/api/nodetypes', token: owner.accessToken, payload: { name } });
      await s.call({ method: 'POST', url: '/api/relationtypes', token: owner.accessToken, payload: { name: 'treats' } });
      await s.db.query(`INSERT INTO nodes (name, node_type_id) SELECT 'MW ' || k || ' ' || g, (SELECT id FROM node_types WHERE name = k)
                          FROM unnest(ARRAY['Disease', 'Symptom']) AS k, generate_series(1, 20) AS g`);
      await s.db.transaction(async (other) => {
        await other.query(`SELECT pg_advisory_xact_lock(${RELATION_IMPORT_LOCK_KEY})`);
        const res = await s.call({ method: 'POST', url: '/api/relations/upload', token: owner.accessToken, ...multipart('wait.csv', csvOf(pairs('MW', 20, 20, 'treats'))) });
        expect(res.statusCode, res.body).toBe(200);
        const id = res.json<NodeUploadResponse>().processId;
        const deadline = Date.now() + 30_000;
        while (s.app.jobs.current(id)?.state.message !== 'Waiting for another relation import to finish…') {
          if (Date.now() > deadline) throw new Error('the import did not wait for the turn');
          await new Promise((r) => setTimeout(r, 10));
        }
        const started = Date.now();
        await s.app.jobs.stopAll();
        // The turn is still held: the stop did not wait for it.
        expect(Date.now() - started).toBeLessThan(5000);
        const [job] = await s.db.query<{ interrupted: boolean; rows_committed: number }>('SELECT interrupted, rows_committed FROM import_jobs WHERE id = $1', [id]);
        expect(job).toMatchObject({ interrupted: true, rows_committed: 0 });
        expect((await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM relations'))[0].n).toBe(0);
      });
    } finally {
      await s.close();
    }
  });

  it.skipIf(!onPostgres)('an import whose turn\'s connection is terminated resumes from its checkpoint: every relation once, degrees exact', async () => {
    await makeNodes('MT', 200);
    const answer = uploadAs(editor.accessToken, 'turn.csv', csvOf(pairs('MT', 200, 150, 'treats')));
    // The turn's holder, once a pipelined batch has committed.
    const deadline = Date.now() + 60_000;
    let holder: number | null = null;
    while (holder === null) {
      if (Date.now() > deadline) throw new Error('the import never held its turn past a batch');
      const held = await t.db.query<{ pid: number }>(`SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND objid = ${RELATION_IMPORT_LOCK_KEY} AND granted`);
      const [job] = await t.db.query<{ id: string }>(`SELECT id FROM import_jobs WHERE filename = 'turn.csv'`);
      if (held.length > 0 && job && (await jobOf(job.id))[0].rows_committed >= 5000) holder = held[0].pid;
      else await new Promise((r) => setTimeout(r, 10));
    }
    await t.db.query('SELECT pg_terminate_backend($1)', [holder]);
    const res = await answer;
    expect(res.json<NodeUploadResponse>().summary).toMatchObject({ total: 30_000, created: 30_000, errors: 0 });
    const [{ n }] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM relations r JOIN nodes s ON s.id = r.source_node_id WHERE s.name LIKE 'MT %'`);
    expect(n).toBe(30_000);
    expect(await wrongDegrees('MT')).toEqual([]);
  });
});

describe('relation-type rules (merge points until wip/rules lands)', () => {
  const row = (n: number, source: string, target: string, weight = ''): RelationRow => ({
    row: n, source, sourceType: '', target, targetType: '', relationType: 'treats', weight, relationName: '', description: '', url: '', evidenceSource: '', evidenceQuote: '', evidenceGrade: '',
  });

  it('the resolution asks the rules: a violation is an error row, a blank weight takes the default, a symmetric reverse is a repeat', async () => {
    const rules: RelationImportRules = {
      violation: (_type, sourceType, targetType) => (sourceType === targetType ? 'treats needs different node types' : null),
      defaultWeight: () => 77,
      symmetric: () => true,
    };
    const out = await resolveRelations(t.db, [row(2, 'R Aspirin', 'R Flu'), row(3, 'R Flu', 'R Aspirin'), row(4, 'R Fever', 'R Cough'), row(5, 'R Aspirin', 'R Cough', '12')], rules, () => undefined);
    expect(out.errors.map((e) => [e.row, e.cells.at(-1)])).toEqual([[4, 'treats needs different node types']]);
    expect(out.repeats).toBe(1);
    expect(out.valid.weights.sort()).toEqual([12, 77]);
    expect(out.valid.symmetric).toEqual([true, true]);
  });

  it('resolving while the file is read gives what resolving after it gives, across node-query chunks', async () => {
    // 12,000 rows: three chunks of node queries; repeats of rows from an earlier chunk, missing
    // and ambiguous nodes, an unknown type, spread over all of them.
    const names = ['R Aspirin', 'R Flu', 'R Fever', 'R Cough', 'R Asthma', 'R Obesity', 'R Nobody'];
    const rows = Array.from({ length: 12_000 }, (_, i): RelationRow => ({
      ...row(i + 2, names[i % 7], names[(i * 3 + 1) % 7], i % 11 === 0 ? '' : String(1 + (i % 100))),
      relationType: i % 997 === 0 ? 'no such type' : i % 2 === 0 ? 'treats' : 'symptom of',
      description: i % 5000 < 3 ? `row ${i}` : '',
    }));
    const after = await resolveRelations(t.db, rows, await loadImportRules(t.db), () => undefined);
    const alongside = resolveWhileReading(t.db, loadImportRules);
    rows.forEach((r) => alongside.push(r));
    const during = await alongside.done();
    expect(during).toEqual(after);
    expect(after.repeats).toBeGreaterThan(1000);
    expect(after.errorCount).toBeGreaterThan(0);
    expect(after.valid.length).toBeGreaterThan(3);
  });

  it('the insert skips the reverse of a stored relation of a symmetric type', async () => {
    const id = async (name: string) => (await t.db.query<{ id: string }>('SELECT id FROM nodes WHERE name = $1', [name]))[0].id;
    const [type] = await t.db.query<{ id: string }>(`SELECT id FROM relation_types WHERE name = 'treats'`);
    const insert = (sources: string[], targets: string[], symmetric: boolean) =>
      t.db.query<{ created: number }>(INSERT_RELATIONS_SQL, [sources, targets, [type.id], ['sym'], [50], [null], ['A8 sym'], [symmetric], editor.user.id, '00000000-0000-0000-0000-000000000000', [null]]);
    const [drug, flu] = [await id('R Aspirin'), await id('R Flu')];
    expect((await insert([drug], [flu], true))[0].created).toBe(1);
    expect((await insert([flu], [drug], true))[0].created).toBe(0);
    expect((await insert([flu], [drug], false))[0].created).toBe(1);
  });
});
