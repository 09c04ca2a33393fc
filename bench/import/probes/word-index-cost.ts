/**
 * What the concept search's word index (migration 0039: statement triggers on snomed_concepts
 * filling snomed_search_words) costs an insert of description rows, on a kept database holding a
 * release (run by hand: `BENCH_PROBE_DB=<db> npx tsx bench/import/probes/word-index-cost.ts`).
 * Inserts copies of BENCH_PROBE_ROWS (200,000) existing descriptions under new ids into the real
 * table with its indexes, once with the triggers and once without (disabled inside the
 * transaction), alternating, each rolled back. Prints each time and the paired ratios.
 */
import pg from 'pg';

const env = process.env;
const db = env.BENCH_PROBE_DB;
if (!db || !/^[a-z_][a-z0-9_]*$/.test(db)) throw new Error('BENCH_PROBE_DB=<kept database name> is required');
const rows = Number(env.BENCH_PROBE_ROWS ?? 200_000);
const pairs = Number(env.BENCH_PROBE_PAIRS ?? 2);
const url = new URL(env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
url.pathname = `/${db}`;

const client = new pg.Client({ connectionString: url.toString() });
await client.connect();
async function timedInsert(withWords: boolean): Promise<number> {
  await client.query('BEGIN');
  try {
    if (!withWords) await client.query('ALTER TABLE snomed_concepts DISABLE TRIGGER snomed_search_words_insert');
    const start = performance.now();
    await client.query(
      `INSERT INTO snomed_concepts (id, concept_id, term, active, effective_time, module_id, language_code, type_id, case_significance_id)
       SELECT 'probe' || id, concept_id, term, active, effective_time, module_id, language_code, type_id, case_significance_id
         FROM snomed_concepts LIMIT $1`,
      [rows],
    );
    return performance.now() - start;
  } finally {
    await client.query('ROLLBACK');
  }
}
try {
  const ratios: string[] = [];
  for (let i = 0; i < pairs; i++) {
    const without = await timedInsert(false);
    const withWords = await timedInsert(true);
    console.log(`pair ${i + 1}: without the word index ${(without / 1000).toFixed(1)} s, with ${(withWords / 1000).toFixed(1)} s`);
    ratios.push((withWords / without).toFixed(2));
  }
  const [{ n }] = (await client.query<{ n: string }>(`SELECT count(*) AS n FROM snomed_search_words`)).rows;
  console.log(`${rows} rows per insert; paired ratios (with / without) ${ratios.join(', ')}; word index rows ${n}`);
} finally {
  await client.end();
}
