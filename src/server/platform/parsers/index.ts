import fs from 'node:fs';
import { AppError, badRequest } from '../../app-error';
import type { OleKind } from './threads/in-thread';
import { askWorker, countRowsOffThread, readRowsOffThread } from './threads/off-thread';
import { passwordProtected } from './spreadsheet/xls';
import type { FileFormat, ParseLimits, ReadProgress, SheetRow } from './types';

export type { FileFormat, ParseLimits, ReadProgress, SheetRow } from './types';

/**
 * Decides how to read an upload from its name AND its bytes: a file is only read as a
 * spreadsheet when its contents are one (zip for .xlsx, an OLE container with a workbook for
 * .xls, text for .csv and RF2). Excel's own two formats are told apart by content, since a
 * workbook saved under the other Excel extension is still a workbook.
 */
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (head: Buffer, magic: number[]) => magic.every((b, i) => head[i] === b);

const notA = (filename: string, what: string) => new AppError(415, 'content_mismatch', `The contents of ${filename} are not ${what}.`);

async function head(file: string, length: number): Promise<Buffer> {
  const fd = await fs.promises.open(file, 'r');
  try {
    const buf = Buffer.alloc(length);
    const { bytesRead } = await fd.read(buf, 0, length, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fd.close();
  }
}

const oleKind = (file: string) => askWorker<OleKind>({ op: 'oleKind', file });

/**
 * A workbook or archive under a text name is refused here by its signature. Stray control bytes
 * (a NUL in a name) are not judged from the head: the reader decides from the whole file
 * (text-encoding.ts), so the answer does not depend on where in the file the byte sits.
 */
function looksLikeText(sample: Buffer): boolean {
  if (sample.length === 0) return false;
  return !startsWith(sample, ZIP) && !startsWith(sample, OLE);
}

export async function detectFormat(file: string, filename: string, extension: string): Promise<FileFormat> {
  const sample = await head(file, 8192);
  if (sample.length === 0) throw badRequest('The file is empty.', 'empty_file');
  if (extension === '.xlsx' || extension === '.xls') {
    if (startsWith(sample, ZIP)) return 'xlsx';
    if (startsWith(sample, OLE)) {
      const kind = await oleKind(file);
      if (kind === 'encrypted') throw passwordProtected();
      if (kind === 'xls') return 'xls';
    }
    throw notA(filename, 'an Excel workbook');
  }
  if (extension === '.csv') {
    if (!looksLikeText(sample)) throw notA(filename, 'CSV text');
    return 'csv';
  }
  if (extension === '.zip') {
    if (!startsWith(sample, ZIP)) throw notA(filename, 'a zip archive');
    return 'rf2zip';
  }
  if (extension === '.txt') {
    if (!looksLikeText(sample)) throw notA(filename, 'an RF2 text file');
    return 'rf2';
  }
  throw new AppError(415, 'unsupported_file_type', `Files of type ${extension || 'without extension'} are not accepted.`);
}

/**
 * The file's non-empty rows, header first, in batches of whatever each read produced. Each
 * call reads the file anew (SNOMED imports read a file twice). The parser runs in a worker
 * thread (off-thread.ts): the server's thread only receives the batches.
 */
export function readRows(file: string, format: FileFormat, limits: ParseLimits, onProgress?: ReadProgress): AsyncGenerator<SheetRow[]> {
  return readRowsOffThread(file, format, limits, onProgress);
}

/** What countRows answers: the first non-empty row (a header) and how many non-empty rows follow it. */
export interface RowCount {
  first: SheetRow | null;
  rows: number;
}

/**
 * An import's first pass: the file's first row, handed to `onFirst` as soon as it is read (a wrong
 * header is refused before the rest is read), then the count of the data rows after it, as readRows
 * gives them. `afterBatch` runs after each batch with the data rows counted so far (a job checks for
 * its abort there, and its progress can say the count). The rows are counted in the parser's thread:
 * only the first crosses to this one.
 */
export async function countRows(
  file: string,
  format: FileFormat,
  limits: ParseLimits,
  o: { onFirst?: (row: SheetRow) => void; afterBatch?: (rows: number) => void; onProgress?: ReadProgress } = {},
): Promise<RowCount> {
  const count: RowCount = { first: null, rows: 0 };
  for await (const part of countRowsOffThread(file, format, limits, o.onProgress)) {
    if (typeof part === 'number') count.rows += part;
    else
      for (const row of part) {
        if (count.first) count.rows++;
        else {
          count.first = row;
          o.onFirst?.(row);
        }
      }
    o.afterBatch?.(count.rows);
  }
  return count;
}
