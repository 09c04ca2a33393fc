import { setTimeout as sleep } from 'node:timers/promises';
import { isConnectionError } from '../../db/connection/connection-errors';
import type { Db, Queryable } from '../../db/db';
import type { PendingListMerges } from '../../db/gin-pending';
import { readCheckpoint, writeCheckpoint, type Checkpoint, type JobRow } from './repository';

/**
 * Batches and their checkpoints (DESIGN §9): each batch commits in one transaction
 * together with the job's checkpoint (rows committed, what a resume needs), so the checkpoint
 * is exact and never counts a partial batch. When the database connection drops mid-import,
 * the work is run again from the checkpoint read back from the database — not from memory: a
 * COMMIT whose answer was lost may or may not have happened, and only the row knows.
 */

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
  /** Waits between reconnect tries (config.jobReconnectDelaysMs; the pool opens a new connection on the next query). */
  reconnectDelaysMs: readonly number[];
  /** Resolves when the next batch may start: interactive requests go first (plugins/request-activity.ts). */
  yieldToRequests(): Promise<void>;
  /** A dry run: every batch is rolled back (see commitBatch). */
  dryRun?: boolean;
}

export interface BatchOptions {
  /**
   * The import's GIN pending-list merges (db/gin-pending.ts): on the embedded database the lists
   * the batch filled are merged after it, one index per step, each after a turn for waiting requests.
   */
  merges?: PendingListMerges;
}

/** Carries a dry-run batch's answer out of the transaction it rolls back. */
class RolledBack extends Error {
  constructor(readonly checkpoint: Checkpoint) {
    super('dry run: batch rolled back');
  }
}

/**
 * One batch: `write` runs in a transaction that also records the checkpoint it answers.
 *
 * In a dry run the very same transaction runs — the importer's real statements,
 * so its counts are the real ones, and the checkpoint write, so a run that lost its job still
 * stops — and is then rolled back: nothing is kept, not even the checkpoint, which stays at zero
 * rows (a resumed dry run checks the file again from its start). A batch holds the database no
 * longer than a real one, and yields to requests the same way. What earlier batches would have
 * created is not in the database for later ones: an importer whose later rows can collide with
 * earlier ones remembers those itself (`ctx.dryRun`).
 */
export async function commitBatch(deps: CheckpointDeps, write: (tx: Queryable) => Promise<Checkpoint>, options: BatchOptions = {}): Promise<Checkpoint> {
  await deps.yieldToRequests();
  const cp = await deps.db
    .transaction(async (tx) => {
      const next = await write(tx);
      await writeCheckpoint(tx, deps.jobId, deps.runToken, next);
      if (deps.dryRun) throw new RolledBack(next);
      return next;
    })
    .catch((err: unknown) => {
      if (err instanceof RolledBack) return err.checkpoint;
      throw err;
    });
  if (!deps.dryRun) deps.onCommitted(cp);
  // PGlite answers from this thread without real I/O: without a macrotask turn between batches,
  // timers and other requests would wait for the whole import.
  await new Promise((resolve) => setImmediate(resolve));
  // A rolled-back batch's index entries stay in the pending lists too: merged all the same.
  await options.merges?.afterBatch(deps.yieldToRequests);
  return cp;
}

/**
 * Runs `work` from `start`; on a lost connection waits, reads the checkpoint back and runs it
 * again from there, at most reconnectDelaysMs.length times in all. Other errors, and the
 * last lost connection, go to the caller.
 */
export async function resumable<T>(deps: CheckpointDeps, start: Checkpoint, work: (cp: Checkpoint) => Promise<T>): Promise<T> {
  let cp = start;
  let attempt = 0;
  const retry = (err: unknown) => {
    if (!isConnectionError(err) || attempt >= deps.reconnectDelaysMs.length) throw err;
    deps.onReconnecting(err, ++attempt);
  };
  for (;;) {
    try {
      return await work(cp);
    } catch (err) {
      retry(err);
    }
    for (;;) {
      await sleep(deps.reconnectDelaysMs[attempt - 1]);
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
