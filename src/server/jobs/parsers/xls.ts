import * as XLSX from '@e965/xlsx';
import fs from 'node:fs';
import { AppError, badRequest } from '../../plugins/errors';
import { tooManyRows } from './xlsx';
import type { ParseLimits, SheetRow } from './types';

/**
 * Legacy .xls (BIFF inside an OLE container) through SheetJS (@e965/xlsx, the patched build).
 * BIFF has no streaming reader, so the file is read whole — which is why .xls files are
 * capped well below the SNOMED limit: the format cannot hold more than 65,536 rows anyway.
 */
export const XLS_MAX_BYTES = 40 * 1024 * 1024;

export const passwordProtected = () =>
  badRequest('The workbook is password-protected. Remove the password in Excel and upload it again.', 'password_protected');

/** Cell text as a person reads it; numbers beyond 2^53 keep Excel's rounded notation so id checks refuse them. */
function cellText(cell: XLSX.CellObject | undefined): string {
  if (!cell) return '';
  switch (cell.t) {
    case 's':
      return String(cell.v ?? '');
    case 'n': {
      const n = cell.v as number;
      if (Number.isInteger(n) && !Number.isSafeInteger(n)) return n.toExponential().toUpperCase();
      return String(n);
    }
    case 'b':
      return cell.v ? 'TRUE' : 'FALSE';
    case 'd':
      return cell.v instanceof Date ? cell.v.toISOString() : String(cell.v ?? '');
    case 'e':
      return cell.w ?? '#ERROR';
    default:
      return '';
  }
}

export async function* readXlsRows(file: string, limits: ParseLimits): AsyncGenerator<SheetRow[]> {
  const { size } = await fs.promises.stat(file);
  if (size > XLS_MAX_BYTES) {
    throw new AppError(413, 'file_too_large', `An .xls file can be at most ${XLS_MAX_BYTES / 1024 / 1024} MB. Save it as .xlsx in Excel and upload that.`);
  }
  const data = await fs.promises.readFile(file);
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(data, {
      type: 'buffer',
      dense: true,
      // Values only: formulas are neither read nor evaluated; Excel's cached result is used.
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      cellDates: false,
      sheetRows: limits.maxRows + 1,
    });
  } catch (err) {
    const message = (err as Error).message ?? '';
    if (/password|encrypt/i.test(message)) throw passwordProtected();
    throw badRequest(`The file is not a valid Excel workbook (${message.slice(0, 120)}).`, 'corrupt_file');
  }
  const visible = workbook.Workbook?.Sheets?.find((s) => !s.Hidden)?.name;
  const sheet = workbook.Sheets[visible ?? workbook.SheetNames[0]];
  if (!sheet) throw badRequest('The workbook has no worksheet.', 'corrupt_file');
  const full = sheet['!fullref'] ?? sheet['!ref'];
  if (full && XLSX.utils.decode_range(full).e.r + 1 > limits.maxRows) throw tooManyRows(limits);
  const rows = (sheet['!data'] ?? []) as (XLSX.CellObject[] | undefined)[];
  const out: SheetRow[] = [];
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    if (!row) continue;
    const cells: string[] = [];
    for (let c = 0; c < Math.min(row.length, limits.maxColumns); c++) {
      const text = cellText(row[c]);
      cells.push(text.length > limits.maxCellChars ? text.slice(0, limits.maxCellChars) : text);
    }
    if (cells.some((c) => c.trim() !== '')) out.push({ number: r + 1, cells });
  }
  yield out;
}
