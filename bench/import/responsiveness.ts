/**
 * Responsiveness while an import runs: `/api/health` and a node search
 * (`GET /api/nodes?search=…&limit=25`) are each polled every 50 ms — one request at a time per
 * poller, the next sent 50 ms after the previous one was sent, or at once when it took longer —
 * during a 200,000-row CSV node upload and during the SNOMED import of a generated ~40 MB .xls.
 * A request that waits behind a blocked event loop shows up as one long latency, so "worst" is
 * the longest stall a user's click would have met. Target: p99 ≤ 100 ms, worst ≤ 500 ms.
 *
 * Results go to bench/results/import-responsiveness.json / .md, merged by BENCH_RESP_LABEL
 * (e.g. `before` / `after`), so one file holds the figures of both code versions.
 */
import * as XLSX from '@e965/xlsx';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { summarize, type LatencySummary } from '../api/stats';
import type { RunningServer } from '../api/server';
import { RF2_HEADER, generatedRow, nodeRows, type BenchFile, type GpsConcept } from './files';

export interface ResponsivenessResult {
  scenario: string;
  label: string;
  db: 'postgres' | 'pglite';
  wallMs: number;
  health: LatencySummary;
  search: LatencySummary;
}

const POLL_MS = 50;
const TARGET = { p99: 100, max: 500 };

/**
 * BENCH_RESP_TRACE=<file>: every request's send time (epoch ms) and latency are appended to it,
 * to line the slow ones up with a server-side trace.
 */
const traceFile = process.env.BENCH_RESP_TRACE;

/** Polls one URL until stopped; latencies in ms. */
function poller(url: string, token: string | null): { stop(): Promise<number[]> } {
  const latencies: number[] = [];
  const trace: string[] = [];
  const name = new URL(url).pathname;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const start = performance.now();
      const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
      const took = performance.now() - start;
      latencies.push(took);
      if (traceFile) trace.push(`${name}\t${(performance.timeOrigin + start).toFixed(1)}\t${took.toFixed(1)}`);
      if (took < POLL_MS) await new Promise((r) => setTimeout(r, POLL_MS - took));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
      if (traceFile) fs.appendFileSync(traceFile, trace.map((l) => `${l}\n`).join(''));
      return latencies;
    },
  };
}

/** Runs `work` while both pollers run; the pollers start half a second before it (a baseline). */
export async function pollDuring(server: RunningServer, token: string, work: () => Promise<unknown>): Promise<{ wallMs: number; health: LatencySummary; search: LatencySummary }> {
  const health = poller(`${server.url}/api/health`, null);
  const search = poller(`${server.url}/api/nodes?search=${encodeURIComponent('asthma')}&limit=25`, token);
  await new Promise((r) => setTimeout(r, 500));
  const start = performance.now();
  // The pollers are stopped in any case, so a failed import does not leave them running.
  const outcome = await work().then(
    () => null,
    (err: unknown) => (err instanceof Error ? err : new Error(String(err))),
  );
  const wallMs = performance.now() - start;
  const [h, s] = [await health.stop(), await search.stop()];
  if (outcome) throw outcome;
  return { wallMs, health: summarize(h), search: summarize(s) };
}

const csvField = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The node upload of the measurement: 200,000 rows as CSV. */
export async function writeNodeCsv(dir: string, n: number, gps: GpsConcept[]): Promise<BenchFile> {
  const file = path.join(dir, `nodes-${n}.csv`);
  const lines = [['nodename', 'nodetype', 'SNOMED'], ...nodeRows(n, gps)].map((r) => r.map(csvField).join(','));
  await fs.promises.writeFile(file, lines.join('\r\n') + '\r\n');
  return { path: file, rows: n, bytes: fs.statSync(file).size };
}

/**
 * A SNOMED description file as a legacy .xls of about `targetMb` MB (under the 40 MiB .xls
 * cap): generated rows whose terms are padded to ~400 characters, as long clinical terms are.
 * SheetJS writes BIFF in time quadratic in the rows (~90 s for this one on a busy machine), so
 * the file is kept in the system's temporary directory for the next run.
 */
