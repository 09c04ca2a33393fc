import * as XLSX from '@e965/xlsx';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UPLOAD_PARSE_LIMITS as NODE_PARSE_LIMITS } from './limits';
import { cellText, effectiveTimeColumn, idColumn, textColumn } from './cell-text';
import { isDateFormat, serialToIso } from './excel-dates';
import { countRows, readRows, type FileFormat, type ParseLimits, type SheetRow } from './index';
import { parserThreads } from './threads/off-thread';
import { bookXlsx, c, row, zipParts } from './test-books';

/** The reader's past defects, one by one, on .xlsx, .xls and .csv. */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kg-reader-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let n = 0;
async function read(data: Buffer, format: FileFormat, limits: ParseLimits = NODE_PARSE_LIMITS): Promise<SheetRow[]> {
  const file = path.join(dir, `f${++n}.${format}`);
  fs.writeFileSync(file, data);
  const rows: SheetRow[] = [];
  for await (const batch of readRows(file, format, limits)) rows.push(...batch);
  return rows;
}
const texts = (rows: SheetRow[]) => rows.map((r) => r.cells.map(cellText));

/** Expects the promise to fail with this HTTP status and code. */
async function refused(p: Promise<unknown>, status: number, code: string, message?: RegExp) {
  const err = (await p.then(() => null, (e: unknown) => e)) as { statusCode?: number; code?: string; message: string } | null;
  expect(err, 'the file was accepted').not.toBeNull();
  expect({ status: err!.statusCode, code: err!.code }).toEqual({ status, code });
  if (message) expect(err!.message).toMatch(message);
}

const xlsOf = (sheets: [string, unknown[][]][], hidden: string[] = []) => {
  const wb = XLSX.utils.book_new();
  for (const [name, rows] of sheets) XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows, { cellDates: true }), name);
  wb.Workbook = { Sheets: sheets.map(([name]) => ({ name, Hidden: hidden.includes(name) ? 1 : 0 })) };
  return XLSX.write(wb, { type: 'buffer', bookType: 'biff8' }) as Buffer;
};

describe('.xlsx cells', () => {
  it('an empty shared-string value is an empty cell, not shared string 0', async () => {
    const rows = await read(bookXlsx({ sheets: [{ name: 'S', rows: row(1, [c.shared(0)]) + row(2, [c.shared(''), c.str('x')]) }], sharedStrings: '<si><t>Name</t></si>' }), 'xlsx');
    expect(rows[1].cells).toEqual(['', 'x']);
  });

  it('finds parts whatever their letter case (xl/SharedStrings.xml)', async () => {
    const book = bookXlsx({ sheets: [{ name: 'S', rows: row(1, [c.shared(0)]) }], sharedStrings: '<si><t>Name</t></si>', entryName: (p) => p.replace('sharedStrings', 'SharedStrings') });
    expect(texts(await read(book, 'xlsx'))).toEqual([['Name']]);
  });

  it('reads CDATA and decodes _xHHHH_ escapes in inline and shared strings', async () => {
    const book = bookXlsx({
      sheets: [{ name: 'S', rows: row(1, [c.raw('t="inlineStr"', '<is><t><![CDATA[Crohn <disease>]]></t></is>'), c.raw('t="inlineStr"', '<is><t>a_x000D_b</t></is>'), c.shared(0)]) }],
      sharedStrings: '<si><t>snake_x005F_x000D_case_x0041_</t></si>',
    });
    expect(texts(await read(book, 'xlsx'))).toEqual([['Crohn <disease>', 'a\rb', 'snake_x000D_caseA']]);
  });

  it('numbers read as a person sees them, not as the raw XML text', async () => {
    const book = bookXlsx({ sheets: [{ name: 'S', rows: row(1, [c.num('22.222200000000001'), c.num('1.0'), c.num('10.199999999999999'), c.num('387458008')]) }] });
    const rows = await read(book, 'xlsx');
    expect(rows[0].cells).toEqual([22.2222, 1, 10.2, 387458008]);
    expect(texts(rows)).toEqual([['22.2222', '1', '10.2', '387458008']]);
  });

  it('date cells (date number formats, t="d") are dates, in 1900- and 1904-based workbooks', async () => {
    const styles = { numFmts: [[164, 'dd/mm/yyyy'], [165, '0.00']] as [number, string][], xfs: [0, 14, 164, 165] };
    const rows = row(1, [c.num('44197', 1), c.num('44197', 2), c.num('44197', 3), c.raw('t="d"', '<v>2023-01-31T00:00:00</v>')]);
    expect((await read(bookXlsx({ sheets: [{ name: 'S', rows }], styles }), 'xlsx'))[0].cells).toEqual([
      { t: 'd', v: '2021-01-01T00:00:00' },
      { t: 'd', v: '2021-01-01T00:00:00' },
      44197,
      { t: 'd', v: '2023-01-31T00:00:00' },
    ]);
    const mac = bookXlsx({ date1904: true, sheets: [{ name: 'S', rows: row(1, [c.num('42735', 1)]) }], styles });
    expect(texts(await read(mac, 'xlsx'))).toEqual([['2021-01-01']]);
  });

  it('error cells are typed errors', async () => {
    const rows = await read(bookXlsx({ sheets: [{ name: 'S', rows: row(1, [c.err('#N/A'), c.err('#DIV/0!'), c.err('#VALUE!')]) }] }), 'xlsx');
    expect(rows[0].cells).toEqual([{ t: 'e', v: '#N/A' }, { t: 'e', v: '#DIV/0!' }, { t: 'e', v: '#VALUE!' }]);
  });

  it('reads the first visible sheet that has rows and names it', async () => {
    const book = bookXlsx({ sheets: [{ name: 'Cover', rows: '' }, { name: 'Old', rows: row(1, [c.str('old')]), state: 'hidden' }, { name: 'Nodes', rows: row(2, [c.str('n')]) }] });
    expect(await read(book, 'xlsx')).toEqual([{ number: 2, cells: ['n'], sheet: 'Nodes' }]);
  });
});

