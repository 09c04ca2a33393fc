/**
 * npm run bench -- analytics [nodesPerType] [relationsPerType]: the Analytics page's quality
 * findings (GET /api/analytics/quality) on the large benchmark graph in PostgreSQL, default
 * 10 types × 100,000 = 1,000,000 nodes and 3,000,000 relations (bench/api/generate-sql.ts).
 *
 * The target: likely-duplicates finding stays ≤ 2 s at 1M nodes ("precomputed if need
 * be"). The pairs are precomputed by refreshLikelyDuplicates (modules/analytics/duplicates.ts) in
 * batches through a server on the database (its own pool, as the scheduled refresh runs), measured:
 * 1. the first fill (every node probed): nodes/s and total, while /api/health and a node search are
 *    requested every 50 ms through the server's HTTP port (their p50/p99/worst);
 *    BENCH_ANALYTICS_FILL_SECONDS=<s> stops it after that long (with BENCH_ANALYTICS_DB the next run
 *    goes on from where it stopped); BENCH_ANALYTICS_REFILL=1 starts it over;
 * 2. once filled: the refresh after 1,000 nodes were renamed (what a 15-minute refresh costs);
 * 3. what a request pays: each finding's count, timed one at a time, five rounds after one warm-up,
 *    as qualityFindings() runs them.
 * Writes bench/results/analytics.json and analytics.md (BENCH_RESULTS_DIR to write elsewhere).
 *
 * BENCH_ANALYTICS_DB=<name> keeps (and on the next run reuses) the loaded database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { refreshLikelyDuplicates, restartDuplicateRefresh, type DuplicateRefreshResult } from '../../src/server/modules/analytics/duplicates';
import { QUALITY_FINDINGS } from '../../src/server/modules/analytics/findings';
import { loadGraphSql } from '../api/generate-sql';

const NODES_PER_TYPE = process.argv[2] === 'pglite' ? 0 : Number(process.argv[2] ?? 100_000);
const RELATIONS_PER_TYPE = Number(process.argv[3] ?? 300_000);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const KEEP = process.env.BENCH_ANALYTICS_DB;
const FILL_SECONDS = process.env.BENCH_ANALYTICS_FILL_SECONDS ? Number(process.env.BENCH_ANALYTICS_FILL_SECONDS) : null;
const REFILL = process.env.BENCH_ANALYTICS_REFILL === '1';
const CHANGED = 1000;
const POLL_MS = 50;
const ROUNDS = 5;
const TARGET_MS = 2000;
const RESULTS = path.resolve(process.env.BENCH_RESULTS_DIR ?? path.resolve(import.meta.dirname, '../results'));

const log = (msg: string) => console.log(`[analytics] ${msg}`);
const withDatabase = (url: string, db: string) => {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
};
const ms = (t: number) => Math.round(t * 10) / 10;
const load = () => os.loadavg().map((l) => Math.round(l * 100) / 100);

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

interface Latency {
  requests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** Requests `urls` one after the other every POLL_MS until stopped; their latencies. */
