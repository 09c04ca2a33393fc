/**
 * API benchmark: `npm run bench -- api`.
 *
 * For each database (PostgreSQL, then PGlite): a fresh database, the benchmark graph loaded
 * with SQL (bench/api/generate.ts), the search floor timed with bare SQL, then the real server
 * started as its own process and driven with autocannon. Writes bench/results/api-<db>.json
 * and bench/results/api.md. Servers, temporary directories and databases are removed at the
 * end, also on failure or Ctrl-C.
 *
 * Environment (all optional):
 *   BENCH_DBS=postgres,pglite     which databases, in this order
 *   BENCH_DURATION=10             seconds measured per scenario
 *   BENCH_GLOBAL_DURATION=30      seconds measured for the global graph (each request takes
 *                                 0.5–5 s: 10 s would give too few samples for a p95)
 *   BENCH_WARMUP=2                seconds of unmeasured warm-up per scenario
 *   BENCH_CONNECTIONS=32          concurrent connections (global graph: BENCH_GLOBAL_CONNECTIONS=4)
 *   BENCH_UNLOADED_CONNECTIONS=1  each scenario also runs at this concurrency first, for its
 *                                 latency without queueing (0 = skip)
 *   BENCH_NODES_PER_TYPE=10000    PGlite: 10 types, so 100,000 nodes (built in Node, generate.ts)
 *   BENCH_RELATIONS_PER_TYPE=30000  PGlite: 300,000 relations
 *   BENCH_PG_NODES_PER_TYPE=100000  PostgreSQL: 1,000,000 nodes (generated in SQL, generate-sql.ts)
 *   BENCH_PG_RELATIONS_PER_TYPE=300000  PostgreSQL: 3,000,000 relations
 *   BENCH_PG_TEMPLATE             copy this database (one the generator loaded with the same sizes
 *                                 and seed) instead of generating: a rerun in seconds, not minutes
 *   BENCH_GLOBAL_LIMIT            the global graph's limit: the whole type up to 10,000 nodes per
 *                                 type, else unset (the server's default cap, 5,000 nodes)
 *   BENCH_ACCEPT_ENCODING='gzip, deflate, br'  sent with every request, as a browser does
 *   BENCH_FLOOR_RUNS=1000         sequential runs of the bare search SQL
 *   BENCH_QUIET_WAIT=600          before each database, and BENCH_QUIET_WAIT_SCENARIO=120 before
 *   BENCH_QUIET_PERCENT=30        each scenario, wait up to this many seconds for other work on
 *                                 the machine (a shared one) to use less than this % of one core
 *   BENCH_SCENARIOS=search,list   run only these scenarios (by name: list, search, get one,
 *                                 focused graph, global graph, create); all when unset
 *   BENCH_SEED=20240601
 *   BENCH_RESULTS_DIR=bench/results  where the JSON and markdown go
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres  (a database named kg_bench_<ts> is created and dropped)
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Db } from '../../src/server/db/db';
import { openPglite } from '../../src/server/db/pglite/pglite';
import { openPostgres } from '../../src/server/db/postgres';
import { buildGraph, sampleIds, searchTerms } from './dataset';
import { waitForQuietMachine } from './cpu';
import { measureSearchFloor, type FloorResult } from './floor';
import { loadGraph } from './generate';
import { loadGraphSql } from './generate-sql';
import { cycler, getWith, runScenario, type Scenario, type ScenarioResult } from './load';
import { RESULTS_DIR, writeMarkdown } from './report';
import { ROOT, startServer } from './server';
import { wireSizes, type WireSize } from './wire';

type DbKind = 'postgres' | 'pglite';

const env = process.env;
const int = (name: string, fallback: number) => {
  const v = Number(env[name]);
  return env[name] && Number.isFinite(v) ? v : fallback;
};
const config = {
  dbs: (env.BENCH_DBS ?? 'postgres,pglite').split(',').map((s) => s.trim()).filter(Boolean) as DbKind[],
  seconds: int('BENCH_DURATION', 10),
  globalSeconds: int('BENCH_GLOBAL_DURATION', 30),
  warmupSeconds: int('BENCH_WARMUP', 2),
  connections: int('BENCH_CONNECTIONS', 32),
  globalConnections: int('BENCH_GLOBAL_CONNECTIONS', 4),
  unloadedConnections: int('BENCH_UNLOADED_CONNECTIONS', 1),
  nodesPerType: int('BENCH_NODES_PER_TYPE', 10_000),
  relationsPerType: int('BENCH_RELATIONS_PER_TYPE', 30_000),
  pgNodesPerType: int('BENCH_PG_NODES_PER_TYPE', 100_000),
  pgRelationsPerType: int('BENCH_PG_RELATIONS_PER_TYPE', 300_000),
  globalLimit: env.BENCH_GLOBAL_LIMIT ? Number(env.BENCH_GLOBAL_LIMIT) : null,
  acceptEncoding: env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br',
  floorRuns: int('BENCH_FLOOR_RUNS', 1000),
  seed: int('BENCH_SEED', 20240601),
  quietWaitSeconds: int('BENCH_QUIET_WAIT', 600),
  quietWaitScenarioSeconds: int('BENCH_QUIET_WAIT_SCENARIO', 120),
  quietPercent: int('BENCH_QUIET_PERCENT', 30),
  pgUrl: env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  pgTemplate: env.BENCH_PG_TEMPLATE ?? null,
  scenarios: env.BENCH_SCENARIOS ? env.BENCH_SCENARIOS.split(',').map((s) => s.trim()) : null,
};
for (const db of config.dbs) if (db !== 'postgres' && db !== 'pglite') throw new Error(`BENCH_DBS: unknown database "${String(db)}"`);

const SEARCH_TERMS = 200;
const SAMPLE_IDS = 2000;

/** The command as typed, with the BENCH_* overrides that were set. */
const command = [
  ...Object.keys(env)
    .filter((k) => k.startsWith('BENCH_'))
    .sort()
    .map((k) => `${k}=${env[k]}`),
  'npm run bench -- api',
].join(' ');

