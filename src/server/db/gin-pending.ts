import type { Db, Queryable } from './db';
import { QUIET_AFTER_MS, nextTurn } from './turns';

/**
 * GIN pending lists during embedded imports (no request waits behind an import).
 *
 * A GIN index (the trigram indexes of node names, SNOMED terms, relation names) collects new
 * entries in a pending list; the insert that makes the list outgrow gin_pending_list_limit (1 MB,
 * db/pglite/pglite.ts) merges the whole list into the index within its own statement. PGlite runs in the
 * server's thread with one connection, so during an import such a statement — a 500-row batch plus
 * a merge — held every request for twice as long as a batch alone, in 40 % of the node upload's
 * batches (bench/results/import-notes.md). `PendingListMerges` merges each list as a step of its
 * own after a batch (`gin_clean_pending_list`, after a turn for waiting requests), before the
 * next batch would make it overflow: the merges stay about as large as the overflow merges were (merging
 * after every batch rewrites the same posting lists more often: 200k node rows in a bare PGlite took
 * 36.6 s of CPU against 28.8 s, every second batch 32.7 s; bench/import/probes/pglite-probe.ts), but no
 * statement holds a batch and a merge. When a list grows faster than measured, the insert that
 * overflows it still merges it, as before.
 *
 * PostgreSQL needs none of it: there a merge holds only the importing connection, and
 * autovacuum merges the lists in its own process.
 *
 * Larger lists while nobody is searching (both engines). The small limits — 1 MB here, 2 MB on
 * PostgreSQL (db/postgres.ts) — are for the searches that run during an import: each reads the
 * whole list of a trigram index. With no HTTP request seen for QUIET_AFTER_MS, a batch
 * runs with a larger limit (`SET LOCAL`, its own transaction only), and here the merges wait for
 * QUIET_MERGE_AT_PAGES: fewer, larger merges for the same rows. The 100k-row node upload: PGlite
 * 11.7–12.5 s → 9.5–9.8 s (each merge of ~380 pages took 70–90 ms); PostgreSQL's batches 4.62 s →
 * 4.17 s, the final merge included (bench/results/import-notes.md). A batch that starts after a
 * request was seen is back at the small limit, and its insert (PostgreSQL) or the merge after it
 * (here) brings the list back down. An import's last batch runs at the small limit, so it
 * leaves lists no longer than any other write does.
 */

/** Merge before a list holds more than this many 8 kB pages: 3/4 of the 1 MB limit, room for a batch above the average. */
export const MERGE_AT_PAGES = 96;
/** The same while no request has been seen for QUIET_AFTER_MS: 3/4 of QUIET_PENDING_LIST_LIMIT.pglite. */
export const QUIET_MERGE_AT_PAGES = 384;
/** gin_pending_list_limit of an import batch while no request has been seen for QUIET_AFTER_MS. */
export const QUIET_PENDING_LIST_LIMIT = { pglite: '4MB', postgres: '8MB' } as const;

/** Per database, per table list: the GIN indexes (they only change with a migration, at start). */
const known = new WeakMap<Db, Map<string, Promise<string[]>>>();

export function ginIndexesOf(db: Db, tables: readonly string[]): Promise<string[]> {
  let byTables = known.get(db);
  if (!byTables) known.set(db, (byTables = new Map()));
  const key = tables.join(',');
  let indexes = byTables.get(key);
  if (!indexes) {
    const cache = byTables;
    indexes = db
      .query<{ name: string }>(
        `SELECT i.indexrelid::regclass::text AS name
           FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
          WHERE i.indrelid = ANY($1::text[]::regclass[]) AND am.amname = 'gin'
          ORDER BY c.relname`,
        [tables],
      )
      .then((rows) => rows.map((r) => r.name));
    // A failed look-up is tried again next time.
    indexes.catch(() => cache.delete(key));
    cache.set(key, indexes);
  }
  return indexes;
}

/**
 * The pending-list merges of one import's batches (one instance per import run). `afterBatch`
 * counts a committed batch and merges, one index per statement, each list that the next batch
 * could take past MERGE_AT_PAGES, judged by the pages per batch its previous merge found (a list
 * not merged yet in this import is merged after the first batch, which measures it). Merges are
 * embedded-only; `beforeBatch` (the quiet limit) is for both engines.
 */
export class PendingListMerges {
  readonly #lists = new Map<string, { batches: number; pagesPerBatch: number | null }>();
  /** Whether the last batch began with the quiet limit. */
  #quiet = false;

  /** `quietForMs`: how long no HTTP request has been in flight (plugins/request-activity.ts); none: never quiet. */
  constructor(
    private readonly db: Db,
    private readonly tables: readonly string[],
    private readonly quietForMs: () => number = () => 0,
  ) {}

  /**
   * In a batch's transaction, before its insert: the quiet limit when nobody has asked for a second,
   * unless it is the import's last batch; else back to the server's limit, should an earlier batch of
   * the same transaction (the node upload's writes during its read) have raised it.
   */
  async beforeBatch(tx: Queryable, lastBatch: boolean): Promise<void> {
    const wasQuiet = this.#quiet;
    this.#quiet = !lastBatch && this.quietForMs() >= QUIET_AFTER_MS;
    if (this.#quiet) await tx.query(`SET LOCAL gin_pending_list_limit = '${QUIET_PENDING_LIST_LIMIT[this.db.kind]}'`);
    else if (wasQuiet) await tx.query('SET LOCAL gin_pending_list_limit TO DEFAULT');
  }

  /** Merges due after a batch; each merge waits for `yieldToRequests` and a turn of the event loop first. */
  async afterBatch(yieldToRequests: () => Promise<void>): Promise<void> {
    if (this.db.kind !== 'pglite') return;
    const mergeAt = this.#quiet ? QUIET_MERGE_AT_PAGES : MERGE_AT_PAGES;
    for (const index of await ginIndexesOf(this.db, this.tables)) {
      let list = this.#lists.get(index);
      if (!list) this.#lists.set(index, (list = { batches: 0, pagesPerBatch: null }));
      list.batches++;
      if (list.pagesPerBatch !== null && (list.batches + 1) * list.pagesPerBatch <= mergeAt) continue;
      await yieldToRequests();
      await nextTurn();
      const [{ pages }] = await this.db.query<{ pages: number }>('SELECT gin_clean_pending_list($1::regclass)::int AS pages', [index]);
      list.pagesPerBatch = pages / list.batches;
      list.batches = 0;
    }
  }
}
