/**
 * What the node upload's INSERT batches cost on PostgreSQL without the file, the HTTP request or
 * the job around them (run by hand: `npx tsx bench/import/probes/insert-cost.ts`): the benchmark's 100k
 * rows in 5,000-row batches with the same SQL as src/server/modules/node-import/importer.ts, attributed to a
 * user and with no user, without the per-row audit events (the SQL before the audit trail, to price them),
 * against a COPY into the same `nodes` table. Three runs each, alternating.
 * Uses BENCH_PG_URL like run.ts; a kg_probe_* database is created and dropped.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { INSERT_MISSING_TYPES_SQL, INSERT_NODES_SQL } from '../../../src/server/modules/node-import/importer';
import { nodeRows, readGps } from '../files';
import { withProbeDatabase } from './probe-db';

const BATCH = 5000;

/** INSERT_NODES_SQL as it was before the audit trail (no per-row events): what the events cost is the difference. */
const NODES_WITHOUT_EVENTS_SQL = `
  WITH added AS (
    INSERT INTO nodes (name, node_type_id, snomed_code, created_by, updated_by)
    SELECT r.name, nt.id, r.snomed, $4::uuid, $4::uuid
      FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS r(name, type, snomed, ord)
      JOIN node_types nt ON lower(nt.name) = lower(r.type)
     ORDER BY r.ord
    ON CONFLICT DO NOTHING
    RETURNING 1)
  SELECT count(*)::int AS created FROM added`;

await withProbeDatabase(async (url, dir) => {
  const c = new pg.Client({ connectionString: url });
  // withProbeDatabase drops the database WITH (FORCE) at the end, which ends this connection.
  c.on('error', () => undefined);
  await c.connect();
  await c.query('SET jit = off');
  const userId = (await c.query<{ id: string }>(`INSERT INTO users (username, email, password_hash, role_id) SELECT 'probe', 'probe@example.org', 'x', id FROM roles WHERE name = 'editor' RETURNING id`)).rows[0].id;
  const rows = nodeRows(100_000, readGps());
  const reset = async () => {
    await c.query('TRUNCATE nodes, audit_log, audit_created_batches CASCADE');
    await c.query('VACUUM ANALYZE nodes');
    await c.query('VACUUM ANALYZE audit_log');
    await c.query('VACUUM ANALYZE audit_created_batches');
  };
  const batches = async (user: string | null, events = true) => {
    await c.query('BEGIN');
    for (let i = 0; i < rows.length; i += BATCH) {
      const b = rows.slice(i, i + BATCH);
      await c.query(INSERT_MISSING_TYPES_SQL, [b.map((r) => r[1]), user, 'bench']);
      if (events) await c.query(INSERT_NODES_SQL, [b.map((r) => r[0]), b.map((r) => r[1]), b.map((r) => r[2]), user, null, i, false]);
      else await c.query(NODES_WITHOUT_EVENTS_SQL, [b.map((r) => r[0]), b.map((r) => r[1]), b.map((r) => r[2]), user]);
    }
    await c.query('COMMIT');
  };
  const file = path.join(dir, 'nodes.csv');
  const copy = async () => {
    // Types first (the batches create them too), then the rows by type id.
    await c.query(INSERT_MISSING_TYPES_SQL, [[...new Set(rows.map((r) => r[1]))], null, 'bench']);
    const ids = new Map((await c.query<{ id: string; name: string }>('SELECT id, name FROM node_types')).rows.map((r) => [r.name, r.id]));
    fs.writeFileSync(file, rows.map(([n, t, s]) => `"${n.replace(/"/g, '""')}",${ids.get(t)},${s},${userId},${userId}`).join('\n') + '\n');
    execFileSync('psql', [url, '-q', '-c', `\\copy nodes (name, node_type_id, snomed_code, created_by, updated_by) FROM '${file}' WITH (FORMAT csv)`]);
  };
  const variants: [string, () => Promise<void>][] = [
    ['import batches, uploader in created_by/updated_by', () => batches(userId)],
    ['import batches, uploader, no per-row audit events', () => batches(userId, false)],
    ['import batches, no user', () => batches(null)],
    ['COPY into nodes (same columns)', copy],
  ];
  const times = new Map<string, number[]>();
  for (let run = 0; run < 3; run++) {
    for (const [name, work] of variants) {
      await reset();
      const start = performance.now();
      await work();
      times.set(name, [...(times.get(name) ?? []), performance.now() - start]);
    }
  }
  for (const [name, t] of times) console.log(name.padEnd(52), t.map((ms) => (ms / 1000).toFixed(2) + ' s').join(', '), `best ${Math.round(rows.length / (Math.min(...t) / 1000))} rows/s`);
  await c.end();
});
