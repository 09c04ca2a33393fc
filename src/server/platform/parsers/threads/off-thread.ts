import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import { nextTurn } from '../../../db/turns';
import { AppError } from '../../../app-error';
import type { FileFormat, ParseLimits, ReadProgress, SheetRow } from '../types';
import { parserBundle } from './parser-bundle';
import { deserializeError, type Answer, type FromWorker, type ToWorker, type WorkerJob } from './worker-protocol';

/**
 * Runs the parsers in worker threads, so that no request waits while a spreadsheet is parsed
 * (an 18 MB .xls held the server's only thread for 1.5 s).
 *
 * A thread runs the parsers' bundle (parser-bundle.ts). Threads are kept for reuse: starting
 * one still evaluates SheetJS and the parsers, so a few idle threads wait for the next read and
 * end after IDLE_MS. A thread is not reused — it is terminated — when its reader stopped early (the
 * parse may still be running; terminating is the only way to stop a synchronous SheetJS
 * read), after a whole-file .xls parse (hundreds of MB of heap that a fresh thread gives
 * back) and after a large .xlsx (its shared strings, tens of MB for 100k distinct names, stay in
 * the thread's heap until a collection that an idle thread may never run: on the embedded
 * database they stood on top of PGlite's own peak while the rows were inserted). Idle threads
 * do not keep the process alive.
 */
const MAX_IDLE = 2;
const IDLE_MS = 30_000;
/**
 * An .xlsx larger than this ends its thread when read: the 0.3 s a fresh thread costs the next
 * read is nothing beside such an import, while a small workbook's thread is worth keeping.
 */
export const XLSX_REUSE_MAX_BYTES = 1024 * 1024;

/**
 * Batches the worker may have sent that the reader has not taken yet. A batch is what one
 * read of the file produced (~256 KB of text, a few thousand rows), so a 1.6M-row RF2 file
 * that parses faster than it is written holds only a few MB of rows in memory.
 */
export const MAX_BATCHES_IN_FLIGHT = 4;

interface Thread {
  worker: Worker;
  /** The running job's handler; null while idle. */
  onAnswer: ((m: Answer) => void) | null;
  onCrash: ((err: Error) => void) | null;
  idleTimer?: NodeJS.Timeout;
}

const live = new Set<Thread>();
const idle: Thread[] = [];
let nextJob = 1;

/** Thread ids alive and idle (for tests: stopping a read early ends its thread). */
export const parserThreads = () => ({ live: [...live].map((t) => t.worker.threadId), idle: idle.map((t) => t.worker.threadId) });

/** A worker that died of its heap limit read a file too large to hold: the user's problem, a 4xx. */
function crashError(err: Error & { code?: string }): Error {
  if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') return new AppError(413, 'file_too_large', 'The file is too large to read. Split it into smaller files.');
  return err;
}

async function spawn(): Promise<Thread> {
  // execArgv []: the bundle is plain JavaScript, whatever loader flags the server was started with.
  const thread: Thread = { worker: new Worker(await parserBundle(), { eval: true, execArgv: [] }), onAnswer: null, onCrash: null };
  thread.worker.on('message', (m: FromWorker) => thread.onAnswer?.(m));
  thread.worker.on('error', (err) => thread.onCrash?.(crashError(err)));
  thread.worker.on('exit', (code) => {
    live.delete(thread);
    const at = idle.indexOf(thread);
    if (at >= 0) idle.splice(at, 1);
    clearTimeout(thread.idleTimer);
    thread.onCrash?.(new Error(`The parser thread stopped (exit code ${code}).`));
  });
  live.add(thread);
  return thread;
}

async function acquire(): Promise<Thread> {
  const thread = idle.pop() ?? (await spawn());
  clearTimeout(thread.idleTimer);
  thread.worker.ref();
  return thread;
}

async function release(thread: Thread, reusable: boolean): Promise<void> {
  thread.onAnswer = null;
  thread.onCrash = null;
  if (!reusable || idle.length >= MAX_IDLE || !live.has(thread)) {
    await thread.worker.terminate();
    return;
  }
  thread.worker.unref();
  thread.idleTimer = setTimeout(() => void thread.worker.terminate(), IDLE_MS).unref();
  idle.push(thread);
}

