import type { Queryable } from '../../../db/db';
import type { CheckpointDeps } from '../checkpoint';
import { writeCheckpoint, type Checkpoint } from '../repository';

/**
 * Import batches with two in flight on a PostgreSQL server (the node upload and
 * the relation import, while no request is waiting: db/turns.ts importBatchesInFlight).
 *
 * After its read, a node upload's batches ran one after the other, each ~230 ms of PostgreSQL's
 * insert (mostly the trigram indexes) on one core while the other sat idle. Here batch k+1 runs its
 * statements on a second connection while batch k runs its own, and still commits after it: each
 * batch writes the job's checkpoint only once the batch before it has committed, and builds that
 * checkpoint from it. So the checkpoint stays a prefix of the file ("rows committed"), a resume
 * reads it back exactly as before, and a batch whose predecessor failed rolls back instead of
 * committing past a gap. Measured: 100k rows in 5,000-row batches, 4.2–4.5 s one at a time,
 * 2.5–2.8 s with two in flight (bench/import/probes/pipeline-probe.ts); 100k relations 6.1 s and 3.4–3.6 s.
 *
 * Waiting in JavaScript for the batch before is a wait PostgreSQL cannot see. If batch k ever
 * waited for a lock that batch k+1 holds (k+1 inserted a key that k inserts later), the two would
 * wait for each other forever, and no deadlock check would end it. What rules that out:
 * - a batch whose keys (what its unique indexes hold: `PipelinedBatch.keys`) meet those of a batch
 *   in flight starts only once that batch has committed, so k+1 never takes a key before k;
 * - a batch's `first` statements (creating the node types it names) run only after the previous
 *   batch's have finished: k+1 may wait there for k's uncommitted type, never k for k+1's;
 * - rows that every batch updates (the node degrees of a relation import) are written in
 *   `afterPrevious`, once the batch before has committed;
 * - as a last guard (keys compared in JavaScript are not PostgreSQL's lower(), e.g.), pipelined
 *   transactions run with lock_timeout: a wait that long (or a deadlock PostgreSQL detects) fails
 *   the batch, every batch from it rolls back, and those batches run again one at a time from the
 *   last commit.
 * The checkpoint row itself is written by k+1 only after k's commit, so it never waits there.
 */

/**
 * SQLSTATEs after which the batches run again one at a time: lock_not_available (a pipelined batch
 * waited PIPELINE_LOCK_TIMEOUT_MS for a lock) and deadlock_detected (a cycle PostgreSQL could see).
 */
const WAITED_FOR_EACH_OTHER = new Set(['55P03', '40P01']);
/** Longer than any wait for a batch in flight (~0.2–0.5 s): only a wait that would not end reaches it. */
export const PIPELINE_LOCK_TIMEOUT_MS = 5000;

export interface PipelinedBatch {
  /** What this batch's unique indexes take (e.g. lower-cased name and type): see above. */
  readonly keys?: ReadonlySet<string>;
  /** Statements run only after the previous batch's `first` has finished (see above). */
  first?(tx: Queryable): Promise<void>;
  /** The batch's statements; answers how to build its checkpoint from the previous batch's. */
  write(tx: Queryable): Promise<(previous: Checkpoint) => Checkpoint>;
  /**
   * Statements run once the previous batch has committed, before this one's checkpoint: writes to
   * rows that other batches in flight write too (the relation import's node degrees), which would
   * otherwise make an earlier batch wait for a later one.
   */
  afterPrevious?(tx: Queryable): Promise<void>;
}

interface Flight {
  batch: PipelinedBatch;
  /** Settles once the batch's `first` statements have run (rejects if it failed before). */
  firstDone: Promise<void>;
  committed: Promise<Checkpoint>;
}

const waitedForEachOther = (err: unknown) => WAITED_FOR_EACH_OTHER.has((err as { code?: string } | null)?.code ?? '');
const ignore = () => undefined;
const overlap = (a: ReadonlySet<string> | undefined, b: ReadonlySet<string> | undefined) => {
  if (!a || !b) return false;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const key of small) if (large.has(key)) return true;
  return false;
};

export class BatchPipeline {
  #committed: Checkpoint;
  #flights: Flight[] = [];
  readonly #depth: () => number;
  /** Whether a batch may ever have another beside it (then each waits for a lock at most PIPELINE_LOCK_TIMEOUT_MS). */
  readonly #pipelined: boolean;
  /** After a lock timeout: one at a time for the rest of the import. */
  #serial = false;

