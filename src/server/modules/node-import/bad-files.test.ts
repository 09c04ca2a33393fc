import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, type AuthResponse, type NodeUploadResponse } from '../../../contract';
import { testApp, type TestApp } from '../../test/harness';
import { csvOf, encryptedXlsx, handmadeXlsx, multipart, oleNotAWorkbook, rowXml, xlsxOf } from '../../test/import-fixtures';

/** Every bad file gets a clear 4xx and leaves nothing behind: no node, no type, no report. */
let t: TestApp;
let admin: AuthResponse;
const MB = 1024 * 1024;

beforeAll(async () => {
  // Wait for the job however slow the machine: these tests read the summary from the answer.
  t = await testApp({ uploadAnswerWaitMs: 120_000 });
  admin = await t.register('admin');
});
afterAll(() => t?.close());

const upload = (filename: string, data: Buffer) => t.call({ method: 'POST', url: '/api/nodes/upload', token: admin.accessToken, ...multipart(filename, data) });

async function counts() {
  const [row] = await t.db.query<{ nodes: number; types: number; blobs: number }>(
    `SELECT (SELECT count(*)::int FROM nodes) AS nodes, (SELECT count(*)::int FROM node_types) AS types, (SELECT count(*)::int FROM blobs) AS blobs`,
  );
  return row;
}

async function refused(filename: string, data: Buffer, status: number, code: string, message?: string | RegExp) {
  const before = await counts();
  const res = await upload(filename, data);
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<{ error: string; code: string }>();
  expect(body.code).toBe(code);
  if (message) expect(body.error).toMatch(message);
  expect(await counts()).toEqual(before);
  return body;
}

const sheet = (...rows: (string | { f: string; v?: string })[][]) => rows.map((r, i) => rowXml(i + 1, r)).join('');

