import type { FastifyInstance } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { IMPORT_MESSAGES, type JobStatus } from '../../../contract';
import { joinSaid, said, type Said, type TextRef } from '../../../contract/texts';
import type { Queryable } from '../../db/db';
import { AppError } from '../../plugins/errors';
import { isConnectionError } from '../../db/connection/connection-errors';
import { BatchPipeline } from './batches/batch-pipeline';
import { checkpointOfRow, commitBatch, resumable, type BatchOptions, type CheckpointDeps } from './checkpoint';
import { recordJobEvent } from './job-audit';
import { jobEventName, jobPayload, jobRoom, userRoom, type JobState } from './events';
import { JobTakenOver, createJob, saveJobState, type Checkpoint, type JobKind, type JobRow } from './repository';

/** What a job's work function sees. */
export interface JobContext {
  readonly id: string;
  readonly signal: AbortSignal;
  /**
   * A dry run ("Check file"): `commitBatch` rolls every batch back, so the
   * importer runs its real statements and nothing is kept. An importer only needs this to
   * remember what its earlier batches would have created, when later rows can collide with it.
   */
  readonly dryRun: boolean;
  /**
   * Updates what the user sees; sent at most every 250 ms, and re-sent every second. `rows`: the
   * numbers of a "N of M rows" message, sent along so the client can say it in its language.
   */
  progress(progress: number, message: string, status?: JobStatus, rows?: { done: number; total: number }): void;
  /** The file passed its structural checks: the HTTP answer may go out. */
  validated(): void;
  throwIfAborted(): void;
  /**
   * Runs the work from the job's checkpoint (a fresh job's is zero rows); when the database
   * connection drops it runs it again from the checkpoint read back, a bounded number of times.
   */
  resumable<T>(work: (cp: Checkpoint) => Promise<T>): Promise<T>;
  /** Writes one batch and its checkpoint in one transaction; the checkpoint then counts as kept. */
  commitBatch(write: (tx: Queryable) => Promise<Checkpoint>, options?: BatchOptions): Promise<Checkpoint>;
  /**
   * Batches with up to `depth` in flight (a number, or asked before each batch), each committed with its checkpoint after the one before
   * (batch-pipeline.ts), from the checkpoint `start`; `onCommitted` sees each. Not for a dry run.
   */
  pipeline(start: Checkpoint, depth: number | (() => number), onCommitted: (cp: Checkpoint) => void): BatchPipeline;
}

/** The job stopped without finishing and may resume from its checkpoint (shutdown, database gone). */
export class JobInterrupted extends AppError {
  constructor(readonly said: Said) {
    super(503, 'import_interrupted', said.message);
  }
}

export interface JobOutcome {
  message: string;
  summary: object;
  errorReportKey: string | null;
}

export interface RunningJob<T> {
  id: string;
  /** Resolves once the file is known to be readable; rejects with the file's problem (a 4xx AppError). */
  validated: Promise<void>;
  done: Promise<T>;
}

interface Entry {
  row: JobRow;
  state: JobState;
  controller: AbortController;
  done: Promise<unknown>;
  lastEmit: number;
  /** Persists are chained so that a heartbeat can never overwrite the final state. */
  saving: Promise<void>;
  /** The rows to import once known (the checkpoint's denominator). */
  rowsTotal: number | null;
}

const EMIT_EVERY_MS = 250;
const HEARTBEAT_MS = 1000;
/**
 * The longest an import batch waits for in-flight requests to finish before it starts anyway:
 * requests go first, but a steady stream of them must not stop an import.
 */
export const BATCH_YIELD_MAX_MS = 250;

/**
 * Runs import jobs in this process: a few at a time (each holds a parsed file and a database
 * connection), with their state in memory for late joiners, persisted to import_jobs every
 * second (the heartbeat other instances read) and on every status change.
 */
