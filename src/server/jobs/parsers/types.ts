import type { ZipLimits } from './zip';

/** One non-empty row of the file: its 1-based row number in the sheet (or record number) and its cell texts. */
export interface SheetRow {
  number: number;
  cells: string[];
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

export type FileFormat = 'xlsx' | 'xls' | 'csv' | 'rf2';

/** Share of the file read so far, 0..1 (for progress before the row count is known). */
export type ReadProgress = (fraction: number) => void;
