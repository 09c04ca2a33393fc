import * as XLSX from '@e965/xlsx';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../plugins/errors';
import { detectFormat, readRows, type ParseLimits } from '../index';
import { XLSX_REUSE_MAX_BYTES, parserThreads } from './off-thread';

/**
 * The parsers run in worker threads (off-thread.ts): the server's thread keeps answering while
 * a large workbook is parsed, a parser's refusal arrives as the same 4xx AppError, a reader
 * that stops early stops its thread, and a slow reader holds the parse back.
 *
 * Isolated (its own worker process): it counts the process's parser threads, a pool other files'
 * imports leave threads in, and it measures the stalls of the process's event loop, which a heap
 * holding other files' garbage lengthens (run after two import tests in one worker: 0.64 s).
 */
const limits: ParseLimits = {
  maxRows: 1_000_000,
  maxColumns: 20,
  maxCellChars: 32_768,
  zip: { maxEntryBytes: 512 * 1024 * 1024, maxTotalBytes: 1024 * 1024 * 1024, maxRatio: 250 },
};
let dir: string;
let bigCsv: string;
const CSV_ROWS = 400_000;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kg-offthread-'));
  bigCsv = path.join(dir, 'big.csv');
  const lines = ['nodename,nodetype,SNOMED'];
  for (let i = 0; i < CSV_ROWS; i++) lines.push(`Generated node ${i},Type ${i % 10},${10_000_000 + i}`);
  fs.writeFileSync(bigCsv, lines.join('\r\n') + '\r\n'); // ~16 MB: ~60 reads of 256 KB
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function drain(rows: AsyncGenerator<unknown[]>): Promise<number> {
  let n = 0;
  for await (const batch of rows) n += batch.length;
  return n;
}

async function caught(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure');
}

const busy = () => {
  const { live, idle } = parserThreads();
  return live.filter((id) => !idle.includes(id));
};