describe('.xlsx packages', () => {
  it('accepts backslash zip paths', async () => {
    const book = bookXlsx({ sheets: [{ name: 'S', rows: row(1, [c.str('Asthma')]) }], entryName: (p) => p.replace(/\//g, '\\') });
    expect(texts(await read(book, 'xlsx'))).toEqual([['Asthma']]);
  });

  it('accepts a part larger than declared within the limits, and still cuts a lying bomb off at the limits', async () => {
    const book = bookXlsx({ sheets: [{ name: 'S', rows: row(1, [c.str('Asthma')]) }], declared: { 'xl/worksheets/sheet1.xml': 32 } });
    expect(texts(await read(book, 'xlsx'))).toEqual([['Asthma']]);
    // 8 MB of spaces declared as 1 KB: the real bytes pass the 250:1 ratio and are refused.
    const padding = ' '.repeat(8 * 1024 * 1024);
    const liar = bookXlsx({ sheets: [{ name: 'S', rows: padding + row(1, [c.str('x')]) }], declared: { 'xl/worksheets/sheet1.xml': 1024 } });
    await refused(read(liar, 'xlsx'), 400, 'compression_bomb');
    // And the entry limit holds on real bytes too.
    const small: ParseLimits = { ...NODE_PARSE_LIMITS, zip: { maxEntryBytes: 4096, maxTotalBytes: 1 << 30, maxRatio: 1e9 } };
    const big = bookXlsx({ sheets: [{ name: 'S', rows: row(1, [c.str('y'.repeat(10_000))]) }], declared: { 'xl/worksheets/sheet1.xml': 100 } });
    await refused(read(big, 'xlsx', small), 400, 'compression_bomb');
  });

  it('a zip that is not a workbook is still refused', async () => {
    await refused(read(zipParts([{ name: 'readme.txt', data: 'hello' }]), 'xlsx'), 400, 'corrupt_file');
  });

  it('a worksheet or shared-strings part nested 50,000 elements deep is refused as corrupt, not walked', async () => {
    const deep = '<x>'.repeat(50_000) + '</x>'.repeat(50_000);
    await refused(read(bookXlsx({ sheets: [{ name: 'S', rows: row(1, [c.str('a')]) + deep }] }), 'xlsx'), 400, 'corrupt_file');
    await refused(read(bookXlsx({ sheets: [{ name: 'S', rows: row(1, [c.shared(0)]) }], sharedStrings: `<si><t>a</t>${deep}</si>` }), 'xlsx'), 400, 'corrupt_file');
  });
});

describe('.xls cells', () => {
  it('numbers, dates, booleans and errors are typed; the first visible sheet with rows is read', async () => {
    const wb = xlsOf([
      ['Empty', []],
      ['Hidden', [['secret']]],
      ['Nodes', [['Name', 'When', 'Flag'], [22.2222, new Date(Date.UTC(2021, 0, 1)), true]]],
    ], ['Hidden']);
    const rows = await read(wb, 'xls');
    expect(rows[0].sheet).toBe('Nodes');
    expect(rows[1].cells).toEqual([22.2222, { t: 'd', v: '2021-01-01T00:00:00' }, true]);
    expect(texts(rows)[1]).toEqual(['22.2222', '2021-01-01', 'TRUE']);
  });

  it('an error cell is a typed error', async () => {
    const ws = XLSX.utils.aoa_to_sheet([['Name']]);
    ws.A2 = { t: 'e', v: 0x2a, w: '#N/A' };
    ws['!ref'] = 'A1:A2';
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, ws, 'S');
    const rows = await read(XLSX.write(wb, { type: 'buffer', bookType: 'biff8' }) as Buffer, 'xls');
    expect(rows[1].cells).toEqual([{ t: 'e', v: '#N/A' }]);
  });
});

describe('.csv', () => {
  it('refuses an unterminated quote with the row where it opened', async () => {
    const csv = Buffer.from(['nodename,nodetype', ...Array.from({ length: 10 }, (_, i) => `N${i},Disease`), '"Broken,Disease', 'N11,Disease', 'N12,Disease'].join('\r\n'));
    await refused(read(csv, 'csv'), 400, 'unterminated_quote', /^Row 12 has a quote that is never closed\.$/);
  });

  it('still reads closed quotes across lines', async () => {
    expect(texts(await read(Buffer.from('a,b\r\n"x\r\ny","q""z"\r\n'), 'csv'))).toEqual([['a', 'b'], ['x\r\ny', 'q"z']]);
  });
});

describe('counting rows', () => {
  it('answers the first row and counts the rows after it as readRows gives them, blank lines left out', async () => {
    const files: [Buffer, FileFormat][] = [
      [Buffer.from('id\tterm\n\n1\tHeart\r\n2\tLung\n\n\n3\tLiver'), 'rf2'],
      [Buffer.from('a,b\r\n"x\r\ny","q"\r\n\r\nz,w\r\n'), 'csv'],
      [xlsOf([['Rows', [['h1', 'h2'], [1, 2], [3, 4], [5, 6]]]]), 'xls'],
      [Buffer.from(Array.from({ length: 100_000 }, (_, i) => `${i}\tRow ${i}`).join('\n')), 'rf2'],
    ];
    for (const [data, format] of files) {
      const rows = await read(data, format);
      const seen: number[] = [];
      const counted = await countRows(path.join(dir, `f${n}.${format}`), format, NODE_PARSE_LIMITS, { afterBatch: (k) => seen.push(k) });
      expect(counted).toEqual({ first: rows[0], rows: rows.length - 1 });
      expect(seen.at(-1)).toBe(rows.length - 1);
      // The large file comes in several batches, each counted where it was parsed.
      if (rows.length > 50_000) expect(seen.length).toBeGreaterThan(2);
    }
    const empty = path.join(dir, 'empty.rf2');
    fs.writeFileSync(empty, '\n\n');
    expect(await countRows(empty, 'rf2', NODE_PARSE_LIMITS)).toEqual({ first: null, rows: 0 });
  });

  it('refuses on the first row before reading on: a header check that throws ends the count', async () => {
    const file = path.join(dir, 'wrong-header.rf2');
    fs.writeFileSync(file, Array.from({ length: 50_000 }, (_, i) => `${i}\tRow ${i}`).join('\n'));
    const batches: number[] = [];
    const counting = countRows(file, 'rf2', NODE_PARSE_LIMITS, {
      onFirst: (row) => {
        throw new Error(`not a header: ${cellText(row.cells[0])}`);
      },
      afterBatch: (k) => batches.push(k),
    });
    await expect(counting).rejects.toThrow('not a header: 0');
    expect(batches).toEqual([]);
  });

  it('stops when the caller stops it between batches (an aborted job), and ends the parser thread', async () => {
    const file = path.join(dir, 'stopped-count.rf2');
    fs.writeFileSync(file, Array.from({ length: 200_000 }, (_, i) => `${i}\tRow ${i}`).join('\n'));
    const before = parserThreads().live.length;
    let calls = 0;
    const counting = countRows(file, 'rf2', NODE_PARSE_LIMITS, {
      afterBatch: () => {
        if (++calls === 2) throw new Error('stopped');
      },
    });
    await expect(counting).rejects.toThrow('stopped');
    expect(calls).toBe(2);
    expect(parserThreads().live.length).toBeLessThanOrEqual(before);
  });
});

describe('column formatters', () => {
  it('SNOMED ids: a number of up to 15 digits reads as its digits; a longer one has lost digits', () => {
    expect(idColumn(387458008, 'SNOMED code')).toEqual({ text: '387458008' });
    expect(idColumn(999999999999999, 'id')).toEqual({ text: '999999999999999' });
    expect(idColumn(1234567890123456, 'id').problem).toMatch(/^id 1234567890123460 was stored as a number and has lost digits in Excel; format the column as Text$/);
    expect(idColumn('1234567890123456', 'id')).toEqual({ text: '1234567890123456' });
    expect(idColumn({ t: 'e', v: '#N/A' }, 'id').problem).toBe('id contains the Excel error #N/A');
  });

  it('effectiveTime: YYYYMMDD from a date cell or a number cell', () => {
    expect(effectiveTimeColumn({ t: 'd', v: '2023-01-31T00:00:00' }, 'effectiveTime')).toEqual({ text: '20230131' });
    expect(effectiveTimeColumn(20230131, 'effectiveTime')).toEqual({ text: '20230131' });
  });

  it('names: what Excel shows; error cells are problems', () => {
    expect(textColumn(true, 'Name')).toEqual({ text: 'TRUE' });
    expect(textColumn({ t: 'd', v: '2021-01-01T12:30:00' }, 'Name')).toEqual({ text: '2021-01-01 12:30:00' });
    expect(textColumn(0.1 + 0.2, 'Name')).toEqual({ text: '0.3' });
    expect(textColumn({ t: 'e', v: '#DIV/0!' }, 'Name')).toEqual({ text: '#DIV/0!', problem: 'Name contains the Excel error #DIV/0!' });
  });
});

describe('Excel dates', () => {
  it('tells date formats from number formats', () => {
    for (const id of [14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]) expect(isDateFormat(id)).toBe(true);
    for (const id of [0, 1, 2, 9, 10, 11, 49]) expect(isDateFormat(id)).toBe(false);
    for (const code of ['yyyy-mm-dd', 'dd/mm/yyyy', '[$-409]d mmm yyyy;@', 'h:mm AM/PM', '[h]:mm:ss', 'yyyy\\-mm\\-dd']) expect(isDateFormat(164, code), code).toBe(true);
    for (const code of ['General', '0.00', '[Red]0.0', '"day"0.00', '0.00E+00', '#,##0 "ms"', '@', '_-* #,##0_-']) expect(isDateFormat(164, code), code).toBe(false);
  });

  it('turns serials into dates in both date systems, with the 1900 leap-year bug', () => {
    expect(serialToIso(1, false)).toBe('1900-01-01T00:00:00');
    expect(serialToIso(59, false)).toBe('1900-02-28T00:00:00');
    expect(serialToIso(60, false)).toBe('1900-02-29T00:00:00');
    expect(serialToIso(61, false)).toBe('1900-03-01T00:00:00');
    expect(serialToIso(44197.75, false)).toBe('2021-01-01T18:00:00');
    expect(serialToIso(0, true)).toBe('1904-01-01T00:00:00');
    expect(serialToIso(42735, true)).toBe('2021-01-01T00:00:00');
    expect(serialToIso(-1, false)).toBeNull();
  });
});