function poll(urls: { label: string; url: string; headers?: Record<string, string> }[]) {
  const times: Record<string, number[]> = Object.fromEntries(urls.map((u) => [u.label, []]));
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const tick = performance.now();
      for (const u of urls) {
        const t0 = performance.now();
        const res = await fetch(u.url, { headers: u.headers });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${u.label}: ${res.status}`);
        times[u.label].push(performance.now() - t0);
      }
      await new Promise((r) => setTimeout(r, Math.max(0, POLL_MS - (performance.now() - tick))));
    }
  })();
  return async (): Promise<Record<string, Latency>> => {
    stopped = true;
    await loop;
    return Object.fromEntries(
      Object.entries(times).map(([label, t]) => {
        const sorted = [...t].sort((a, b) => a - b);
        const at = (q: number) => ms(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN);
        return [label, { requests: sorted.length, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: ms(sorted[sorted.length - 1] ?? NaN) }];
      }),
    );
  };
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
    // A server on the database (migrated by buildApp), without its own scheduled refresh: this script runs it.
    const app = await buildApp(testConfig({ databaseUrl: url }));
    const db = app.db;
    try {
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      const user = `bench_${Date.now()}`;
      const reg = await fetch(`${base}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: user, email: `${user}@example.org`, password: 'bench-password-1' }),
      });
      if (!reg.ok) throw new Error(`register: ${reg.status} ${await reg.text()}`);
      const { accessToken } = (await reg.json()) as { accessToken: string };
      const probes = [
        { label: 'health', url: `${base}/api/health` },
        { label: 'nodeSearch', url: `${base}/api/nodes?search=diabetes&limit=20`, headers: { authorization: `Bearer ${accessToken}` } },
      ];

      const [{ nodes, relations }] = await db.query<{ nodes: number; relations: number }>(
        'SELECT (SELECT count(*)::int FROM nodes) AS nodes, (SELECT count(*)::int FROM relations) AS relations',
      );
      if (REFILL) {
        await db.query('DELETE FROM node_likely_duplicates');
        await restartDuplicateRefresh(db);
      }
      const [state] = await db.query<{ filled: boolean; cursorAt: string | null }>(
        'SELECT probed_before IS NOT NULL AS filled, cursor_at::text AS "cursorAt" FROM node_duplicate_refresh',
      );

      // 1. The first fill (or its continuation), with the server answering meanwhile.
      let fill: { seconds: number; probed: number; batches: number; nodesPerSecond: number; complete: boolean; continued: boolean; latency: Record<string, Latency>; loadAverage: number[] } | null = null;
      if (!state.filled) {
        log(`${nodes} nodes, ${relations} relations; first fill of the likely duplicates${state.cursorAt ? ` (going on from ${state.cursorAt})` : ''}…`);
        const stopAfter = new AbortController();
        const timer = FILL_SECONDS === null ? undefined : setTimeout(() => stopAfter.abort(), FILL_SECONDS * 1000);
        let probedSoFar = 0;
        let lastLog = performance.now();
        const stopPolling = poll(probes);
        const r0 = performance.now();
        const result = await refreshLikelyDuplicates(db, {
          signal: stopAfter.signal,
          onBatch: (n) => {
            probedSoFar += n;
            if (performance.now() - lastLog > 30_000) {
              lastLog = performance.now();
              const s = (lastLog - r0) / 1000;
              log(`  ${probedSoFar} probed in ${Math.round(s)} s (${Math.round(probedSoFar / s)}/s), load ${load().join(' ')}`);
            }
          },
        });
        const seconds = (performance.now() - r0) / 1000;
        clearTimeout(timer);
        const latency = await stopPolling();
        if (result === null) throw new Error('Another refresh holds the lock: stop the server using this database first.');
        fill = { seconds: ms(seconds), probed: result.probed, batches: result.batches, nodesPerSecond: Math.round(result.probed / seconds), complete: result.complete, continued: state.cursorAt !== null, latency, loadAverage: load() };
        log(`fill: ${result.probed} probed in ${fill.seconds} s (${fill.nodesPerSecond}/s), ${result.complete ? 'complete' : 'stopped'}; ${JSON.stringify(latency)}`);
      }

      // 2. Once filled: the refresh after CHANGED renamed nodes. BENCH_ANALYTICS_INCREMENTAL=1 measures it on a
      // fill stopped part-way too: as if the fill had ended now, then the fill's cursor is put back.
      let incremental: (DuplicateRefreshResult & { seconds: number; changed: number; partFilled: boolean; loadAverage: number[] }) | null = null;
      const [saved] = await db.query<{ filled: boolean; pass_before: string | null; pass_started: string | null; cursor_at: string | null; cursor_id: string | null }>(
        'SELECT probed_before IS NOT NULL AS filled, pass_before::text, pass_started::text, cursor_at::text, cursor_id FROM node_duplicate_refresh',
      );
      const partFilled = !saved.filled && process.env.BENCH_ANALYTICS_INCREMENTAL === '1';
      if (partFilled) await db.query('UPDATE node_duplicate_refresh SET probed_before = now(), pass_before = NULL, cursor_at = NULL, cursor_id = NULL');
      if (saved.filled || partFilled) {
        await db.query(
          `UPDATE nodes SET name = name || ' *', updated_at = now()
            WHERE id IN (SELECT id FROM nodes ORDER BY md5(id::text || $1) LIMIT $2)`,
          [String(Date.now()), CHANGED],
        );
        const r0 = performance.now();
        const result = await refreshLikelyDuplicates(db);
        if (!result) throw new Error('Another refresh holds the lock.');
        incremental = { ...result, seconds: ms((performance.now() - r0) / 1000), changed: CHANGED, partFilled, loadAverage: load() };
        log(`incremental: ${CHANGED} renamed, ${result.probed} probed in ${incremental.seconds} s`);
        if (partFilled) {
          // The fill goes on from its cursor at the next run (the renamed nodes are past its end: the pass after it probes them).
          await db.query('UPDATE node_duplicate_refresh SET probed_before = NULL, pass_before = $1, pass_started = $2, cursor_at = $3, cursor_id = $4', [
            saved.pass_before,
            saved.pass_started,
            saved.cursor_at,
            saved.cursor_id,
          ]);
        }
      }

      // 3. What a request pays.
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
        machine: { cores: os.cpus().length, cpu: os.cpus()[0]?.model, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version, loadAverage: load() },
        graph: { nodes, relations, nodesPerType: NODES_PER_TYPE, relationsPerType: RELATIONS_PER_TYPE, generator: 'bench/api/generate-sql.ts', loadSeconds },
        fill,
        incremental,
        findings,
        wholeRequestMedianMs: wholeRequestMs,
        target: { likelyDuplicatesMs: TARGET_MS, met: likely.maxMs <= TARGET_MS },
      };
      fs.mkdirSync(RESULTS, { recursive: true });
      fs.writeFileSync(path.join(RESULTS, 'analytics.json'), JSON.stringify(result, null, 2) + '\n');
      fs.writeFileSync(path.join(RESULTS, 'analytics.md'), report(result));
      log(`likely duplicates: median ${likely.medianMs} ms, max ${likely.maxMs} ms (target ≤ ${TARGET_MS} ms): ${result.target.met ? 'met' : 'NOT met'}`);
    } finally {
      await app.close();
    }
  } finally {
    if (!KEEP) await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  }
}

