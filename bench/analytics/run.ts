/**
 * npm run bench -- analytics [nodesPerType] [relationsPerType]: the Analytics page's quality
 * findings (GET /api/analytics/quality) on the large benchmark graph in PostgreSQL, default
 * 10 types × 100,000 = 1,000,000 nodes and 3,000,000 relations (bench/api/generate-sql.ts).
 *
 * Issue 17's target: the likely-duplicates finding stays ≤ 2 s at 1M nodes ("precomputed if need
 * be"). The pairs are precomputed by refreshLikelyDuplicates (modules/analytics/duplicates.ts),
 * so two times are measured: the refresh itself (runs in the background every 15 minutes), and
 * what a request pays — each finding's count, timed one at a time, five rounds after one warm-up,
 * as qualityFindings() runs them. Writes bench/results/analytics.json and analytics.md.
 *
 * BENCH_ANALYTICS_DB=<name> keeps (and on the next run reuses) the loaded database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPostgres } from '../../src/server/db/postgres';
import { refreshLikelyDuplicates } from '../../src/server/modules/analytics/duplicates';
import { QUALITY_FINDINGS } from '../../src/server/modules/analytics/findings';
import { loadGraphSql } from '../api/generate-sql';

const NODES_PER_TYPE = Number(process.argv[2] ?? 100_000);
const RELATIONS_PER_TYPE = Number(process.argv[3] ?? 300_000);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const KEEP = process.env.BENCH_ANALYTICS_DB;
const ROUNDS = 5;
const TARGET_MS = 2000;
const RESULTS = path.resolve(import.meta.dirname, '../results');

const log = (msg: string) => console.log(`[analytics] ${msg}`);
const withDatabase = (url: string, db: string) => {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
};
const ms = (t: number) => Math.round(t * 10) / 10;

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function main() {
  const dbName = KEEP ?? `kg_bench_analytics_${Date.now()}`;
  const url = withDatabase(ADMIN_URL, dbName);
  let fresh = true;
  try {
    await adminQuery(`CREATE DATABASE ${dbName}`);
  } catch (err) {
    if (!KEEP) throw err;
    fresh = false;
    log(`reusing the database ${dbName}`);
  }
  try {
    let loadSeconds: number | null = null;
    if (fresh) {
      const t0 = performance.now();
      await loadGraphSql(url, { nodesPerType: NODES_PER_TYPE, relationsPerType: RELATIONS_PER_TYPE, seed: 1 }, { terms: 0, ids: 0 }, log);
      loadSeconds = Math.round((performance.now() - t0) / 100) / 10;
      log(`loaded in ${loadSeconds} s`);
    }
    const db = await openPostgres(url, 2);
    try {
      const [{ nodes, relations }] = await db.query<{ nodes: number; relations: number }>(
        'SELECT (SELECT count(*)::int FROM nodes) AS nodes, (SELECT count(*)::int FROM relations) AS relations',
      );
      log(`${nodes} nodes, ${relations} relations; refreshing the likely duplicates…`);
      const r0 = performance.now();
      const pairs = await refreshLikelyDuplicates(db);
      if (pairs === null) throw new Error('Another refresh holds the lock: stop the server using this database first.');
      const refreshMs = performance.now() - r0;
      log(`refresh: ${pairs} nodes with a likely duplicate in ${ms(refreshMs / 1000)} s`);

      const timings: Record<string, number[]> = {};
      const counts: Record<string, number> = {};
      for (let round = 0; round <= ROUNDS; round++) {
        for (const f of QUALITY_FINDINGS) {
          const t0 = performance.now();
          counts[f.key] = await f.count(db);
          const t = performance.now() - t0;
          if (round > 0) (timings[f.key] ??= []).push(t);
        }
      }
      const findings = QUALITY_FINDINGS.map((f) => {
        const sorted = [...timings[f.key]].sort((a, b) => a - b);
        return { key: f.key, count: counts[f.key], medianMs: ms(sorted[Math.floor(sorted.length / 2)]), maxMs: ms(sorted[sorted.length - 1]) };
      });
      const wholeRequestMs = ms(findings.reduce((sum, f) => sum + f.medianMs, 0));
      const likely = findings.find((f) => f.key === 'likelyDuplicates')!;
      const result = {
        measuredAt: new Date().toISOString(),
        machine: { cores: os.cpus().length, cpu: os.cpus()[0]?.model, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version, loadAverage1m: os.loadavg()[0] },
        graph: { nodes, relations, nodesPerType: NODES_PER_TYPE, relationsPerType: RELATIONS_PER_TYPE, generator: 'bench/api/generate-sql.ts', loadSeconds },
        refresh: { seconds: ms(refreshMs / 1000), nodesWithLikelyDuplicate: pairs },
        findings,
        wholeRequestMedianMs: wholeRequestMs,
        target: { likelyDuplicatesMs: TARGET_MS, met: likely.maxMs <= TARGET_MS },
      };
      fs.writeFileSync(path.join(RESULTS, 'analytics.json'), JSON.stringify(result, null, 2) + '\n');
      fs.writeFileSync(path.join(RESULTS, 'analytics.md'), report(result));
      log(`likely duplicates: median ${likely.medianMs} ms, max ${likely.maxMs} ms (target ≤ ${TARGET_MS} ms): ${result.target.met ? 'met' : 'NOT met'}`);
    } finally {
      await db.close();
    }
  } finally {
    if (!KEEP) await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  }
}

function report(r: {
  measuredAt: string;
  machine: { cores: number; cpu?: string; memoryGb: number; node: string; loadAverage1m: number };
  graph: { nodes: number; relations: number };
  refresh: { seconds: number; nodesWithLikelyDuplicate: number };
  findings: { key: string; count: number; medianMs: number; maxMs: number }[];
  wholeRequestMedianMs: number;
  target: { likelyDuplicatesMs: number; met: boolean };
}): string {
  const n = (v: number) => v.toLocaleString('en');
  return [
    '# Analytics benchmark',
    '',
    `\`npm run bench -- analytics\` — ${r.measuredAt}, ${r.machine.cores} cores, ${r.machine.memoryGb} GB, Node ${r.machine.node}; 1-min load average at the end ${r.machine.loadAverage1m.toFixed(2)}.`,
    '',
    `PostgreSQL, ${n(r.graph.nodes)} nodes and ${n(r.graph.relations)} relations (bench/api/generate-sql.ts). Each quality finding of`,
    '`GET /api/analytics/quality` counted on its own, one warm-up and five rounds. The likely duplicates are read from',
    '`node_likely_duplicates`, which the server refreshes in the background (30 s after start, then every 15 minutes).',
    '',
    `Target: the likely-duplicates finding ≤ ${n(r.target.likelyDuplicatesMs)} ms at 1M nodes — **${r.target.met ? 'met' : 'not met'}**.`,
    '',
    '| finding | count | median | max |',
    '|---|---:|---:|---:|',
    ...r.findings.map((f) => `| ${f.key} | ${n(f.count)} | ${f.medianMs} ms | ${f.maxMs} ms |`),
    `| whole request (sum of medians) | | ${r.wholeRequestMedianMs} ms | |`,
    '',
    `Background refresh of the pairs: ${r.refresh.seconds} s, ${n(r.refresh.nodesWithLikelyDuplicate)} nodes with a likely duplicate`,
    '(the generator reuses Hetionet names with a " (k)" suffix, so most reused names are near-duplicates by design).',
    '',
  ].join('\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
