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

/** A text column (names, types, terms): trimmed text; an error cell refuses the row. */
export function textColumn(cell: Cell | undefined, field: string): ColumnValue {
  const error = excelError(cell);
  if (error) return { text: error, problem: errorProblem(field, error) };
  return { text: cellText(cell).trim() };
}

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
