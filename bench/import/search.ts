/**
 * Catalogue search only: `npm run bench -- import search`.
 *
 * The full import takes minutes, so this keeps one PostgreSQL database with the generated
 * International-size catalogue (imported through the server's RF2 import on first use, then
 * reused) and measures only `GET /api/snomed/concepts?search=…` — the same queries, warm-up and
 * sequential timing as the search part of `npm run bench -- import`. The server starts on the
 * kept database, so new migrations (indexes) are applied first; their time is reported as the
 * server's start-up time. Writes bench/results/import-search.json and import-search.md.
 *
 * Environment (all optional):
 *   BENCH_SEARCH_DB=kg_bench_search   the kept database   BENCH_SEARCH_FRESH=1  drop it and import again
 *   BENCH_SEARCH_DROP=1               drop it at the end  BENCH_RF2_ROWS=1600000   BENCH_SEARCHES=200
 *   BENCH_SEARCH_LABEL=…              a note for the report (e.g. the commit measured)
 *   BENCH_SEARCH_BY=concept           the concept search (`by=concept`) instead of description rows
 *   BENCH_SEARCH_KEEP=1               use the database as it is, whatever its row count (e.g. a
 *                                     release database kept by `BENCH_KEEP_DBS=1 npm run bench -- import`)
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres   BENCH_RESULTS_DIR=bench/results
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ROOT } from '../api/server';
import { summarize, type LatencySummary } from '../api/stats';
import type { RunningServer } from '../api/server';
import { importSnomed, searchLatencies, withServer } from './drive';
import { readGps, searchTerms, writeGeneratedRf2 } from './files';

const env = process.env;
const rows = Number(env.BENCH_RF2_ROWS ?? 1_600_000);
const searches = Number(env.BENCH_SEARCHES ?? 200);
const dbName = env.BENCH_SEARCH_DB ?? 'kg_bench_search';
if (!/^[a-z_][a-z0-9_]*$/.test(dbName)) throw new Error(`BENCH_SEARCH_DB must be a plain identifier: ${dbName}`);
const byConcept = env.BENCH_SEARCH_BY === 'concept';
const pgUrl = env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const resultsDir = path.resolve(ROOT, env.BENCH_RESULTS_DIR ?? 'bench/results');
env.KG_SNOMED_IMPORT_MAX_MB = env.KG_SNOMED_IMPORT_MAX_MB ?? '1024';
const log = (msg: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${msg}`);

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function dbUrl(): string {
  const url = new URL(pgUrl);
  url.pathname = `/${dbName}`;
  return url.toString();
}

/** Rows in the kept catalogue, or null when the database (or its table) is missing. */
async function catalogueRows(): Promise<number | null> {
  const exists = await admin((c) => c.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName]));
  if (exists.rowCount === 0) return null;
  const client = new pg.Client({ connectionString: dbUrl() });
  await client.connect();
  try {
    return Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM snomed_concepts')).rows[0].n);
  } catch {
    return null;
  } finally {
    await client.end();
  }
}

/** One authenticated request that does almost nothing: session check, an empty list, JSON. */
async function floorLatency(server: RunningServer, token: string): Promise<number> {
  const start = performance.now();
  const res = await fetch(`${server.url}/api/nodetypes`, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`floor: ${res.status}`);
  return performance.now() - start;
}

