import fs from 'node:fs';
import { badRequest } from '../../app-error';
import { chooseTextEncoding } from './text-encoding';
import { tooManyRows } from './spreadsheet/xlsx';
import type { ParseLimits, ReadProgress, SheetRow } from './types';

/**
 * Streaming reader for delimited text: CSV (RFC 4180 quoting, delimiter sniffed among
 * comma, semicolon and tab — Excel writes semicolons in many locales) and RF2 (tab-separated,
 * no quoting: RF2 terms may contain quote characters). Reads the file chunk by chunk, so a
 * 1.6M-line RF2 file never sits in memory.
 */
export interface DelimitedOptions {
  /** false for RF2, whose fields are never quoted. */
  quoting: boolean;
  /** Fixed delimiter; sniffed from the first line when absent. */
  delimiter?: string;
}

const QUOTE = 34;
const LF = 10;
const CR = 13;
const enum S {
  FieldStart,
  Unquoted,
  Quoted,
  QuoteInQuoted,
}

function sniffDelimiter(firstLine: string): string {
  const counts = [',', ';', '\t'].map((d) => ({ d, n: firstLine.split(d).length - 1 }));
  counts.sort((a, b) => b.n - a.n);
  return counts[0].n > 0 ? counts[0].d : ',';
}

export async function* readDelimitedRows(file: string, options: DelimitedOptions, limits: ParseLimits, onProgress?: ReadProgress): AsyncGenerator<SheetRow[]> {
  // Decided from the whole file (text-encoding.ts): a stray byte reads the same wherever it sits.
  const decoder = new TextDecoder(await chooseTextEncoding(file), { ignoreBOM: false });
  const stream = fs.createReadStream(file, { highWaterMark: 256 * 1024 });
  const size = onProgress ? Math.max(1, (await fs.promises.stat(file)).size) : 1;
  let read = 0;
  let delimiter = options.delimiter ? options.delimiter.charCodeAt(0) : -1;
  let state: S = S.FieldStart;
  let field = '';
  let row: string[] = [];
  let record = 0;
  let rows = 0;
  let skipLF = false;
  /** The record where the open quoted field began (for the unterminated-quote message). */
  let quoteRecord = 0;
  const out: SheetRow[] = [];

  const endField = () => {
    if (row.length < limits.maxColumns) row.push(field.length > limits.maxCellChars ? field.slice(0, limits.maxCellChars) : field);
    field = '';
  };
  const endRecord = () => {
    record++;
    if (row.some((c) => c.trim() !== '')) {
      if (++rows > limits.maxRows) throw tooManyRows(limits);
      out.push({ number: record, cells: row });
    }
    row = [];
  };
  const addRun = (text: string, from: number, to: number) => {
    if (to > from && field.length < limits.maxCellChars) field += text.slice(from, to);
  };

  const parse = (text: string) => {
    let run = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (skipLF) {
        skipLF = false;
        if (c === LF) {
          run = i + 1;
          continue;
        }
      }
      if (state === S.Quoted) {
        if (c === QUOTE) {
          addRun(text, run, i);
          state = S.QuoteInQuoted;
        }
        continue;
      }
      if (state === S.QuoteInQuoted) {
        if (c === QUOTE) {
          field += '"';
          state = S.Quoted;
          run = i + 1;
          continue;
        }
        // The closing quote: anything before the next delimiter is kept as text (lenient, like Excel).
        state = S.Unquoted;
        run = i;
      }
      if (c === delimiter) {
        addRun(text, run, i);
        endField();
        state = S.FieldStart;
        run = i + 1;
      } else if (c === LF || c === CR) {
        addRun(text, run, i);
        endField();
        endRecord();
        state = S.FieldStart;
        skipLF = c === CR;
        run = i + 1;
      } else if (c === QUOTE && state === S.FieldStart && options.quoting) {
        state = S.Quoted;
        quoteRecord = record + 1;
        run = i + 1;
      } else {
        if (state === S.FieldStart) run = i;
        state = S.Unquoted;
      }
    }
    if (state === S.Unquoted || state === S.Quoted) addRun(text, run, text.length);
  };

  try {
    for await (const chunk of stream) {
      const buf = chunk as Buffer;
      onProgress?.((read += buf.length) / size);
      let text = decoder.decode(buf, { stream: true });
      if (delimiter < 0) {
        const firstLine = text.slice(0, Math.max(0, text.search(/[\r\n]/)) || text.length);
        delimiter = sniffDelimiter(firstLine).charCodeAt(0);
      }
      if (record === 0 && rows === 0 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      parse(text);
      if (out.length) yield out.splice(0, out.length);
    }
    parse(decoder.decode());
    // A quote never closed would swallow the rest of the file into one cell: refuse the file.
    if ((state as S) === S.Quoted) {
      throw badRequest(`Row ${quoteRecord.toLocaleString('en')} has a quote that is never closed.`, 'unterminated_quote');
    }
    if (state !== S.FieldStart || field !== '' || row.length > 0) {
      endField();
      endRecord();
    }
    if (out.length) yield out.splice(0, out.length);
  } finally {
    stream.destroy();
  }
}
