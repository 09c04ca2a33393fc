import * as XLSX from '@e965/xlsx';
import fs from 'node:fs';
import { AppError, badRequest } from '../../../app-error';
import { tooManyRows } from './xlsx';
import { hasContent } from '../cell-text';
import { isDateFormat, serialToIso } from '../excel-dates';
import type { Cell, ParseLimits, SheetRow } from '../types';

/**
 * Legacy .xls (BIFF inside an OLE container) through SheetJS (@e965/xlsx, the patched build).
 * BIFF has no streaming reader, so the file is read whole — which is why .xls files are
 * capped well below the SNOMED limit: the format cannot hold more than 65,536 rows anyway.
 */
export const XLS_MAX_BYTES = 40 * 1024 * 1024;

export const passwordProtected = () =>
  badRequest('The workbook is password-protected. Remove the password in Excel and upload it again.', 'password_protected');

/** A SheetJS cell as a typed cell (types.ts): dates through their number format, as the .xlsx reader does. */
function typedCell(cell: XLSX.CellObject | undefined, date1904: boolean, maxChars: number): Cell {
  if (!cell) return '';
  switch (cell.t) {
    case 's': {
      const s = String(cell.v ?? '');
      return s.length > maxChars ? s.slice(0, maxChars) : s;
    }
    case 'n': {
      const n = cell.v as number;
      if (typeof cell.z === 'string' && isDateFormat(-1, cell.z)) {
        const iso = serialToIso(n, date1904);
        if (iso) return { t: 'd', v: iso };
      }
      return n;
    }
    case 'b':
      return Boolean(cell.v);
    case 'd':
      return cell.v instanceof Date ? { t: 'd', v: cell.v.toISOString().slice(0, 19) } : String(cell.v ?? '');
    case 'e':
      return { t: 'e', v: cell.w ?? '#ERROR' };
    default:
      return '';
  }
}

/** A sheet's non-empty rows. */
function sheetRows(sheet: XLSX.WorkSheet, date1904: boolean, limits: ParseLimits): SheetRow[] {
  const full = sheet['!fullref'] ?? sheet['!ref'];
  if (full && XLSX.utils.decode_range(full).e.r + 1 > limits.maxRows) throw tooManyRows(limits);
  const rows = (sheet['!data'] ?? []) as (XLSX.CellObject[] | undefined)[];
  const out: SheetRow[] = [];
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    if (!row) continue;
    const cells: Cell[] = [];
    for (let c = 0; c < Math.min(row.length, limits.maxColumns); c++) cells.push(typedCell(row[c], date1904, limits.maxCellChars));
    if (hasContent(cells)) out.push({ number: r + 1, cells });
  }
  return out;
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
      // Number formats (cell.z) tell date cells from numbers.
      cellNF: true,
      sheetRows: limits.maxRows + 1,
    });
  } catch (err) {
    const message = (err as Error).message ?? '';
    if (/password|encrypt/i.test(message)) throw passwordProtected();
    throw badRequest(`The file is not a valid Excel workbook (${message.slice(0, 120)}).`, 'corrupt_file');
  }
  const date1904 = Boolean(workbook.Workbook?.WBProps?.date1904);
  // The first visible sheet that has rows (hidden sheets are skipped; an empty first sheet gives way).
  const listed = workbook.Workbook?.Sheets?.filter((s) => !s.Hidden).map((s) => s.name ?? '');
  const names = listed === undefined ? workbook.SheetNames : listed.length > 0 ? listed : workbook.SheetNames.slice(0, 1);
  if (!workbook.Sheets[names[0]]) throw badRequest('The workbook has no worksheet.', 'corrupt_file');
  for (const name of names) {
    const sheet = workbook.Sheets[name];
    if (!sheet) continue;
    const rows = sheetRows(sheet, date1904, limits);
    if (rows.length === 0) continue;
    rows[0].sheet = name;
    yield rows;
    return;
  }
}
