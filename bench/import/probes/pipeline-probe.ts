/**
 * What two node batches in flight gain on PostgreSQL (run by hand: `npx tsx bench/import/probes/pipeline-probe.ts`):
 * the benchmark's 100k rows in 5,000-row batches with the node upload's SQL, each batch its own
 * transaction, one at a time against two at once on two connections, each committed after the one
 * before (src/server/platform/jobs/batches/batch-pipeline.ts). Three runs each, alternating; no file, job or HTTP.
 * Uses BENCH_PG_URL like run.ts; a kg_probe_* database is created and dropped.
 */
import pg from 'pg';
import { INSERT_MISSING_TYPES_SQL, INSERT_NODES_SQL } from '../../../src/server/modules/node-import/importer';
import { nodeRows, readGps } from '../files';
import { withProbeDatabase } from './probe-db';

const BATCH = 5000;
await withProbeDatabase(async (url) => {
  const mk = async () => {
    const c = new pg.Client({ connectionString: url });
    c.on('error', () => undefined);
    await c.connect();
    await c.query('SET jit = off');
    return c;
  };
  const c = await mk();
  const c2 = await mk();
  const userId = (await c.query<{ id: string }>(`INSERT INTO users (username, email, password_hash, role_id) SELECT 'probe', 'probe@example.org', 'x', id FROM roles WHERE name = 'editor' RETURNING id`)).rows[0].id;
  const rows = nodeRows(100_000, readGps());
  const reset = async () => {
    await c.query('TRUNCATE nodes, audit_log, audit_created_batches CASCADE');
    await c.query('VACUUM ANALYZE nodes');
  };
  /** One batch on `cl`, committed once `before` (the batch before) has. */
  const batch = async (cl: pg.Client, i: number, before?: Promise<void>) => {
    const b = rows.slice(i, i + BATCH);
    await cl.query('BEGIN');
    await cl.query(INSERT_MISSING_TYPES_SQL, [b.map((r) => r[1]), userId, 'bench']);
    await cl.query(INSERT_NODES_SQL, [b.map((r) => r[0]), b.map((r) => r[1]), b.map((r) => r[2]), userId, null, i, false]);
    if (before) await before;
    await cl.query('COMMIT');
  };
  const serial = async () => {
    for (let i = 0; i < rows.length; i += BATCH) await batch(c, i);
  };
  const piped = async () => {
    let prev: Promise<void> = Promise.resolve();
    let k = 0;
    const inflight: Promise<void>[] = [];
    for (let i = 0; i < rows.length; i += BATCH, k++) {
      const cl = k % 2 ? c2 : c;
      // This client's previous batch must have committed.
      if (inflight.length >= 2) await inflight.shift();
      prev = batch(cl, i, prev);
      inflight.push(prev);
    }
    await Promise.all(inflight);
  };
  const times = new Map<string, number[]>();
  for (let run = 0; run < 3; run++) {
    for (const [name, work] of [['serial', serial], ['two in flight', piped]] as const) {
      await reset();
      const start = performance.now();
      await work();
      times.set(name, [...(times.get(name) ?? []), performance.now() - start]);
    }
  }
  for (const [name, t] of times) console.log(name.padEnd(20), t.map((ms) => (ms / 1000).toFixed(2) + ' s').join(', '));
  await c.end();
  await c2.end();
});
