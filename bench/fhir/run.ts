/**
 * FHIR terminology benchmark: `npm run bench -- fhir`.
 *
 * Per database: a fresh database with the API benchmark's graph (bench/api) and a synthetic SNOMED CT
 * catalogue (catalogue.ts), the real server as its own process, and autocannon driving, each at one
 * connection (latency without queueing) and at BENCH_CONNECTIONS:
 *   get node        GET /api/nodes/{id}                       (the yardstick for $lookup's throughput)
 *   lookup          GET /fhir/CodeSystem/$lookup?system=http://snomed.info/sct&code={code}
 *   validate-code   GET /fhir/CodeSystem/$validate-code?url=…&code={code}&display={its synonym}
 *   expand filter   GET /fhir/ValueSet/$expand?url=http://snomed.info/sct?fhir_vs&filter={3–8 letters}&count=20
 *   expand isa      the same on ?fhir_vs=isa/{a top-level concept} (an eighth of the catalogue)
 * Writes bench/results/fhir-<db>.json and bench/results/fhir.md; the load average at each
 * scenario's start is recorded beside its figures (the machine is shared).
 *
 * Environment (all optional):
 *   BENCH_DBS=pglite               pglite and/or postgres, in this order
 *   BENCH_DURATION=10  BENCH_WARMUP=2  BENCH_CONNECTIONS=32
 *   BENCH_FHIR_CONCEPTS=30000      PGlite: concepts (3 descriptions each: 90,000 rows)
 *   BENCH_NODES_PER_TYPE=2000  BENCH_RELATIONS_PER_TYPE=6000      PGlite graph (10 types)
 *   BENCH_PG_FHIR_CONCEPTS=533334  PostgreSQL: 1.6M descriptions, an International-size catalogue
 *   BENCH_PG_NODES_PER_TYPE=100000  BENCH_PG_RELATIONS_PER_TYPE=300000  PostgreSQL graph (1M nodes)
 *   BENCH_SCENARIOS=lookup,…       only these
 *   BENCH_SEED=20240601  BENCH_RESULTS_DIR=bench/results
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres  (a database kg_bench_fhir_<ts> is created and dropped)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Db } from '../../src/server/db/db';
import { openPglite } from '../../src/server/db/pglite/pglite';
import { openPostgres } from '../../src/server/db/postgres';
import { buildGraph, sampleIds } from '../api/dataset';
import { loadGraph } from '../api/generate';
import { loadGraphSql } from '../api/generate-sql';
import { cycler, getWith, runScenario, type Scenario, type ScenarioResult } from '../api/load';
import { ROOT, startServer } from '../api/server';
import { ROOT_ID, filterTerms, loadCatalogue, sampleConcepts } from './catalogue';

type DbKind = 'postgres' | 'pglite';
const env = process.env;
const int = (name: string, fallback: number) => (env[name] && Number.isFinite(Number(env[name])) ? Number(env[name]) : fallback);
const config = {
  dbs: (env.BENCH_DBS ?? 'pglite').split(',').map((s) => s.trim()).filter(Boolean) as DbKind[],
  seconds: int('BENCH_DURATION', 10),
  warmupSeconds: int('BENCH_WARMUP', 2),
  connections: int('BENCH_CONNECTIONS', 32),
  concepts: int('BENCH_FHIR_CONCEPTS', 30_000),
  nodesPerType: int('BENCH_NODES_PER_TYPE', 2_000),
  relationsPerType: int('BENCH_RELATIONS_PER_TYPE', 6_000),
  pgConcepts: int('BENCH_PG_FHIR_CONCEPTS', 533_334),
  pgNodesPerType: int('BENCH_PG_NODES_PER_TYPE', 100_000),
  pgRelationsPerType: int('BENCH_PG_RELATIONS_PER_TYPE', 300_000),
  seed: int('BENCH_SEED', 20240601),
  pgUrl: env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  scenarios: env.BENCH_SCENARIOS ? env.BENCH_SCENARIOS.split(',').map((s) => s.trim()) : null,
};
for (const db of config.dbs) if (db !== 'postgres' && db !== 'pglite') throw new Error(`BENCH_DBS: unknown database "${String(db)}"`);
const RESULTS_DIR = path.resolve(ROOT, env.BENCH_RESULTS_DIR ?? 'bench/results');
const SCT = 'http://snomed.info/sct';
const command = [...Object.keys(env).filter((k) => k.startsWith('BENCH_')).sort().map((k) => `${k}=${env[k]}`), 'npm run bench -- fhir'].join(' ');
const log = (msg: string) => console.log(`[bench fhir ${new Date().toISOString().slice(11, 19)}] ${msg}`);

const cleanups: (() => Promise<void> | void)[] = [];
async function cleanupAll() {
  while (cleanups.length) {
    try {
      await cleanups.pop()!();
    } catch (err) {
      console.error('cleanup failed:', err);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void cleanupAll().finally(() => process.exit(130)));

async function register(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench_admin', email: 'bench_admin@example.com', password: 'bench-password-1' }),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

interface Requests {
  nodeIds: string[];
  concepts: { code: string; display: string }[];
  filters: string[];
}

function scenarios(r: Requests): Scenario[] {
  const c = config.connections;
  const vs = (url: string) => encodeURIComponent(url);
  const top = `${ROOT_ID + 1}`;
  return [
    { name: 'get node', request: `GET /api/nodes/<${r.nodeIds.length} ids>`, connections: c, spec: () => getWith(((id) => () => `/api/nodes/${id()}`)(cycler(r.nodeIds))) },
    {
      name: 'lookup',
      request: `GET /fhir/CodeSystem/$lookup?system=${SCT}&code=<${r.concepts.length} codes>`,
      connections: c,
      spec: () => getWith(((k) => () => `/fhir/CodeSystem/$lookup?system=${vs(SCT)}&code=${k().code}`)(cycler(r.concepts))),
    },
    {
      name: 'validate-code',
      request: `GET /fhir/CodeSystem/$validate-code?url=${SCT}&code=<code>&display=<its synonym>`,
      connections: c,
      spec: () =>
        getWith(
          ((k) => () => {
            const x = k();
            return `/fhir/CodeSystem/$validate-code?url=${vs(SCT)}&code=${x.code}&display=${encodeURIComponent(x.display)}`;
          })(cycler(r.concepts)),
        ),
    },
    {
      name: 'expand filter',
      request: `GET /fhir/ValueSet/$expand?url=${SCT}?fhir_vs&filter=<${r.filters.length} filters, 3–8 letters>&count=20`,
      connections: c,
      spec: () => getWith(((f) => () => `/fhir/ValueSet/$expand?url=${vs(`${SCT}?fhir_vs`)}&filter=${encodeURIComponent(f())}&count=20`)(cycler(r.filters))),
    },
    {
      name: 'expand isa',
      request: `GET /fhir/ValueSet/$expand?url=${SCT}?fhir_vs=isa/${top}&filter=<3–8 letters>&count=20`,
      connections: c,
      spec: () => getWith(((f) => () => `/fhir/ValueSet/$expand?url=${vs(`${SCT}?fhir_vs=isa/${top}`)}&filter=${encodeURIComponent(f())}&count=20`)(cycler(r.filters))),
    },
  ];
}

async function probe(url: string, token: string, s: Scenario) {
  const p = (s.spec().setupRequest!({}, {}) as { path: string }).path;
  const res = await fetch(`${url}${p}`, { headers: { authorization: `Bearer ${token}`, accept: 'application/fhir+json' } });
  if (res.status !== 200) throw new Error(`probe ${p}: ${res.status} ${(await res.text()).slice(0, 300)}`);
}

type Measured = ScenarioResult & { loadAverage: number };

async function benchDatabase(kind: DbKind) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `kg-bench-fhir-${kind}-`));
  cleanups.push(() => fs.rmSync(tmp, { recursive: true, force: true }));
  let databaseUrl: string | undefined;
  let pgDatabase: string | null = null;
  let db: Db;
  const t0 = performance.now();
  let nodeIds: string[];
  const concepts = kind === 'postgres' ? config.pgConcepts : config.concepts;
  if (kind === 'postgres') {
    const name = `kg_bench_fhir_${Date.now()}`;
    pgDatabase = name;
    const admin = new pg.Client({ connectionString: config.pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: config.pgUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => c.end());
    });
    const u = new URL(config.pgUrl);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    const loaded = await loadGraphSql(databaseUrl, { nodesPerType: config.pgNodesPerType, relationsPerType: config.pgRelationsPerType, seed: config.seed }, { terms: 10, ids: 2000 }, log);
    nodeIds = loaded.ids;
    db = await openPostgres(databaseUrl, 2);
  } else {
    db = await openPglite({ dataDir: path.join(tmp, 'db') });
    const graph = buildGraph({ nodesPerType: config.nodesPerType, relationsPerType: config.relationsPerType, seed: config.seed });
    await loadGraph(db, graph, log);
    nodeIds = sampleIds(graph, 2000, config.seed + 2);
  }
  const graphSeconds = Math.round((performance.now() - t0) / 100) / 10;
  log(`${kind}: graph loaded in ${graphSeconds} s; generating ${concepts} concepts`);
  const t1 = performance.now();
  const catalogue = await loadCatalogue(db, concepts, log);
  const catalogueSeconds = Math.round((performance.now() - t1) / 100) / 10;
  const requests: Requests = { nodeIds, concepts: await sampleConcepts(db, concepts, 2000), filters: filterTerms(200) };
  log(`${kind}: catalogue in ${catalogueSeconds} s (${catalogue.descriptions} descriptions, ${catalogue.closurePairs} closure pairs)`);
  await db.close();

  const server = await startServer({ dataDir: tmp, databaseUrl, logFile: path.join(tmp, 'server.log'), env: { KG_DUPLICATES_FIRST_SECONDS: '86400' } });
  cleanups.push(server.stop);
  const token = await register(server.url);
  const all = scenarios(requests).filter((s) => !config.scenarios || config.scenarios.includes(s.name));
  for (const s of all) await probe(server.url, token, s);
  const unloaded: Measured[] = [];
  const loaded: Measured[] = [];
  const measure = async (s: Scenario): Promise<Measured> => {
    const loadAverage = Math.round(os.loadavg()[0] * 100) / 100;
    const r = await runScenario(server.url, token, s, { seconds: config.seconds, warmupSeconds: config.warmupSeconds, serverPid: server.pid, pgDatabase, acceptEncoding: 'gzip, deflate, br' });
    log(`${kind}: ${s.name} @${s.connections}: ${r.requestsPerSecond} req/s, p50 ${r.latencyMs.p50} ms, p95 ${r.latencyMs.p95} ms, non-2xx ${r.non2xx}, load ${loadAverage}`);
    return { ...r, loadAverage };
  };
  for (const s of all) {
    unloaded.push(await measure({ ...s, connections: 1 }));
    loaded.push(await measure(s));
  }
  await server.stop();
  return { database: kind, concepts, descriptions: catalogue.descriptions, closurePairs: catalogue.closurePairs, graphSeconds, catalogueSeconds, unloaded, loaded };
}

type Result = Awaited<ReturnType<typeof benchDatabase>>;

function markdown(results: (Result & { command: string; date: string })[]): string {
  const lines = ['# FHIR terminology benchmark', '', 'Written by `npm run bench -- fhir` (bench/fhir/run.ts). Targets (issue text): `$lookup` p50 ≤ 3 ms at one connection and ≥ 0.8× the throughput of `GET /api/nodes/{id}` at 32; `$validate-code` p95 ≤ 5 ms; `$expand` with a 3–8 letter filter and count=20 p95 ≤ 20 ms.', ''];
  for (const r of results) {
    const by = (list: Measured[], name: string) => list.find((s) => s.name === name);
    lines.push(`## ${r.database}: ${r.concepts.toLocaleString('en')} concepts, ${r.descriptions.toLocaleString('en')} descriptions`, '', `\`${r.command}\` on ${r.date}`, '');
    lines.push('| scenario | 1 conn p50 | 1 conn p95 | 1 conn req/s | 32 conn p50 | 32 conn p95 | 32 conn req/s | load avg (1 / 32) |', '|---|---|---|---|---|---|---|---|');
    for (const s of r.loaded) {
      const u = by(r.unloaded, s.name)!;
      lines.push(`| ${s.name} | ${u.latencyMs.p50} ms | ${u.latencyMs.p95} ms | ${u.requestsPerSecond} | ${s.latencyMs.p50} ms | ${s.latencyMs.p95} ms | ${s.requestsPerSecond} | ${u.loadAverage} / ${s.loadAverage} |`);
    }
    const node = by(r.loaded, 'get node');
    const lookup = by(r.loaded, 'lookup');
    if (node && lookup) lines.push('', `$lookup throughput at ${lookup.connections} connections: ${(lookup.requestsPerSecond / node.requestsPerSecond).toFixed(2)}× GET /api/nodes/{id}.`);
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}

/** fhir.md from every fhir-<db>.json in the results folder (a run of one database keeps the other's figures). */
function writeReport() {
  const results = (['pglite', 'postgres'] as const)
    .map((kind) => path.join(RESULTS_DIR, `fhir-${kind}.json`))
    .filter((file) => fs.existsSync(file))
    .map((file) => JSON.parse(fs.readFileSync(file, 'utf8')) as Result & { command: string; date: string });
  fs.writeFileSync(path.join(RESULTS_DIR, 'fhir.md'), markdown(results));
}

async function main() {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  // `npm run bench -- fhir --report`: only rewrite fhir.md from the JSON results.
  if (process.argv.includes('--report')) return writeReport();
  log(`config ${JSON.stringify(config)}`);
  for (const kind of config.dbs) {
    const date = new Date().toISOString();
    const result = await benchDatabase(kind);
    await cleanupAll();
    const out = { benchmark: 'fhir', command, date, machine: { nproc: os.availableParallelism(), cpu: os.cpus()[0]?.model ?? 'unknown', node: process.version }, config, ...result };
    fs.writeFileSync(path.join(RESULTS_DIR, `fhir-${kind}.json`), `${JSON.stringify(out, null, 2)}\n`);
  }
  writeReport();
  log(`wrote ${path.relative(ROOT, path.join(RESULTS_DIR, 'fhir.md'))}`);
}

try {
  await main();
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await cleanupAll();
}
