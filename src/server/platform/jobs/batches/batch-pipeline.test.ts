import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../../../db/db';
import { cloneDatabase } from '../../../test/harness';
import { BatchPipeline, type PipelinedBatch } from './batch-pipeline';
import { readCheckpoint, type Checkpoint } from '../repository';

/**
 * Import batches with two in flight: each commits after the one before, with a
 * checkpoint built from it; a failure rolls back every batch after it; a lock wait between two
 * batches in flight (which PostgreSQL cannot see as a deadlock) ends in a lock timeout and a
 * serial re-run, as does a deadlock PostgreSQL detects. Two connections at once: PostgreSQL only.
 */
const onPostgres = process.env.KG_TEST_DB === 'postgres';

let db: Db;
let jobId: string;
beforeAll(async () => {
  if (!onPostgres) return;
  db = await cloneDatabase();
  await db.exec('CREATE TABLE pipeline_rows (batch int NOT NULL, key text UNIQUE)');
  const [user] = await db.query<{ id: string }>(
    `INSERT INTO users (username, email, password_hash, role_id) SELECT 'pipeline', 'pipeline@example.org', 'x', id FROM roles WHERE name = 'editor' RETURNING id`,
  );
  const [job] = await db.query<{ id: string }>(
    `INSERT INTO import_jobs (kind, status, progress, message, filename, created_by) VALUES ('nodes', 'inserting', 10, 'Inserting', 'probe.csv', $1) RETURNING id`,
    [user.id],
  );
  jobId = job.id;
});
afterAll(async () => {
  await db?.close();
});

const start: Checkpoint = { rowsCommitted: 0, rowsTotal: null, data: { created: 0 } };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A batch inserting keys with ON CONFLICT DO NOTHING (the imports' rule: a later batch skips a key
 * an earlier one holds, waiting for it while it is uncommitted); a number in `steps` is a pause of
 * that many ms.
 */
const skipping = (n: number, steps: (string | number)[], log: string[]): PipelinedBatch => ({
  async write(tx) {
    log.push(`start ${n}`);
    for (const step of steps) {
      if (typeof step === 'number') await sleep(step);
      else await tx.query('INSERT INTO pipeline_rows (batch, key) VALUES ($1, $2) ON CONFLICT DO NOTHING', [n, step]);
    }
    log.push(`end ${n}`);
    const keys = steps.filter((step) => typeof step === 'string').length;
    return (previous) => ({ rowsCommitted: n, rowsTotal: null, data: { created: (previous.data.created ?? 0) + keys } });
  },
});

function pipeline(depth: number | (() => number), options: { lockTimeoutMs?: number } = {}) {
  const committed: Checkpoint[] = [];
  const p = new BatchPipeline({ db, jobId, runToken: null, yieldToRequests: async () => undefined, onCommitted: () => undefined }, start, depth, (cp) => committed.push(cp), options);
  return { p, committed };
}

/** A batch inserting `keys` (each after `delayMs`), logging when its statements start and end. */
function batch(n: number, keys: string[], log: string[], options: { delayMs?: number; fail?: boolean; declare?: boolean } = {}): PipelinedBatch {
  return {
    keys: options.declare ? new Set(keys) : undefined,
    async write(tx: Queryable) {
      log.push(`start ${n}`);
      for (const key of keys) {
        if (options.delayMs) await sleep(options.delayMs);
        await tx.query('INSERT INTO pipeline_rows (batch, key) VALUES ($1, $2)', [n, key]);
      }
      if (options.fail) throw new Error(`batch ${n} failed`);
      log.push(`end ${n}`);
      return (previous) => ({ rowsCommitted: n, rowsTotal: null, data: { created: (previous.data.created ?? 0) + keys.length } });
    },
  };
}

const rowsOf = async () => (await db.query<{ batch: number; key: string }>('SELECT batch, key FROM pipeline_rows ORDER BY key')).map((r) => `${r.batch}:${r.key}`);

