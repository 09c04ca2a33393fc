import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SNOMED_RF2_COLUMNS, type AuthResponse, type NodeUploadResponse, type SnomedImportResult } from '../../../contract';
import { bookXlsx, c, row } from '../../platform/parsers/test-books';
import { testApp, type TestApp } from '../../test/harness';
import { csvOf, multipart, rowsOf } from '../../test/import-fixtures';

/**
 * Workbooks with the cells real files hold (empty values, CDATA, escapes, numbers
 * as raw XML text, dates, error cells, an empty first sheet and a hidden one) import the
 * texts a person sees in Excel; error cells become error rows; a CSV quote never closed is
 * refused with its row and nothing written.
 */
let t: TestApp;
let admin: AuthResponse;

beforeAll(async () => {
  t = await testApp({ uploadAnswerWaitMs: 120_000 });
  admin = await t.register('admin');
  await t.call({ method: 'POST', url: '/api/nodetypes', token: admin.accessToken, payload: { name: 'Disease' } });
});
afterAll(() => t?.close());

const post = (url: string, filename: string, data: Buffer) => t.call({ method: 'POST', url, token: admin.accessToken, ...multipart(filename, data) });

async function reportRows(url: string): Promise<string[][]> {
  const file = await t.call({ method: 'GET', url, token: admin.accessToken });
  expect(file.statusCode).toBe(200);
  return rowsOf(file.rawPayload);
}

const counts = async () =>
  (await t.db.query<{ nodes: number; types: number; blobs: number }>(
    `SELECT (SELECT count(*)::int FROM nodes) AS nodes, (SELECT count(*)::int FROM node_types) AS types, (SELECT count(*)::int FROM blobs) AS blobs`,
  ))[0];

describe('node upload of a workbook with tricky cells', () => {
  it('imports what Excel shows, reports error cells as error rows, and names the sheet it read', async () => {
    const strings = '<si><t>nodename</t></si><si><t>nodetype</t></si><si><t>SNOMED</t></si><si><t>T1 Asthma</t></si><si><t>Disease</t></si><si><t>T1 snake_x005F_case</t></si>';
    const nodes =
      row(1, [c.shared(0), c.shared(1), c.shared(2)]) +
      row(2, [c.shared(3), c.shared(4), c.num('195967001')]) +
      row(3, [c.raw('t="inlineStr"', '<is><t><![CDATA[T1 Crohn <disease>]]></t></is>'), c.shared(4)]) +
      row(4, [c.shared(5), c.shared(4)]) +
      row(5, [c.err('#N/A'), c.shared(4)]) +
      row(6, [c.str('T1 Div'), c.shared(4), c.err('#DIV/0!')]) +
      row(7, [c.num('44197', 1), c.shared(4)]) +
      row(8, [c.str('T1 Long id'), c.shared(4), c.num('1234567890123456')]) +
      row(9, [c.shared(''), c.shared(4)]) +
      row(10, [c.num('22.222200000000001'), c.shared(4), c.num('1.0')]);
    const book = bookXlsx({
      sheets: [{ name: 'Cover', rows: '' }, { name: 'Old', rows: row(1, [c.str('nodename')]) + row(2, [c.str('T1 Hidden')]), state: 'hidden' }, { name: 'Nodes', rows: nodes }],
      sharedStrings: strings,
      styles: { xfs: [0, 14] },
    });
    const res = await post('/api/nodes/upload', 'tricky.xlsx', book);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<NodeUploadResponse>();
    expect(body.summary).toEqual({ total: 9, created: 4, skipped: 0, errors: 5, sheet: 'Nodes' });
    expect(body.message).toBe('Upload completed (sheet "Nodes"): 4 created, 0 skipped (duplicates), 5 with errors');

    const created = await t.db.query<{ name: string; snomed: string | null }>(`SELECT name, snomed_code AS snomed FROM nodes WHERE created_by = $1 ORDER BY name`, [admin.user.id]);
    expect(created).toEqual([
      { name: '2021-01-01', snomed: null },
      { name: 'T1 Asthma', snomed: '195967001' },
      { name: 'T1 Crohn <disease>', snomed: null },
      { name: 'T1 snake_case', snomed: null },
    ]);

    const report = await reportRows(body.downloadUrl!);
    expect(report.slice(1).map((r) => [r[0], r[1], r[3], r[4]])).toEqual([
      ['5', '#N/A', '', 'Name contains the Excel error #N/A'],
      ['6', 'T1 Div', '#DIV/0!', 'SNOMED code contains the Excel error #DIV/0!'],
      ['8', 'T1 Long id', '1234567890123460', 'SNOMED code 1234567890123460 was stored as a number and has lost digits in Excel; format the column as Text'],
      ['9', '', '', 'Name is required'],
      ['10', '22.2222', '1', 'SNOMED code must contain only digits (6 to 18)'],
    ]);
  });

  it('refuses a CSV whose quote is never closed, with the row, writing nothing', async () => {
    const before = await counts();
    const csv = Buffer.concat([csvOf([['nodename', 'nodetype'], ['T2 Fine', 'Disease']]), Buffer.from('"T2 Broken,Disease\r\nT2 After,Disease\r\n')]);
    const res = await post('/api/nodes/upload', 'quote.csv', csv);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string; code: string }>()).toMatchObject({ code: 'unterminated_quote', error: 'Row 3 has a quote that is never closed.' });
    expect(await counts()).toEqual(before);
  });
});

