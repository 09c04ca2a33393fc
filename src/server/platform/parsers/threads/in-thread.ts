import * as XLSX from '@e965/xlsx';
import fs from 'node:fs';
import { readDelimitedRows } from '../delimited';
import { XLS_MAX_BYTES, readXlsRows } from '../spreadsheet/xls';
import { readXlsxRows } from '../spreadsheet/xlsx';
import type { FileFormat, ParseLimits, ReadProgress, SheetRow } from '../types';

/**
 * What a parser worker thread runs (worker-entry.ts): the readers themselves, and the OLE sniff.
 * Kept apart from index.ts, whose readRows sends the work here, so that the worker's bundle
 * (parser-bundle.ts) holds the parsers and nothing of the server.
 */

export type OleKind = 'xls' | 'encrypted' | 'other';

/**
 * An OLE container is a legacy workbook, an encrypted (password-protected) OOXML file, or
 * something else. Reading the container means reading the whole file (up to 40 MB): it runs
 * in a parser worker (oleKind in index.ts asks for it); this is the worker's half.
 */
export async function oleKindInThread(file: string): Promise<OleKind> {
  const { size } = await fs.promises.stat(file);
  if (size > XLS_MAX_BYTES) return 'xls'; // readXlsRows refuses it with the size message
  let names: string[];
  try {
    const cfb = XLSX.CFB.read(await fs.promises.readFile(file), { type: 'buffer' }) as { FullPaths: string[] };
    names = cfb.FullPaths.map((p) => p.replace(/\/$/, '').split('/').pop() ?? '');
  } catch {
    return 'other';
  }
  if (names.includes('EncryptedPackage') || names.includes('EncryptionInfo')) return 'encrypted';
  return names.includes('Workbook') || names.includes('Book') ? 'xls' : 'other';
}

/** readRows in the calling thread: what the parser worker runs (worker-entry.ts). */
export function readRowsInThread(file: string, format: FileFormat, limits: ParseLimits, onProgress?: ReadProgress): AsyncGenerator<SheetRow[]> {
  switch (format) {
    case 'xlsx':
      return readXlsxRows(file, limits, onProgress);
    case 'xls':
      return readXlsRows(file, limits);
    case 'csv':
      return readDelimitedRows(file, { quoting: true }, limits, onProgress);
    case 'rf2':
      return readDelimitedRows(file, { quoting: false, delimiter: '\t' }, limits, onProgress);
    case 'rf2zip':
      // A release archive's files are copied out and read as 'rf2' (snomed-import/rf2/release.ts).
      throw new Error('an RF2 release archive is not read as rows');
  }
}
