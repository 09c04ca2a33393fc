/**
 * What the concept search's word index (migrations 0042, 0043) costs an import's insert of
 * description rows (run by hand: `npx tsx bench/import/probes/word-index-cost.ts`). Into the real
 * table with its indexes, holding BENCH_PROBE_BASE descriptions (a kept database named by
 * BENCH_PROBE_DB, or a fresh one filled with generated descriptions of 3–5 words and dropped at the
 * end), inserts copies of BENCH_PROBE_ROWS of them under new ids, three ways, alternating, each in a
 * transaction rolled back:
 *  - without: the word triggers disabled (the floor: the description row and its own indexes);
 *  - immediate: the triggers as every other writer runs them (words into the btree per statement);
 *  - deferred: the imports' bulk path — the batch setting on, then the import's catch-up statement.
 * With BENCH_PROBE_FIRST=1 the tables are emptied first in each transaction (a first import): the
 * deferred way then drops the word index and builds it after the fill, as the import does.
 * Prints each time and the ratios against "without".
 */
import pg from 'pg';
import { openPostgres } from '../../../src/server/db/postgres';
import { migrate } from '../../../src/server/db/migrate';
import { catchUpStatement, catchUpWordIndex } from '../../../src/server/modules/snomed-import/word-index';

const env = process.env;
const rows = Number(env.BENCH_PROBE_ROWS ?? 200_000);
const base = Number(env.BENCH_PROBE_BASE ?? 1_000_000);
const pairs = Number(env.BENCH_PROBE_PAIRS ?? 2);
const kept = env.BENCH_PROBE_DB;
if (kept && !/^[a-z_][a-z0-9_]*$/.test(kept)) throw new Error('BENCH_PROBE_DB must be a database name');
const db = kept ?? `kg_probe_words_${process.pid}`;
const server = new URL(env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const url = new URL(server);
url.pathname = `/${db}`;

const admin = new pg.Client({ connectionString: server.toString() });
await admin.connect();
if (!kept) {
  await admin.query(`CREATE DATABASE ${db}`);
  const app = await openPostgres(url.toString(), 2);
  try {
    await migrate(app);
    // Generated descriptions: words from a vocabulary of ~40,000, filled by the imports' own path.
    await app.transaction(async (tx) => {
      await tx.query(`SELECT set_config('kg.snomed_words_deferred', 'on', true)`);
      await tx.query(
        `INSERT INTO snomed_concepts (id, concept_id, term)
         SELECT (1000000 + i)::text, (500000 + i / 4)::text,
                initcap(substr(md5((i % 40000)::text), 1, 4 + i % 6)) || ' ' || substr(md5(((i * 7) % 39989)::text), 1, 5 + i % 4) || ' '
                || substr(md5(((i * 13) % 39983)::text), 1, 3 + i % 7) || repeat(' ' || substr(md5(((i * 17) % 997)::text), 1, 6), i % 3)
           FROM generate_series(1, $1::int) i`,
        [base],
      );
    });
    await catchUpWordIndex(app);
    await app.exec('VACUUM (ANALYZE) snomed_concepts, snomed_search_words');
  } finally {
    await app.close();
  }
}

type Mode = 'without' | 'immediate' | 'deferred';
const firstImport = env.BENCH_PROBE_FIRST === '1';
const client = new pg.Client({ connectionString: url.toString() });
await client.connect();
await client.query(`CREATE TEMP TABLE probe_rows AS SELECT * FROM snomed_concepts LIMIT $1`.replace('$1', String(Math.trunc(rows))));
const [{ def: wordIndex }] = (await client.query<{ def: string }>(`SELECT pg_get_indexdef('snomed_search_words_rank'::regclass) AS def`)).rows;
async function timedInsert(mode: Mode): Promise<number> {
  await client.query('BEGIN');
  try {
    if (firstImport) await client.query('TRUNCATE snomed_concepts, snomed_search_words, snomed_search_words_pending');
    if (mode === 'without') await client.query('ALTER TABLE snomed_concepts DISABLE TRIGGER snomed_search_words_insert');
    const start = performance.now();
    if (mode === 'deferred') await client.query(`SELECT set_config('kg.snomed_words_deferred', 'on', true)`);
    await client.query(
      `INSERT INTO snomed_concepts (id, concept_id, term, active, effective_time, module_id, language_code, type_id, case_significance_id)
       SELECT 'probe' || id, concept_id, term, active, effective_time, module_id, language_code, type_id, case_significance_id
         FROM probe_rows`,
    );
    if (mode === 'deferred') {
      await client.query(`SELECT set_config('work_mem', '64MB', true)`);
      if (firstImport) await client.query('DROP INDEX snomed_search_words_rank');
      await client.query(catchUpStatement());
      if (firstImport) await client.query(wordIndex);
    }
    return performance.now() - start;
  } finally {
    await client.query('ROLLBACK');
  }
}
try {
  const ratios: Record<Exclude<Mode, 'without'>, string[]> = { immediate: [], deferred: [] };
  for (let i = 0; i < pairs; i++) {
    const without = await timedInsert('without');
    const immediate = await timedInsert('immediate');
    const deferred = await timedInsert('deferred');
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(`round ${i + 1}: without the word index ${s(without)}, immediate ${s(immediate)}, deferred + catch-up ${s(deferred)}`);
    ratios.immediate.push((immediate / without).toFixed(2));
    ratios.deferred.push((deferred / without).toFixed(2));
  }
  const [{ d, w }] = (await client.query<{ d: string; w: string }>(`SELECT (SELECT count(*) FROM snomed_concepts) AS d, (SELECT count(*) FROM snomed_search_words) AS w`)).rows;
  console.log(`${rows} rows per insert into ${d} descriptions (${w} word entries); ratio to without: immediate ${ratios.immediate.join(', ')}; deferred ${ratios.deferred.join(', ')}`);
} finally {
  await client.end();
  if (!kept && !env.BENCH_PROBE_KEEP) await admin.query(`DROP DATABASE ${db}`);
  await admin.end();
}
