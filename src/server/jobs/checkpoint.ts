import { setTimeout as sleep } from 'node:timers/promises';
import { isConnectionError } from '../db/connection-errors';
import type { Db, Queryable } from '../db/db';
import { readCheckpoint, writeCheckpoint, type Checkpoint, type JobRow } from './repository';

/**
 * Batches and their checkpoints (DESIGN §9, issue 13): each batch commits in one transaction
 * together with the job's checkpoint (rows committed, what a resume needs), so the checkpoint
 * is exact and never counts a partial batch. When the database connection drops mid-import,
 * the work is run again from the checkpoint read back from the database — not from memory: a
 * COMMIT whose answer was lost may or may not have happened, and only the row knows.
 */

/** Waits between reconnect tries (the pool opens a new connection on the next query). */
const RECONNECT_DELAYS_MS = [200, 500, 1000, 2000, 4000, 4000];

export function checkpointOfRow(row: JobRow): Checkpoint {
  return { rowsCommitted: row.rows_committed ?? 0, rowsTotal: row.rows_total ?? null, data: row.checkpoint ?? {} };
}

export interface CheckpointDeps {
  db: Db;
  jobId: string;
  runToken: string | null;
  signal: AbortSignal;
  /** Called with every checkpoint that is known to be committed. */
  onCommitted(cp: Checkpoint): void;
  onReconnecting(err: unknown, attempt: number): void;
  /** Resolves when the next batch may start: interactive requests go first (plugins/request-activity.ts). */
  yieldToRequests(): Promise<void>;
}

/** One batch: `write` runs in a transaction that also records the checkpoint it answers. */
export async function commitBatch(deps: CheckpointDeps, write: (tx: Queryable) => Promise<Checkpoint>): Promise<Checkpoint> {
  await deps.yieldToRequests();
  const cp = await deps.db.transaction(async (tx) => {
    const next = await write(tx);
    await writeCheckpoint(tx, deps.jobId, deps.runToken, next);
    return next;
  });
  deps.onCommitted(cp);
  // PGlite answers from this thread without real I/O: without a macrotask turn between batches,
  // timers and other requests would wait for the whole import.
  await new Promise((resolve) => setImmediate(resolve));
  return cp;
}

/**
 * Runs `work` from `start`; on a lost connection waits, reads the checkpoint back and runs it
 * again from there, at most RECONNECT_DELAYS_MS.length times in all. Other errors, and the
 * last lost connection, go to the caller.
 */
export async function resumable<T>(deps: CheckpointDeps, start: Checkpoint, work: (cp: Checkpoint) => Promise<T>): Promise<T> {
  let cp = start;
  let attempt = 0;
  const retry = (err: unknown) => {
    if (!isConnectionError(err) || attempt >= RECONNECT_DELAYS_MS.length) throw err;
    deps.onReconnecting(err, ++attempt);
  };
  for (;;) {
    try {
      return await work(cp);
    } catch (err) {
      retry(err);
    }
    for (;;) {
      await sleep(RECONNECT_DELAYS_MS[attempt - 1]);
      if (deps.signal.aborted) break; // the work's own abort check reports it
      try {
        cp = await readCheckpoint(deps.db, deps.jobId);
        deps.onCommitted(cp);
        break;
      } catch (err) {
        retry(err);
      }
    }
  }
}
