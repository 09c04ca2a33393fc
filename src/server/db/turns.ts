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
 * at the same rows/s (bench/results/import-notes.md).
 */
export const EMBEDDED_BATCH_ROWS = 500;
/** Rows per import batch (one statement, one transaction with the job's checkpoint) on each engine. */
export const importBatchRows = (kind: 'pglite' | 'postgres'): number => (kind === 'pglite' ? EMBEDDED_BATCH_ROWS : 5000);
