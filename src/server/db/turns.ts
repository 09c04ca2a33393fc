import { setImmediate as nextMacrotask } from 'node:timers/promises';

/**
 * Gives the event loop a turn. PGlite runs PostgreSQL in this thread and its promises settle
 * without any I/O in between, so an import's chain of `await db.transaction(…)` calls never
 * returns to the event loop: on main, a 200,000-row upload kept one `/api/health` request
 * unanswered for the whole upload (55 s). Waiting for the check phase lets the requests that
 * arrived meanwhile be read and queue their queries on PGlite's (first-come) mutex, ahead of
 * the next batch.
 */
export const nextTurn = (): Promise<void> => nextMacrotask();

/**
 * Rows per INSERT statement on the embedded database: one statement holds the thread, so
 * much smaller than on PostgreSQL: 5,000 rows took 0.3–1.6 s in PGlite, 500 take ~30–70 ms
 * at the same rows/s. 250 since 2026-11-25: a search that arrives during a node batch waits
 * for its end, and with 500 its p99 during the 200k-row upload stayed at 116–142 ms (target
 * 100); with 250, 82 ms, for ~6 % of the upload rate (bench/results/import-notes.md).
 */
export const EMBEDDED_BATCH_ROWS = 250;
/**
 * Rows per embedded batch while no HTTP request has been seen for QUIET_AFTER_MS: with
 * nobody waiting, a small batch only adds the per-batch work (transaction, checkpoint, turns,
 * pending-list checks) — 400 of them in a 100k-row upload. A request that arrives during such a
 * batch waits for it (~0.1-0.2 s); the batches after it are small again.
 */
export const EMBEDDED_QUIET_BATCH_ROWS = 1000;
/** No HTTP request for this long counts as quiet: the embedded batch size above, and the pending-list limits of db/gin-pending.ts (both engines). */
export const QUIET_AFTER_MS = 1000;
/**
 * Rows per import batch (one statement, one transaction with the job's checkpoint) on each engine;
 * `quietForMs`: how long no request has been in flight (plugins/request-activity.ts). Asked
 * before each batch.
 */
export const importBatchRows = (kind: 'pglite' | 'postgres', quietForMs = 0): number =>
  kind === 'postgres' ? 5000 : quietForMs >= QUIET_AFTER_MS ? EMBEDDED_QUIET_BATCH_ROWS : EMBEDDED_BATCH_ROWS;

/**
 * On the embedded database a batch also ends when its indexed text (SNOMED terms) reaches this
 * many characters: a trigram index takes about 20 bytes of pending list per character, so a batch
 * of 500 terms of 400 characters (a padded catalogue) filled 3 MB of it and merged the 1 MB list
 * within its own statement, 2-3 times (db/gin-pending.ts). 32,000 characters (~40 % of the list)
 * leaves batches of terms of ordinary length (~40-60 characters) at EMBEDDED_BATCH_ROWS.
 */
export const EMBEDDED_BATCH_CHARS = 32_000;
/** Characters of indexed text per import batch on each engine (no bound on PostgreSQL). */
export const importBatchChars = (kind: 'pglite' | 'postgres'): number => (kind === 'pglite' ? EMBEDDED_BATCH_CHARS : Infinity);

/**
 * Import batches in flight at once on a PostgreSQL server (platform/jobs/batches/batch-pipeline.ts): two while no
 * HTTP request has been seen for QUIET_AFTER_MS, one otherwise. A second batch takes the core
 * that requests need: with two throughout, a search during a 200k-row upload had a p99 of 113 ms
 * (51 ms with one; target 100: bench/results/import-notes.md). Asked before each batch.
 */
export const importBatchesInFlight = (quietForMs = 0): number => (quietForMs >= QUIET_AFTER_MS ? 2 : 1);