const log = (msg: string) => console.log(`[bench api ${new Date().toISOString().slice(11, 19)}] ${msg}`);

// Cleanup stack: run in reverse on success, failure or signal.
const cleanups: { label: string; fn: () => Promise<void> | void }[] = [];
async function cleanupAll() {
  while (cleanups.length) {
    const { label, fn } = cleanups.pop()!;
    try {
      await fn();
    } catch (err) {
      console.error(`cleanup (${label}) failed:`, err);
    }
  }
}
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    log(`${signal}: cleaning up`);
    void cleanupAll().finally(() => process.exit(130));
  });
}

function machine() {
  const sh = (cmd: string) => {
    try {
      return execSync(cmd, { cwd: ROOT, encoding: 'utf8' }).trim();
    } catch {
      return null;
    }
  };
  return {
    nproc: Number(sh('nproc') ?? os.availableParallelism()),
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    gitCommit: sh('git rev-parse --short HEAD'),
  };
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

function dirBytes(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    total += entry.isDirectory() ? dirBytes(p) : fs.statSync(p).size;
  }
  return total;
}

async function register(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench_admin', email: 'bench_admin@example.com', password: 'bench-password-1' }),
  });
  if (res.status === 409) {
    // A database copied from a kept one (BENCH_PG_KEEP, BENCH_PG_TEMPLATE) has the account already.
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'bench_admin', password: 'bench-password-1' }),
    });
    if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
    return ((await login.json()) as { accessToken: string }).accessToken;
  }
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { accessToken: string; user: { role?: string | null } };
  return body.accessToken;
}

