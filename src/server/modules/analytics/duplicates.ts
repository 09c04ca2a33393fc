import type { FastifyInstance } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db, Queryable } from '../../db/db';
import { nextTurn } from '../../db/turns';
import type { PeriodicTask } from '../../platform/tasks/scheduler';
import { DUPLICATE_REFRESH_LOCK_KEY } from '../../platform/locks';

/**
 * Likely duplicates: two nodes of the same type whose names are at least this trigram-similar
 * (pg_trgm's similarity, 0 to 1). 0.6 catches "Diabetes mellitus type 2" / "Diabetes mellitus
 * type II" and spelling slips, and leaves apart names that only share a word.
 */
export const DUPLICATE_SIMILARITY = 0.6;
const REFRESH_INTERVAL_MS = 15 * 60_000;
/** A refresh put off by a running import looks again this much later (not a whole interval). */
const IMPORT_RETRY_MS = 60_000;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * Nodes probed per transaction. The size adapts so that a batch takes about `targetMs`: on the
 * embedded database a statement holds the server's only thread, so its batches stay short enough
 * for requests to interleave (p99 ≤ 100 ms); on PostgreSQL the refresh runs in a backend
 * of its own and a batch only needs to keep its transaction (and the row locks it takes) short.
 */
const BATCH = {
  pglite: { first: 10, min: 2, max: 100, targetMs: 40 },
  postgres: { first: 200, min: 20, max: 5000, targetMs: 500 },
} as const;

/** A full pass reads this many nodes per probe it may make: the ones it skips cost a row read each. */
const SKIP_READ_AHEAD = 4;

export interface DuplicateRefreshOptions {
  /** Stops between batches (the server closing); the next refresh goes on from there. */
  signal?: AbortSignal;
  /** Asked between batches: true stops this refresh there too (an import started). */
  pause?: () => Promise<boolean>;
  /** A fixed number of nodes per batch instead of the adaptive size (tests, benchmarks). */
  batchSize?: number;
  /** After each committed batch: how many nodes it probed. */
  onBatch?: (probed: number) => void;
}

export interface DuplicateRefreshResult {
  /** Nodes probed: those written since the last pass, the ones whose row named one of them or a deleted node. */
  probed: number;
  batches: number;
  /** The pass reached its end (false: stopped between batches; the next refresh goes on from its cursor). */
  complete: boolean;
}

/** Times as text: a JS Date keeps milliseconds, the cursor needs the column's microseconds. */
interface RefreshState {
  full: boolean;
  pass_before: string | null;
  pass_started: string | null;
  cursor_at: string | null;
  cursor_id: string | null;
}
const STATE = 'probed_before IS NULL AS full, pass_before::text, pass_started::text, cursor_at::text, cursor_id';

/**
 * Where a pass ends: no node written by a transaction still open may be missed, and such a node bears
 * that transaction's start time (now()), so the bound is the start of the oldest one open on this
 * database. Read before the statements that select the nodes (each takes a later snapshot), so a
 * transaction that commits in between is seen by them. The embedded database has one connection and
 * no transaction is open besides this one.
 */
const passBound = (kind: Db['kind']) =>
  kind === 'pglite'
    ? 'now()'
    : `least(now(), (SELECT min(xact_start) FROM pg_stat_activity
                      WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()))`;

/**
 * Rows naming a node written since the last pass, of nodes not probed with it: still right when the
 * two names still match (its similarity is brought up to date), else deleted, and their nodes are
 * probed with the batch (the node they named was renamed away or given another type).
 */
async function recheckRowsNaming(tx: Queryable, ids: string[]): Promise<string[]> {
  const rows = await tx.query<{ node_id: string }>(
    `WITH named AS MATERIALIZED (
       SELECT d.node_id, x.node_type_id = b.node_type_id AND x.name % b.name AS still, similarity(x.name, b.name) AS s
         FROM node_likely_duplicates d JOIN nodes x ON x.id = d.node_id JOIN nodes b ON b.id = d.similar_to
        WHERE d.similar_to = ANY($1::uuid[]) AND d.node_id <> ALL($1::uuid[])),
     kept AS (
       UPDATE node_likely_duplicates d SET similarity = n.s, found_at = now() FROM named n WHERE d.node_id = n.node_id AND n.still RETURNING 1)
     DELETE FROM node_likely_duplicates d USING named n WHERE d.node_id = n.node_id AND NOT n.still RETURNING d.node_id`,
    [ids],
  );
  return rows.map((r) => r.node_id);
}

/**
 * Probes the given nodes: deletes their rows (and, for nodes `written` since the last pass, rechecks
 * the rows naming them), then finds every node of the same type at least DUPLICATE_SIMILARITY-similar
 * through the name's trigram index (`%` with the threshold set for the transaction). Each probed node
 * with one gets a row naming its most similar; each node found that has no row yet (or one naming a
 * less similar node, a deleted one, or found before this pass) gets a row naming the probed node, so a
 * new name marks its older look-alikes too. Answers how many nodes were probed.
 *
 * OFFSET 0 keeps the lookup per probed node: flattened, the planner joined a batch of 200 to all
 * 1M names by hash on the type and tested `%` on each pair (8 s a batch on the benchmark graph).
 */
