/**
 * What the indexes of `nodes` cost a plain COPY of the benchmark's 100k node rows (run by hand:
 * `npx tsx bench/import/probes/index-cost.ts`): all indexes (the floor of the import benchmark), without
 * the trigram index on snomed_code, with a larger gin_pending_list_limit, and without any trigram
 * index. Two runs each; prints the times and the best rate. Uses BENCH_PG_URL like run.ts.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { nodeRows, readGps } from '../files';
import { withProbeDatabase } from './probe-db';

await withProbeDatabase(async (url, dir) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const types = ['Disease', 'Symptom', 'Drug', 'Gene', 'Anatomy', 'Pathway', 'Procedure', 'Finding', 'Organism', 'Substance'];
  for (const t of types) await c.query('INSERT INTO node_types (name) VALUES ($1) ON CONFLICT DO NOTHING', [t]);
  const ids = new Map((await c.query<{ id: string; name: string }>('SELECT id, name FROM node_types')).rows.map((r) => [r.name, r.id]));
  const file = path.join(dir, 'n.csv');
  fs.writeFileSync(file, nodeRows(100_000, readGps()).map(([n, t, s]) => `"${n.replace(/"/g, '""')}",${ids.get(t)},${s}`).join('\n') + '\n');
  const variants: [string, string[], string[]][] = [
    ['all indexes (floor)', [], []],
    ['without nodes_snomed_trgm', ['DROP INDEX IF EXISTS t_snomed_trgm'], []],
    ['all indexes, gin_pending_list_limit 64MB', [], ["SET gin_pending_list_limit = '64MB'"]],
    ['no trigram indexes', ['DROP INDEX IF EXISTS t_snomed_trgm', 'DROP INDEX IF EXISTS t_name_trgm', 'DROP INDEX IF EXISTS t_description_trgm'], []],
  ];
  for (const [name, prep, session] of variants) {
    const times: number[] = [];
    for (let run = 0; run < 2; run++) {
      await c.query('DROP TABLE IF EXISTS t');
      await c.query('CREATE TABLE t (LIKE nodes INCLUDING DEFAULTS)');
      await c.query('CREATE UNIQUE INDEX t_name_type ON t (lower(name), node_type_id)');
      await c.query("CREATE UNIQUE INDEX t_snomed ON t (snomed_code) WHERE snomed_code IS NOT NULL AND snomed_code <> ''");
      await c.query('CREATE INDEX t_type ON t (node_type_id)');
      await c.query('CREATE INDEX t_created ON t (created_at DESC)');
      await c.query('CREATE INDEX t_name_trgm ON t USING gin (name gin_trgm_ops)');
      await c.query('CREATE INDEX t_description_trgm ON t USING gin (description gin_trgm_ops)');
      await c.query('CREATE INDEX t_snomed_trgm ON t USING gin (snomed_code gin_trgm_ops)');
      for (const sql of prep) await c.query(sql);
      const start = performance.now();
      execFileSync('psql', [url, '-q', ...session.flatMap((s) => ['-c', s]), '-c', `\\copy t (name, node_type_id, snomed_code) FROM '${file}' WITH (FORMAT csv)`]);
      times.push(performance.now() - start);
    }
    console.log(name, times.map((t) => (t / 1000).toFixed(2) + ' s').join(', '), `best ${Math.round(100_000 / (Math.min(...times) / 1000))} rows/s`);
  }
  await c.end();
});
