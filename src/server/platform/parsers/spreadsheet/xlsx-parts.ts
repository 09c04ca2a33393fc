import path from 'node:path';
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { AppError, badRequest } from '../../../app-error';
import { isDateFormat } from '../excel-dates';
import { XmlScanner, type XmlEvents } from './xml-scanner';
import { openZipEntry, partKey, type ZipBudget, type ZipEntry } from '../zip';
import type { ParseLimits } from '../types';

/**
 * The .xlsx package around the sheets: where the workbook, its sheets, shared strings and
 * styles are (following the relationships, as part names are case-insensitive and strict
 * OOXML uses other namespaces), which sheets are visible, the date system, and the tables
 * the sheet reader needs (shared strings; which cell styles show dates).
 */

const SMALL_PART_MAX = 16 * 1024 * 1024;
export const corrupt = (why: string) => badRequest(`The file is not a valid Excel workbook (${why}).`, 'corrupt_file');
/** Local name without a namespace prefix (strict OOXML and some writers prefix every tag). */
export const local = (name: string) => name.slice(name.indexOf(':') + 1);

/** A start tag kept after the scan: its local name and its attributes by qualified name. */
export interface KeptTag {
  name: string;
  attributes: Record<string, string>;
}

/** An attribute of a kept tag by local name; the plain name is tried first. */
export const attr = (tag: KeptTag, name: string): string | undefined => {
  const plain = tag.attributes[name];
  if (plain !== undefined) return plain;
  for (const k in tag.attributes) if (local(k) === name) return tag.attributes[k];
  return undefined;
};

/** ST_Xstring escapes: `_x000D_` is a carriage return, `_x005F_` a literal underscore (so `_x005F_x000D_` stays text). */
export const unescapeXstring = (s: string) => (s.includes('_x') ? s.replace(/_x([0-9A-Fa-f]{4})_/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))) : s);

/**
 * Feeds a zip entry through the XML scanner (xml-scanner.ts); yields what each chunk completed as
 * one batch (one await per 256 KB chunk rather than per row keeps the async overhead negligible).
 */
export async function* saxStream<T>(stream: Readable, setup: (out: T[]) => XmlEvents): AsyncGenerator<T[]> {
  const out: T[] = [];
  const scanner = new XmlScanner(setup(out));
  const decoder = new StringDecoder('utf8');
  try {
    for await (const chunk of stream) {
      scanner.write(decoder.write(chunk as Buffer));
      if (out.length) yield out.splice(0, out.length);
    }
    scanner.write(decoder.end());
    scanner.close();
    if (out.length) yield out.splice(0, out.length);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw corrupt((err as Error).message.split('\n')[0].slice(0, 120));
  } finally {
    stream.destroy();
  }
}

/** A small part's opening tags (relationships, the workbook); read whole, capped on its real size. */
async function readSmallPart(file: string, entry: ZipEntry | undefined, budget: ZipBudget): Promise<KeptTag[]> {
  if (!entry) return [];
  if (entry.uncompressedSize > SMALL_PART_MAX) throw corrupt(`${entry.name} is too large`);
  const tags: KeptTag[] = [];
  const stream = await openZipEntry(file, entry, budget, undefined, SMALL_PART_MAX);
  for await (const batch of saxStream<KeptTag>(stream, (out) => ({ open: (t) => void out.push({ name: t.name, attributes: t.attributes() }) }))) tags.push(...batch);
  return tags;
}

/** Resolves a relationship target against the folder of the part that declares it. */
const resolveTarget = (base: string, target: string) => {
  const t = target.replace(/\\/g, '/');
  return t.startsWith('/') ? t.slice(1) : path.posix.normalize(path.posix.join(path.posix.dirname(base), t));
};

export interface XlsxBook {
  /** The sheets to try, in workbook order: the visible ones (or the first sheet when all are hidden). */
  sheets: { name: string; entry: ZipEntry }[];
  strings?: ZipEntry;
  styles?: ZipEntry;
  /** Dates count from 1904-01-01 (`<workbookPr date1904="1"/>`, old Mac workbooks). */
  date1904: boolean;
}

