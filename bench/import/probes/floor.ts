/**
 * The floor: a plain PostgreSQL COPY (psql \copy from a file) of the same rows into a table
 * with the same columns and indexes as the real one, in the same database, timed end to end.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

function copy(url: string, sql: string): number {
  const start = performance.now();
  execFileSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-q', '-c', sql], { stdio: ['ignore', 'ignore', 'inherit'] });
  return performance.now() - start;
}

/** COPY of the node rows (name, type id, SNOMED code) into a copy of `nodes` with its indexes. */
export async function nodeCopyMs(url: string, rows: string[][], dir: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const types = new Map((await client.query<{ id: string; name: string }>('SELECT id, name FROM node_types')).rows.map((r) => [r.name, r.id]));
    const file = path.join(dir, 'floor-nodes.csv');
    const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;
    fs.writeFileSync(file, rows.map(([name, type, code]) => `${quote(name)},${types.get(type)},${code}`).join('\n') + '\n');
    await client.query('DROP TABLE IF EXISTS bench_floor_nodes');
    await client.query('CREATE TABLE bench_floor_nodes (LIKE nodes INCLUDING DEFAULTS INCLUDING INDEXES)');
    return copy(url, `\\copy bench_floor_nodes (name, node_type_id, snomed_code) FROM '${file}' WITH (FORMAT csv)`);
  } finally {
    await client.query('DROP TABLE IF EXISTS bench_floor_nodes').catch(() => undefined);
    await client.end();
  }
}

/** COPY of an RF2 description file into a copy of `snomed_concepts` with its indexes. */
export async function snomedCopyMs(url: string, rf2File: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('DROP TABLE IF EXISTS bench_floor_snomed');
    await client.query('CREATE TABLE bench_floor_snomed (LIKE snomed_concepts INCLUDING ALL)');
    return copy(
      url,
      `\\copy bench_floor_snomed (id, effective_time, active, module_id, concept_id, language_code, type_id, term, case_significance_id) FROM '${rf2File}' WITH (FORMAT text, HEADER true)`,
    );
  } finally {
    await client.query('DROP TABLE IF EXISTS bench_floor_snomed').catch(() => undefined);
    await client.end();
  }
}
