/** bench/results/import.json and import.md: the measurements against the issue's targets. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LatencySummary } from '../api/stats';

export interface ImportResult {
  scenario: string;
  label: string;
  db: 'postgres' | 'pglite';
  rows: number;
  fileMb: number;
  wallMs: number;
  rowsPerSec: number;
  peakRssMb: number | null;
  /** CPU time of the server process during the measurement (drive.ts), when measured. */
  serverCpuMs?: number | null;
  idleRssMb: number | null;
  /** Plain PostgreSQL COPY of the same rows into the same table shape, in ms. */
  floorMs: number | null;
  progressEvents: number;
  summary: object;
  search?: LatencySummary;
  searchByKind?: Record<string, LatencySummary>;
  /** Set on rows kept from an earlier run (a run of some scenarios only): when they were measured. */
  measuredAt?: string;
  /** The 1-min load average at the end of the run that measured the row. */
  loadAverage?: number;
}

interface Target {
  text: string;
  met: (r: ImportResult) => boolean;
}

/** The issue's targets per scenario. */
function targetOf(r: ImportResult): Target | null {
  if (r.scenario.startsWith('nodes-xlsx-')) {
    const min = r.db === 'postgres' ? 20_000 : 10_000;
    return { text: `≥ ${min / 1000}k rows/s, RSS ≤ 500 MB`, met: (x) => x.rowsPerSec >= min && (x.peakRssMb ?? 0) <= 500 };
  }
  if (r.scenario.startsWith('gps-')) return { text: '≤ 5 s', met: (x) => x.wallMs <= 5000 };
  if (r.scenario === 'relations-xlsx-postgres') return { text: '≥ 20k relations/s', met: (x) => x.rowsPerSec >= 20_000 };
  if (r.scenario === 'rf2-full-postgres') return { text: '≤ 90 s (search: below)', met: (x) => x.wallMs <= 90_000 };
  return null;
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const n = (x: number) => x.toLocaleString('en');

/**
 * The rows of scenarios this run did not measure, kept from import.json as they were (with when
 * they were measured), so a run of one scenario does not drop the others' figures.
 */
function keptResults(file: string, measured: ImportResult[]): ImportResult[] {
  if (!fs.existsSync(file)) return [];
  const earlier = JSON.parse(fs.readFileSync(file, 'utf8')) as { when: string; meta?: { loadAverage?: number }; results: ImportResult[] };
  const now = new Set(measured.map((r) => r.scenario));
  return earlier.results
    .filter((r) => !now.has(r.scenario))
    .map((r) => ({ ...r, measuredAt: r.measuredAt ?? earlier.when, loadAverage: r.loadAverage ?? earlier.meta?.loadAverage }));
}

export function writeReport(dir: string, measured: ImportResult[], meta: Record<string, unknown>): { json: string; md: string } {
  fs.mkdirSync(dir, { recursive: true });
  const when = new Date().toISOString();
  const machine = { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version };
  const results = [...keptResults(path.join(dir, 'import.json'), measured), ...measured];
  const enriched = results.map((r) => {
    const t = targetOf(r);
    return { ...r, floorRowsPerSec: r.floorMs ? Math.round(r.rows / (r.floorMs / 1000)) : null, vsCopy: r.floorMs ? Math.round((r.floorMs / r.wallMs) * 1000) / 1000 : null, target: t?.text ?? null, met: t ? t.met(r) : null };
  });
  const json = path.join(dir, 'import.json');
  fs.writeFileSync(json, JSON.stringify({ when, command: 'npm run bench -- import', machine, meta, results: enriched }, null, 2) + '\n');

  const lines = [
    '# Import benchmark',
    '',
    `\`npm run bench -- import\` — ${when}, ${machine.cpus} cores (${machine.cpuModel}), ${machine.memoryGb} GB, Node ${machine.node}; 1-min load average at the end ${Number(meta.loadAverage).toFixed(2)} (the machine is shared).`,
    '',
    'Wall time is end to end as the browser sees it: the multipart POST of the file until the job\'s completed event (node uploads, over socket.io) or the answer (SNOMED imports, which answer when done). Peak RSS is the server process\'s VmHWM (a fresh server per row). "vs COPY" is our rate divided by the rate of a plain PostgreSQL `COPY` (psql `\\copy` from a prepared file) of the same rows into a table with the same columns and indexes — the floor.',
    '',
    '| scenario | db | rows | file | wall | rows/s | peak RSS (idle) | COPY floor | vs COPY | target | met |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---|---|',
    ...enriched.map((r) => `| ${r.label}${r.measuredAt ? ` (measured ${r.measuredAt.slice(0, 10)}, load ${Number(r.loadAverage ?? NaN).toFixed(2)})` : ''} | ${r.db} | ${n(r.rows)} | ${r.fileMb.toFixed(1)} MB | ${s(r.wallMs)} | ${n(r.rowsPerSec)} | ${r.peakRssMb ?? '?'} MB (${r.idleRssMb ?? '?'}) | ${r.floorMs ? `${s(r.floorMs)} (${n(r.floorRowsPerSec!)} rows/s)` : '—'} | ${r.vsCopy ?? '—'} | ${r.target ?? ''} | ${r.met === null ? '' : r.met ? 'yes' : '**no**'} |`),
    '',
  ];
  const withSearch = enriched.filter((r) => r.search);
  if (withSearch.length > 0) {
    lines.push('Catalogue search after the full-size import (`GET /api/snomed/concepts?search=…&limit=10`, sequential, after 20 warm-up requests; words, concept ids and first words of terms):', '');
    const p95 = withSearch[0].search!.p95;
    lines.push(`Target p95 ≤ 30 ms: ${p95 <= 30 ? 'met' : `**not met** (${p95} ms)`}.`, '');
    lines.push('| queries | n | mean | p50 | p95 | p99 | max |', '|---|---:|---:|---:|---:|---:|---:|');
    const row = (name: string, x: LatencySummary) => `| ${name} | ${x.n} | ${x.mean} ms | ${x.p50} ms | ${x.p95} ms | ${x.p99} ms | ${x.max} ms |`;
    for (const r of withSearch) {
      lines.push(row('all', r.search!));
      for (const [name, x] of Object.entries(r.searchByKind ?? {})) lines.push(row(name, x));
    }
    lines.push('');
  }
  const md = path.join(dir, 'import.md');
  fs.writeFileSync(md, lines.join('\n'));
  return { json, md };
}
