import type { ZipLimits } from './zip';

/**
 * One cell as the file stores it, typed, so each importer's column decides the text
 * (see cell-text.ts). Plain data only — rows cross a worker-thread boundary:
 * - a string (text cells; '' is an empty cell), a number (numeric cells), a boolean;
 * - a date: `{ t: 'd', v }` with v the local date-time `YYYY-MM-DDTHH:MM:SS` (Excel dates have no zone);
 * - an Excel error value: `{ t: 'e', v: '#N/A' }`.
 */
export interface DateCell {
  t: 'd';
  v: string;
}
export interface ErrorCell {
  t: 'e';
  v: string;
}
export type Cell = string | number | boolean | DateCell | ErrorCell;

/** One non-empty row of the file: its 1-based row number in the sheet (or record number) and its cells. */
export interface SheetRow {
  number: number;
  cells: Cell[];
  /** On the first row read from a workbook only: the name of the worksheet the rows come from. */
  sheet?: string;
}

/** What a parser may consume before it refuses the file (defence against hostile files). */
export interface ParseLimits {
  /** Non-empty rows, the header included. */
  maxRows: number;
  /** Columns read per row; cells further right are ignored. */
  maxColumns: number;
  /** Longer cell texts are cut here (the row validators then refuse them as too long). */
  maxCellChars: number;
  zip: ZipLimits;
}

/** 'rf2zip': an RF2 release archive; never parsed as rows itself (the SNOMED import copies its files out). */
export type FileFormat = 'xlsx' | 'xls' | 'csv' | 'rf2' | 'rf2zip';

/** Share of the file read so far, 0..1 (for progress before the row count is known). */
export type ReadProgress = (fraction: number) => void;