/** What a database was loaded with, and what the scenarios request from it. */
interface Dataset {
  generator: string;
  nodeTypes: string[];
  relationTypes: string[];
  nodes: number;
  relations: number;
  nodesPerType: number;
  relationsPerType: number;
  suffixedNames: number;
  borrowedNames: number;
  terms: string[];
  ids: string[];
  /** The global graph's limit (null: the server's default cap); whole types up to 10,000 nodes. */
  globalLimit: number | null;
}

const globalLimitFor = (nodesPerType: number) => config.globalLimit ?? (nodesPerType <= 10_000 ? nodesPerType : null);
const globalPath = (ds: Dataset, type: string) =>
  `/api/graph?nodeTypes=${encodeURIComponent(type)}${ds.globalLimit === null ? '' : `&limit=${ds.globalLimit}`}`;

function scenarios(ds: Dataset): Scenario[] {
  const { terms, ids } = ds;
  const c = config.connections;
  const runTag = Date.now().toString(36);
  let created = 0;
  const createType = cycler(ds.nodeTypes);
  return [
    { name: 'list', request: 'GET /api/nodes?limit=25', connections: c, spec: () => getWith(() => '/api/nodes?limit=25') },
    {
      name: 'search',
      request: `GET /api/nodes?search=<${terms.length} terms, 3–8 letters>&limit=25`,
      connections: c,
      spec: () => {
        const term = cycler(terms);
        return getWith(() => `/api/nodes?search=${encodeURIComponent(term())}&limit=25`);
      },
    },
    {
      name: 'get one',
      request: `GET /api/nodes/<${ids.length} ids>`,
      connections: c,
      spec: () => {
        const id = cycler(ids);
        return getWith(() => `/api/nodes/${id()}`);
      },
    },
    {
      name: 'focused graph',
      request: `GET /api/graph?focus=<${ids.length} ids> (depth 1)`,
      connections: c,
      spec: () => {
        const id = cycler([...ids].reverse());
        return getWith(() => `/api/graph?focus=${id()}`);
      },
    },
    {
      name: 'global graph',
      request:
        ds.globalLimit === null
          ? `GET /api/graph?nodeTypes=<type> (of ${ds.nodesPerType.toLocaleString('en')} nodes / ${ds.relationsPerType.toLocaleString('en')} relations each: capped at the default 5,000 nodes)`
          : `GET /api/graph?nodeTypes=<type>&limit=${ds.globalLimit} (${ds.nodesPerType} nodes, ${ds.relationsPerType} relations each)`,
      connections: config.globalConnections,
      seconds: config.globalSeconds,
      spec: () => {
        const type = cycler(ds.nodeTypes);
        return getWith(() => globalPath(ds, type()));
      },
    },
    {
      name: 'create',
      request: 'POST /api/nodes {name: <unique>, nodeType}',
      connections: c,
      spec: () => ({
        method: 'POST',
        path: '/api/nodes',
        setupRequest: (req) => ({
          ...req,
          headers: { ...req.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ name: `bench ${runTag} ${++created}`, nodeType: createType(), description: 'Created by the API benchmark' }),
        }),
      }),
    },
  ];
}

