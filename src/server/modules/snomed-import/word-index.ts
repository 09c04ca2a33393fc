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
 * From this many noted rows into an empty word table (the first import of a release), the table is
 * filled from every active description and the index is dropped and built again after the fill —
 * one sorted build, as the restore does — instead of inserting entry by entry. Into a filled table
 * the index stays (searches keep using it) and only the noted rows are read.
 */
const REBUILD_FROM_ROWS = 100_000;

/**
 * The catch-up of the noted rows into a kept index (also run by
 * bench/import/probes/word-index-cost.ts), sorted in the index's order: the entries go in page by
 * page, not at random.
 */
export const catchUpStatement = () =>
  `WITH noted AS (DELETE FROM snomed_search_words_pending RETURNING description_id)
   INSERT INTO snomed_search_words (word, term_length, description_id, concept_id)
   SELECT w, length(d.term), d.id, d.concept_id
     FROM (SELECT DISTINCT description_id FROM noted) n JOIN snomed_concepts d ON d.id = n.description_id, snomed_search_words_of(d.term) w
    WHERE d.active ORDER BY 1, 2, 3`;
/** The catch-up's sort of the noted rows' words in memory rather than in temporary files (this transaction only). */
const CATCH_UP_WORK_MEM = `SELECT set_config('work_mem', '64MB', true)`;

/**
 * The words of every active description, for an empty word table. Every row lacks its words then,
 * noted or not, so the list is not read: taking a release's 1.6 million ids off the list (a deleted
 * row each), de-duplicating them and joining them back took 33 s where this scan takes 11 s
 * (bench/results/import-notes.md). Unsorted: the index build that follows sorts.
 */
const fillStatement = `INSERT INTO snomed_search_words (word, term_length, description_id, concept_id)
   SELECT w, length(d.term), d.id, d.concept_id FROM snomed_concepts d, snomed_search_words_of(d.term) w WHERE d.active`;

/**
 * Adds the words of every noted description row (of every active one when it fills an empty table)
 * and empties the list, in one transaction. Covers every row noted so far by any job — batches
 * committed before a crash included, so a resumed or a later import finishes what a failed one left. The description table is locked against writes
 * (SHARE: searches go on) so that no API edit can commit between this statement's snapshot and its
 * commit and be followed by stale words; edits wait for the seconds this takes. A noted row has no
 * words: the import's statement removed its old ones, and an edit through the API since that gave it
 * words took it off the list (migration 0043). Answers how many rows were noted. `rebuildFromRows`:
 * the threshold above, lowered by tests to take the rebuild path with a few rows.
 */
export async function catchUpWordIndex(db: Db, rebuildFromRows = REBUILD_FROM_ROWS): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query('LOCK TABLE snomed_concepts IN SHARE MODE');
    const [{ noted, empty }] = await tx.query<{ noted: number; empty: boolean }>(
      `SELECT (SELECT count(*)::int FROM snomed_search_words_pending) AS noted, NOT EXISTS (SELECT 1 FROM snomed_search_words) AS empty`,
    );
    if (noted === 0) return 0;
    if (!(empty && noted >= rebuildFromRows)) {
      await tx.query(CATCH_UP_WORK_MEM);
      await tx.query(catchUpStatement());
      return noted;
    }
    const [{ def: index }] = await tx.query<{ def: string }>(`SELECT pg_get_indexdef('snomed_search_words_rank'::regclass) AS def`);
    await tx.query('DROP INDEX snomed_search_words_rank');
    await tx.query(fillStatement);
    // Only the import batches add to the list, and none can write while the descriptions are locked.
    await tx.query('TRUNCATE snomed_search_words_pending');
    await tx.query(index);
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