export class JobRunner {
  private readonly running = new Map<string, Entry>();
  private active = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    private readonly app: FastifyInstance,
    private readonly maxConcurrent = 2,
  ) {}

  /**
   * `upload` is the received file, kept with the job so that an interrupted run can resume from
   * it: its path for this process, and its copy in the upload store (the database on
   * PostgreSQL) for any instance that takes the job over.
   */
  async create(kind: JobKind, filename: string, userId: string, upload?: { path: string; format: string }, options: { dryRun?: boolean } = {}): Promise<JobRow> {
    const storedId = upload ? await this.app.uploads.keep(upload.path) : null;
    try {
      return await createJob(this.app.db, {
        kind,
        filename,
        userId,
        upload: upload && { ...upload, storedId },
        progress: 5,
        message: options.dryRun ? IMPORT_MESSAGES.checkReceived : IMPORT_MESSAGES.received,
        dryRun: options.dryRun,
      });
    } catch (err) {
      await this.app.uploads.remove(storedId).catch(() => undefined); // else the sweep does
      throw err;
    }
  }

  /** The live state of a job running here, if it is. */
  current(id: string): { row: JobRow; state: JobState } | undefined {
    const entry = this.running.get(id);
    return entry && { row: entry.row, state: { ...entry.state } };
  }

  /**
   * Runs (or resumes) a job. `cleanup` (removing the local upload file) and the removal of the
   * stored upload run once the job is finished — completed or failed — but not when it was
   * interrupted: a resume needs the upload.
   */
  run<T extends JobOutcome>(row: JobRow & { text?: TextRef[] }, work: (ctx: JobContext) => Promise<T>, removeLocal: () => Promise<void> = async () => undefined): RunningJob<T> {
    const cleanup = async () => {
      await removeLocal();
      await this.app.uploads.remove(row.upload_id);
    };
    const controller = new AbortController();
    let markValidated!: () => void;
    let failValidated!: (err: unknown) => void;
    const validated = new Promise<void>((resolve, reject) => {
      markValidated = resolve;
      failValidated = reject;
    });
    validated.catch(() => undefined); // callers that stop listening must not crash the process
    const entry: Entry = {
      row,
      state: { status: row.status, progress: row.progress, message: row.message, text: row.text, rowsCommitted: row.rows_committed ?? 0, dryRun: row.dry_run },
      controller,
      done: Promise.resolve(),
      lastEmit: 0,
      saving: Promise.resolve(),
      rowsTotal: row.rows_total ?? null,
    };
    const deps: CheckpointDeps = {
      db: this.app.db,
      jobId: row.id,
      runToken: row.run_token,
      signal: controller.signal,
      dryRun: row.dry_run,
      onCommitted: (cp) => {
        entry.state = { ...entry.state, rowsCommitted: cp.rowsCommitted };
        entry.rowsTotal = cp.rowsTotal;
      },
      yieldToRequests: () => this.app.requestActivity.whenIdle(BATCH_YIELD_MAX_MS),
      reconnectDelaysMs: this.app.config.jobReconnectDelaysMs,
      onReconnecting: (err, attempt) => {
        this.app.log.warn({ err, job: row.id, attempt }, 'database connection lost during an import; resuming from the checkpoint');
        entry.state = { ...entry.state, ...said(IMPORT_MESSAGES.reconnecting) };
        this.emit(entry);
      },
    };
    const interrupted = () =>
      new JobInterrupted(row.dry_run ? said(IMPORT_MESSAGES.checkInterrupted) : said(IMPORT_MESSAGES.interrupted, entry.state.rowsCommitted ?? 0, entry.rowsTotal));
    const ctx: JobContext = {
      id: row.id,
      signal: controller.signal,
      dryRun: row.dry_run,
      progress: (progress, message, status, rows) => {
        const changed = status !== undefined && status !== entry.state.status;
        const at = Math.max(entry.state.progress, Math.min(99, Math.round(progress)));
        entry.state = { ...entry.state, progress: at, ...said(message), status: status ?? entry.state.status, progressRows: rows ?? null };
        if (changed) void this.persist(entry);
        if (changed || Date.now() - entry.lastEmit >= EMIT_EVERY_MS) this.emit(entry);
      },
      validated: () => markValidated(),
      throwIfAborted: () => {
        if (controller.signal.aborted) throw interrupted();
      },
      resumable: (fn) => resumable(deps, checkpointOfRow(row), fn),
      commitBatch: (write, options) => commitBatch(deps, write, options),
      pipeline: (start, depth, onCommitted) => {
        // Its batches commit: a dry run rolls each back (commitBatch).
        if (deps.dryRun) throw new Error('a dry run writes its batches with commitBatch');
        return new BatchPipeline(deps, start, depth, onCommitted);
      },
    };
    this.running.set(row.id, entry);
    const done = (async () => {
      // The heartbeat runs while the job waits for a slot too: a queued job is alive.
      const heartbeat = setInterval(() => {
        this.emit(entry);
        void this.persist(entry);
      }, HEARTBEAT_MS);
      await this.acquire(entry);
      try {
        ctx.throwIfAborted();
        this.emit(entry);
        const outcome = await work(ctx);
        clearInterval(heartbeat);
        await recordJobEvent(this.app, row, outcome.summary);
        entry.state = {
          status: 'completed',
          progress: 100,
          message: outcome.message,
          summary: outcome.summary,
          errorReportKey: outcome.errorReportKey,
          rowsCommitted: entry.state.rowsCommitted,
          dryRun: row.dry_run,
        };
        markValidated();
        await this.persist(entry);
        this.emit(entry);
        await cleanup().catch((err) => this.app.log.warn({ err, job: row.id }, 'could not remove the uploaded file'));
        return outcome;
      } catch (caught) {
        clearInterval(heartbeat);
        const err = await this.settle(entry, caught, interrupted, cleanup);
        failValidated(err);
        throw err;
      } finally {
        this.running.delete(row.id);
        this.release();
      }
    })();
    done.catch(() => undefined);
    entry.done = done;
    return { id: row.id, validated, done };
  }

  /**
   * Records how a job that threw ended: interrupted (resumable: shutdown or a database that
   * stayed away), taken over by another run (nothing to record), or failed — with the count of
   * rows it kept. Answers the error to pass on.
   */
  private async settle(entry: Entry, err: unknown, interrupted: () => JobInterrupted, cleanup: () => Promise<void>): Promise<unknown> {
    const { row } = entry;
    if (err instanceof JobTakenOver) {
      this.app.log.warn({ job: row.id }, err.message);
      return err;
    }
    if (err instanceof JobInterrupted || isConnectionError(err)) {
      const stop = err instanceof JobInterrupted ? err : interrupted();
      if (!(err instanceof JobInterrupted)) this.app.log.error({ err, job: row.id }, 'import interrupted: the database connection stayed lost');
      entry.state = { ...entry.state, ...stop.said };
      await this.persist(entry, true);
      this.emit(entry);
      return stop;
    }
    // An AppError's message is written for the user; anything else (a database error, a bug)
    // speaks of the server's inside: the user gets the declared, translated text, the log the error.
    const known = err instanceof AppError && err.statusCode < 500;
    if (!known) this.app.log.error({ err, job: row.id }, 'import failed');
    const kept = entry.state.rowsCommitted ?? 0;
    const reason = said(known ? err.message : row.dry_run ? IMPORT_MESSAGES.checkFailed : IMPORT_MESSAGES.failed);
    entry.state = { ...entry.state, status: 'error', ...(kept > 0 ? joinSaid(reason, said(IMPORT_MESSAGES.stopped, kept, entry.rowsTotal)) : reason) };
    // Recorded before the HTTP answer goes out, so the answer never runs ahead of the row.
    await this.persist(entry);
    this.emit(entry);
    await cleanup().catch((e) => this.app.log.warn({ err: e, job: row.id }, 'could not remove the uploaded file'));
    return err;
  }

  /** Set by `stopAll`: a draining server claims no more jobs (jobs/resume.ts asks). */
  get stopping(): boolean {
    return this.stopped;
  }

  private stopped = false;

  /**
   * Server shutdown (drain): jobs stop after the batch they are writing, which commits with
   * its checkpoint, and are recorded as interrupted, so another instance (or the next start)
   * resumes them at once.
   */
  async stopAll(): Promise<void> {
    this.stopped = true;
    const entries = [...this.running.values()];
    for (const e of entries) e.controller.abort();
    // Queued jobs take a slot and stop at once (their work checks the signal first).
    for (let next = this.queue.shift(); next; next = this.queue.shift()) {
      this.active++;
      next();
    }
    await Promise.all(entries.map((e) => e.done.catch(() => undefined)));
  }

  private emit(entry: Entry): void {
    entry.lastEmit = Date.now();
    const { row, state } = entry;
    const rooms = [jobRoom(row.id), ...(row.created_by ? [userRoom(row.created_by)] : [])];
    this.app.io.to(rooms).emit(jobEventName(row.kind, row.id), jobPayload(row.kind, row.id, state));
  }

  private persist(entry: Entry, interrupted = false): Promise<void> {
    const snapshot = { ...entry.state };
    const save = () => saveJobState(this.app.db, entry.row.id, entry.row.run_token, snapshot, interrupted);
    // A final state or an interruption must reach the row even if the connection just dropped
    // (a heartbeat may be lost: the next one follows).
    const lasting = interrupted || snapshot.status === 'completed' || snapshot.status === 'error';
    const saveLasting = async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await save();
        } catch (err) {
          if (!lasting || !isConnectionError(err) || attempt >= 5) throw err;
          await sleep(500 * attempt);
        }
      }
    };
    entry.saving = entry.saving
      .then(saveLasting)
      .then(() => undefined)
      .catch((err) => this.app.log.warn({ err, job: entry.row.id }, 'could not save import progress'));
    return entry.saving;
  }

  private async acquire(entry: Entry): Promise<void> {
    if (this.active < this.maxConcurrent) {
      this.active++;
      return;
    }
    entry.state = { ...entry.state, ...said(IMPORT_MESSAGES.waiting) };
    this.emit(entry);
    await new Promise<void>((resolve) => this.queue.push(resolve));
  }

  private release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.active--;
  }
}
