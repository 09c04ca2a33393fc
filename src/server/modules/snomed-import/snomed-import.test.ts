import type { AddressInfo } from 'node:net';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, SOCKET_EVENTS, SOCKET_PATH, SNOMED_RF2_COLUMNS, type AuthResponse, type SnomedImportResult, type SnomedProgressEvent } from '../../../contract';
import { testApp, type TestApp } from '../../test/harness';
import { csvOf, multipart, rowsOf, xlsOf, xlsxOf } from '../../test/import-fixtures';

let t: TestApp;
let admin: AuthResponse;
let editor: AuthResponse;
let otherEditor: AuthResponse;

beforeAll(async () => {
  t = await testApp({ snomedImportMaxBytes: 4 * 1024 * 1024 });
  admin = await t.register('admin');
  editor = await t.register('editor');
  otherEditor = await t.register('editor2');
  await t.db.query(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'editor') WHERE username IN ('editor', 'editor2')`);
  await t.db.query(`INSERT INTO snomed_concepts (id, concept_id, term) VALUES ('999001', '999', 'Kept: not in any file')`);
});
afterAll(() => t?.close());

const H = [...SNOMED_RF2_COLUMNS];
const M = '900000000000207008';
const row = (id: string, conceptId: string, term: string, extra: Partial<Record<(typeof H)[number], string>> = {}) => {
  const values: Record<string, string> = { id, effectiveTime: '20200731', active: '1', moduleId: M, conceptId, languageCode: 'en', typeId: '900000000000013009', term, caseSignificanceId: '900000000000448009', ...extra };
  return H.map((h) => values[h]);
};
const importAs = (token: string, filename: string, data: Buffer) => t.call({ method: 'POST', url: '/api/snomed/import', token, ...multipart(filename, data) });
const concept = async (id: string) => (await t.db.query<Record<string, unknown>>('SELECT * FROM snomed_concepts WHERE id = $1', [id]))[0];

describe('GET /snomed/template', () => {
  it('is an .xlsx with the RF2 columns and an example row, ids kept as text', async () => {
    const res = await t.call({ method: 'GET', url: '/api/snomed/template', token: editor.accessToken });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="snomed_template_\d{8}T\d{6}\.xlsx"/);
    const rows = rowsOf(res.rawPayload);
    expect(rows[0]).toEqual(H);
    expect(rows[1][3]).toBe(M);
  });
});

describe('POST /snomed/import', () => {
  it('creates rows from .xlsx and answers with the import result', async () => {
    const res = await importAs(editor.accessToken, 'concepts.xlsx', xlsxOf([H, row('1001', '195967001', 'Asthma'), row('1002', '38341003', 'Hypertension', { active: 'false', languageCode: 'EN' }), row('1003', '25064002', 'Headache', { effectiveTime: '', moduleId: '', active: '' })]));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<SnomedImportResult>();
    expect(body.summary).toEqual({ totalRows: 3, created: 3, updated: 0, unchanged: 0, errors: 0, sheet: 'Sheet1' });
    expect(body.message).toBe('Imported 3 rows: 3 created, 0 updated, 0 unchanged, 0 with errors (sheet "Sheet1")');
    expect(body.errorFileUrl).toBeUndefined();
    expect(await concept('1002')).toEqual({
      id: '1002', concept_id: '38341003', term: 'Hypertension', active: false, effective_time: '20200731', module_id: M,
      language_code: 'en', type_id: '900000000000013009', case_significance_id: '900000000000448009',
    });
    expect(await concept('1003')).toMatchObject({ active: true, effective_time: null, module_id: null });
  });

  it('upserts by row id: changed rows updated, unchanged rows untouched, nothing deleted', async () => {
    const res = await importAs(editor.accessToken, 'again.xlsx', xlsxOf([H, row('1001', '195967001', 'Asthma (disorder)'), row('1002', '38341003', 'Hypertension', { active: '0' }), row('1004', '22298006', 'Myocardial infarction')]));
    expect(res.json<SnomedImportResult>().summary).toEqual({ totalRows: 3, created: 1, updated: 1, unchanged: 1, errors: 0, sheet: 'Sheet1' });
    expect(await concept('1001')).toMatchObject({ term: 'Asthma (disorder)' });
    expect(await concept('1003')).toBeDefined();
    expect(await concept('999001')).toMatchObject({ term: 'Kept: not in any file' });
  });

  it('reads the RF2 description snapshot (tab-separated, quotes are plain text) and .xls', async () => {
    const rf2 = [H.join('\t'), row('2001', '73211009', 'Diabetes "type" mellitus').join('\t'), row('2002', '44054006', 'Type 2 diabetes', { active: '0' }).join('\t')].join('\r\n') + '\r\n';
    const res = await importAs(editor.accessToken, 'sct2_Description_Snapshot-en_INT_20200731.txt', Buffer.from(rf2));
    expect(res.json<SnomedImportResult>().summary).toMatchObject({ totalRows: 2, created: 2, errors: 0 });
    expect(await concept('2001')).toMatchObject({ term: 'Diabetes "type" mellitus', active: true });
    const xls = await importAs(editor.accessToken, 'legacy.xls', xlsOf([H, row('2003', '56018004', 'Wheezing')]));
    expect(xls.json<SnomedImportResult>().summary).toMatchObject({ totalRows: 1, created: 1 });
  });

  it('validates every column and offers an error file that only its uploader or an admin can read', async () => {
    const res = await importAs(editor.accessToken, 'bad.xlsx', xlsxOf([
      H,
      row('3001', '195967001', 'Valid'),
      row('30A2', '195967001', 'Bad id'),
      row('3003', '9.00000000000207E+17', 'Rounded concept id'),
      row('3004', '195967001', 'Bad date', { effectiveTime: '20230230' }),
      row('3005', '195967001', 'Short date', { effectiveTime: '2023011' }),
      row('3006', '195967001', 'Bad active', { active: 'yes' }),
      row('3007', '195967001', ''),
      row('3008', '195967001', 'Bad module', { moduleId: 'core' }),
    ]));
    const body = res.json<SnomedImportResult>();
    expect(body.summary).toEqual({ totalRows: 8, created: 1, updated: 0, unchanged: 0, errors: 7, sheet: 'Sheet1' });
    expect(body.errorFileUrl).toMatch(/^\/api\/snomed\/download-errors\/snomed_import_errors_[0-9a-f-]{36}\.xlsx$/);
    const filename = body.errorFileUrl!.split('/').pop()!;
    const file = await t.call({ method: 'GET', url: body.errorFileUrl!, token: editor.accessToken });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(`filename="${filename}"`);
    const rows = rowsOf(file.rawPayload);
    expect(rows[0]).toEqual(['Row', ...H, 'Error']);
    expect(rows.slice(1).map((r) => [r[0], r[10]])).toEqual([
      ['3', 'id must be a number of up to 18 digits'],
      ['4', 'conceptId 9.00000000000207E+17 was stored as a number and rounded by Excel; format the column as Text'],
      ['5', 'effectiveTime must be 8 digits YYYYMMDD and a real date'],
      ['6', 'effectiveTime must be 8 digits YYYYMMDD and a real date'],
      ['7', 'active must be 1, 0, true or false'],
      ['8', 'term is required'],
      ['9', 'moduleId must be a number of up to 18 digits'],
    ]);
    expect(rows[1].slice(1, 10)).toEqual(row('30A2', '195967001', 'Bad id'));

    expect((await t.call({ method: 'GET', url: body.errorFileUrl!, token: otherEditor.accessToken })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: body.errorFileUrl!, token: admin.accessToken })).statusCode).toBe(200);
    // A key lookup, not a path: nothing else can be named.
    for (const name of ['..%2F..%2Fpackage.json', 'snomed_import_errors_..%2F..%2Fx.xlsx', '%2Fetc%2Fpasswd', 'upload_errors.xlsx']) {
      expect((await t.call({ method: 'GET', url: `/api/snomed/download-errors/${name}`, token: admin.accessToken })).statusCode).toBe(400);
    }
    const nodeJobAsSnomed = `/api/snomed/download-errors/snomed_import_errors_00000000-0000-4000-8000-000000000000.xlsx`;
    expect((await t.call({ method: 'GET', url: nodeJobAsSnomed, token: admin.accessToken })).statusCode).toBe(404);
  });

  it('reports a row id repeated in one file as an error (the first row is imported) and the counts add up', async () => {
    const res = await importAs(editor.accessToken, 'repeats.xlsx', xlsxOf([
      H,
      row('4001', '195967001', 'First of 4001'),
      row('4002', '38341003', 'Only 4002'),
      row('4001', '195967001', 'Second of 4001'), // same batch: used to overwrite the first silently
      row('4001', '195967001', 'First of 4001'), // same values again: used to count as 'unchanged'
    ]));
    const body = res.json<SnomedImportResult>();
    expect(body.summary).toEqual({ totalRows: 4, created: 2, updated: 0, unchanged: 0, errors: 2, sheet: 'Sheet1' });
    const { created, updated, unchanged, errors } = body.summary;
    expect(created + updated + unchanged + errors).toBe(body.summary.totalRows);
    expect((await concept('4001')).term).toBe('First of 4001');
    const report = rowsOf((await t.call({ method: 'GET', url: body.errorFileUrl!, token: editor.accessToken })).rawPayload);
    expect(report.slice(1).map((r) => [r[0], r[1], r[10]])).toEqual([
      ['4', '4001', 'id repeats row 2; only the first row with an id is imported'],
      ['5', '4001', 'id repeats row 2; only the first row with an id is imported'],
    ]);
  });

  it('refuses bad files with a clear 4xx and writes nothing', async () => {
    const [{ n: before }] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM snomed_concepts');
    const cases: [string, Buffer, number, string][] = [
      ['concepts.xlsx', Buffer.from('id,conceptId,term\n1,2,x\n'), 415, 'content_mismatch'],
      ['concepts.csv', csvOf([H, row('4001', '1', 'x')]), 415, 'unsupported_file_type'],
      ['empty.txt', Buffer.alloc(0), 400, 'empty_file'],
      ['header.xlsx', xlsxOf([H]), 400, 'no_data_rows'],
      ['columns.xlsx', xlsxOf([['code', 'label'], ['4002', 'x']]), 400, 'missing_columns'],
      ['big.txt', Buffer.alloc(4 * 1024 * 1024 + 1, 0x41), 413, 'file_too_large'],
    ];
    for (const [name, data, status, code] of cases) {
      const res = await importAs(editor.accessToken, name, data);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      expect(res.json().code).toBe(code);
    }
    expect((await importAs(editor.accessToken, 'big.txt', Buffer.alloc(4 * 1024 * 1024 + 1, 0x41))).json().error).toBe(IMPORT_MESSAGES.snomedTooLarge(4));
    const [{ n: after }] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM snomed_concepts');
    expect(after).toBe(before);
  });

  it('emits snomed-upload-progress with the processId up to completed 100', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const socket = connect(url, { path: SOCKET_PATH, auth: { token: editor.accessToken }, transports: ['websocket'], reconnection: false });
    await new Promise((resolve) => socket.on('connect', resolve as () => void));
    const events: SnomedProgressEvent[] = [];
    socket.on(SOCKET_EVENTS.snomedUploadProgress, (e: SnomedProgressEvent) => events.push(e));
    const rows = [H, ...Array.from({ length: 12_000 }, (_, i) => row(String(500_000 + i), String(600_000 + i), `Generated ${i}`))];
    const res = await importAs(editor.accessToken, 'sct2_Description_Snapshot.txt', Buffer.from(rows.map((r) => r.join('\t')).join('\n')));
    const body = res.json<SnomedImportResult>();
    expect(body.summary).toMatchObject({ totalRows: 12_000, created: 12_000 });
    await new Promise((r) => setTimeout(r, 100));
    socket.close();
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(events.every((e) => e.processId === body.processId)).toBe(true);
    expect(events.at(-1)).toMatchObject({ status: 'completed', progress: 100, summary: body.summary });
    expect(events.some((e) => e.status === 'inserting' && e.progress > 10 && e.progress < 100)).toBe(true);
  });

  it('on the embedded database, ends a batch at 32,000 characters of terms: long terms make smaller batches', async () => {
    // Each batch's checkpoint as it is committed, from a trigger on the job row.
    await t.db.exec(`
      CREATE TABLE committed_seen (n int);
      CREATE FUNCTION note_committed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO committed_seen VALUES (NEW.rows_committed); RETURN NEW; END $$;
      CREATE TRIGGER note_committed AFTER UPDATE ON import_jobs FOR EACH ROW
        WHEN (NEW.rows_committed IS DISTINCT FROM OLD.rows_committed) EXECUTE FUNCTION note_committed();`);
    try {
      const term = (i: number) => `Long term ${i}, ${'with its qualifiers, laterality and severity '.repeat(10)}`.slice(0, 400);
      const rows = [H, ...Array.from({ length: 200 }, (_, i) => row(String(800_000 + i), String(810_000 + i), term(i)))];
      const res = await importAs(editor.accessToken, 'sct2_Description_Snapshot-long.txt', Buffer.from(rows.map((r) => r.join('\t')).join('\n')));
      expect(res.json<SnomedImportResult>().summary).toMatchObject({ totalRows: 200, created: 200, errors: 0 });
      const seen = (await t.db.query<{ n: number }>('SELECT n FROM committed_seen ORDER BY n')).map((r) => r.n);
      // 400 characters a term: 80 rows a batch on PGlite; PostgreSQL batches by 5,000 rows only.
      expect(seen).toEqual(t.db.kind === 'pglite' ? [80, 160, 200] : [200]);
    } finally {
      await t.db.exec('DROP TRIGGER note_committed ON import_jobs; DROP FUNCTION note_committed(); DROP TABLE committed_seen;');
    }
  });

  it('is refused without nodes.create', async () => {
    const viewer = await t.register('viewer');
    expect((await importAs(viewer.accessToken, 'a.xlsx', xlsxOf([H]))).statusCode).toBe(403);
  });
});

describe('a release-sized import', () => {
  let big: TestApp;
  beforeAll(async () => {
    big = await testApp({ snomedImportMaxBytes: 32 * 1024 * 1024 });
  });
  afterAll(() => big?.close());

  it('leaves the catalogue vacuumed and analysed, ready to search (50,000 rows or more)', async () => {
    const token = (await big.register('admin')).accessToken;
    const stats = async () => (await big.db.query<{ reltuples: number }>(`SELECT reltuples::int AS reltuples FROM pg_class WHERE relname = 'snomed_concepts'`))[0].reltuples;
    const small = [H.join('\t'), row('3001', '73211009', 'Diabetes mellitus').join('\t')].join('\n') + '\n';
    expect((await big.call({ method: 'POST', url: '/api/snomed/import', token, ...multipart('sct2_Description_Snapshot-small.txt', Buffer.from(small)) })).statusCode).toBe(200);
    expect(await stats()).toBeLessThan(1); // a small import leaves it to autovacuum (never analysed: -1)

    const lines = [H.join('\t')];
    for (let i = 0; i < 50_000; i++) lines.push(row(String(100_000 + i), String(200_000 + (i >> 1)), `Concept term number ${i}`).join('\t'));
    const res = await big.call({ method: 'POST', url: '/api/snomed/import', token, ...multipart('sct2_Description_Snapshot-big.txt', Buffer.from(lines.join('\n') + '\n')) });
    expect(res.json<SnomedImportResult>().summary).toMatchObject({ totalRows: 50_000, created: 50_000, errors: 0 });
    expect(await stats()).toBe(50_001);
  }, 120_000);
});