export async function locateParts(file: string, entries: Map<string, ZipEntry>, budget: ZipBudget): Promise<XlsxBook> {
  const part = (name: string) => entries.get(partKey(name));
  const relation = (tags: KeptTag[], type: RegExp) => tags.find((t) => t.name === 'Relationship' && type.test(attr(t, 'Type') ?? ''));
  const rootRels = await readSmallPart(file, part('_rels/.rels'), budget);
  const officeDoc = relation(rootRels, /\/officeDocument$/);
  const workbookPath = officeDoc ? resolveTarget('', attr(officeDoc, 'Target') ?? '') : 'xl/workbook.xml';
  const workbook = part(workbookPath);
  if (!workbook) throw corrupt('no workbook part');
  const relsPath = path.posix.join(path.posix.dirname(workbookPath), '_rels', `${path.posix.basename(workbookPath)}.rels`);
  const rels = await readSmallPart(file, part(relsPath), budget);
  const workbookTags = await readSmallPart(file, workbook, budget);
  const props = workbookTags.find((t) => t.name === 'workbookPr');
  const date1904 = ['1', 'true'].includes((props && attr(props, 'date1904')) ?? '');
  const all = workbookTags.filter((t) => t.name === 'sheet');
  if (all.length === 0) throw corrupt('no worksheet');
  const visible = all.filter((t) => (attr(t, 'state') ?? 'visible') === 'visible');
  const target = (tag: KeptTag) => {
    const rel = rels.find((t) => t.name === 'Relationship' && attr(t, 'Id') === attr(tag, 'id'));
    return rel && part(resolveTarget(workbookPath, attr(rel, 'Target') ?? ''));
  };
  const sheets = (visible.length > 0 ? visible : all.slice(0, 1)).map((t) => ({ name: attr(t, 'name') ?? '', entry: target(t) }));
  if (!sheets[0].entry) throw corrupt('the first worksheet is missing');
  const partOf = (type: RegExp) => {
    const rel = relation(rels, type);
    return rel ? part(resolveTarget(workbookPath, attr(rel, 'Target') ?? '')) : undefined;
  };
  return {
    sheets: sheets.filter((s): s is { name: string; entry: ZipEntry } => s.entry !== undefined),
    strings: partOf(/\/sharedStrings$/),
    styles: partOf(/\/styles$/),
    date1904,
  };
}

/** The shared-string table; rich text runs are joined, phonetic hints (rPh) left out, CDATA kept. */
export async function readSharedStrings(file: string, entry: ZipEntry | undefined, budget: ZipBudget, limits: ParseLimits): Promise<string[]> {
  if (!entry) return [];
  const table: string[] = [];
  const items = saxStream<string>(await openZipEntry(file, entry, budget), (out) => {
    let text = '';
    let inText = false;
    let phonetic = 0;
    return {
      open(t) {
        if (t.name === 'si') text = '';
        else if (t.name === 'rPh') phonetic++;
        else if (t.name === 't' && phonetic === 0) inText = !t.selfClosing;
      },
      text(s) {
        if (inText && text.length < limits.maxCellChars) text += s;
      },
      close(name) {
        if (name === 't') inText = false;
        else if (name === 'rPh') phonetic--;
        else if (name === 'si') {
          const s = unescapeXstring(text);
          out.push(s.length > limits.maxCellChars ? s.slice(0, limits.maxCellChars) : s);
        }
      },
    };
  });
  for await (const batch of items) for (const s of batch) table.push(s);
  return table;
}

/**
 * Which cell styles (the `s` index into cellXfs) show a date: their number format is a
 * built-in date format or a custom one with date/time codes.
 */
export async function readDateStyles(file: string, entry: ZipEntry | undefined, budget: ZipBudget): Promise<boolean[]> {
  if (!entry) return [];
  const formats = new Map<number, string>();
  const xfFormats: number[] = [];
  const stream = await openZipEntry(file, entry, budget, undefined, SMALL_PART_MAX);
  let inCellXfs = false;
  for await (const _ of saxStream<never>(stream, () => ({
    open(t) {
      if (t.name === 'numFmt') formats.set(Number(t.attr('numFmtId')), t.attr('formatCode') ?? '');
      else if (t.name === 'cellXfs') inCellXfs = !t.selfClosing;
      else if (t.name === 'xf' && inCellXfs) xfFormats.push(Number(t.attr('numFmtId') ?? 0));
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  }))) void _;
  return xfFormats.map((id) => isDateFormat(id, formats.get(id)));
}
