import path from 'node:path';
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { AppError, badRequest } from '../../plugins/errors';
import { openZipEntry, readZipDirectory, type ZipEntry } from './zip';
import type { ParseLimits, ReadProgress, SheetRow } from './types';

/**
 * A streaming .xlsx reader: the first visible sheet's cell values, row by row, straight from
 * the zip with a SAX parser. Formulas are never evaluated — a formula cell gives the value
 * Excel cached for it. Memory holds the shared-string table and the current row only.
 */

const SMALL_PART_MAX = 16 * 1024 * 1024;
const corrupt = (why: string) => badRequest(`The file is not a valid Excel workbook (${why}).`, 'corrupt_file');
/** Local name without a namespace prefix (strict OOXML and some writers prefix every tag). */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * Feeds a zip entry through a SAX parser; yields what each chunk completed as one batch
 * (one await per 256 KB chunk rather than per row keeps the async overhead negligible).
 */
async function* saxStream<T>(stream: Readable, setup: (parser: SaxesParser, out: T[]) => void): AsyncGenerator<T[]> {
  const parser = new SaxesParser({ position: false });
  const out: T[] = [];
  setup(parser, out);
  const decoder = new StringDecoder('utf8');
  try {
    for await (const chunk of stream) {
      parser.write(decoder.write(chunk as Buffer));
      if (out.length) yield out.splice(0, out.length);
    }
    parser.write(decoder.end());
    parser.close();
    if (out.length) yield out.splice(0, out.length);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw corrupt((err as Error).message.split('\n')[0].slice(0, 120));
  } finally {
    stream.destroy();
  }
}

async function readSmallPart(file: string, entry: ZipEntry | undefined): Promise<SaxesTagPlain[]> {
  if (!entry) return [];
  if (entry.uncompressedSize > SMALL_PART_MAX) throw corrupt(`${entry.name} is too large`);
  const tags: SaxesTagPlain[] = [];
  for await (const batch of saxStream<SaxesTagPlain>(await openZipEntry(file, entry), (p, out) => p.on('opentag', (t) => out.push(t)))) tags.push(...batch);
  return tags;
}

/** An attribute by local name; the plain name is tried first (the hot path: r, t on every cell). */
const attr = (tag: SaxesTagPlain, name: string): string | undefined => {
  const plain = tag.attributes[name];
  if (plain !== undefined) return plain as string;
  for (const k in tag.attributes) if (local(k) === name) return tag.attributes[k] as string;
  return undefined;
};

/** Resolves a relationship target against the folder of the part that declares it. */
const resolveTarget = (base: string, target: string) => (target.startsWith('/') ? target.slice(1) : path.posix.normalize(path.posix.join(path.posix.dirname(base), target)));

async function locateParts(file: string, entries: Map<string, ZipEntry>): Promise<{ sheet: ZipEntry; strings?: ZipEntry }> {
  const rootRels = await readSmallPart(file, entries.get('_rels/.rels'));
  const officeDoc = rootRels.find((t) => local(t.name) === 'Relationship' && /\/officeDocument$/.test(attr(t, 'Type') ?? ''));
  const workbookPath = officeDoc ? resolveTarget('', attr(officeDoc, 'Target') ?? '') : 'xl/workbook.xml';
  const workbook = entries.get(workbookPath);
  if (!workbook) throw corrupt('no workbook part');
  const relsPath = path.posix.join(path.posix.dirname(workbookPath), '_rels', `${path.posix.basename(workbookPath)}.rels`);
  const rels = await readSmallPart(file, entries.get(relsPath));
  const sheets = (await readSmallPart(file, workbook)).filter((t) => local(t.name) === 'sheet');
  const first = sheets.find((t) => (attr(t, 'state') ?? 'visible') === 'visible') ?? sheets[0];
  if (!first) throw corrupt('no worksheet');
  const relId = attr(first, 'id');
  const rel = rels.find((t) => local(t.name) === 'Relationship' && attr(t, 'Id') === relId);
  const sheet = rel && entries.get(resolveTarget(workbookPath, attr(rel, 'Target') ?? ''));
  if (!sheet) throw corrupt('the first worksheet is missing');
  const stringsRel = rels.find((t) => local(t.name) === 'Relationship' && /\/sharedStrings$/.test(attr(t, 'Type') ?? ''));
  const strings = stringsRel ? entries.get(resolveTarget(workbookPath, attr(stringsRel, 'Target') ?? '')) : undefined;
  return { sheet, strings };
}