function report(r: {
  measuredAt: string;
  machine: { cores: number; cpu?: string; memoryGb: number; node: string; loadAverage: number[] };
  graph: { nodes: number; relations: number };
  fill: { seconds: number; probed: number; batches: number; nodesPerSecond: number; complete: boolean; continued: boolean; latency: Record<string, Latency>; loadAverage: number[] } | null;
  incremental: { seconds: number; probed: number; batches: number; changed: number; partFilled: boolean; loadAverage: number[] } | null;
  findings: { key: string; count: number; medianMs: number; maxMs: number }[];
  wholeRequestMedianMs: number;
  target: { likelyDuplicatesMs: number; met: boolean };
}): string {
  const n = (v: number) => v.toLocaleString('en');
  const lines = [
    '# Analytics benchmark',
    '',
    `\`npm run bench -- analytics\` — ${r.measuredAt}, ${r.machine.cores} cores, ${r.machine.memoryGb} GB, Node ${r.machine.node}; load average (1/5/15 min) at the end ${r.machine.loadAverage.join(' / ')}.`,
    '',
    `PostgreSQL, ${n(r.graph.nodes)} nodes and ${n(r.graph.relations)} relations (bench/api/generate-sql.ts). Each quality finding of`,
    '`GET /api/analytics/quality` counted on its own, one warm-up and five rounds. The likely duplicates are read from',
    '`node_likely_duplicates`, which the server refreshes in the background, in batches (30 s after start, then every 15 minutes).',
    '',
    `Target: the likely-duplicates finding ≤ ${n(r.target.likelyDuplicatesMs)} ms at 1M nodes — **${r.target.met ? 'met' : 'not met'}**.`,
    '',
    '| finding | count | median | max |',
    '|---|---:|---:|---:|',
    ...r.findings.map((f) => `| ${f.key} | ${n(f.count)} | ${f.medianMs} ms | ${f.maxMs} ms |`),
    `| whole request (sum of medians) | | ${r.wholeRequestMedianMs} ms | |`,
    '',
  ];
  if (r.fill) {
    lines.push(
      `First fill${r.fill.continued ? ' (continued from an earlier run)' : ''}: ${n(r.fill.probed)} nodes probed in ${r.fill.seconds} s, ${n(r.fill.batches)} batches,`,
      `${n(r.fill.nodesPerSecond)} nodes/s, ${r.fill.complete ? 'complete' : 'stopped by BENCH_ANALYTICS_FILL_SECONDS (goes on at the next run)'}; load average ${r.fill.loadAverage.join(' / ')}.`,
      'Meanwhile, through the server on the same database, every 50 ms:',
      '',
      '| request | requests | p50 | p99 | worst |',
      '|---|---:|---:|---:|---:|',
      ...Object.entries(r.fill.latency).map(([label, l]) => `| ${label} | ${l.requests} | ${l.p50Ms} ms | ${l.p99Ms} ms | ${l.maxMs} ms |`),
      '',
    );
  }
  if (r.incremental) {
    lines.push(
      `Refresh after ${n(r.incremental.changed)} renamed nodes: ${n(r.incremental.probed)} probed (the renamed ones and those whose row named one) in`,
      `${r.incremental.seconds} s, ${r.incremental.batches} batches; load average ${r.incremental.loadAverage.join(' / ')}.`,
      ...(r.incremental.partFilled ? ['(Measured on the part-filled table, BENCH_ANALYTICS_INCREMENTAL=1: fewer rows name a renamed node than on a full one.)'] : []),
      '',
    );
  }
  return lines.join('\n');
}

