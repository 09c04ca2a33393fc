/**
 * Where the relation import's time goes on PostgreSQL, without the server, the HTTP request or the
 * job around it (run by hand: `npx tsx bench/import/probes/relation-cost.ts`): the benchmark's scenario
 * (bench/import/relations.ts: the sample graph plus 20k generated nodes, a 100k-row .xlsx) read with
 * the job's own reader, resolved with its own resolution, and inserted with INSERT_RELATIONS_SQL in
 * the job's batches, one transaction each, timed step by step. One batch in the middle runs under
 * EXPLAIN (ANALYZE, BUFFERS): the plan and the triggers' times are printed.
 * RELCOST_PIPELINE=1 adds one batch at a time against two in flight, as the job runs them on PostgreSQL.
 * Uses BENCH_PG_URL like run.ts; a kg_probe_* database is created and dropped.
 * BENCH_RELATION_ROWS / BENCH_RELATION_NODES as in run.ts; RELCOST_BATCH overrides the batch size.
 */
import fs from 'node:fs';
import pg from 'pg';
import type { Queryable } from '../../../src/server/db/db';
import { importBatchRows } from '../../../src/server/db/turns';
import { readRelationFile } from '../../../src/server/modules/relation-import/file-reader';
import { loadImportRules, resolveRelations, resolveWhileReading } from '../../../src/server/modules/relation-import/importer';
import { ADD_BATCH_DEGREES_SQL, INSERT_RELATIONS_SQL, RELATION_IMPORT_LOCK_SQL } from '../../../src/server/modules/relation-import/insert';
import type { JobContext } from '../../../src/server/platform/jobs/runner';
import { readGps } from '../files';
import { withProbeDatabase } from './probe-db';
import { loadSampleOnPostgres, nodeOf, writeRelationBench } from '../relations';

const int = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const RELATIONS = int('BENCH_RELATION_ROWS', 100_000);
const NODES = int('BENCH_RELATION_NODES', 20_000);
const BATCH = int('RELCOST_BATCH', importBatchRows('postgres'));

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

await withProbeDatabase(async (url, dir) => {
  const c = new pg.Client({ connectionString: url });
  // The probe database is dropped WITH (FORCE) at the end, which ends this connection too.
  c.on('error', () => undefined);
  await c.connect();
  try {
    await probe(c, url, dir);
  } catch (err) {
    console.error(err);
    process.exitCode = 1;
  } finally {
    await c.end();
  }
});

