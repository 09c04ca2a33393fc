import * as XLSX from '@e965/xlsx';

/** Real upload files written in the test (no binaries in the repository). */
function book(rows: unknown[][], bookType: XLSX.BookType): Buffer {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  return XLSX.write(wb, { type: 'buffer', bookType, compression: bookType === 'xlsx' }) as Buffer;
}
export const xlsx = (rows: unknown[][]) => book(rows, 'xlsx');
export const xls = (rows: unknown[][]) => book(rows, 'biff8');
export const csv = (rows: string[][]) => Buffer.from(rows.map((r) => r.join(',')).join('\r\n') + '\r\n');

/** Reads a downloaded .xlsx back into rows of text. */
export function rowsOf(data: Buffer): string[][] {
  const wb = XLSX.read(data, { type: 'buffer' });
  return XLSX.utils.sheet_to_json<string[]>(wb.Sheets[wb.SheetNames[0]], { header: 1, raw: false, defval: '' });
}

export const SNOMED_HEADER = ['id', 'effectiveTime', 'active', 'moduleId', 'conceptId', 'languageCode', 'typeId', 'term', 'caseSignificanceId'];
const MODULE = '900000000000207008';
const TYPE = '900000000000013009';
const CASE = '900000000000448009';

/** SNOMED rows: `n` valid descriptions from `start` (ids as text), terms "{prefix} {i}". */
export function snomedRows(start: number, n: number, prefix: string): string[][] {
  return Array.from({ length: n }, (_, i) => [String(start + i), '20200731', i % 4 === 3 ? '0' : '1', MODULE, String(700000 + start + i), 'en', TYPE, `${prefix} ${String(i + 1).padStart(2, '0')}`, CASE]);
}