describe.skipIf(!onPostgres)('batches with two in flight, committed in order', () => {
  it('runs the next batch beside the one before and commits them in order, each checkpoint built from the one before', async () => {
    await db.exec('TRUNCATE pipeline_rows');
    const log: string[] = [];
    const { p, committed } = pipeline(2);
    // The first batch is slow: the second starts and ends its statements meanwhile, and waits to commit.
    await p.push(batch(1, ['a', 'b', 'c'], log, { delayMs: 100 }));
    await p.push(batch(2, ['d'], log));
    await p.push(batch(3, ['e'], log));
    const last = await p.drain();
    expect(log.indexOf('start 2')).toBeLessThan(log.indexOf('end 1'));
    expect(log.indexOf('end 2')).toBeLessThan(log.indexOf('end 1'));
    expect(committed.map((cp) => [cp.rowsCommitted, cp.data.created])).toEqual([
      [1, 3],
      [2, 4],
      [3, 5],
    ]);
    expect(last.rowsCommitted).toBe(3);
    expect((await readCheckpoint(db, jobId)).rowsCommitted).toBe(3);
    expect(await rowsOf()).toEqual(['1:a', '1:b', '1:c', '2:d', '3:e']);
  });

  it('asks how many may be in flight before each batch: one while requests are waiting (db/turns.ts)', async () => {
    await db.exec('TRUNCATE pipeline_rows');
    const log: string[] = [];
    let inFlight = 1;
    const { p } = pipeline(() => inFlight);
    await p.push(batch(1, ['a', 'b'], log, { delayMs: 80 }));
    await p.push(batch(2, ['c'], log));
    inFlight = 2;
    await p.push(batch(3, ['d', 'e'], log, { delayMs: 80 }));
    await p.push(batch(4, ['f'], log));
    expect((await p.drain()).rowsCommitted).toBe(4);
    // One at a time: batch 2 began after batch 1 had committed; two: batch 4 beside batch 3.
    expect(log.indexOf('start 2')).toBeGreaterThan(log.indexOf('end 1'));
    expect(log.indexOf('end 4')).toBeLessThan(log.indexOf('end 3'));
    expect(await rowsOf()).toEqual(['1:a', '1:b', '2:c', '3:d', '3:e', '4:f']);
  });

  it('a failed batch rolls back the batch after it, which had finished its statements; the checkpoint stays at the last commit', async () => {
    await db.exec('TRUNCATE pipeline_rows');
    const log: string[] = [];
    const { p, committed } = pipeline(2);
    await p.push(batch(1, ['a'], log));
    await p.push(batch(2, ['b', 'c'], log, { delayMs: 80, fail: true }));
    await p.push(batch(3, ['d'], log));
    await expect(p.drain()).rejects.toThrow('batch 2 failed');
    expect(log).toContain('end 3');
    expect(committed.map((cp) => cp.rowsCommitted)).toEqual([1]);
    expect((await readCheckpoint(db, jobId)).rowsCommitted).toBe(1);
    expect(await rowsOf()).toEqual(['1:a']);
  });

  it('a batch whose keys meet those of the batch in flight waits for its commit: the first in order keeps the key', async () => {
    await db.exec('TRUNCATE pipeline_rows');
    const log: string[] = [];
    const { p } = pipeline(2);
    await p.push(batch(1, ['a', 'x'], log, { delayMs: 100, declare: true }));
    await p.push(batch(2, ['x', 'b'], log, { declare: true }));
    await p.push(batch(3, ['c'], log, { declare: true }));
    // Batch 2 inserts x: it must not start before batch 1 has committed.
    await expect(p.drain()).rejects.toThrow(/duplicate key/);
    expect(log.indexOf('start 2')).toBeGreaterThan(log.indexOf('end 1'));
    expect(p.depth).toBe(2);
  });

  it('a lock wait between two batches in flight (a key taken out of order) ends in a lock timeout, and both run again one at a time', async () => {
    await db.exec('TRUNCATE pipeline_rows');
    await db.exec('ALTER TABLE pipeline_rows DROP CONSTRAINT pipeline_rows_key_key');
    await db.exec('CREATE UNIQUE INDEX pipeline_rows_key ON pipeline_rows (key)');
    const log: string[] = [];
    const { p, committed } = pipeline(2, { lockTimeoutMs: 500 });
    // Batch 1 reaches x after batch 2 has inserted it (uncommitted): batch 1 waits for batch 2 in
    // PostgreSQL, batch 2 waits for batch 1's commit here. Undeclared keys, so nothing prevents it.
    await p.push(skipping(1, [150, 'a', 150, 'b', 150, 'x'], log));
    await p.push(skipping(2, ['x', 'c'], log));
    const last = await p.drain();
    expect(p.depth).toBe(1);
    expect(last.rowsCommitted).toBe(2);
    expect(committed.map((cp) => cp.rowsCommitted)).toEqual([1, 2]);
    // Run again in order: x is batch 1's, as one at a time would have had it.
    expect(await rowsOf()).toEqual(['1:a', '1:b', '2:c', '1:x']);
    expect(log.filter((e) => e === 'start 1')).toHaveLength(2);
  });

  it('a deadlock PostgreSQL sees between two batches in flight fails one of them, and what failed runs again one at a time', async () => {
    await db.exec('TRUNCATE pipeline_rows');
    const log: string[] = [];
    // A lock timeout longer than PostgreSQL's deadlock_timeout (1 s): its deadlock check ends the wait.
    const { p, committed } = pipeline(2, { lockTimeoutMs: 10_000 });
    // Batch 1 holds a and then wants y; batch 2 holds y and then wants a: a cycle in PostgreSQL.
    await p.push(skipping(1, ['a', 300, 'y'], log));
    await p.push(skipping(2, [100, 'y', 'a'], log));
    const last = await p.drain();
    expect(p.depth).toBe(1);
    expect(last.rowsCommitted).toBe(2);
    expect(committed.map((cp) => cp.rowsCommitted)).toEqual([1, 2]);
    expect((await readCheckpoint(db, jobId)).rowsCommitted).toBe(2);
    // Whichever batch PostgreSQL chose, batch 1 keeps both keys, as one at a time would have had it.
    expect(await rowsOf()).toEqual(['1:a', '1:y']);
    expect(log.filter((e) => e === 'start 2')).toHaveLength(2);
  });
});