async function probe(c: pg.Client, url: string, dir: string): Promise<void> {
  await c.query('SET jit = off');
  const db: Queryable = {
    query: async <T>(sql: string, params?: unknown[]) => (await c.query(sql, params)).rows as T[],
    exec: async (sql: string) => void (await c.query(sql)),
  };
  await loadSampleOnPostgres(url);
  const gps = readGps();
  const { relationFile } = writeRelationBench(dir, NODES, RELATIONS, gps);
  const nodes = Array.from({ length: NODES }, (_, i) => nodeOf(i, gps));
  await c.query(
    `INSERT INTO nodes (name, node_type_id) SELECT r.name, nt.id FROM unnest($1::text[], $2::text[]) AS r(name, type) JOIN node_types nt ON nt.name = r.type`,
    [nodes.map((n) => n.name), nodes.map((n) => n.type)],
  );
  const userId = (await c.query<{ id: string }>(`INSERT INTO users (username, email, password_hash, role_id) SELECT 'probe', 'probe@example.org', 'x', id FROM roles WHERE name = 'editor' RETURNING id`)).rows[0].id;
  await c.query('VACUUM ANALYZE');

  const ctx = { throwIfAborted: () => undefined } as unknown as JobContext;
  let t0 = performance.now();
  const read = await readRelationFile(relationFile.path, 'xlsx', ctx, () => undefined);
  const readMs = performance.now() - t0;
  t0 = performance.now();
  const { valid } = await resolveRelations(db, read.rows, await loadImportRules(db), () => undefined);
  const resolveMs = performance.now() - t0;
  console.log(`read ${read.total} rows: ${seconds(readMs)}; resolved ${valid.length} valid: ${seconds(resolveMs)}`);
  // As the job does it: the resolution while the file is read.
  t0 = performance.now();
  const early = resolveWhileReading(db, loadImportRules);
  await readRelationFile(relationFile.path, 'xlsx', ctx, () => undefined, early.push);
  const readEndMs = performance.now() - t0;
  const overlapped = await early.done();
  const overlappedMs = performance.now() - t0;
  if (overlapped.valid.length !== valid.length) throw new Error('the overlapped resolution differs');
  console.log(`read with the resolution alongside: ${seconds(readEndMs)}, resolved ${seconds(overlappedMs - readEndMs)} after it (${seconds(overlappedMs)} in all)`);

  const explainAt = Math.floor(valid.length / BATCH / 2) * BATCH;
  const batchMs: number[] = [];
  const commitMs: number[] = [];
  t0 = performance.now();
  for (let from = 0; from < valid.length; from += BATCH) {
    const cut = <T>(a: T[]) => a.slice(from, from + BATCH);
    const params = [cut(valid.sources), cut(valid.targets), cut(valid.types), cut(valid.names), cut(valid.weights), cut(valid.urls), cut(valid.descriptions), cut(valid.symmetric), userId, 'probe-job'];
    const b0 = performance.now();
    await c.query('BEGIN');
    await c.query(RELATION_IMPORT_LOCK_SQL);
    if (from === explainAt) {
      const plan = await c.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS, TIMING) ${INSERT_RELATIONS_SQL}`, params);
      console.log(`EXPLAIN (ANALYZE, BUFFERS) of the batch from row ${from}:\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    } else {
      await c.query(INSERT_RELATIONS_SQL, params);
    }
    const c0 = performance.now();
    await c.query('COMMIT');
    commitMs.push(performance.now() - c0);
    batchMs.push(performance.now() - b0);
  }
  const insertMs = performance.now() - t0;
  const [{ n }] = (await c.query<{ n: number }>('SELECT count(*)::int AS n FROM relations')).rows;
  console.log(`batches of ${BATCH}: ${batchMs.map((ms) => Math.round(ms)).join(' ')} ms`);
  console.log(`of which COMMIT: ${commitMs.map((ms) => Math.round(ms)).join(' ')} ms`);
  console.log(`inserted (incl. the explained batch): ${seconds(insertMs)}, ${n} relations in the table`);
  console.log(`total read + resolve + insert: ${seconds(readMs + resolveMs + insertMs)} → ${Math.round(RELATIONS / ((readMs + resolveMs + insertMs) / 1000))} relations/s`);

  // RELCOST_PIPELINE=1: one batch at a time against two in flight (src/server/platform/jobs/batches/batch-pipeline.ts),
  // alternating, two runs each; both write their degrees as the job's pipelined batches do (after
  // the batch before has committed, the trigger turned off: migration 0030).
  if (process.env.RELCOST_PIPELINE) await pipelineProbe(c, url, valid, userId);

  // RELCOST_VARIANTS=1: what each part of a batch costs, by leaving it out (alternating, two runs each).
  if (!process.env.RELCOST_VARIANTS) return;
  // The batch's create events are one audit_created_batches row (migration 0029): leaving out its CTE.
  const noEvents = INSERT_RELATIONS_SQL.replace(/,\s*logged AS \([\s\S]*?HAVING count\(\*\) > 0\)/, '');
  if (noEvents === INSERT_RELATIONS_SQL) throw new Error('variant did not apply');
  const variants: [string, string, string?][] = [
    ['as the job', INSERT_RELATIONS_SQL],
    ...(process.env.RELCOST_COMPARE ? [['RELCOST_COMPARE', fs.readFileSync(process.env.RELCOST_COMPARE, 'utf8')] as [string, string]] : []),
    ['no audit events', noEvents],
    ['without the end nodes\' foreign keys', INSERT_RELATIONS_SQL, 'nofk'],
    ['end nodes checked per statement instead', INSERT_RELATIONS_SQL, 'nodecheck'],
    ['without the degree trigger', INSERT_RELATIONS_SQL, 'nodegree'],
    ['without the relation_name trigram index', INSERT_RELATIONS_SQL, 'notrgm'],
  ];
  const times = new Map<string, number[]>();
  for (let run = 0; run < 2; run++) {
    for (const [name, sql, change] of variants) {
      await c.query('TRUNCATE relations, audit_log, audit_created_batches, node_degrees');
      await c.query('BEGIN');
      if (change === 'nofk' || change === 'nodecheck') for (const fk of ['relations_source_node_id_fkey', 'relations_target_node_id_fkey']) await c.query(`ALTER TABLE relations DROP CONSTRAINT IF EXISTS ${fk}`);
      if (change === 'nodecheck') {
        // What a statement-level replacement of the two foreign keys would cost (migration 0007's way).
        await c.query(`CREATE FUNCTION probe_check_ends() RETURNS trigger LANGUAGE plpgsql AS $$
          DECLARE ids uuid[]; locked integer;
          BEGIN
            ids := ARRAY(SELECT source_node_id FROM new_rows UNION SELECT target_node_id FROM new_rows);
            SELECT count(*) INTO locked FROM (SELECT 1 FROM nodes WHERE id = ANY (ids) FOR KEY SHARE) n;
            IF locked < cardinality(ids) THEN RAISE EXCEPTION 'missing node' USING ERRCODE = 'foreign_key_violation'; END IF;
            RETURN NULL;
          END $$`);
        await c.query('CREATE TRIGGER probe_check_ends AFTER INSERT ON relations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION probe_check_ends()');
      }
      if (change === 'nodegree') await c.query('ALTER TABLE relations DISABLE TRIGGER relations_degree_insert');
      if (change === 'notrgm') await c.query('DROP INDEX relations_name_trgm');
      const v0 = performance.now();
      for (let from = 0; from < valid.length; from += BATCH) {
        const cut = <T>(a: T[]) => a.slice(from, from + BATCH);
        await c.query(sql, [cut(valid.sources), cut(valid.targets), cut(valid.types), cut(valid.names), cut(valid.weights), cut(valid.urls), cut(valid.descriptions), cut(valid.symmetric), userId, 'probe-job'].slice(0, sql.includes('$10') ? 10 : 9));
      }
      times.set(name, [...(times.get(name) ?? []), performance.now() - v0]);
      await c.query('ROLLBACK');
    }
  }
  for (const [name, t] of times) console.log(name.padEnd(44), t.map(seconds).join(', '));
}

