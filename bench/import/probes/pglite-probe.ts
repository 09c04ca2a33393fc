/**
 * What holds PGlite's thread during an embedded node upload (run by hand:
 * `npx tsx bench/import/probes/pglite-probe.ts`): the benchmark's node rows inserted in 500-row
 * transactions with the SQL of src/server/modules/node-import/importer.ts, in a PGlite opened with the
 * server's settings (plus pageinspect, to read the trigram indexes' pending lists), without the
 * HTTP server around it. Prints the batches' time distribution, the slowest batches with the
 * pending pages they merged, and every PROBE_SEARCH_EVERY batches the node search of the
 * responsiveness benchmark (`GET /api/nodes?search=asthma&limit=25`: listNodes) timed, and its
 * plan at the first and last probe.
 *
 * Environment: PROBE_ROWS=200000, PROBE_BATCH=500, PROBE_PENDING_LIMIT=1MB,
 * PROBE_CLEAN=0 (n > 0: gin_clean_pending_list() on the nodes' trigram indexes every n batches,
 * timed apart), PROBE_SEARCH_EVERY=40, PROBE_EXPLAIN=1, PROBE_PARTIAL_DESC=0.
 */
import { PGlite } from '@electric-sql/pglite';
import { pageinspect } from '@electric-sql/pglite/contrib/pageinspect';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NodeListQuerySchema } from '../../../src/contract';
import type { Db, Queryable } from '../../../src/server/db/db';
import { migrate } from '../../../src/server/db/migrate';
import { initPgliteDataDir } from '../../../src/server/db/pglite/pglite-init';
import { INSERT_MISSING_TYPES_SQL, INSERT_NODES_SQL } from '../../../src/server/modules/node-import/importer';
import { listNodes } from '../../../src/server/modules/nodes/list-query';
import { summarize } from '../../api/stats';
import { nodeRows, readGps } from '../files';

const env = process.env;
const ROWS = Number(env.PROBE_ROWS ?? 200_000);
const BATCH = Number(env.PROBE_BATCH ?? 500);
const LIMIT = env.PROBE_PENDING_LIMIT ?? '1MB';
const CLEAN = Number(env.PROBE_CLEAN ?? 0);
const SEARCH_EVERY = Number(env.PROBE_SEARCH_EVERY ?? 40);
const EXPLAIN = env.PROBE_EXPLAIN !== '0';
const INDEXES = ['nodes_name_trgm', 'nodes_description_trgm', 'nodes_snomed_trgm'];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-probe-'));
await initPgliteDataDir(dir);
const pg = await PGlite.create({
  dataDir: dir,
  extensions: { pg_trgm, pageinspect },
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB', '-c', `gin_pending_list_limit=${LIMIT}`],
});
const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
  async query<T>(sql: string, params: unknown[] = []) {
    return (await q.query<T>(sql, params)).rows;
  },
  async exec(sql: string) {
    await q.exec(sql);
  },
});
const db: Db = { kind: 'pglite', ...wrap(pg), transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))), close: () => pg.close() };
await migrate(db);
await db.exec('CREATE EXTENSION IF NOT EXISTS pageinspect');
// PROBE_PARTIAL_DESC=1: the description index without the rows that have none.
if (env.PROBE_PARTIAL_DESC === '1') await db.exec('DROP INDEX nodes_description_trgm; CREATE INDEX nodes_description_trgm ON nodes USING gin (description gin_trgm_ops) WHERE description IS NOT NULL');
const [{ id: userId }] = await db.query<{ id: string }>(
  `WITH r AS (INSERT INTO roles (name) VALUES ('probe') RETURNING id)
   INSERT INTO users (username, email, password_hash, role_id) SELECT 'probe', 'probe@example.org', 'x', id FROM r RETURNING id`,
);

const pending = async () => {
  const rows = await db.query<{ n: number }>(
    `SELECT (gin_metapage_info(get_raw_page(i, 0))).n_pending_pages::int AS n FROM unnest($1::text[]) AS i`,
    [INDEXES],
  );
  return rows.map((r) => r.n);
};
const query = NodeListQuerySchema.parse({ search: 'asthma', limit: '25' });
const rows = nodeRows(ROWS, readGps());
const batchMs: number[] = [];
const cleanMs: number[] = [];
const cleanByIndex: number[][] = INDEXES.map(() => []);
const slow: { at: number; ms: number; before: number[]; after: number[] }[] = [];
const searches: { at: number; pendingPages: number[]; ms: number[]; total: number }[] = [];

const explain = async (label: string) => {
  if (!EXPLAIN) return;
  // The statement listNodes runs, captured from the wrapper.
  let captured: [string, unknown[]] | null = null;
  await listNodes({ ...db, query: async <T>(sql: string, params: unknown[] = []) => ((captured = [sql, params]), db.query<T>(sql, params)) }, query);
  const [sql, params] = captured!;
  const plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
  console.log(`--- plan ${label} (pending pages ${(await pending()).join('/')})\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`);
};