async function probe(tx: Queryable, ids: string[], written: boolean, passStarted: string): Promise<number> {
  const all = written ? [...new Set([...ids, ...(await recheckRowsNaming(tx, ids))])] : ids;
  await tx.query('DELETE FROM node_likely_duplicates WHERE node_id = ANY($1::uuid[])', [all]);
  await tx.query(
    `WITH a AS (SELECT id, name, node_type_id FROM nodes WHERE id = ANY($1::uuid[])),
     found AS MATERIALIZED (
       SELECT a.id AS a, b.id AS b, similarity(a.name, b.name) AS s
         FROM a CROSS JOIN LATERAL (
           SELECT b.id, b.name FROM nodes b
            WHERE b.name % a.name AND b.node_type_id = a.node_type_id AND b.id <> a.id
           OFFSET 0) b),
     best AS (SELECT DISTINCT ON (a) a AS node_id, b AS similar_to, s FROM found ORDER BY a, s DESC, b),
     back AS (SELECT DISTINCT ON (b) b AS node_id, a AS similar_to, s FROM found WHERE b <> ALL($1::uuid[]) ORDER BY b, s DESC, a)
     INSERT INTO node_likely_duplicates AS d (node_id, similar_to, similarity)
     SELECT node_id, similar_to, s FROM (SELECT * FROM best UNION ALL SELECT * FROM back) x ORDER BY node_id
     ON CONFLICT (node_id) DO UPDATE SET similar_to = EXCLUDED.similar_to, similarity = EXCLUDED.similarity, found_at = now()
      WHERE d.similar_to IS NULL OR d.similarity < EXCLUDED.similarity OR d.found_at < $2::timestamptz`,
    [all, passStarted],
  );
  return all.length;
}

type BatchOutcome = { locked: true } | { locked: false; probed: number; done: boolean };

/** One transaction: the next nodes of the pass (or rows left without their node), probed; the cursor saved. */
async function runBatch(db: Db, size: number): Promise<BatchOutcome> {
  return db.transaction(async (tx): Promise<BatchOutcome> => {
    const [{ ok }] = await tx.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS ok', [DUPLICATE_REFRESH_LOCK_KEY]);
    if (!ok) return { locked: true };
    // JIT off: the probe's estimate (a thousand candidates per node) made PostgreSQL compile every batch's statement.
    await tx.query(`SELECT set_config('pg_trgm.similarity_threshold', $1, true), set_config('jit', 'off', true)`, [String(DUPLICATE_SIMILARITY)]);
    let [state] = await tx.query<RefreshState>(`SELECT ${STATE} FROM node_duplicate_refresh`);
    if (!state.pass_before) {
      [state] = await tx.query<RefreshState>(
        `UPDATE node_duplicate_refresh
            SET pass_before = ${passBound(db.kind)}, pass_started = now(), cursor_at = COALESCE(probed_before, '-infinity'), cursor_id = $1,
                updated_at = now()
         RETURNING ${STATE}`,
        [NIL_UUID],
      );
    }
    // A full pass (every node) skips the nodes it already found a row for, in an earlier batch, from the
    // other end of a pair: each of their look-alikes has its own turn in the pass, so nothing is missed,
    // and a node with k look-alikes is probed once rather than k + 1 times. A pass over written nodes
    // probes each of them: a node's new name may match nodes that are not in the pass.
    const next = await tx.query<{ id: string; updated_at: string; found: boolean }>(
      `SELECT n.id, n.updated_at::text,
              $5::boolean AND EXISTS (SELECT 1 FROM node_likely_duplicates d WHERE d.node_id = n.id AND d.similar_to IS NOT NULL AND d.found_at >= $6::timestamptz) AS found
         FROM nodes n
        WHERE (n.updated_at, n.id) > ($1::timestamptz, $2::uuid) AND n.updated_at < $3::timestamptz
        ORDER BY n.updated_at, n.id LIMIT $4`,
      [state.cursor_at, state.cursor_id, state.pass_before, state.full ? size * SKIP_READ_AHEAD : size, state.full, state.pass_started],
    );
    if (next.length > 0) {
      // At most `size` probes (what the batch's time depends on), however many nodes are skipped.
      const todo: string[] = [];
      let taken = 0;
      for (const n of next) {
        if (!n.found && todo.length === size) break;
        if (!n.found) todo.push(n.id);
        taken++;
      }
      const probed = todo.length > 0 ? await probe(tx, todo, true, state.pass_started!) : 0;
      const last = next[taken - 1];
      await tx.query('UPDATE node_duplicate_refresh SET cursor_at = $1::timestamptz, cursor_id = $2, updated_at = now()', [last.updated_at, last.id]);
      return { locked: false, probed, done: false };
    }
    // The pass's nodes are done; then the rows whose node was deleted (probed again, until none is left).
    const orphaned = await tx.query<{ node_id: string }>('SELECT node_id FROM node_likely_duplicates WHERE similar_to IS NULL LIMIT $1', [size]);
    if (orphaned.length > 0) {
      return {
        locked: false,
        probed: await probe(
          tx,
          orphaned.map((r) => r.node_id),
          false,
          state.pass_started!,
        ),
        done: false,
      };
    }
    await tx.query(
      'UPDATE node_duplicate_refresh SET probed_before = pass_before, pass_before = NULL, pass_started = NULL, cursor_at = NULL, cursor_id = NULL, updated_at = now()',
    );
    return { locked: false, probed: 0, done: true };
  });
}

