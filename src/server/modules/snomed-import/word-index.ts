import type { Db, Queryable } from '../../db/db';

/**
 * The bulk path of the concept search's word index (migrations 0042, 0043) for the SNOMED imports.
 * Inserting a description's words into the index's btree one batch at a time costs more than the
 * description row itself (random inserts into a multi-million-entry btree), so an import's batch
 * transactions switch the word triggers to "note the row" and the import ends by adding the words of
 * every noted row in one sorted statement. The setting is transaction-local: other connections and
 * the API's statements keep the immediate path, and nothing outlives the batch.
 */
export async function deferWordIndex(tx: Queryable): Promise<void> {
  await tx.query(`SELECT set_config('kg.snomed_words_deferred', 'on', true)`);
}

/**
 * From this many noted rows into an empty word table (the first import of a release), the index is
 * dropped and built again after the fill — one sorted build, as the restore does — instead of
 * inserting entry by entry. Into a filled table the index stays (searches keep using it).
 */
const REBUILD_FROM_ROWS = 100_000;

/**
 * Adds the words of every noted description row and empties the list, in one transaction. Covers
 * every row noted so far by any job — batches committed before a crash included, so a resumed or a
 * later import finishes what a failed one left. The description table is locked against writes
 * (SHARE: searches go on) so that no API edit can commit between this statement's snapshot and its
 * commit and be followed by stale words; edits wait for the seconds this takes. A noted row has no
 * words: the import's statement removed its old ones, and an edit through the API since that gave it
 * words took it off the list (migration 0043). Answers how many rows were noted.
 */
/**
 * The catch-up itself (also run by bench/import/probes/word-index-cost.ts). Into a kept index,
 * sorted in the index's order: the entries go in page by page, not at random. Into a table whose
 * index was dropped (`indexed` false) unsorted: the index's build sorts them anyway, and sorting
 * a release's 5 million words twice is work done for nothing.
 */
export const catchUpStatement = (indexed = true) =>
  `WITH noted AS (DELETE FROM snomed_search_words_pending RETURNING description_id)
   INSERT INTO snomed_search_words (word, term_length, description_id, concept_id)
   SELECT w, length(d.term), d.id, d.concept_id
     FROM (SELECT DISTINCT description_id FROM noted) n JOIN snomed_concepts d ON d.id = n.description_id, snomed_search_words_of(d.term) w
    WHERE d.active${indexed ? ' ORDER BY 1, 2, 3' : ''}`;
/** The sort of a release's words in memory rather than in temporary files (this transaction only). */
const CATCH_UP_WORK_MEM = `SELECT set_config('work_mem', '64MB', true)`;

export async function catchUpWordIndex(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query('LOCK TABLE snomed_concepts IN SHARE MODE');
    const [{ noted, empty }] = await tx.query<{ noted: number; empty: boolean }>(
      `SELECT (SELECT count(*)::int FROM snomed_search_words_pending) AS noted, NOT EXISTS (SELECT 1 FROM snomed_search_words) AS empty`,
    );
    if (noted === 0) return 0;
    const rebuild = empty && noted >= REBUILD_FROM_ROWS;
    let index: string | undefined;
    if (rebuild) {
      [{ def: index }] = await tx.query<{ def: string }>(`SELECT pg_get_indexdef('snomed_search_words_rank'::regclass) AS def`);
      await tx.query('DROP INDEX snomed_search_words_rank');
    }
    await tx.query(CATCH_UP_WORK_MEM);
    await tx.query(catchUpStatement(!rebuild));
    if (index) await tx.query(index);
    return noted;
  });
}

/**
 * Runs an import's batches, then brings the word index up to date. A failed run brings it up to
 * date too (best effort) before the failure is reported, so that no committed row is left without
 * its words; if that cannot run either (the database is gone), the resume — or any later import —
 * does it. A dry run writes nothing, so it has nothing to catch up.
 */
export async function withDeferredWords<T>(db: Db, ctx: { dryRun: boolean; resumable<R>(work: () => Promise<R>): Promise<R> }, work: () => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await work();
  } catch (err) {
    if (!ctx.dryRun) await catchUpWordIndex(db).catch(() => undefined);
    throw err;
  }
  if (!ctx.dryRun) await ctx.resumable(() => catchUpWordIndex(db));
  return result;
}