const start = performance.now();
const cpu0 = process.cpuUsage();
for (let i = 0, b = 0; i < rows.length; i += BATCH, b++) {
  const part = rows.slice(i, i + BATCH);
  const before = await pending();
  const t0 = performance.now();
  await db.transaction(async (tx) => {
    await tx.query(INSERT_MISSING_TYPES_SQL, [part.map((r) => r[1]), userId, 'probe']);
    await tx.query(INSERT_NODES_SQL, [part.map((r) => r[0]), part.map((r) => r[1]), part.map((r) => r[2]), userId, null, i, false]);
  });
  const ms = performance.now() - t0;
  batchMs.push(ms);
  const after = await pending();
  if (after.some((p, k) => p < before[k])) slow.push({ at: b, ms, before, after });
  if (CLEAN > 0 && (b + 1) % CLEAN === 0) {
    const c0 = performance.now();
    for (const [k, idx] of INDEXES.entries()) {
      const i0 = performance.now();
      await db.query('SELECT gin_clean_pending_list($1::regclass)', [idx]);
      cleanByIndex[k].push(performance.now() - i0);
    }
    cleanMs.push(performance.now() - c0);
  }
  if (SEARCH_EVERY > 0 && (b + 1) % SEARCH_EVERY === 0) {
    const pendingPages = await pending();
    const ms: number[] = [];
    let total = 0;
    for (let k = 0; k < 3; k++) {
      const q0 = performance.now();
      total = (await listNodes(db, query)).total;
      ms.push(Math.round(performance.now() - q0));
    }
    searches.push({ at: i + part.length, pendingPages, ms, total });
    if (b + 1 === SEARCH_EVERY) await explain(`after ${i + part.length} rows`);
  }
}
const wall = performance.now() - start;
const cpu = process.cpuUsage(cpu0);
const work = batchMs.reduce((a, x) => a + x, 0) + cleanMs.reduce((a, x) => a + x, 0);
const r = (x: number) => Math.round(x);
console.log(`rows ${ROWS}, batch ${BATCH}, pending limit ${LIMIT}, clean every ${CLEAN || '-'}; load ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
console.log(`insert work ${(work / 1000).toFixed(1)} s (${r(ROWS / (work / 1000))} rows/s); wall incl. probes ${(wall / 1000).toFixed(1)} s, CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s`);
const s = summarize(batchMs);
console.log(`batch ms p50 ${r(s.p50)} p95 ${r(s.p95)} p99 ${r(s.p99)} max ${r(s.max)} (n ${s.n}); merging batches ${slow.length}`);
const merged = (x: (typeof slow)[number]) => INDEXES.filter((_, k) => x.after[k] < x.before[k]).map((i) => i.replace(/^nodes_|_trgm$/g, '')).join('+');
for (const idx of INDEXES.map((i) => i.replace(/^nodes_|_trgm$/g, ''))) {
  const only = slow.filter((x) => merged(x) === idx).map((x) => x.ms);
  if (only.length) console.log(`  batches merging only ${idx}: ${only.length}, ms p50 ${r(summarize(only).p50)} max ${r(summarize(only).max)}`);
}
console.log(`  batches merging several: ${slow.filter((x) => merged(x).includes('+')).map((x) => `${merged(x)} ${r(x.ms)}`).join(', ')}`);
const plain = batchMs.filter((_, b) => !slow.some((x) => x.at === b));
console.log(`  batches without a merge: ms p50 ${r(summarize(plain).p50)} p99 ${r(summarize(plain).p99)} max ${r(summarize(plain).max)}`);
if (cleanMs.length) {
  const c = summarize(cleanMs);
  console.log(`clean ms p50 ${r(c.p50)} p95 ${r(c.p95)} p99 ${r(c.p99)} max ${r(c.max)} (n ${c.n}, total ${(cleanMs.reduce((a, x) => a + x, 0) / 1000).toFixed(1)} s)`);
  for (const [k, idx] of INDEXES.entries()) {
    const ci = summarize(cleanByIndex[k]);
    console.log(`  ${idx}: p50 ${r(ci.p50)} p99 ${r(ci.p99)} max ${r(ci.max)}, total ${(cleanByIndex[k].reduce((a, x) => a + x, 0) / 1000).toFixed(1)} s`);
  }
}
for (const x of searches) console.log(`search after ${x.at} rows: pending pages ${x.pendingPages.join('/')}, ${x.ms.join(' / ')} ms, total ${x.total}`);
await explain(`at the end`);
for (const idx of INDEXES) await db.query('SELECT gin_clean_pending_list($1::regclass)', [idx]);
await explain('at the end, pending lists merged');
await pg.close();
fs.rmSync(dir, { recursive: true, force: true });