/**
 * `npm run bench -- analytics pglite [nodes]`: the first fill on the embedded database (in memory,
 * default 100,000 nodes of one type, a third of them near-duplicates "<name> (1)", "<name> (2)"), with
 * /api/health and a node search requested every 50 ms through the server meanwhile (the import target's
 * target: p99 ≤ 100 ms, worst ≤ 500 ms), and first for BENCH_ANALYTICS_BASELINE_SECONDS (30) without
 * the refresh. Prints its figures; writes nothing.
 */
async function embedded(count: number) {
  const app = await buildApp(testConfig());
  try {
    const db = app.db;
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const reg = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench', email: 'bench@example.org', password: 'bench-password-1' }),
    });
    const { accessToken } = (await reg.json()) as { accessToken: string };
    await db.query(`INSERT INTO node_types (name) VALUES ('Term')`);
    const t0 = performance.now();
    for (let from = 0; from < count; from += 10_000) {
      await db.query(
        `INSERT INTO nodes (name, node_type_id)
         SELECT 'Term ' || md5((i / 3)::text) || CASE WHEN i % 3 > 0 THEN ' (' || (i % 3) || ')' ELSE '' END,
                (SELECT id FROM node_types WHERE name = 'Term')
           FROM generate_series($1::int, $2::int) i`,
        [from, Math.min(count, from + 10_000) - 1],
      );
    }
    const probes = [
      { label: 'health', url: `${base}/api/health` },
      // md5('1'): the three nodes "Term c4ca4238…", "… (1)", "… (2)".
      { label: 'nodeSearch', url: `${base}/api/nodes?search=c4ca4238&limit=20`, headers: { authorization: `Bearer ${accessToken}` } },
    ];
    const baselineSeconds = Number(process.env.BENCH_ANALYTICS_BASELINE_SECONDS ?? 30);
    log(`pglite: ${count} nodes written in ${ms((performance.now() - t0) / 1000)} s; ${baselineSeconds} s of requests without a refresh…`);
    const stopBaseline = poll(probes);
    await new Promise((r) => setTimeout(r, baselineSeconds * 1000));
    log(`pglite latencies without a refresh: ${JSON.stringify(await stopBaseline())}; first fill…`);
    const stopPolling = poll(probes);
    const stopAfter = new AbortController();
    const timer = FILL_SECONDS === null ? undefined : setTimeout(() => stopAfter.abort(), FILL_SECONDS * 1000);
    const r0 = performance.now();
    const result = await refreshLikelyDuplicates(db, { signal: stopAfter.signal });
    const seconds = (performance.now() - r0) / 1000;
    clearTimeout(timer);
    const latency = await stopPolling();
    const [{ n }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM node_likely_duplicates WHERE similar_to IS NOT NULL');
    log(
      `pglite fill: ${result?.probed} probed in ${ms(seconds)} s (${Math.round((result?.probed ?? 0) / seconds)}/s), ${result?.batches} batches, ` +
        `${result?.complete ? 'complete' : 'stopped'}, ${n} nodes with a likely duplicate; load ${load().join(' ')}`,
    );
    log(`pglite latencies during the fill: ${JSON.stringify(latency)}`);
  } finally {
    await app.close();
  }
}

(process.argv[2] === 'pglite' ? embedded(Number(process.argv[3] ?? 100_000)) : main()).catch((err) => {
  console.error(err);
  process.exit(1);
});