describe('parsing off the server thread', () => {
  it('the event loop keeps turning while a large .xls is sniffed and parsed', { timeout: 180_000 }, async () => {
    // ~22 MB of BIFF: parsed in the server's thread, SheetJS held it for 0.5–1 s in one piece.
    // Written by a child process, so that the writer's garbage is not collected in this thread
    // while it is being measured.
    const file = path.join(dir, 'big.xls');
    const writer = `
      const XLSX = require('@e965/xlsx');
      const rows = [['id', 'term']];
      const filler = ' with qualifiers, laterality, severity and course'.repeat(8);
      for (let i = 0; i < 40000; i++) rows.push([100000 + i, ('Clinical finding ' + i + filler).slice(0, 400)]);
      const wb = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
      require('node:fs').writeFileSync(process.argv[1], XLSX.write(wb, { type: 'buffer', bookType: 'biff8' }));`;
    execFileSync(process.execPath, ['-e', writer, file], { cwd: process.cwd() });

    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const format = await detectFormat(file, 'big.xls', '.xls');
    const read = await drain(readRows(file, format, limits));
    // The histogram records a stall when its timer next fires: give it that turn before stopping.
    await new Promise((r) => setTimeout(r, 50));
    delay.disable();

    expect(format).toBe('xls');
    expect(read).toBe(40_001);
    // Generous, so a busy machine does not fail it; parsed in this thread, the stall was 0.7 s.
    expect(delay.max / 1e6).toBeLessThan(200);
  });

  it("a parser's refusal arrives as the same AppError, after the rows read before it", async () => {
    let before = 0;
    const err = await caught(async () => {
      for await (const batch of readRows(bigCsv, 'csv', { ...limits, maxRows: 100_000 })) before += batch.length;
    });
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ statusCode: 400, code: 'too_many_rows', message: expect.stringMatching(/more than 100,000 rows/) });
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThanOrEqual(100_000);
  });

  it('an OLE container whose workbook stream is broken: a 400, not a 5xx', async () => {
    const cfb = XLSX.CFB.utils.cfb_new();
    XLSX.CFB.utils.cfb_add(cfb, 'Workbook', Buffer.from('this is not a BIFF record stream, only text'.repeat(100)));
    const file = path.join(dir, 'broken.xls');
    fs.writeFileSync(file, XLSX.CFB.write(cfb, { type: 'buffer' }) as Buffer);
    expect(await detectFormat(file, 'broken.xls', '.xls')).toBe('xls');
    const err = await caught(() => drain(readRows(file, 'xls', limits)));
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).statusCode).toBeGreaterThanOrEqual(400);
    expect((err as AppError).statusCode).toBeLessThan(500);
  });

  it('a slow reader holds the parse back, and stopping early ends the thread', async () => {
    let progress = 0;
    const rows = readRows(bigCsv, 'csv', limits, (f) => (progress = f));
    const first = await rows.next();
    expect(first.done).toBe(false);
    const [thread] = busy();
    expect(thread).toBeDefined();
    await new Promise((r) => setTimeout(r, 500));
    // Bounded batches in flight: the worker waits for the reader instead of reading the whole file.
    expect(progress).toBeGreaterThan(0);
    expect(progress).toBeLessThan(0.25);
    await rows.return(undefined);
    expect(parserThreads().live).not.toContain(thread);
  });

  it('a read that ends leaves its thread idle for the next one', async () => {
    expect(await drain(readRows(bigCsv, 'csv', limits))).toBe(CSV_ROWS + 1);
    expect(busy()).toEqual([]);
    expect(parserThreads().idle.length).toBeGreaterThan(0);
  });

  it('does not keep the thread that read a large .xlsx (its heap held the shared strings), but keeps one that read a small one', async () => {
    const book = (rows: number) => {
      const wb = XLSX.utils.book_new();
      const cells = [['nodename', 'nodetype'], ...Array.from({ length: rows }, (_, i) => [`Workbook node ${i} ${'x'.repeat(40)}`, `Type ${i % 7}`])];
      XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(cells), 'Nodes');
      const file = path.join(dir, `book-${rows}.xlsx`);
      fs.writeFileSync(file, XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
      return file;
    };
    const small = book(100);
    const large = book(60_000);
    expect(fs.statSync(small).size).toBeLessThanOrEqual(XLSX_REUSE_MAX_BYTES);
    expect(fs.statSync(large).size).toBeGreaterThan(XLSX_REUSE_MAX_BYTES);

    // Each read: its first batch (header included) while its thread is busy, then the rest.
    const rows = readRows(large, 'xlsx', limits);
    const first = await rows.next();
    const [thread] = busy();
    expect(thread).toBeDefined();
    expect((first.value?.length ?? 0) + (await drain(rows))).toBe(60_001);
    expect(parserThreads().live).not.toContain(thread);

    const again = readRows(small, 'xlsx', limits);
    const firstSmall = await again.next();
    const [smallThread] = busy();
    expect((firstSmall.value?.length ?? 0) + (await drain(again))).toBe(101);
    expect(parserThreads().idle).toContain(smallThread);
  });

  it('gives the event loop a turn between batches, also when several arrived while the caller was busy', async () => {
    const order: string[] = [];
    let batches = 0;
    for await (const batch of readRows(bigCsv, 'csv', limits)) {
      expect(batch.length).toBeGreaterThan(0);
      order.push('batch');
      setImmediate(() => order.push('turn'));
      // The caller holds the thread (validating rows, as readNodeFile does) while the worker sends more.
      const until = Date.now() + 15;
      while (Date.now() < until);
      if (++batches === 12) break;
    }
    // A request that arrived during a batch (here: the immediate) is served before the next batch.
    expect(order.slice(0, 23)).toEqual(Array.from({ length: 23 }, (_, i) => (i % 2 === 0 ? 'batch' : 'turn')));
  });
});