async function pipelineProbe(c: pg.Client, url: string, valid: Awaited<ReturnType<typeof resolveRelations>>['valid'], userId: string): Promise<void> {
  const c2 = new pg.Client({ connectionString: url });
  c2.on('error', () => undefined);
  await c2.connect();
  await c2.query('SET jit = off');
  /** One batch on `cl` as the job's pipelined batch does it: its degrees written once `before` (the batch before) has committed. */
  const batch = async (cl: pg.Client, from: number, before: Promise<void>) => {
    const cut = <T>(a: T[]) => a.slice(from, from + BATCH);
    await cl.query('BEGIN');
    await cl.query(`SET LOCAL kg.import_writes_degrees = 'on'`);
    const params = [cut(valid.sources), cut(valid.targets), cut(valid.types), cut(valid.names), cut(valid.weights), cut(valid.urls), cut(valid.descriptions), cut(valid.symmetric), userId, 'probe-job'];
    const [{ events_id }] = (await cl.query<{ events_id: string | null }>(INSERT_RELATIONS_SQL, params)).rows;
    await before;
    if (events_id !== null) await cl.query(ADD_BATCH_DEGREES_SQL, [events_id]);
    await cl.query('COMMIT');
  };
  const runs = async (depth: number) => {
    let prev: Promise<void> = Promise.resolve();
    const inflight: Promise<void>[] = [];
    for (let from = 0, k = 0; from < valid.length; from += BATCH, k++) {
      if (inflight.length >= depth) await inflight.shift();
      prev = batch(k % 2 && depth > 1 ? c2 : c, from, prev);
      inflight.push(prev);
    }
    await Promise.all(inflight);
  };
  const times = new Map<number, number[]>();
  for (let run = 0; run < 2; run++) {
    for (const depth of [1, 2]) {
      await c.query('TRUNCATE relations, audit_log, audit_created_batches, node_degrees');
      await c.query('VACUUM ANALYZE relations');
      const t0 = performance.now();
      await runs(depth);
      times.set(depth, [...(times.get(depth) ?? []), performance.now() - t0]);
    }
  }
  for (const [depth, t] of times) console.log(`${depth} in flight: ${t.map(seconds).join(', ')}`);
  await c2.end();
}