/** Starts `job` on a thread; answers go to the handlers until the job is released. */
async function startJob(job: WorkerJob, onAnswer: (m: Answer) => void, onCrash: (err: Error) => void): Promise<{ thread: Thread; grant(credits: number): void }> {
  const thread = await acquire();
  const id = nextJob++;
  thread.onAnswer = (m) => {
    if ((m as FromWorker).id === id) onAnswer(m);
  };
  thread.onCrash = onCrash;
  thread.worker.postMessage({ type: 'job', id, job } satisfies ToWorker);
  return { thread, grant: (credits) => thread.worker.postMessage({ type: 'credits', id, credits } satisfies ToWorker) };
}

/**
 * readRows in a worker: the same batches, in order, then the parser's error if it failed (an
 * AppError arrives as the same AppError). The thread is freed when the reader stops — at the
 * end, on an error, or early (`return()` from a `break` or a throw in the consumer's loop,
 * which is how an aborted job stops reading: then the thread is terminated).
 */
export async function* readRowsOffThread(file: string, format: FileFormat, limits: ParseLimits, onProgress?: ReadProgress): AsyncGenerator<SheetRow[]> {
  for await (const part of readOffThread(file, format, limits, onProgress, false)) if (typeof part !== 'number') yield part;
}

/**
 * The rows readRowsOffThread would give, counted in the worker: the first row (a one-row batch),
 * then per batch of the rest how many rows it had — the same reader, without the rows' copy to
 * this thread.
 */
export function countRowsOffThread(file: string, format: FileFormat, limits: ParseLimits, onProgress?: ReadProgress): AsyncGenerator<SheetRow[] | number> {
  return readOffThread(file, format, limits, onProgress, true);
}

async function* readOffThread(file: string, format: FileFormat, limits: ParseLimits, onProgress: ReadProgress | undefined, countOnly: boolean): AsyncGenerator<SheetRow[] | number> {
  /** Batches of rows, or (counting) numbers of rows; the worker spends a credit on each but the header batch. */
  const queue: (SheetRow[] | number)[] = [];
  let finished = false;
  /** The job ran to its end in the worker (done, or the parser's own error): the thread is free. */
  let over = false;
  // Set by the worker's callbacks: the cast keeps TypeScript from narrowing it to null here.
  let failure = null as Error | null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  const { thread, grant } = await startJob(
    { op: 'read', file, format, limits, progress: Boolean(onProgress), countOnly },
    (m) => {
      if (m.type === 'batch') queue.push(m.rows);
      else if (m.type === 'counted') queue.push(m.rows);
      else if (m.type === 'progress') onProgress?.(m.fraction);
      else if (m.type === 'done') finished = over = true;
      else if (m.type === 'error') {
        failure ??= deserializeError(m.error);
        over = true;
      }
      notify();
    },
    (err) => {
      failure ??= err;
      notify();
    },
  );
  grant(MAX_BATCHES_IN_FLIGHT);
  try {
    for (;;) {
      const rows = queue.shift();
      if (rows !== undefined) {
        if (!countOnly || typeof rows === 'number') grant(1);
        yield rows;
        // The caller's work on a batch (validating, collecting its rows) runs in the server's
        // thread: a turn for requests before the next one, else the batches that queued up
        // meanwhile ran back to back (266 ms in the 200k-row upload's read; import-notes.md).
        await nextTurn();
        continue;
      }
      // Batches sent before a failure are read first, as the parser yielded them before throwing.
      if (failure) throw failure;
      if (finished) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    await release(thread, over && keepsLittleHeap(file, format));
  }
}

/** Whether a thread that read `file` is worth keeping (see XLSX_REUSE_MAX_BYTES). */
function keepsLittleHeap(file: string, format: FileFormat): boolean {
  if (format === 'xls') return false;
  if (format !== 'xlsx') return true;
  try {
    return fs.statSync(file).size <= XLSX_REUSE_MAX_BYTES;
  } catch {
    return false;
  }
}

/** One answer from a worker (the OLE container sniff of detectFormat). */
export async function askWorker<T>(job: WorkerJob): Promise<T> {
  let reusable = false;
  let settle!: { resolve(value: T): void; reject(err: Error): void };
  const answer = new Promise<T>((resolve, reject) => (settle = { resolve, reject }));
  const { thread } = await startJob(
    job,
    (m) => {
      reusable = true;
      if (m.type === 'result') settle.resolve(m.value as T);
      else if (m.type === 'error') settle.reject(deserializeError(m.error));
    },
    (err) => settle.reject(err),
  );
  try {
    return await answer;
  } finally {
    await release(thread, reusable);
  }
}