/**
 * Brings node_likely_duplicates (migrations 0023, 0027) up to date with the nodes written since the
 * last pass, in batches of a short transaction each with a turn of the event loop between them, so
 * that other requests go on meanwhile (on the embedded database too). A pass's first batch fixes its
 * end; an interrupted pass (signal, pause, error, another instance taking a batch) goes on from its
 * cursor at the next call. Several instances never probe at the same time: each batch takes a
 * transaction-scoped try-lock. Answers null when another instance held it at the first batch.
 */
export async function refreshLikelyDuplicates(db: Db, options: DuplicateRefreshOptions = {}): Promise<DuplicateRefreshResult | null> {
  const limits = BATCH[db.kind];
  let size = options.batchSize ?? limits.first;
  let probed = 0;
  let batches = 0;
  for (;;) {
    const started = performance.now();
    const outcome = await runBatch(db, size);
    if (outcome.locked) return batches === 0 ? null : { probed, batches, complete: false };
    if (outcome.done) return { probed, batches, complete: true };
    probed += outcome.probed;
    batches++;
    options.onBatch?.(outcome.probed);
    const took = Math.max(1, performance.now() - started);
    if (options.batchSize === undefined) {
      size = Math.round(Math.min(limits.max, size * 2, Math.max(limits.min, size / 2, (size * limits.targetMs) / took)));
    }
    // Requests that arrived meanwhile are read and queue their queries before the next batch. On the
    // embedded database the refresh then rests as long as its batch took: a request makes several
    // queries one after the other, and without the rest each of them waited for a batch (a node search
    // took 160 ms instead of 10 during a fill); the refresh gets at most half of the thread.
    if (db.kind === 'pglite') await sleep(Math.min(took, 250));
    else await nextTurn();
    if (options.signal?.aborted || (options.pause && (await options.pause()))) return { probed, batches, complete: false };
  }
}

/** The next refresh probes every node (a backup restore wrote nodes with the archive's times). */
export async function restartDuplicateRefresh(tx: Queryable): Promise<void> {
  await tx.query(
    'UPDATE node_duplicate_refresh SET probed_before = NULL, pass_before = NULL, pass_started = NULL, cursor_at = NULL, cursor_id = NULL, updated_at = now()',
  );
}

/**
 * An import is writing nodes (a job with a recent heartbeat): the refresh waits for it. On the embedded
 * database both would share the one thread and the import's rate; on either, probing half an upload
 * only to probe its rest at the next pass is wasted work.
 */
export async function importRunning(db: Queryable, staleSeconds: number): Promise<boolean> {
  const [{ running }] = await db.query<{ running: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM import_jobs
                     WHERE status IN ('processing', 'inserting') AND NOT interrupted
                       AND updated_at > now() - make_interval(secs => $1)) AS running`,
    [staleSeconds],
  );
  return running;
}

export interface DuplicateSchedule {
  /** Delay of the first refresh after start. */
  firstRunMs: number;
  intervalMs?: number;
}

/**
 * The refresh as a periodic task: shortly after start and every 15 minutes (imports and edits show
 * up within that). A refresh does not start while an import runs, and a running one stops between
 * batches when one starts; either looks again a minute later. Closing the server stops a running
 * refresh between two batches and waits for it (the scheduler stops before the database closes).
 */
export function duplicateRefreshTask(app: FastifyInstance, schedule: DuplicateSchedule): PeriodicTask {
  const staleSeconds = app.config.jobStaleSeconds;
  const pause = () => importRunning(app.db, staleSeconds);
  return {
    name: 'duplicate-refresh',
    firstRunMs: schedule.firstRunMs,
    intervalMs: schedule.intervalMs ?? REFRESH_INTERVAL_MS,
    run: async ({ signal, again }) => {
      try {
        if (await pause()) return again(IMPORT_RETRY_MS);
        const result = await refreshLikelyDuplicates(app.db, { signal, pause });
        if (result && !result.complete && !signal.aborted) again(IMPORT_RETRY_MS);
        if (result && result.probed > 0) app.log.info(result, 'Refreshed the likely duplicates');
      } catch (err) {
        app.log.warn({ err }, 'Refreshing the likely duplicates failed');
      }
    },
  };
}
