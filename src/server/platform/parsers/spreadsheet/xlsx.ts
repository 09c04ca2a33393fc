import { badRequest } from '../../../app-error';
import { hasContent } from '../cell-text';
import { normalizeIsoDate, serialToIso } from '../excel-dates';
import { locateParts, readDateStyles, readSharedStrings, saxStream, unescapeXstring } from './xlsx-parts';
import { openZipEntry, readZipDirectory, zipBudget, type ZipBudget, type ZipEntry } from '../zip';
import type { Cell, ParseLimits, ReadProgress, SheetRow } from '../types';

/**
 * A streaming .xlsx reader: the first visible sheet that has rows, row by row, straight from
 * the zip with an XML scanner (xml-scanner.ts), as typed cells (see types.ts). Formulas are never evaluated — a
 * formula cell gives the value Excel cached for it. Memory holds the shared-string table, the
 * style table and the current row only, which is why we keep it rather than SheetJS (which
 * builds the whole workbook in memory); differential.test.ts proves it reads what SheetJS reads.
 */

/** "AB12" → 27 (0-based column); NaN when the reference is malformed. */
function columnOf(ref: string): number {
  let n = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c >= 65 && c <= 90) n = n * 26 + (c - 64);
    else if (c >= 97 && c <= 122) n = n * 26 + (c - 96);
    else break;
  }
  return n - 1;
}

function checkDimension(ref: string, limits: ParseLimits): void {
  const end = ref.split(':').pop() ?? '';
  const rows = Number(/\d+$/.exec(end)?.[0] ?? 0);
  const cols = columnOf(end) + 1;
  if (rows > limits.maxRows || cols > 16_384) {
    throw badRequest(
      `The sheet declares ${rows.toLocaleString('en')} rows × ${cols.toLocaleString('en')} columns; at most ${limits.maxRows.toLocaleString('en')} rows can be imported.`,
      'sheet_too_large',
    );
  }
}

export const tooManyRows = (limits: ParseLimits) =>
  badRequest(`The file has more than ${limits.maxRows.toLocaleString('en')} rows, the most one import accepts. Split it into smaller files.`, 'too_many_rows');

/** What decoding a cell needs from the rest of the workbook. */
interface CellContext {
  strings: string[];
  dateStyles: boolean[];
  date1904: boolean;
  maxCellChars: number;
}

/**
 * A text cut to the cell limit. Module-level on purpose: tsx's transform names every function it
 * creates (esbuild keepNames, a defineProperty each time), and a helper created per cell cost as
 * much CPU as scanning the sheet.
 */
const cutTo = (s: string, max: number) => (s.length > max ? s.slice(0, max) : s);

/** A cell's stored value (type attribute t, style s, raw <v> or inline text) as a typed cell; '' when empty. */
function decodeCell(type: string, style: number, raw: string, ctx: CellContext): Cell {
  // An empty value (<v/>) is an empty cell whatever its type — never shared string 0.
  if (type !== 'inlineStr' && type !== 'str' && raw.trim() === '') return '';
  switch (type) {
    case 's':
      return ctx.strings[Number(raw)] ?? '';
    case 'inlineStr':
    case 'str':
      return cutTo(unescapeXstring(raw), ctx.maxCellChars);
    case 'b':
      return raw === '1' || raw === 'true' ? true : raw === '0' || raw === 'false' ? false : cutTo(raw, ctx.maxCellChars);
    case 'e':
      return { t: 'e', v: raw.trim() };
    case 'd': {
      const iso = normalizeIsoDate(raw);
      return iso ? { t: 'd', v: iso } : cutTo(raw, ctx.maxCellChars);
    }
    default: {
      const n = Number(raw);
      if (!Number.isFinite(n)) return cutTo(raw, ctx.maxCellChars);
      if (ctx.dateStyles[style]) {
        const iso = serialToIso(n, ctx.date1904);
        if (iso) return { t: 'd', v: iso };
      }
      return n;
    }
  }
}