const drop = () => admin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'kg-bench-search-'));
  try {
    const gps = readGps();
    if (env.BENCH_SEARCH_FRESH === '1') await drop();
    let imported: number | null = null;
    const kept = await catalogueRows();
    if (env.BENCH_SEARCH_KEEP === '1' && kept === null) throw new Error(`BENCH_SEARCH_KEEP=1: no catalogue in ${dbName}`);
    if (env.BENCH_SEARCH_KEEP !== '1' && kept !== rows) {
      await drop();
      await admin((c) => c.query(`CREATE DATABASE ${dbName}`));
      const file = await writeGeneratedRf2(work, rows, gps);
      log(`generated RF2: ${rows} rows, ${(file.bytes / 1e6).toFixed(0)} MB; importing into ${dbName}`);
      const start = performance.now();
      const outcome = await withServer({ dataDir: work, databaseUrl: dbUrl(), logDir: work, name: 'search-import' }, (server, token) => importSnomed(server, token, file.path));
      if (outcome.summary.created !== rows) throw new Error(`import created ${outcome.summary.created} of ${rows}: ${outcome.message}`);
      imported = performance.now() - start;
      log(`imported in ${(imported / 1000).toFixed(1)} s`);
      fs.rmSync(file.path, { force: true });
    } else log(`reusing ${dbName} (${kept} rows)`);
    const catalogue = imported !== null ? rows : (kept ?? rows);
    const extra = byConcept ? '&by=concept' : '';

    const terms = searchTerms(gps, searches + 20);
    const started = performance.now();
    const result = await withServer({ dataDir: work, databaseUrl: dbUrl(), logDir: work, name: 'search' }, async (server, token) => {
      const startMs = performance.now() - started;
      await searchLatencies(server, token, terms.slice(0, 20), extra); // warm-up
      // Each search is followed by the floor request, so both see the same machine load.
      const latencies: number[] = [];
      const floor: number[] = [];
      for (const term of terms.slice(20)) {
        latencies.push(...(await searchLatencies(server, token, [term], extra)));
        floor.push(await floorLatency(server, token));
      }
      return { startMs, latencies, floor };
    });
    // Kinds as in run.ts: i % 4 of the term list — 0, 1 common words, 2 concept ids, 3 first words of terms.
    const kindOf = (i: number) => (i + 20) % 4;
    const byKind: Record<string, LatencySummary> = {
      all: summarize(result.latencies),
      commonWords: summarize(result.latencies.filter((_, i) => kindOf(i) < 2)),
      conceptIds: summarize(result.latencies.filter((_, i) => kindOf(i) === 2)),
      firstWordsOfTerms: summarize(result.latencies.filter((_, i) => kindOf(i) === 3)),
      'floor: GET /api/nodetypes': summarize(result.floor),
    };
    const loadAverage = os.loadavg()[0];
    const report = { date: new Date().toISOString(), label: env.BENCH_SEARCH_LABEL ?? null, by: byConcept ? 'concept' : 'row', database: dbName, rows: catalogue, searches, serverStartMs: Math.round(result.startMs), importMs: imported && Math.round(imported), loadAverage, byKind };
    fs.mkdirSync(resultsDir, { recursive: true });
    fs.writeFileSync(path.join(resultsDir, 'import-search.json'), JSON.stringify(report, null, 2) + '\n');
    const ms = (x: number) => `${x.toFixed(2)} ms`;
    const target = byConcept ? 20 : 30;
    const md = [
      byConcept ? '# Concept search benchmark' : '# Catalogue search benchmark',
      '',
      `\`npm run bench -- import search\` — ${report.date}${report.label ? ` (${report.label})` : ''}, ${os.cpus().length} cores, Node ${process.version}; 1-min load average at the end ${loadAverage.toFixed(2)} (the machine is shared).`,
      '',
      `\`GET /api/snomed/concepts?page=1&limit=10&search=…${extra}\` on PostgreSQL with the generated ${catalogue.toLocaleString('en')}-row catalogue (database ${dbName}), ${searches} sequential requests after 20 warm-up requests. Server start (migrations included): ${(report.serverStartMs / 1000).toFixed(1)} s.`,
      '',
      'The last row is the floor: an authenticated request that does almost nothing (the empty node type list), timed right after each search — what any request costs at the machine\'s load.',
      '',
      `Target p95 ≤ ${target} ms: **${byKind.all.p95 <= target ? 'met' : 'not met'}** (${ms(byKind.all.p95)}).`,
      '',
      '| queries | n | mean | p50 | p95 | p99 | max |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...Object.entries(byKind).map(([k, s]) => `| ${k} | ${s.n} | ${ms(s.mean)} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} |`),
      '',
    ].join('\n');
    fs.writeFileSync(path.join(resultsDir, 'import-search.md'), md);
    console.log(md);
    if (env.BENCH_SEARCH_DROP === '1') await drop();
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
