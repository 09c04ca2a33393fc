import type { FastifyInstance } from 'fastify';
import { IMPORT_MESSAGES, type JobStatus } from '../../contract';
import { AppError } from '../plugins/errors';
import { jobEventName, jobPayload, jobRoom, userRoom, type JobState } from './events';
import { createJob, saveJobState, type JobKind, type JobRow } from './repository';

/** What a job's work function sees. */
export interface JobContext {
  readonly id: string;
  readonly signal: AbortSignal;
  /** Updates what the user sees; sent at most every 250 ms, and re-sent every second. */
  progress(progress: number, message: string, status?: JobStatus): void;
  /** The file passed its structural checks: the HTTP answer may go out. */
  validated(): void;
  throwIfAborted(): void;
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
}

const EMIT_EVERY_MS = 250;
const HEARTBEAT_MS = 1000;

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

  create(kind: JobKind, filename: string, userId: string): Promise<JobRow> {
    return createJob(this.app.db, { kind, filename, userId, progress: 5, message: 'Upload received, reading the file…' });
  }

  /** The live state of a job running here, if it is. */
  current(id: string): { row: JobRow; state: JobState } | undefined {
    const entry = this.running.get(id);
    return entry && { row: entry.row, state: { ...entry.state } };
  }

  run<T extends JobOutcome>(row: JobRow, work: (ctx: JobContext) => Promise<T>): RunningJob<T> {
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
      state: { status: row.status, progress: row.progress, message: row.message },
      controller,
      done: Promise.resolve(),
      lastEmit: 0,
      saving: Promise.resolve(),
    };
    const ctx: JobContext = {
      id: row.id,
      signal: controller.signal,
      progress: (progress, message, status) => {
        const changed = status !== undefined && status !== entry.state.status;
        entry.state = { ...entry.state, progress: Math.max(entry.state.progress, Math.min(99, Math.round(progress))), message, status: status ?? entry.state.status };
        if (changed) this.persist(entry);
        if (changed || Date.now() - entry.lastEmit >= EMIT_EVERY_MS) this.emit(entry);
      },
      validated: () => markValidated(),
      throwIfAborted: () => {
        if (controller.signal.aborted) throw new AppError(503, 'import_interrupted', IMPORT_MESSAGES.interrupted);
      },
    };
    this.running.set(row.id, entry);
    const done = (async () => {
      await this.acquire(entry);
      const heartbeat = setInterval(() => {
        this.emit(entry);
        this.persist(entry);
      }, HEARTBEAT_MS);
      try {
        ctx.throwIfAborted();
        this.emit(entry);
        const outcome = await work(ctx);
        clearInterval(heartbeat);
        entry.state = { status: 'completed', progress: 100, message: outcome.message, summary: outcome.summary, errorReportKey: outcome.errorReportKey };
        markValidated();
        await this.persist(entry);
        this.emit(entry);
        return outcome;
      } catch (err) {
        clearInterval(heartbeat);
        const known = err instanceof AppError;
        if (!known) this.app.log.error({ err, job: row.id }, 'import failed');
        entry.state = { ...entry.state, status: 'error', message: known ? err.message : `The import failed: ${(err as Error).message ?? 'unknown error'}` };
        // Recorded before the HTTP answer goes out, so the answer never runs ahead of the row.
        await this.persist(entry);
        this.emit(entry);
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

  /** Server shutdown: jobs stop between batches and are recorded as interrupted. */
  async stopAll(): Promise<void> {
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

  private persist(entry: Entry): Promise<void> {
    const snapshot = { ...entry.state };
    entry.saving = entry.saving
      .then(() => saveJobState(this.app.db, entry.row.id, snapshot))
      .catch((err) => this.app.log.warn({ err, job: entry.row.id }, 'could not save import progress'));
    return entry.saving;
  }

  private async acquire(entry: Entry): Promise<void> {
    if (this.active < this.maxConcurrent) {
      this.active++;
      return;
    }
    entry.state = { ...entry.state, message: 'Waiting for another import to finish…' };
    this.emit(entry);
    await new Promise<void>((resolve) => this.queue.push(resolve));
  }

  private release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.active--;
  }
}
