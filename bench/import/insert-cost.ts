/**
 * What the node upload's INSERT batches cost on PostgreSQL without the file, the HTTP request or
 * the job around them (run by hand: `npx tsx bench/import/insert-cost.ts`): the benchmark's 100k
 * rows in 5,000-row batches with the same SQL as src/server/jobs/node-import.ts, attributed to a
 * user and with no user, against a COPY into the same `nodes` table. Two runs each, alternating.
 * Uses BENCH_PG_URL like run.ts; a kg_probe_* database is created and dropped.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startServer } from '../api/server';
import { nodeRows, readGps } from './files';

const base = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const db = `kg_probe_${Date.now()}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`CREATE DATABASE ${db}`);
const parsed = new URL(base);
parsed.pathname = `/${db}`;
const url = parsed.toString();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'probe-'));
const BATCH = 5000;

const INSERT_TYPES = `INSERT INTO node_types (name, created_by)
  SELECT DISTINCT ON (lower(t.name)) t.name, $2::uuid FROM unnest($1::text[]) WITH ORDINALITY AS t(name, ord)
   WHERE NOT EXISTS (SELECT 1 FROM node_types nt WHERE lower(nt.name) = lower(t.name))
   ORDER BY lower(t.name), t.ord
  ON CONFLICT DO NOTHING`;
const INSERT_NODES = `WITH added AS (
    INSERT INTO nodes (name, node_type_id, snomed_code, created_by, updated_by)
    SELECT r.name, nt.id, r.snomed, $4::uuid, $4::uuid
      FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS r(name, type, snomed, ord)
      JOIN node_types nt ON lower(nt.name) = lower(r.type)
     ORDER BY r.ord
    ON CONFLICT DO NOTHING
    RETURNING 1)
  SELECT count(*)::int AS created FROM added`;

try {
  const server = await startServer({ dataDir: dir, databaseUrl: url, logFile: path.join(dir, 'log') });
  await server.stop();
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query('SET jit = off');
  const userId = (await c.query<{ id: string }>(`INSERT INTO users (username, email, password_hash, role_id) SELECT 'probe', 'probe@example.org', 'x', id FROM roles WHERE name = 'editor' RETURNING id`)).rows[0].id;
  const rows = nodeRows(100_000, readGps());
  const reset = async () => {
    await c.query('TRUNCATE nodes CASCADE');
    await c.query('VACUUM ANALYZE nodes');
  };
  const batches = async (user: string | null) => {
    await c.query('BEGIN');
    for (let i = 0; i < rows.length; i += BATCH) {
      const b = rows.slice(i, i + BATCH);
      await c.query(INSERT_TYPES, [b.map((r) => r[1]), user]);
      await c.query(INSERT_NODES, [b.map((r) => r[0]), b.map((r) => r[1]), b.map((r) => r[2]), user]);
    }
    await c.query('COMMIT');
  };
  const file = path.join(dir, 'nodes.csv');
  const copy = async () => {
    // Types first (the batches create them too), then the rows by type id.
    await c.query(INSERT_TYPES, [[...new Set(rows.map((r) => r[1]))], null]);
    const ids = new Map((await c.query<{ id: string; name: string }>('SELECT id, name FROM node_types')).rows.map((r) => [r.name, r.id]));
    fs.writeFileSync(file, rows.map(([n, t, s]) => `"${n.replace(/"/g, '""')}",${ids.get(t)},${s},${userId},${userId}`).join('\n') + '\n');
    execFileSync('psql', [url, '-q', '-c', `\\copy nodes (name, node_type_id, snomed_code, created_by, updated_by) FROM '${file}' WITH (FORMAT csv)`]);
  };
  const variants: [string, () => Promise<void>][] = [
    ['import batches, uploader in created_by/updated_by', () => batches(userId)],
    ['import batches, no user', () => batches(null)],
    ['COPY into nodes (same columns)', copy],
  ];
  const times = new Map<string, number[]>();
  for (let run = 0; run < 2; run++) {
    for (const [name, work] of variants) {
      await reset();
      const start = performance.now();
      await work();
      times.set(name, [...(times.get(name) ?? []), performance.now() - start]);
    }
  }
  for (const [name, t] of times) console.log(name.padEnd(52), t.map((ms) => (ms / 1000).toFixed(2) + ' s').join(', '), `best ${Math.round(rows.length / (Math.min(...t) / 1000))} rows/s`);
  await c.end();
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
  await admin.end();
  fs.rmSync(dir, { recursive: true, force: true });
}
