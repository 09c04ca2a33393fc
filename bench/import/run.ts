/**
 * Import benchmark: `npm run bench -- import`.
 *
 * The real server (its own process, a fresh database per measurement) driven as the browser
 * does: a 100k-row .xlsx node upload followed over socket.io to its completed event, on
 * PostgreSQL and PGlite; the SNOMED GPS set (26,158 concepts) as .xlsx and as RF2; a generated
 * RF2 description file of International size (1.6M rows) on PostgreSQL, then catalogue search
 * latency; and a plain PostgreSQL COPY of the same rows as the floor. Reports rows/s, wall time
 * and the server's peak RSS; writes bench/results/import.json and import.md.
 *
 * `npm run bench -- import search` runs only the catalogue search part, on a kept database (bench/import/search.ts).
 *
 * Responsiveness (bench/import/responsiveness.ts, scenario `resp`): /api/health and a node search
 * polled every 50 ms during a 200k-row CSV upload and a ~40 MB .xls SNOMED import, per database;
 * written to import-responsiveness.md/.json under BENCH_RESP_LABEL. Only that part:
 *   BENCH_SKIP=nodes,gps,rf2 BENCH_RESP_LABEL=after npm run bench -- import
 *
 * Relations (scenario `relations`): the sample graph plus 20k generated nodes (uploaded
 * first, not measured), then a 100k-row .xlsx relation import followed to its completed event.
 * Only that part: BENCH_SKIP=nodes,gps,rf2,resp BENCH_DBS=postgres npm run bench -- import
 * (the other scenarios' rows of import.json/md are kept from their last run).
 *
 * Environment (all optional):
 *   BENCH_DBS=postgres,pglite   databases for the node upload, the GPS imports and the relation import
 *   BENCH_NODE_ROWS=100000      BENCH_RF2_ROWS=1600000      BENCH_SEARCHES=200
 *   BENCH_RELATION_ROWS=100000  BENCH_RELATION_NODES=20000
 *   BENCH_RELEASE_SCALE=1       the generated International-shaped release (scenario `release`, bench/import/release/)
 *   BENCH_SKIP=nodes,gps,rf2,resp,relations,release  scenarios to leave out (resp-csv, resp-xls: one half of resp)
 *   BENCH_KEEP_DBS=1            keep the PostgreSQL databases (for EXPLAIN); drop them yourself
 *   BENCH_RESP_ROWS=200000      BENCH_RESP_XLS_MB=38      BENCH_RESP_LABEL=latest
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres  (databases kg_bench_import_* are created and dropped)
 *   BENCH_RESULTS_DIR=bench/results
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { summarize } from '../api/stats';
import { ROOT } from '../api/server';
import { importSnomed, measure, searchLatencies, uploadNodes, uploadRelations, withServer } from './drive';
import { loadSampleOnPostgres, writeRelationBench } from './relations';
import { nodeCopyMs, snomedCopyMs } from './probes/floor';
import { nodeRows, readGps, searchTerms, writeGeneratedRf2, writeGpsRf2, writeGpsXlsx, writeNodeXlsx, type BenchFile } from './files';
import { writeReport, type ImportResult } from './report';
import { writeRelease } from './release/generate';
import { apiLatencies, checkpoint, childrenLatencies, closureBuild, importRelease, releaseCopyMs, seedCodedNodes } from './release/scenario';
import { pollDuring, writeNodeCsv, writeResponsivenessReport, writeSnomedXls, type ResponsivenessResult } from './responsiveness';

const env = process.env;
const int = (name: string, fallback: number) => (env[name] && Number.isFinite(Number(env[name])) ? Number(env[name]) : fallback);
const config = {
  dbs: (env.BENCH_DBS ?? 'postgres,pglite').split(',').filter(Boolean) as ('postgres' | 'pglite')[],
  nodeRows: int('BENCH_NODE_ROWS', 100_000),
  relationRows: int('BENCH_RELATION_ROWS', 100_000),
  relationNodes: int('BENCH_RELATION_NODES', 20_000),
  rf2Rows: int('BENCH_RF2_ROWS', 1_600_000),
  searches: int('BENCH_SEARCHES', 200),
  skip: new Set((env.BENCH_SKIP ?? '').split(',').filter(Boolean)),
  pgUrl: env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  respRows: int('BENCH_RESP_ROWS', 200_000),
  respXlsMb: int('BENCH_RESP_XLS_MB', 38),
  respLabel: env.BENCH_RESP_LABEL ?? 'latest',
  releaseScale: env.BENCH_RELEASE_SCALE && Number.isFinite(Number(env.BENCH_RELEASE_SCALE)) ? Number(env.BENCH_RELEASE_SCALE) : 1,
  resultsDir: path.resolve(ROOT, env.BENCH_RESULTS_DIR ?? 'bench/results'),
};
// The server's settings for the run: imports as large as a full International release.
env.KG_SNOMED_IMPORT_MAX_MB = env.KG_SNOMED_IMPORT_MAX_MB ?? '2048';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'kg-bench-import-'));
const created: string[] = [];
const log = (msg: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${msg}`);

async function freshDb(kind: 'postgres' | 'pglite', name: string): Promise<{ dataDir: string; databaseUrl?: string }> {
  const dataDir = fs.mkdtempSync(path.join(work, `${name}-`));
  if (kind === 'pglite') return { dataDir };
  const db = `kg_bench_import_${Date.now()}_${created.length}`;
  const admin = new pg.Client({ connectionString: config.pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${db}`);
  await admin.end();
  created.push(db);
  const url = new URL(config.pgUrl);
  url.pathname = `/${db}`;
  return { dataDir, databaseUrl: url.toString() };
}

async function dropDbs() {
  if (created.length === 0) return;
  // BENCH_KEEP_DBS=1 leaves the databases for EXPLAIN afterwards (they are named in the log).
  if (env.BENCH_KEEP_DBS === '1') return log(`kept ${created.splice(0).join(', ')}`);
  const admin = new pg.Client({ connectionString: config.pgUrl });
  await admin.connect();
  for (const db of created.splice(0)) await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`).catch(() => undefined);
  await admin.end();
}

const rate = (rows: number, ms: number) => Math.round(rows / (ms / 1000));
const cpuText = (ms: number | null) => (ms === null ? '?' : `${(ms / 1000).toFixed(2)} s`);

async function main() {
  const results: ImportResult[] = [];
  const gps = readGps();
  log(`work dir ${work}; GPS concepts: ${gps.length}`);

  if (!config.skip.has('nodes')) {
    const rows = nodeRows(config.nodeRows, gps);
    const file: BenchFile = writeNodeXlsx(work, config.nodeRows, gps);
    log(`node workbook: ${config.nodeRows} rows, ${(file.bytes / 1e6).toFixed(1)} MB`);
    for (const kind of config.dbs) {
      const db = await freshDb(kind, `nodes-${kind}`);
      const r = await withServer({ ...db, logDir: work, name: `nodes-${kind}` }, async (server, token) => {
        const m = await measure(server, () => uploadNodes(server, token, file.path));
        const floorMs = db.databaseUrl ? await nodeCopyMs(db.databaseUrl, rows, work) : null;
        return { m, floorMs };
      });
      const s = r.m.result.summary;
      if (s.created !== config.nodeRows) throw new Error(`node upload created ${s.created} of ${config.nodeRows}: ${r.m.result.message}`);
      results.push({ scenario: `nodes-xlsx-${kind}`, label: `Node upload, ${config.nodeRows.toLocaleString('en')}-row .xlsx`, db: kind, rows: config.nodeRows, fileMb: file.bytes / 1e6, wallMs: r.m.wallMs, rowsPerSec: rate(config.nodeRows, r.m.wallMs), peakRssMb: r.m.peakRssMb, idleRssMb: r.m.idleRssMb, serverCpuMs: r.m.serverCpuMs, floorMs: r.floorMs, progressEvents: r.m.result.progressEvents, summary: s });
      log(`nodes ${kind}: ${(r.m.wallMs / 1000).toFixed(2)} s, ${rate(config.nodeRows, r.m.wallMs)} rows/s, peak RSS ${r.m.peakRssMb} MB, server CPU ${cpuText(r.m.serverCpuMs)}${r.floorMs ? `, COPY ${(r.floorMs / 1000).toFixed(2)} s` : ''}`);
    }
  }

  if (!config.skip.has('gps')) {
    const files = { xlsx: writeGpsXlsx(work, gps), rf2: writeGpsRf2(work, gps) };
    for (const kind of config.dbs) {
      for (const [format, file] of Object.entries(files)) {
        const db = await freshDb(kind, `gps-${format}-${kind}`);
        const m = await withServer({ ...db, logDir: work, name: `gps-${format}-${kind}` }, (server, token) => measure(server, () => importSnomed(server, token, file.path)));
        const s = m.result.summary;
        if (s.created !== gps.length) throw new Error(`GPS ${format} created ${s.created}: ${m.result.message}`);
        results.push({ scenario: `gps-${format}-${kind}`, label: `SNOMED GPS set (${gps.length.toLocaleString('en')}) as ${format === 'xlsx' ? '.xlsx' : 'RF2 .txt'}`, db: kind, rows: gps.length, fileMb: file.bytes / 1e6, wallMs: m.wallMs, rowsPerSec: rate(gps.length, m.wallMs), peakRssMb: m.peakRssMb, idleRssMb: m.idleRssMb, serverCpuMs: m.serverCpuMs, floorMs: null, progressEvents: m.result.progressEvents, summary: s });
        log(`GPS ${format} ${kind}: ${(m.wallMs / 1000).toFixed(2)} s, peak RSS ${m.peakRssMb} MB`);
      }
    }
  }

  if (!config.skip.has('rf2')) {
    const file = await writeGeneratedRf2(work, config.rf2Rows, gps);
    log(`generated RF2: ${config.rf2Rows} rows, ${(file.bytes / 1e6).toFixed(0)} MB`);
    const db = await freshDb('postgres', 'rf2');
    const r = await withServer({ ...db, logDir: work, name: 'rf2-postgres' }, async (server, token) => {
      const m = await measure(server, () => importSnomed(server, token, file.path));
      const terms = searchTerms(gps, config.searches + 20);
      await searchLatencies(server, token, terms.slice(0, 20)); // warm-up
      const latencies = await searchLatencies(server, token, terms.slice(20));
      const byKind = (kind: number) => latencies.filter((_, i) => (i + 20) % 4 === kind || (kind === 0 && (i + 20) % 4 === 1));
      const floorMs = await snomedCopyMs(db.databaseUrl!, file.path);
      return { m, latencies, floorMs, words: summarize(byKind(0)), ids: summarize(byKind(2)), firstWords: summarize(byKind(3)) };
    });
    const s = r.m.result.summary;
    if (s.created !== config.rf2Rows) throw new Error(`RF2 import created ${s.created}: ${r.m.result.message}`);
    results.push({ scenario: 'rf2-full-postgres', label: `Generated RF2 descriptions, ${config.rf2Rows.toLocaleString('en')} rows`, db: 'postgres', rows: config.rf2Rows, fileMb: file.bytes / 1e6, wallMs: r.m.wallMs, rowsPerSec: rate(config.rf2Rows, r.m.wallMs), peakRssMb: r.m.peakRssMb, idleRssMb: r.m.idleRssMb, floorMs: r.floorMs, progressEvents: r.m.result.progressEvents, summary: s, search: summarize(r.latencies), searchByKind: { commonWords: r.words, conceptIds: r.ids, firstWordsOfTerms: r.firstWords } });
    log(`RF2 ${config.rf2Rows}: ${(r.m.wallMs / 1000).toFixed(1)} s, peak RSS ${r.m.peakRssMb} MB, COPY ${(r.floorMs / 1000).toFixed(1)} s, search p95 ${summarize(r.latencies).p95.toFixed(1)} ms`);
  }

  if (!config.skip.has('relations')) {
    const { nodeFile, relationFile } = writeRelationBench(work, config.relationNodes, config.relationRows, gps);
    log(`relation workbook: ${config.relationRows} rows over ${config.relationNodes} generated nodes, ${(relationFile.bytes / 1e6).toFixed(1)} MB`);
    for (const kind of config.dbs) {
      const db = await freshDb(kind, `relations-${kind}`);
      const m = await withServer({ ...db, logDir: work, name: `relations-${kind}`, env: { KG_SAMPLE_DATA: '1' } }, async (server, token) => {
        if (db.databaseUrl) await loadSampleOnPostgres(db.databaseUrl);
        const nodes = await uploadNodes(server, token, nodeFile.path);
        if (nodes.summary.created !== config.relationNodes) throw new Error(`relation bench nodes: ${nodes.message}`);
        return measure(server, () => uploadRelations(server, token, relationFile.path));
      });
      const s = m.result.summary;
      if (s.created !== config.relationRows) throw new Error(`relation import created ${s.created} of ${config.relationRows}: ${m.result.message}`);
      results.push({ scenario: `relations-xlsx-${kind}`, label: `Relation import, ${config.relationRows.toLocaleString('en')}-row .xlsx (sample graph + ${config.relationNodes.toLocaleString('en')} nodes)`, db: kind, rows: config.relationRows, fileMb: relationFile.bytes / 1e6, wallMs: m.wallMs, rowsPerSec: rate(config.relationRows, m.wallMs), peakRssMb: m.peakRssMb, idleRssMb: m.idleRssMb, serverCpuMs: m.serverCpuMs, floorMs: null, progressEvents: m.result.progressEvents, summary: s });
      log(`relations ${kind}: ${(m.wallMs / 1000).toFixed(2)} s, ${rate(config.relationRows, m.wallMs)} rows/s, peak RSS ${m.peakRssMb} MB, server CPU ${cpuText(m.serverCpuMs)}`);
    }
  }

  if (!config.skip.has('release')) await releaseScenario(gps.map((g) => g.display));

  if (!config.skip.has('resp')) {
    const resp: ResponsivenessResult[] = [];
    const csv = config.skip.has('resp-csv') ? null : await writeNodeCsv(work, config.respRows, gps);
    if (csv) log(`responsiveness: node CSV ${config.respRows} rows, ${(csv.bytes / 1e6).toFixed(1)} MB`);
    const xls = config.skip.has('resp-xls') ? null : writeSnomedXls(gps, config.respXlsMb);
    if (xls) log(`responsiveness: SNOMED .xls ${xls.rows} rows, ${(xls.bytes / 1e6).toFixed(1)} MB (${xls.path})`);
    for (const kind of config.dbs) {
      const db = await freshDb(kind, `resp-${kind}`);
      await withServer({ ...db, logDir: work, name: `resp-${kind}` }, async (server, token) => {
        if (csv) {
          const up = await pollDuring(server, token, async () => {
            const r = await uploadNodes(server, token, csv.path);
            if (r.summary.created !== config.respRows) throw new Error(`node upload created ${r.summary.created}: ${r.message}`);
          });
          resp.push({ scenario: `resp-nodes-csv-${kind}`, label: `Node upload, ${config.respRows.toLocaleString('en')}-row .csv`, db: kind, ...up });
          log(`resp nodes ${kind}: ${(up.wallMs / 1000).toFixed(1)} s; health p99 ${up.health.p99} max ${up.health.max}; search p99 ${up.search.p99} max ${up.search.max}`);
        }
        if (xls) {
          const sn = await pollDuring(server, token, async () => {
            const r = await importSnomed(server, token, xls.path);
            if (r.summary.created !== xls.rows) throw new Error(`SNOMED .xls created ${r.summary.created}: ${r.message}`);
          });
          resp.push({ scenario: `resp-snomed-xls-${kind}`, label: `SNOMED import, ${(xls.bytes / 1e6).toFixed(0)} MB .xls (${xls.rows.toLocaleString('en')} rows)`, db: kind, ...sn });
          log(`resp snomed ${kind}: ${(sn.wallMs / 1000).toFixed(1)} s; health p99 ${sn.health.p99} max ${sn.health.max}; search p99 ${sn.search.p99} max ${sn.search.max}`);
        }
      });
    }
    const command = `${env.BENCH_SKIP ? `BENCH_SKIP=${env.BENCH_SKIP} ` : ''}${env.BENCH_DBS ? `BENCH_DBS=${env.BENCH_DBS} ` : ''}BENCH_RESP_LABEL=${config.respLabel} npm run bench -- import`;
    const out = writeResponsivenessReport(config.resultsDir, config.respLabel, resp, command);
    log(`wrote ${path.relative(ROOT, out.md)}`);
  }

  // A responsiveness-only run leaves the throughput report (import.md / import.json) as it was.
  if (results.length === 0) return;
  const { json, md } = writeReport(config.resultsDir, results, { nodeRows: config.nodeRows, rf2Rows: config.rf2Rows, relationRows: config.relationRows, relationNodes: config.relationNodes, searches: config.searches, loadAverage: os.loadavg()[0] });
  log(`wrote ${path.relative(ROOT, json)} and ${path.relative(ROOT, md)}`);
}

/** The generated release: import per database, then the floor, the closure alone and the API latencies on PostgreSQL. */
async function releaseScenario(displays: string[]) {
  const release = await writeRelease(work, config.releaseScale, readGps());
  const rows = Object.values(release.files).reduce((a, f) => a + f.rows, 0);
  log(`release (scale ${config.releaseScale}): ${release.concepts} concepts, ${rows} rows, zip ${(release.bytes / 1e6).toFixed(0)} MB; ${Object.entries(release.files).map(([k, f]) => `${k} ${f.rows}`).join(', ')}`);
  const lines: string[] = [];
  for (const kind of config.dbs) {
    const db = await freshDb(kind, `release-${kind}`);
    const r = await withServer({ ...db, logDir: work, name: `release-${kind}` }, async (server, token) => {
      const m = await measure(server, () => importRelease(server.url, token, release.zip));
      if (!db.databaseUrl) return { m };
      await seedCodedNodes(db.databaseUrl, release, 20_000);
      const words = displays.flatMap((d) => d.split(' ')).filter((w) => w.length > 4).filter((_, i) => i % 97 === 0).slice(0, 210);
      const api = await apiLatencies(server, token, release, words);
      // Right after the import PostgreSQL is still writing the release out (checkpoints back to
      // back, GBs of dirty pages): the same measures again once a CHECKPOINT has written it, the
      // search on other words (the first pass's are cached by now).
      await checkpoint(db.databaseUrl);
      const settledWords = displays.flatMap((d) => d.split(' ')).filter((w) => w.length > 4).filter((_, i) => i % 97 === 48).slice(0, 210);
      const settled = await apiLatencies(server, token, release, settledWords);
      const children = await childrenLatencies(db.databaseUrl, release);
      const floorMs = await releaseCopyMs(db.databaseUrl, release);
      const closure = await closureBuild(db.databaseUrl);
      return { m, api, settled, children, floorMs, closure };
    });
    const s = r.m.result.summary;
    const line =
      `${kind}: ${(r.m.wallMs / 1000).toFixed(1)} s, ${rate(rows, r.m.wallMs)} rows/s, peak RSS ${r.m.peakRssMb} MB, summary ${JSON.stringify(s)}` +
      ('floorMs' in r && r.floorMs
        ? `; COPY floor ${(r.floorMs / 1000).toFixed(1)} s (${rate(rows, r.floorMs)} rows/s), closure alone ${(r.closure.ms / 1000).toFixed(1)} s (${r.closure.pairs} pairs), ` +
          `ratio (COPY + closure) / import = ${((r.floorMs + r.closure.ms) / r.m.wallMs).toFixed(2)}; ` +
          `concept search p50/p95 ${r.api.conceptSearch.p50.toFixed(1)}/${r.api.conceptSearch.p95.toFixed(1)} ms, concept detail p95 ${r.api.conceptDetail.p95.toFixed(1)} ms, ` +
          `children SQL p95 ${r.children.p95.toFixed(2)} ms, nodes under a top-level concept p95 ${r.api.nodesUnderTopLevel.p95.toFixed(1)} ms; ` +
          `after a CHECKPOINT: concept search p50/p95 ${r.settled.conceptSearch.p50.toFixed(1)}/${r.settled.conceptSearch.p95.toFixed(1)} ms (other words), ` +
          `concept detail p95 ${r.settled.conceptDetail.p95.toFixed(1)} ms, nodes under a top-level concept p95 ${r.settled.nodesUnderTopLevel.p95.toFixed(1)} ms`
        : '');
    log(`release ${line}`);
    lines.push(`- ${line}`);
  }
  fs.mkdirSync(config.resultsDir, { recursive: true });
  const md = path.join(config.resultsDir, 'import-release.md');
  fs.writeFileSync(
    md,
    `# Generated RF2 release import (scale ${config.releaseScale})

${release.concepts} concepts, ${rows} rows (${Object.entries(release.files).map(([k, f]) => `${k} ${f.rows}`).join(', ')}), zip ${(release.bytes / 1e6).toFixed(0)} MB. ` +
      `Load average at the end: ${os.loadavg()[0].toFixed(1)} (a shared 2-core machine).

${lines.join('\n')}

Command: BENCH_SKIP=nodes,gps,rf2,relations,resp BENCH_RELEASE_SCALE=${config.releaseScale}${env.BENCH_DBS ? ` BENCH_DBS=${env.BENCH_DBS}` : ''} npm run bench -- import
`,
  );
  log(`wrote ${path.relative(ROOT, md)}`);
}

let stopping = false;
async function cleanup() {
  if (stopping) return;
  stopping = true;
  await dropDbs().catch(() => undefined);
  fs.rmSync(work, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void cleanup().then(() => process.exit(130)));
if (process.argv[2] === 'search') {
  fs.rmSync(work, { recursive: true, force: true });
  await import('./search');
} else {
  main()
    .catch((err) => {
      console.error(err);
      process.exitCode = 1;
    })
    .finally(() => cleanup());
}