describe('SNOMED import of a workbook with number-typed cells', () => {
  it('reads number ids as digits and date effectiveTimes as YYYYMMDD; a 16+ digit number id and error cells are error rows', async () => {
    const H = [...SNOMED_RF2_COLUMNS];
    const col = (name: (typeof H)[number]) => H.indexOf(name);
    const line = (r: number, values: Partial<Record<(typeof H)[number], [string, string]>>) => row(r, H.map((h) => values[h] ?? null));
    const sheet =
      row(1, H.map((h) => c.str(h))) +
      line(2, { id: c.num('7001'), effectiveTime: c.num('44957', 1), active: c.num('1'), moduleId: c.str('900000000000207008'), conceptId: c.num('195967001'), term: c.str('Asthma T3') }) +
      line(3, { id: c.num('7002'), effectiveTime: c.num('20230131'), active: c.bool(false), conceptId: c.num('38341003'), term: c.str('Hypertension T3') }) +
      line(4, { id: c.num('1234567890123456'), conceptId: c.num('195967001'), term: c.str('Too long T3') }) +
      line(5, { id: c.num('7004'), conceptId: c.err('#N/A'), term: c.str('Error T3') });
    const res = await post('/api/snomed/import', 'numbers.xlsx', bookXlsx({ sheets: [{ name: 'Concepts', rows: sheet }], styles: { xfs: [0, 14] } }));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<SnomedImportResult>();
    expect(body.summary).toEqual({ totalRows: 4, created: 2, updated: 0, unchanged: 0, errors: 2, sheet: 'Concepts' });
    const rows = await t.db.query<Record<string, unknown>>(`SELECT id, concept_id, effective_time, active, module_id FROM snomed_concepts WHERE term LIKE '% T3' ORDER BY id`);
    expect(rows).toEqual([
      { id: '7001', concept_id: '195967001', effective_time: '20230131', active: true, module_id: '900000000000207008' },
      { id: '7002', concept_id: '38341003', effective_time: '20230131', active: false, module_id: null },
    ]);
    const report = await reportRows(body.errorFileUrl!);
    expect(report.slice(1).map((r) => [r[0], r[col('id') + 1], r[10]])).toEqual([
      ['4', '1234567890123460', 'id 1234567890123460 was stored as a number and has lost digits in Excel; format the column as Text'],
      ['5', '7004', 'conceptId contains the Excel error #N/A'],
    ]);
  });
});