/** One request per scenario before measuring: fails fast on a broken route, and checks the global graph's size. */
async function probe(url: string, token: string, ds: Dataset) {
  const { ids, terms } = ds;
  const get = async (p: string) => {
    const res = await fetch(`${url}${p}`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`probe ${p}: ${res.status} ${(await res.text()).slice(0, 300)}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  await get('/api/nodes?limit=25');
  await get(`/api/nodes?search=${encodeURIComponent(terms[0])}&limit=25`);
  await get(`/api/nodes/${ids[0]}`);
  await get(`/api/graph?focus=${ids[0]}`);
  const g = (await get(globalPath(ds, ds.nodeTypes[0]))) as { nodes: unknown[]; relations: unknown[]; truncated: boolean };
  const whole = ds.globalLimit !== null && ds.globalLimit >= ds.nodesPerType;
  const expected = whole
    ? g.nodes.length === ds.nodesPerType && g.relations.length === ds.relationsPerType && !g.truncated
    : g.nodes.length === (ds.globalLimit ?? 5000) && g.truncated;
  if (!expected) {
    throw new Error(`global graph probe: ${g.nodes.length} nodes, ${g.relations.length} relations, truncated=${g.truncated}`);
  }
  return { globalGraphNodes: g.nodes.length, globalGraphRelations: g.relations.length };
}

interface DbResult {
  database: DbKind;
  databaseVersion: string;
  databaseBytes: number;
  generationSeconds: number;
  floor: FloorResult & { loadAverageAtStart: number };
  scenarios: ScenarioResult[];
  /** The same scenarios at BENCH_UNLOADED_CONNECTIONS (1): latency without queueing. */
  unloaded: ScenarioResult[];
  verified: { globalGraphNodes: number; globalGraphRelations: number };
  /** One answer per read scenario under each Accept-Encoding (bench/api/wire.ts). */
  wire: Record<string, WireSize[]>;
}

/** PGlite: the graph built in Node (dataset.ts) and inserted in batches. */
function memoryDataset(): { ds: Dataset; load: (db: Db) => Promise<void> } {
  const t0 = performance.now();
  const graph = buildGraph({ nodesPerType: config.nodesPerType, relationsPerType: config.relationsPerType, seed: config.seed });
  log(`graph built in ${Math.round(performance.now() - t0)} ms: ${graph.nodes.length} nodes, ${graph.relations.length} relations`);
  const ds: Dataset = {
    generator: 'bench/api/dataset.ts + generate.ts (built in Node, inserted in batches of unnest arrays)',
    nodeTypes: graph.nodeTypes,
    relationTypes: graph.relationTypes,
    nodes: graph.nodes.length,
    relations: graph.relations.length,
    nodesPerType: config.nodesPerType,
    relationsPerType: config.relationsPerType,
    suffixedNames: graph.suffixedNames,
    borrowedNames: graph.borrowedNames,
    terms: searchTerms(graph, SEARCH_TERMS, config.seed + 1),
    ids: sampleIds(graph, SAMPLE_IDS, config.seed + 2),
    globalLimit: globalLimitFor(config.nodesPerType),
  };
  return { ds, load: (db) => loadGraph(db, graph, log) };
}

async function benchDatabase(kind: DbKind): Promise<DbResult & { dataset: Dataset }> {
  let ds: Dataset | undefined;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `kg-bench-${kind}-`));
  cleanups.push({ label: `remove ${tmp}`, fn: () => fs.rmSync(tmp, { recursive: true, force: true }) });
  let databaseUrl: string | undefined;
  let pgDatabase: string | null = null;
  let db: Db;
  let runSql: (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;
  let closeFloor: () => Promise<void>;

  if (kind === 'postgres') {
    const name = `kg_bench_${Date.now()}`;
    pgDatabase = name;
    const admin = new pg.Client({ connectionString: config.pgUrl });
    await admin.connect();
    if (config.pgTemplate && !/^\w+$/.test(config.pgTemplate)) throw new Error('BENCH_PG_TEMPLATE: a plain database name');
    await admin.query(`CREATE DATABASE ${name}${config.pgTemplate ? ` TEMPLATE ${config.pgTemplate}` : ''}`);
    await admin.end();
    log(`created database ${name}`);
    // BENCH_PG_KEEP=1 keeps the loaded database for later runs (BENCH_PG_TEMPLATE=<its name>) or by-hand probes.
    if (env.BENCH_PG_KEEP === '1') log(`keeping database ${name} (BENCH_PG_KEEP=1)`);
    else cleanups.push({
      label: `drop database ${name}`,
      fn: async () => {
        const c = new pg.Client({ connectionString: config.pgUrl });
        await c.connect();
        try {
          await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          log(`dropped database ${name}`);
        } finally {
          await c.end();
        }
      },
    });
    databaseUrl = withDatabase(config.pgUrl, name);
    db = await openPostgres(databaseUrl, 4);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    runSql = async (sql, params) => (await client.query(sql, params)).rows;
    closeFloor = () => client.end();
  } else {
    const pglite = await openPglite({ dataDir: path.join(tmp, 'db') });
    db = pglite;
    runSql = (sql, params) => pglite.query(sql, params);
    closeFloor = async () => undefined;
  }
  let closed = false;
  const closeDb = async () => {
    if (closed) return;
    closed = true;
    await closeFloor();
    await db.close();
  };
  cleanups.push({ label: 'close generator connection', fn: closeDb });

  const t0 = performance.now();
  if (kind === 'postgres') {
    const size = { nodesPerType: config.pgNodesPerType, relationsPerType: config.pgRelationsPerType, seed: config.seed };
    const loaded = await loadGraphSql(databaseUrl!, size, { terms: SEARCH_TERMS, ids: SAMPLE_IDS }, (msg) => log(`${kind}: ${msg}`));
    ds = {
      generator: `bench/api/generate-sql.ts (generate_series inside PostgreSQL)${config.pgTemplate ? `, copied from the database ${config.pgTemplate} it loaded earlier (load time = the copy)` : ''}`,
      ...loaded,
      nodesPerType: size.nodesPerType,
      relationsPerType: size.relationsPerType,
      globalLimit: globalLimitFor(size.nodesPerType),
    };
  } else {
    const memory = memoryDataset();
    ds = memory.ds;
    await memory.load(db);
  }
  const { terms } = ds;
  const generationSeconds = Math.round((performance.now() - t0) / 100) / 10;
  log(`${kind}: loaded in ${generationSeconds} s`);
  const [{ version }] = await db.query<{ version: string }>('SELECT version()');

  log(`${kind}: search floor, ${config.floorRuns} sequential runs over ${terms.length} terms`);
  await waitForQuietMachine(config.quietWaitScenarioSeconds, config.quietPercent, (msg) => log(`${kind}: ${msg}`));
  const floorLoadAverage = Math.round(os.loadavg()[0] * 100) / 100;
  const floor = { ...(await measureSearchFloor(runSql, terms, config.floorRuns)), loadAverageAtStart: floorLoadAverage };
  log(`${kind}: floor p50 ${floor.total.p50} ms, p95 ${floor.total.p95} ms`);
  let databaseBytes: number;
  if (kind === 'postgres') {
    databaseBytes = Number((await db.query<{ b: number }>('SELECT pg_database_size(current_database()) AS b'))[0].b);
  }
  // PGlite is single-process: close it before the server opens the same directory.
  await closeDb();
  if (kind === 'pglite') databaseBytes = dirBytes(path.join(tmp, 'db'));

  // The likely-duplicates refresh's first pass over a freshly loaded 1M-node database runs for hours
  // on one core (bench/results/analytics-notes.md): pushed out, so the figures are the API's own.
  const server = await startServer({ dataDir: tmp, databaseUrl, logFile: path.join(tmp, 'server.log'), env: { KG_DUPLICATES_FIRST_SECONDS: '86400' } });
  cleanups.push({ label: `stop server ${server.pid}`, fn: server.stop });
  log(`${kind}: server pid ${server.pid} on ${server.url}`);
  const token = await register(server.url);
  const verified = await probe(server.url, token, ds);
  // Bytes on the wire of one answer per read scenario, under each Accept-Encoding.
  const wire: Record<string, WireSize[]> = {};
  for (const [name, p] of [
    ['list', '/api/nodes?limit=25'],
    ['search', `/api/nodes?search=${encodeURIComponent(ds.terms[0])}&limit=25`],
    ['get one', `/api/nodes/${ds.ids[0]}`],
    ['focused graph', `/api/graph?focus=${ds.ids[0]}`],
    ['global graph', globalPath(ds, ds.nodeTypes[0])],
  ] as const) {
    wire[name] = await wireSizes(server.url, p, token);
  }

  const results: ScenarioResult[] = [];
  const unloaded: ScenarioResult[] = [];
  const measure = async (s: Scenario) => {
    await waitForQuietMachine(config.quietWaitScenarioSeconds, config.quietPercent, (msg) => log(`${kind}: ${msg}`));
    log(`${kind}: ${s.name} (${s.connections} connections, ${config.warmupSeconds} s warm-up + ${s.seconds ?? config.seconds} s)`);
    const r = await runScenario(server.url, token, s, { seconds: s.seconds ?? config.seconds, warmupSeconds: config.warmupSeconds, serverPid: server.pid, pgDatabase, acceptEncoding: config.acceptEncoding });
    log(
      `${kind}: ${s.name} @${s.connections}: ${r.requestsPerSecond} req/s, p50 ${r.latencyMs.p50} ms, p95 ${r.latencyMs.p95} ms, p99 ${r.latencyMs.p99} ms, errors ${r.errors}, non-2xx ${r.non2xx}`,
    );
    return r;
  };
  const all = scenarios(ds);
  const unknown = config.scenarios?.filter((name) => !all.some((s) => s.name === name)) ?? [];
  if (unknown.length > 0) throw new Error(`BENCH_SCENARIOS: unknown scenario(s) ${unknown.join(', ')} (known: ${all.map((s) => s.name).join(', ')})`);
  for (const s of all) {
    if (config.scenarios && !config.scenarios.includes(s.name)) continue;
    if (config.unloadedConnections > 0) unloaded.push(await measure({ ...s, connections: config.unloadedConnections }));
    results.push(await measure(s));
  }
  await server.stop();
  return { database: kind, dataset: ds, databaseVersion: version, databaseBytes: databaseBytes!, generationSeconds, floor, scenarios: results, unloaded, verified, wire };
}

async function main() {
  if (process.argv.includes('--report')) {
    log(`wrote ${path.relative(ROOT, writeMarkdown())} from the JSON results`);
    return;
  }
  const started = new Date();
  log(`config ${JSON.stringify(config)}`);
  const info = machine();
  fs.mkdirSync(RESULTS_DIR, { recursive: true });

  for (const kind of config.dbs) {
    const otherWorkPercent = await waitForQuietMachine(config.quietWaitSeconds, config.quietPercent, log);
    const { dataset: ds, ...result } = { ...(await benchDatabase(kind)), otherWorkPercentBeforeStart: otherWorkPercent };
    await cleanupAll();
    const out = {
      benchmark: 'api',
      command,
      date: started.toISOString(),
      machine: info,
      loadGeneratorNote:
        'autocannon runs in the benchmark process on the same machine as the server (and PostgreSQL): all compete for the same cores.',
      config,
      data: {
        generator: ds.generator,
        nodes: ds.nodes,
        relations: ds.relations,
        nodeTypes: ds.nodeTypes,
        relationTypes: ds.relationTypes,
        nodesPerType: ds.nodesPerType,
        relationsPerTypeSubgraph: ds.relationsPerType,
        globalLimit: ds.globalLimit,
        namesWithSuffix: ds.suffixedNames,
        namesBorrowedFromOtherKinds: ds.borrowedNames,
        searchTerms: ds.terms,
        sampledIds: ds.ids.length,
        source: 'Hetionet v1.0 node names (CC0), /work/shared/datasets',
      },
      ...result,
    };
    const file = path.join(RESULTS_DIR, `api-${kind}.json`);
    fs.writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
    log(`wrote ${path.relative(ROOT, file)}`);
  }
  const md = writeMarkdown();
  log(`wrote ${path.relative(ROOT, md)}`);
}

try {
  await main();
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await cleanupAll();
}