describe('bad node upload files', () => {
  it('a file that is not a spreadsheet under a spreadsheet name: 415', async () => {
    await refused('notes.xlsx', Buffer.from('nodename\nAsthma\n'), 415, 'content_mismatch', 'The contents of notes.xlsx are not an Excel workbook.');
    await refused('old.xls', oleNotAWorkbook(), 415, 'content_mismatch');
    await refused('image.csv', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 415, 'content_mismatch');
    await refused('archive.csv', xlsxOf([['nodename'], ['A']]), 415, 'content_mismatch');
  });

  it('a name without an accepted extension: 415 with the dialog text', async () => {
    await refused('nodes.txt', Buffer.from('nodename\nA\n'), 415, 'unsupported_file_type', IMPORT_MESSAGES.nodeFileType);
    await refused('nodes', Buffer.from('nodename\nA\n'), 415, 'unsupported_file_type');
  });

  it('no file, another field, or not multipart: 400', async () => {
    const before = await counts();
    expect((await t.call({ method: 'POST', url: '/api/nodes/upload', token: admin.accessToken, ...multipart('a.csv', Buffer.from('x'), 'other') })).json().error).toBe(IMPORT_MESSAGES.noFile);
    expect((await t.call({ method: 'POST', url: '/api/nodes/upload', token: admin.accessToken, payload: {} })).statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('an empty file: 400', async () => {
    await refused('empty.csv', Buffer.alloc(0), 400, 'empty_file', IMPORT_MESSAGES.empty);
    await refused('blank.csv', Buffer.from('\r\n\r\n , \r\n'), 400, 'empty_file');
    await refused('empty.xlsx', handmadeXlsx(''), 400, 'empty_file');
  });

  it('a header without data rows: 400', async () => {
    await refused('header.csv', Buffer.from('nodename,nodetype\r\n'), 400, 'no_data_rows', IMPORT_MESSAGES.headerOnly);
    await refused('header.xlsx', xlsxOf([['nodename', 'nodetype']]), 400, 'no_data_rows');
  });

  it('no name column: 400 naming the accepted headers', async () => {
    await refused('noname.csv', csvOf([['title', 'nodetype'], ['Asthma', 'Disease']]), 400, 'missing_name_column', IMPORT_MESSAGES.noNameColumn);
  });

  it('a password-protected workbook: 400', async () => {
    await refused('secret.xlsx', encryptedXlsx(), 400, 'password_protected', /password-protected/);
  });

  it('a workbook declaring huge dimensions: 400 before reading rows', async () => {
    await refused('huge.xlsx', handmadeXlsx(sheet(['nodename'], ['A']), { dimension: 'A1:XFD1048576' }), 400, 'sheet_too_large', /declares 1,048,576 rows/);
  });

  it('a compressed bomb: refused by its declared size, and by its real size when the archive lies', async () => {
    const padding = Buffer.alloc(40 * MB, 0x20); // ~40 KB deflated: a 1000:1 ratio
    const xml = (pad: Buffer) => Buffer.concat([Buffer.from('<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'), pad, Buffer.from('</sheetData></worksheet>')]);
    await refused('bomb.xlsx', handmadeXlsx('', { sheet: { data: xml(padding) } }), 400, 'compression_bomb', /compressed bomb/);
    // Declares 1 KB, inflates to 40 MB: the real bytes pass the ratio limit and are cut off there.
    await refused('liar.xlsx', handmadeXlsx('', { sheet: { data: xml(padding), declaredSize: 1024 } }), 400, 'compression_bomb', /compressed bomb/);
  });

  it('a damaged archive or malformed XML: 400', async () => {
    const good = xlsxOf([['nodename'], ['A']]);
    await refused('cut.xlsx', good.subarray(0, good.length - 100), 400, 'corrupt_file');
    await refused('xml.xlsx', handmadeXlsx('<row r="1"><c r="A1" t="inlineStr"><is><t>nodename</t></is></c></row><row r="2"><c>'), 400, 'corrupt_file');
  });

  it('a file that breaks after thousands of good rows writes none of them', async () => {
    // Each batch's create events take ids from this sequence, which a rollback does not give back.
    const eventIds = async () => (await t.db.query<{ n: string }>(`SELECT last_value::text AS n FROM audit_log_id_seq`))[0].n;
    const before = await eventIds();
    const good = Array.from({ length: 6000 }, (_, i) => rowXml(i + 2, [`Y0 Node ${i}`, 'Disease'])).join('');
    await refused('broken-late.xlsx', handmadeXlsx(rowXml(1, ['nodename', 'nodetype']) + good + '<row r="6002"><c r="A6002" t="inlineStr"><is><t>cut'), 400, 'corrupt_file');
    // On PostgreSQL the first 5,000 rows were written while the rest was read (batches-while-reading.ts):
    // their transaction was rolled back. The embedded database reads the whole file first.
    if (t.db.kind === 'postgres') expect(await eventIds()).not.toBe(before);
    else expect(await eventIds()).toBe(before);
  });

  it('a CSV whose quote never closes after thousands of good rows writes none of them, and names the row', async () => {
    const good = Array.from({ length: 7000 }, (_, i) => [`Y3 Node ${i}`, 'Disease']);
    const file = Buffer.concat([csvOf([['nodename', 'nodetype'], ...good]), Buffer.from('"Y3 Open quote,Disease\r\nY3 After,Disease\r\n')]);
    await refused('open-quote.csv', file, 400, 'unterminated_quote', /^Row 7,002 has a quote that is never closed/);
  });

  it('formulas: the cached value is taken, a formula without one is an empty cell, nothing is evaluated', async () => {
    const file = handmadeXlsx(sheet(['nodename', 'nodetype'], [{ f: 'CONCAT("Y1 ","Cached")', v: 'Y1 Cached' }, 'Disease'], [{ f: 'CONCAT("Y1 ","Never")' }, 'Disease']));
    const body = (await upload('formulas.xlsx', file)).json<NodeUploadResponse>();
    expect(body.summary).toEqual({ total: 2, created: 1, skipped: 0, errors: 1, sheet: 'Nodes' });
    const names = await t.db.query<{ name: string }>(`SELECT name FROM nodes WHERE name LIKE 'Y1 %' OR name LIKE 'CONCAT%'`);
    expect(names.map((n) => n.name)).toEqual(['Y1 Cached']);
  });

  it('20 MB is accepted; 20 MB + 1 byte is 413 with a clear message', async () => {
    const rows = Buffer.from('nodename,nodetype\r\nY2 Exactly twenty,Disease\r\n');
    const exact = Buffer.concat([rows, Buffer.alloc(20 * MB - rows.length, 0x0a)]);
    expect(exact.length).toBe(20 * MB);
    const ok = await upload('twenty.csv', exact);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<NodeUploadResponse>().summary).toEqual({ total: 1, created: 1, skipped: 0, errors: 0 });
    await refused('twenty-one.csv', Buffer.concat([exact, Buffer.from('\n')]), 413, 'file_too_large', IMPORT_MESSAGES.nodeTooLarge);
  });

  it('records refused files as failed jobs only when the job had started', async () => {
    const before = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM import_jobs WHERE status = 'error'`);
    await upload('header.csv', Buffer.from('nodename\r\n'));
    const after = await t.db.query<{ n: number; message: string }>(`SELECT count(*)::int AS n FROM import_jobs WHERE status = 'error'`);
    expect(after[0].n).toBe(before[0].n + 1);
    const [last] = await t.db.query<{ message: string; progress: number }>(`SELECT message, progress FROM import_jobs ORDER BY created_at DESC LIMIT 1`);
    expect(last.message).toBe(IMPORT_MESSAGES.headerOnly);
  });
});