  /**
   * `start`: the checkpoint committed before the first batch. `depth`: batches in flight at most
   * (1: one at a time), or a function asked before each batch starts (db/turns.ts
   * importBatchesInFlight: two only while no request is waiting). `onCommitted`: each checkpoint
   * once its batch has committed, in order.
   * `options.lockTimeoutMs`: PIPELINE_LOCK_TIMEOUT_MS unless a test needs it shorter.
   */
  constructor(
    private readonly deps: Pick<CheckpointDeps, 'db' | 'jobId' | 'runToken' | 'yieldToRequests' | 'onCommitted'>,
    start: Checkpoint,
    depth: number | (() => number),
    private readonly onCommitted: (cp: Checkpoint) => void = ignore,
    private readonly options: { lockTimeoutMs?: number } = {},
  ) {
    this.#committed = start;
    this.#depth = typeof depth === 'number' ? () => depth : depth;
    // Every batch may get a later one beside it, so every batch waits for a lock only so long.
    this.#pipelined = typeof depth !== 'number' || depth > 1;
  }

  /** How many batches may be in flight now (1 after a lock timeout). */
  get depth(): number {
    return this.#serial ? 1 : Math.max(1, this.#depth());
  }

  /**
   * Starts `batch` once fewer than `depth` batches are in flight and none it overlaps is; answers
   * when it has started. Throws the failure of an earlier batch (nothing after it was kept).
   */
  async push(batch: PipelinedBatch): Promise<void> {
    while (this.#flights.length >= this.depth || this.#flights.some((f) => overlap(f.batch.keys, batch.keys))) await this.#settleOldest();
    this.#flights.push(this.#start(batch));
  }

  /** Waits for every batch in flight; answers the last committed checkpoint, or throws the first failure. */
  async drain(): Promise<Checkpoint> {
    while (this.#flights.length > 0) await this.#settleOldest();
    return this.#committed;
  }

  /** Waits for every batch in flight to commit or fail, ignoring failures (before giving up on the job). */
  async abandon(): Promise<void> {
    await Promise.allSettled(this.#flights.map((f) => f.committed));
    this.#flights = [];
  }

  #start(batch: PipelinedBatch): Flight {
    const previous = this.#flights.at(-1);
    const afterFirst = previous?.firstDone ?? Promise.resolve();
    const afterCommit = previous?.committed ?? Promise.resolve(this.#committed);
    const pipelined = this.#pipelined && !this.#serial;
    let firstRan: () => void = ignore;
    let firstFailed: (err: unknown) => void = ignore;
    const firstDone = new Promise<void>((resolve, reject) => {
      firstRan = resolve;
      firstFailed = reject;
    });
    firstDone.catch(ignore);
    const { deps } = this;
    const committed = (async () => {
      try {
        await deps.yieldToRequests();
        return await deps.db.transaction(async (tx) => {
          if (pipelined) await tx.query(`SET LOCAL lock_timeout = '${Math.round(this.options.lockTimeoutMs ?? PIPELINE_LOCK_TIMEOUT_MS)}ms'`);
          await afterFirst;
          await batch.first?.(tx);
          firstRan();
          const checkpointFrom = await batch.write(tx);
          // The batch before must be kept first: its failure rolls this one back.
          const next = checkpointFrom(await afterCommit);
          await batch.afterPrevious?.(tx);
          await writeCheckpoint(tx, deps.jobId, deps.runToken, next);
          return next;
        });
      } catch (err) {
        firstFailed(err);
        throw err;
      }
    })();
    committed.then((cp) => {
      this.#committed = cp;
      deps.onCommitted(cp);
      this.onCommitted(cp);
    }, ignore);
    return { batch, firstDone, committed };
  }

  /** Waits for the oldest batch; on a failure, waits for the rest (they roll back) and, after a lock timeout or a deadlock, runs them again one at a time. */
  async #settleOldest(): Promise<void> {
    const outcome = await this.#flights[0].committed.then(
      () => null,
      (error: unknown) => ({ error }),
    );
    if (!outcome) {
      this.#flights.shift();
      return;
    }
    // Every later batch waits for this one's commit, so each fails too.
    const failed = this.#flights.map((f) => f.batch);
    await this.abandon();
    if (this.#serial || !waitedForEachOther(outcome.error)) throw outcome.error;
    this.#serial = true;
    for (const batch of failed) {
      this.#flights.push(this.#start(batch));
      await this.#settleOldest();
    }
  }
}