export function writeSnomedXls(gps: GpsConcept[], targetMb = 38): BenchFile {
  const rows = Math.round((targetMb * 1e6) / 810); // ~810 bytes per row in BIFF8 at this term length
  const file = path.join(os.tmpdir(), `kg-bench-snomed-${rows}-v1.xls`);
  if (fs.existsSync(file)) return { path: file, rows, bytes: fs.statSync(file).size };
  const padding = ' — clinical finding documented in the record with its qualifiers, laterality, severity and course';
  const data: string[][] = [RF2_HEADER];
  for (let i = 0; i < rows; i++) {
    const row = generatedRow(i, gps);
    row[7] = `${row[7]} ${i}${padding.repeat(5)}`.slice(0, 400);
    data.push(row);
  }
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(data), 'Sheet1');
  fs.writeFileSync(`${file}.part`, XLSX.write(wb, { type: 'buffer', bookType: 'biff8' }) as Buffer);
  fs.renameSync(`${file}.part`, file);
  return { path: file, rows, bytes: fs.statSync(file).size };
}

const met = (x: LatencySummary) => x.p99 <= TARGET.p99 && x.max <= TARGET.max;

/** Merges this run's results (under `label`) into import-responsiveness.json and rewrites the .md from all labels. */
export function writeResponsivenessReport(dir: string, label: string, results: ResponsivenessResult[], command: string): { json: string; md: string } {
  fs.mkdirSync(dir, { recursive: true });
  const json = path.join(dir, 'import-responsiveness.json');
  type Run = { label: string; when: string; command: string; loadAverage: number[]; cpus: number; node: string; results: ResponsivenessResult[] };
  const previous: Run[] = fs.existsSync(json) ? (JSON.parse(fs.readFileSync(json, 'utf8')) as { runs: Run[] }).runs : [];
  const run: Run = { label, when: new Date().toISOString(), command, loadAverage: os.loadavg().map((x) => Math.round(x * 100) / 100), cpus: os.cpus().length, node: process.version, results };
  const runs = [...previous.filter((r) => r.label !== label), run];
  fs.writeFileSync(json, JSON.stringify({ target: TARGET, pollMs: POLL_MS, runs }, null, 2) + '\n');

  const ms = (x: number) => `${Math.round(x)} ms`;
  const lines = [
    '# Import benchmark: responsiveness while an import runs',
    '',
    `\`/api/health\` and a node search (\`GET /api/nodes?search=asthma&limit=25\`, with a token) each polled every ${POLL_MS} ms (one request at a time per poller) from half a second before the upload until its end. Target: p99 ≤ ${TARGET.p99} ms, worst ≤ ${TARGET.max} ms. Figures per run label; see import-notes.md.`,
    '',
  ];
  for (const r of runs) {
    lines.push(`## ${r.label}`, '', `\`${r.command}\` — ${r.when}, ${r.cpus} cores, Node ${r.node}; load average at the end ${r.loadAverage.join(' / ')} (1/5/15 min, the machine is shared).`, '');
    lines.push('| scenario | db | wall | health p50 / p99 / worst (n) | search p50 / p99 / worst (n) | met |', '|---|---|---:|---:|---:|---|');
    for (const x of r.results) {
      const cell = (s: LatencySummary) => `${ms(s.p50)} / ${ms(s.p99)} / ${ms(s.max)} (${s.n})`;
      lines.push(`| ${x.label} | ${x.db} | ${(x.wallMs / 1000).toFixed(1)} s | ${cell(x.health)} | ${cell(x.search)} | ${met(x.health) && met(x.search) ? 'yes' : '**no**'} |`);
    }
    lines.push('');
  }
  const md = path.join(dir, 'import-responsiveness.md');
  fs.writeFileSync(md, lines.join('\n'));
  return { json, md };
}
