import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UPLOAD_PARSE_LIMITS as NODE_PARSE_LIMITS } from './limits';
import { cellText, numberText } from './cell-text';
import { readRows, type FileFormat } from './index';
import { bookXlsx, c, row } from './test-books';

/**
 * Differential test: every workbook of a generated corpus is read by our streaming reader
 * and by SheetJS (formatted values), and the cell texts are compared through the names
 * formatter. The corpus: files written by SheetJS and by ExcelJS, and hand-written XML for
 * what writers do not emit. Where the two disagree, the OOXML standard and Excel decide, and
 * each such case is listed below with its reason — any other difference fails the test.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kg-differential-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

interface Read {
  sheet?: string;
  /** Row number → cell texts (trailing empty cells dropped); empty rows absent. */
  rows: Record<number, string[]>;
}

const trimEnd = (cells: string[]) => {
  const out = [...cells];
  while (out.length && out[out.length - 1] === '') out.pop();
  return out;
};

let fileNo = 0;
async function ours(data: Buffer, format: FileFormat): Promise<Read> {
  const file = path.join(dir, `f${++fileNo}.${format}`);
  fs.writeFileSync(file, data);
  const read: Read = { rows: {} };
  for await (const batch of readRows(file, format, NODE_PARSE_LIMITS)) {
    for (const r of batch) {
      read.sheet ??= r.sheet;
      read.rows[r.number] = trimEnd(r.cells.map(cellText));
    }
  }
  return read;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** SheetJS's cell as the text a person sees, in our conventions (dates ISO, numbers to 15 digits). */
function sheetjsText(cell: XLSX.CellObject | undefined, date1904: boolean): string {
  if (!cell || cell.t === 'z') return '';
  switch (cell.t) {
    case 's':
      return String(cell.v ?? '');
    case 'b':
      return cell.v ? 'TRUE' : 'FALSE';
    case 'e':
      return cell.w ?? '';
    case 'd': {
      const d = cell.v as Date;
      const iso = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
      const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
      return time === '00:00:00' ? iso : `${iso} ${time}`;
    }
    default: {
      const v = cell.v as number;
      if (cell.z !== undefined && XLSX.SSF.is_date(cell.z)) {
        const p = XLSX.SSF.parse_date_code(v, { date1904 });
        const date = `${pad(p.y, 4)}-${pad(p.m)}-${pad(p.d)}`;
        const time = `${pad(p.H)}:${pad(p.M)}:${pad(p.S)}`;
        return time === '00:00:00' ? date : `${date} ${time}`;
      }
      // What Excel's General format displays, where it shows the number in full (up to 11
      // characters); beyond that General abbreviates (1.23457E+14) while the formula bar — our
      // text — shows all 15 digits, so the value is compared instead.
      const general = cell.z === undefined || cell.z === 'General';
      if (general && cell.w !== undefined && cell.w.length < 11 && !/E/.test(cell.w)) return cell.w;
      return numberText(v);
    }
  }
}

function theirs(data: Buffer, options: XLSX.ParsingOptions = {}): Read {
  const wb = XLSX.read(data, { type: 'buffer', cellNF: true, dense: true, ...options });
  const date1904 = Boolean(wb.Workbook?.WBProps?.date1904);
  const hidden = new Set((wb.Workbook?.Sheets ?? []).filter((s) => s.Hidden).map((s) => s.name));
  for (const name of wb.SheetNames.filter((n) => !hidden.has(n))) {
    const data = (wb.Sheets[name]['!data'] ?? []) as (XLSX.CellObject[] | undefined)[];
    const read: Read = { sheet: name, rows: {} };
    data.forEach((cells, r) => {
      const texts = trimEnd(Array.from(cells ?? [], (cell) => sheetjsText(cell, date1904)));
      if (texts.some((t) => t.trim() !== '')) read.rows[r + 1] = texts;
    });
    if (Object.keys(read.rows).length > 0) return read;
  }
  return { rows: {} };
}

/** A difference between the two readers that the standard decides in our favour. */
interface Expected {
  cell: string;
  ours: string;
  sheetjs: string;
  reason: string;
}

const ref = (r: number, col: number) => `${XLSX.utils.encode_col(col)}${r}`;

function differences(a: Read, b: Read): Omit<Expected, 'reason'>[] {
  const out: Omit<Expected, 'reason'>[] = [];
  const rows = new Set([...Object.keys(a.rows), ...Object.keys(b.rows)].map(Number));
  for (const r of [...rows].sort((x, y) => x - y)) {
    const x = a.rows[r] ?? [];
    const y = b.rows[r] ?? [];
    for (let col = 0; col < Math.max(x.length, y.length); col++) {
      if ((x[col] ?? '') !== (y[col] ?? '')) out.push({ cell: ref(r, col), ours: x[col] ?? '', sheetjs: y[col] ?? '' });
    }
  }
  return out;
}

async function compare(data: Buffer, format: FileFormat, expected: Expected[] = [], options?: XLSX.ParsingOptions) {
  const a = await ours(data, format);
  const b = theirs(data, options);
  expect(Object.keys(a.rows).length).toBeGreaterThan(0);
  if (format === 'csv') expect(a.sheet).toBeUndefined();
  else if (b.sheet !== undefined) expect(a.sheet).toBe(b.sheet);
  expect(differences(a, b)).toEqual(expected.map(({ cell, ours, sheetjs }) => ({ cell, ours, sheetjs })));
  return a;
}

/** Cells every writer can express. */
const SAMPLE: unknown[][] = [
  ['Name', 'Number', 'Flag', 'Note'],
  ['Asthma', 22.2222, true, ' leading and trailing spaces '],
  ['Multi\nline', 10.2, false, 'Unicode: Ärzte – 日本語 – 🩺'],
  ['0.1+0.2', 0.1 + 0.2, 1, 'under_score literal'],
  ['Big', 123456789012345, -0.5, '1e21'],
  ['Huge', 1e21, 1234.5678, '<tag> & "quotes"'],
];

describe('differential: our reader and SheetJS read the same texts', () => {
  it('SheetJS-written .xlsx (numbers, booleans, text) and a date cell', async () => {
    const wb = XLSX.utils.book_new();
    const ws = XLSX.utils.aoa_to_sheet([...SAMPLE, ['Date', new Date(Date.UTC(2021, 0, 1)), new Date(Date.UTC(2023, 1, 28, 12, 30)), '']], { cellDates: true });
    XLSX.utils.book_append_sheet(wb, ws, 'Nodes');
    // Inline strings and, with bookSST, a shared-string table.
    for (const bookSST of [false, true]) {
      const read = await compare(XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', bookSST }) as Buffer, 'xlsx');
      expect(read.rows[2]).toEqual(['Asthma', '22.2222', 'TRUE', ' leading and trailing spaces ']);
      expect(read.rows[4]).toEqual(['0.1+0.2', '0.3', '1', 'under_score literal']);
      expect(read.rows[7]).toEqual(['Date', '2021-01-01', '2023-02-28 12:30:00']);
    }
  });

  it('SheetJS-written .xls (BIFF8) and CSV', async () => {
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(SAMPLE), 'Legacy');
    await compare(XLSX.write(wb, { type: 'buffer', bookType: 'biff8' }) as Buffer, 'xls');
    const csv = Buffer.from('\ufeffName,Note\r\n"Quoted, with comma","say ""hi"""\r\n"Multi\nline",plain\r\n', 'utf8');
    await compare(csv, 'csv', [], { raw: true });
  });

  it('ExcelJS-written .xlsx: shared and rich strings, dates, formulas with results, errors, hyperlinks, a hidden first sheet', async () => {
    const wb = new ExcelJS.Workbook();
    const hidden = wb.addWorksheet('Hidden');
    hidden.state = 'hidden';
    hidden.addRow(['not this one']);
    wb.addWorksheet('Empty');
    const ws = wb.addWorksheet('Nodes');
    for (const r of SAMPLE) ws.addRow(r);
    ws.addRow([{ richText: [{ text: 'Ri', font: { bold: true } }, { text: 'ch' }] }, new Date(Date.UTC(2021, 0, 1)), { formula: 'A8&"x"', result: 'Richx' }]);
    ws.addRow([{ text: 'Link', hyperlink: 'https://example.org' }, { error: '#N/A' }, { formula: '1/0', result: { error: '#DIV/0!' } }, { formula: '1+1', result: 2 }]);
    const fixed = ws.addRow(['Fixed', 1.5]);
    fixed.getCell(2).numFmt = '0.00';
    const read = await compare(Buffer.from(await wb.xlsx.writeBuffer()), 'xlsx');
    expect(read.sheet).toBe('Nodes');
    // ExcelJS's streaming writer (shared strings on) writes the same cells its own way.
    const file = path.join(dir, 'streamed.xlsx');
    const streamed = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true, useStyles: true });
    const sheet = streamed.addWorksheet('Streamed');
    for (const r of SAMPLE) sheet.addRow(r).commit();
    sheet.addRow(['When', new Date(Date.UTC(2021, 0, 1))]).commit();
    await streamed.commit();
    const fromStream = await compare(fs.readFileSync(file), 'xlsx');
    expect(fromStream.rows[7]).toEqual(['When', '2021-01-01']);
    expect(read.rows[7]).toEqual(['Rich', '2021-01-01', 'Richx']);
    expect(read.rows[8]).toEqual(['Link', '#N/A', '#DIV/0!', '2']);
  });

  it('hand-written parts: empty values, empty, rich and phonetic shared strings, <si/>, _xHHHH_ escapes', async () => {
    const strings = '<si><t>Name</t></si><si><t/></si><si><r><t>Ri</t></r><r><rPr><b/></rPr><t>ch</t></r><rPh sb="0" eb="1"><t>ルビ</t></rPh></si><si><t>a_x000D_b_x005F_x000D_</t></si><si/><si><t>after</t></si>';
    const rows = row(1, [c.shared(0), c.str('Other')]) + row(2, [c.shared(''), c.shared(1), c.shared(2), c.shared(3), c.shared(4), c.shared(5)]) + row(3, [c.raw('t="s"', '<v></v>'), c.str('x')]);
    const read = await compare(bookXlsx({ sheets: [{ name: 'S', rows }], sharedStrings: strings }), 'xlsx', [
      {
        cell: 'F2',
        ours: 'after',
        sheetjs: '',
        reason: 'SheetJS skips a self-closing <si/> and shifts every later shared string by one; ECMA-376 18.4.8 makes <si/> an (empty) item of the table',
      },
    ]);
    expect(read.rows[2]).toEqual(['', '', 'Rich', 'a\rb_x000D_', '', 'after']);
  });

  it('hand-written parts: inline strings with CDATA and escapes, numbers as raw XML text, booleans, errors', async () => {
    const rows =
      row(1, [c.str('Name'), c.str('Value')]) +
      row(2, [c.raw('t="inlineStr"', '<is><t><![CDATA[A <b> & c]]></t></is>'), c.raw('t="inlineStr"', '<is><t>x_x000D_y</t></is>')]) +
      row(3, [c.num('22.222200000000001'), c.num('1.0'), c.num('10.199999999999999'), c.num('1E+21'), c.num('-0')]) +
      row(4, [c.bool(true), c.bool(false), c.err('#N/A'), c.err('#DIV/0!'), c.err('#VALUE!')]) +
      row(5, [c.raw('t="str"', '<f>A1&amp;"!"</f><v>Name!</v>'), c.raw('t="inlineStr"', '<is><r><t>in</t></r><r><t>line</t></r></is>')]);
    const read = await compare(bookXlsx({ sheets: [{ name: 'S', rows }] }), 'xlsx');
    expect(read.rows[2]).toEqual(['A <b> & c', 'x\ry']);
    expect(read.rows[3]).toEqual(['22.2222', '1', '10.2', '1E+21', '0']);
  });

  it('hand-written parts: date formats (built-in, custom, quoted text), t="d" cells and the 1904 system', async () => {
    const styles = { numFmts: [[164, 'yyyy\\-mm\\-dd hh:mm'], [165, '"day"0.00'], [166, '[$-409]d mmm yyyy;@'], [167, '[Red]0.0']] as [number, string][], xfs: [0, 14, 164, 165, 166, 167, 22] };
    const rows =
      row(1, [c.str('Label'), c.str('Value')]) +
      row(2, [c.num('44197', 1), c.num('44197.5', 2), c.num('44197', 3), c.num('44197', 4), c.num('44197', 5), c.num('44197.25', 6)]) +
      row(3, [c.raw('t="d"', '<v>2021-01-01T00:00:00Z</v>'), c.num('60', 1), c.num('61', 1)]);
    const read = await compare(bookXlsx({ sheets: [{ name: 'S', rows }], styles }), 'xlsx', [
      {
        cell: 'A3',
        ours: '2021-01-01',
        sheetjs: '44197',
        reason: 'without cellDates SheetJS turns a t="d" ISO cell into a serial number; ECMA-376 18.18.11 makes it a date, and Excel shows a date',
      },
    ]);
    expect(read.rows[2]).toEqual(['2021-01-01', '2021-01-01 12:00:00', '44197', '2021-01-01', '44197', '2021-01-01 06:00:00']);
    const d1904 = await compare(bookXlsx({ date1904: true, sheets: [{ name: 'S', rows: row(1, [c.str('When'), c.num('42735', 1)]) }], styles: { xfs: [0, 14] } }), 'xlsx');
    expect(d1904.rows[1]).toEqual(['When', '2021-01-01']);
  });

  it('hand-written packages: other part-name case, backslash paths, prefixed and strict namespaces, hidden and empty sheets', async () => {
    const strings = '<si><t>Hello</t></si>';
    const rows = row(1, [c.shared(0), c.num('3')]);
    const upper = await compare(bookXlsx({ sheets: [{ name: 'S', rows }], sharedStrings: strings, entryName: (n) => n.replace('sharedStrings', 'SharedStrings').replace('workbook.xml', 'Workbook.xml') }), 'xlsx');
    expect(upper.rows[1]).toEqual(['Hello', '3']);
    await compare(bookXlsx({ sheets: [{ name: 'S', rows }], sharedStrings: strings, entryName: (n) => n.replace(/\//g, '\\') }), 'xlsx');
    await compare(bookXlsx({ prefix: 'x', sheets: [{ name: 'S', rows }], sharedStrings: strings }), 'xlsx');
    await compare(bookXlsx({ strict: true, prefix: 'x', sheets: [{ name: 'S', rows }], sharedStrings: strings }), 'xlsx');
    const sheets = await compare(
      bookXlsx({ sheets: [{ name: 'Empty', rows: '' }, { name: 'Secret', rows: row(1, [c.str('hidden')]), state: 'hidden' }, { name: 'Nodes', rows: row(3, [c.str('n')]) }] }),
      'xlsx',
    );
    expect(sheets).toEqual({ sheet: 'Nodes', rows: { 3: ['n'] } });
  });

  it('a part larger than its declared size (within the limits) is read whole', async () => {
    const rows = row(1, [c.str('Name')]) + row(2, [c.str('Asthma')]);
    await compare(bookXlsx({ sheets: [{ name: 'S', rows }], declared: { 'xl/worksheets/sheet1.xml': 64 } }), 'xlsx', [
      { cell: 'A1', ours: 'Name', sheetjs: '', reason: 'SheetJS cuts the part at the declared size and loses its rows; the deflate stream holds the whole, valid part' },
      { cell: 'A2', ours: 'Asthma', sheetjs: '', reason: 'as A1' },
    ]);
  });
});