/** The shared-string table; rich text runs are joined, phonetic hints (rPh) left out. */
async function readSharedStrings(file: string, entry: ZipEntry | undefined, limits: ParseLimits): Promise<string[]> {
  if (!entry) return [];
  const table: string[] = [];
  const items = saxStream<string>(await openZipEntry(file, entry), (p, out) => {
    let text = '';
    let inText = false;
    let phonetic = 0;
    p.on('opentag', (t) => {
      const n = local(t.name);
      if (n === 'si') text = '';
      else if (n === 'rPh') phonetic++;
      else if (n === 't' && phonetic === 0) inText = !t.isSelfClosing;
    });
    p.on('text', (s) => {
      if (inText && text.length < limits.maxCellChars) text += s;
    });
    p.on('closetag', (t) => {
      const n = local(t.name);
      if (n === 't') inText = false;
      else if (n === 'rPh') phonetic--;
      else if (n === 'si') out.push(text.length > limits.maxCellChars ? text.slice(0, limits.maxCellChars) : text);
    });
  });
  for await (const batch of items) for (const s of batch) table.push(s);
  return table;
}

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

/** Rows of the first visible worksheet, with their sheet row numbers, in batches; empty rows are skipped. */
export async function* readXlsxRows(file: string, limits: ParseLimits, onProgress?: ReadProgress): AsyncGenerator<SheetRow[]> {
  const entries = await readZipDirectory(file, limits.zip);
  if (entries.has('EncryptedPackage') || entries.has('EncryptionInfo')) {
    throw badRequest('The workbook is password-protected. Remove the password in Excel and upload it again.', 'password_protected');
  }
  const parts = await locateParts(file, entries);
  const strings = await readSharedStrings(file, parts.strings, limits);
  let rowCount = 0;
  let read = 0;
  const onRead = onProgress && ((n: number) => onProgress((read += n) / Math.max(1, parts.sheet.compressedSize)));
  yield* saxStream<SheetRow>(await openZipEntry(file, parts.sheet, onRead), (p, out) => {
    let cells: string[] = [];
    let rowNumber = 0;
    let col = -1;
    let type = 'n';
    let value = '';
    let inValue = false;
    let inInline = false;
    p.on('opentag', (t) => {
      switch (local(t.name)) {
        case 'dimension':
          checkDimension(attr(t, 'ref') ?? '', limits);
          break;
        case 'row': {
          const r = Number(attr(t, 'r'));
          rowNumber = Number.isInteger(r) && r > 0 ? r : rowNumber + 1;
          cells = [];
          col = -1;
          break;
        }
        case 'c': {
          const ref = attr(t, 'r');
          const c = ref ? columnOf(ref) : col + 1;
          col = Number.isNaN(c) || c < 0 ? col + 1 : c;
          type = attr(t, 't') ?? 'n';
          value = '';
          break;
        }
        case 'v':
          inValue = !t.isSelfClosing;
          break;
        case 'is':
          inInline = true;
          break;
        case 't':
          inValue = inInline && !t.isSelfClosing;
          break;
        case 'rPh':
          inInline = false; // phonetic hints are not part of the value
          break;
      }
    });
    p.on('text', (s) => {
      if (inValue && value.length < limits.maxCellChars) value += s;
    });
    p.on('closetag', (t) => {
      switch (local(t.name)) {
        case 'v':
        case 't':
          inValue = false;
          break;
        case 'is':
          inInline = false;
          break;
        case 'c':
          if (col < limits.maxColumns) cells[col] = cellText(type, value, strings);
          break;
        case 'row':
          if (cells.some((c) => c !== undefined && c.trim() !== '')) {
            if (++rowCount > limits.maxRows) throw tooManyRows(limits);
            out.push({ number: rowNumber, cells: Array.from(cells, (c) => c ?? '') });
          }
          break;
      }
    });
  });
}

export const tooManyRows = (limits: ParseLimits) =>
  badRequest(`The file has more than ${limits.maxRows.toLocaleString('en')} rows, the most one import accepts. Split it into smaller files.`, 'too_many_rows');

function cellText(type: string, raw: string, strings: string[]): string {
  const text = raw.length > 0 ? raw : '';
  switch (type) {
    case 's':
      return strings[Number(text)] ?? '';
    case 'b':
      return text === '1' ? 'TRUE' : text === '0' ? 'FALSE' : text;
    default:
      return text;
  }
}
