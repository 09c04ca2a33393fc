import type { Cell } from './types';

/**
 * The column formatters: the readers return typed cells, and each importer's column decides
 * the text through these — names and free text as Excel shows them, SNOMED ids as their
 * digits, RF2 effective times as YYYYMMDD. Shared by the node upload and the SNOMED import.
 */

/** What a column makes of a cell: its text, or why the row is refused. */
export interface ColumnValue {
  text: string;
  problem?: string;
}

/** The Excel error value of an error cell (#N/A, #DIV/0!, …); null for any other cell. */
export function excelError(cell: Cell | undefined): string | null {
  return typeof cell === 'object' && cell.t === 'e' ? cell.v : null;
}

/**
 * A number as Excel shows it in the formula bar: to Excel's 15 significant digits, then in
 * its shortest round-trip form — the XML's `22.222200000000001`, `1.0`, `10.199999999999999`
 * read as 22.2222, 1 and 10.2 (and a cached 0.1+0.2 as 0.3, as in Excel).
 */
export function numberText(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const shown = Number(n.toPrecision(15));
  return Object.is(shown, -0) ? '0' : String(shown).replace('e', 'E');
}

/** A date cell as ISO: `YYYY-MM-DD`, with ` HH:MM:SS` when it has a time of day. */
export function dateText(iso: string): string {
  const [date, time = '00:00:00'] = iso.split('T');
  return time === '00:00:00' ? date : `${date} ${time}`;
}

/** Names and free text: what a person sees in Excel (errors show as their code; importers check them first). */
export function cellText(cell: Cell | undefined): string {
  if (cell === undefined) return '';
  switch (typeof cell) {
    case 'string':
      return cell;
    case 'number':
      return numberText(cell);
    case 'boolean':
      return cell ? 'TRUE' : 'FALSE';
    default:
      return cell.t === 'd' ? dateText(cell.v) : cell.v;
  }
}

const errorProblem = (field: string, code: string) => `${field} contains the Excel error ${code}`;

/** Characters a value may not hold (see unstorableProblem); one test per cell on the common path. */
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what is looked for
const UNSTORABLE = /[\u0000\uFFFD\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why a value cannot be stored as it reads, or null. PostgreSQL refuses U+0000 in text (and the
 * whole batch with it); a lone surrogate has no UTF-8 form, so the database driver would store
 * U+FFFD in its place; U+FFFD itself is what the reader made of bytes that were not valid UTF-8
 * (text-encoding.ts) — the value's real text is lost. Each refuses its row, with the reason, in
 * every importer and in a dry run alike, before any batch is written.
 */
export function unstorableProblem(field: string, text: string): string | null {
  if (!UNSTORABLE.test(text)) return null;
  if (text.includes('\u0000')) return `${field} contains the NUL character (U+0000), which cannot be stored`;
  if (text.includes('\uFFFD')) return `${field} contains bytes that are not valid UTF-8 (shown as U+FFFD); save the file as UTF-8 and upload it again`;
  if (LONE_SURROGATE.test(text)) return `${field} contains a lone surrogate (U+D800–U+DFFF), which is not valid text`;
  return null;
}

/** A text column (names, types, terms): trimmed text; an error cell or an unstorable character refuses the row. */
export function textColumn(cell: Cell | undefined, field: string): ColumnValue {
  const error = excelError(cell);
  if (error) return { text: error, problem: errorProblem(field, error) };
  const text = cellText(cell).trim();
  const problem = unstorableProblem(field, text);
  // The report shows the value without the character, so that the report itself can be written and read.
  return problem ? { text: printable(text), problem } : { text };
}

/** The value with its unstorable characters shown as U+FFFD (the error report's copy). */
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what is replaced
const printable = (text: string) => text.replace(/\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** Largest id a number cell holds exactly: Excel keeps 15 significant digits. */
const EXACT_DIGITS = 1e15;

/**
 * A SNOMED id column: a number cell of up to 15 digits reads as its digits; a longer one was
 * rounded by Excel (it keeps 15 significant digits), so the row is refused with the fix.
 * Text cells are taken as typed (the importer checks their digits).
 */
export function idColumn(cell: Cell | undefined, field: string): ColumnValue {
  if (typeof cell === 'number' && Number.isInteger(cell) && cell >= EXACT_DIGITS) {
    const text = numberText(cell);
    return { text, problem: `${field} ${text} was stored as a number and has lost digits in Excel; format the column as Text` };
  }
  return textColumn(cell, field);
}

/** An RF2 effectiveTime column: YYYYMMDD, from a date cell too. */
export function effectiveTimeColumn(cell: Cell | undefined, field: string): ColumnValue {
  if (typeof cell === 'object' && cell.t === 'd') return { text: cell.v.slice(0, 10).replace(/-/g, '') };
  return textColumn(cell, field);
}

/** Whether a row has any visible content (rows of empty cells are skipped by the readers). */
export function hasContent(cells: readonly (Cell | undefined)[]): boolean {
  return cells.some((c) => c !== undefined && (typeof c !== 'string' || c.trim() !== ''));
}