/** One worksheet's non-empty rows, in batches. */
async function* readSheet(file: string, entry: ZipEntry, budget: ZipBudget, ctx: CellContext, limits: ParseLimits, onProgress?: ReadProgress): AsyncGenerator<SheetRow[]> {
  let rowCount = 0;
  let read = 0;
  const onRead = onProgress && ((n: number) => onProgress((read += n) / Math.max(1, entry.compressedSize)));
  yield* saxStream<SheetRow>(await openZipEntry(file, entry, budget, onRead), (out) => {
    let cells: Cell[] = [];
    let rowNumber = 0;
    let col = -1;
    let type = 'n';
    let style = 0;
    let value = '';
    let inValue = false;
    let inInline = false;
    let phonetic = 0;
    return {
      open(t) {
        switch (t.name) {
          case 'dimension':
            checkDimension(t.attr('ref') ?? '', limits);
            break;
          case 'row': {
            const r = Number(t.attr('r'));
            rowNumber = Number.isInteger(r) && r > 0 ? r : rowNumber + 1;
            cells = [];
            col = -1;
            break;
          }
          case 'c': {
            const ref = t.attr('r');
            const c = ref ? columnOf(ref) : col + 1;
            col = Number.isNaN(c) || c < 0 ? col + 1 : c;
            type = t.attr('t') ?? 'n';
            style = Number(t.attr('s') ?? 0);
            value = '';
            break;
          }
          case 'v':
            inValue = !t.selfClosing && !inInline;
            break;
          case 'is':
            inInline = !t.selfClosing;
            break;
          case 't':
            inValue = inInline && phonetic === 0 && !t.selfClosing;
            break;
          case 'rPh':
            if (!t.selfClosing) phonetic++; // phonetic hints are not part of the value
            break;
        }
      },
      text(s) {
        if (inValue && value.length < limits.maxCellChars) value += s;
      },
      close(name) {
        switch (name) {
          case 'v':
          case 't':
            inValue = false;
            break;
          case 'rPh':
            phonetic = Math.max(0, phonetic - 1);
            break;
          case 'is':
            inInline = false;
            break;
          case 'c':
            if (col < limits.maxColumns) cells[col] = decodeCell(type, style, value, ctx);
            break;
          case 'row':
            if (hasContent(cells)) {
              if (++rowCount > limits.maxRows) throw tooManyRows(limits);
              out.push({ number: rowNumber, cells: Array.from(cells, (c) => c ?? '') });
            }
            break;
        }
      },
    };
  });
}

/**
 * Rows of the first visible worksheet that has any (hidden sheets are skipped; an empty first
 * sheet gives way to the next), with their sheet row numbers, in batches. The first row carries
 * the sheet's name.
 */
export async function* readXlsxRows(file: string, limits: ParseLimits, onProgress?: ReadProgress): AsyncGenerator<SheetRow[]> {
  const entries = await readZipDirectory(file, limits.zip);
  if (entries.has('encryptedpackage') || entries.has('encryptioninfo')) {
    throw badRequest('The workbook is password-protected. Remove the password in Excel and upload it again.', 'password_protected');
  }
  const budget = zipBudget(limits.zip);
  const book = await locateParts(file, entries, budget);
  const ctx: CellContext = {
    strings: await readSharedStrings(file, book.strings, budget, limits),
    dateStyles: await readDateStyles(file, book.styles, budget),
    date1904: book.date1904,
    maxCellChars: limits.maxCellChars,
  };
  for (const sheet of book.sheets) {
    let found = false;
    for await (const batch of readSheet(file, sheet.entry, budget, ctx, limits, onProgress)) {
      if (batch.length === 0) continue;
      if (!found) batch[0].sheet = sheet.name;
      found = true;
      yield batch;
    }
    if (found) return;
  }
}
