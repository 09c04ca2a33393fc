import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { AuthResponse, NodeUploadResponse } from '../../../contract';
import { withDatabase } from '../../test/global-setup';
import { startServerProcess, waitForStatus, type ServerProcess } from '../../test/server-process';
import { MIGRATION_LOCK_KEY } from '../locks';

/**
 * Several real server processes (`tsx src/server/main.ts`) on one fresh PostgreSQL database
 * (and what operators expect): each with its own temp folder, as if on
 * its own host, so only the database connects them.
 * - While an instance migrates (here: waits for the migration lock) it listens, is alive and
 *   answers /api/ready 503.
 * - kill -9 of the instance running an import: another takes the job over within 30 s, from
 *   the upload stored in the database, and finishes it from the checkpoint: every row once.
 * - SIGTERM: the instance says it is draining, commits the batch it is writing, exits 0, and
 *   another instance resumes the interrupted job at once (no wait for a stale heartbeat).
 * PostgreSQL only (skipped without TEST_DATABASE_URL).
 */
const onPostgres = process.env.KG_TEST_DB === 'postgres';
const STALE_SECONDS = 6;
const BATCH = 5000; // rows per batch on PostgreSQL (db/turns.ts)
const ROWS = 60_000;

/** A server process with a name for the failure messages. */
interface Instance extends ServerProcess {
  name: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!onPostgres)('several server processes on one PostgreSQL database (PostgreSQL only)', () => {
  let admin: pg.Client;
  let db: pg.Client;
  let database: string;
  const instances: Instance[] = [];
  const tmpDirs: string[] = [];

  async function start(name: string, env: Record<string, string> = {}): Promise<Instance> {
    const tmp = await fs.promises.mkdtemp(path.join(os.tmpdir(), `kg-instance-${name}-`));
    tmpDirs.push(tmp);
    const server = await startServerProcess({
      databaseUrl: withDatabase(process.env.TEST_DATABASE_URL!, database),
      env: {
        TMPDIR: tmp,
        KG_UPLOAD_ANSWER_WAIT_MS: '0',
        KG_JOB_STALE_SECONDS: String(STALE_SECONDS),
        KG_JOB_SWEEP_SECONDS: '1',
        ...env,
      },
    });
    const instance = Object.assign(server, { name });
    instances.push(instance);
    return instance;
  }

  /** Waits until `url` answers `status` (connection refused counts as not yet). */
  const until = (instance: Instance, url: string, status: number) => waitForStatus(instance, url, status).catch((err: Error) => {
    throw new Error(`${instance.name}: ${err.message}`);
  });

  interface Job {
    status: string;
    rows_committed: number;
    rows_total: number | null;
    interrupted: boolean;
    resumes: number;
    upload_id: string | null;
    summary: Record<string, number> | null;
  }
  const job = async (id: string) =>
    (await db.query<Job>('SELECT status, rows_committed, rows_total, interrupted, resumes, upload_id, summary FROM import_jobs WHERE id = $1', [id])).rows[0];
  async function jobUntil(id: string, ok: (j: Job) => boolean, timeoutMs: number): Promise<Job> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const j = await job(id);
      if (ok(j)) return j;
      if (Date.now() > deadline) throw new Error(`job ${id} did not get there in ${timeoutMs} ms: ${JSON.stringify(j)}\n${instances.map((i) => `--- ${i.name}\n${i.output()}`).join('\n')}`);
      await sleep(20);
    }
  }
  const nodesLike = async (prefix: string) => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM nodes WHERE name LIKE $1`, [`${prefix} %`])).rows[0].n;

  async function upload(instance: Instance, token: string, prefix: string, rows = ROWS): Promise<string> {
    const lines = ['nodename,nodetype', ...Array.from({ length: rows }, (_, i) => `${prefix} ${i},Instance test`)];
    const form = new FormData();
    form.append('file', new Blob([lines.join('\r\n') + '\r\n']), `${prefix}.csv`);
    const res = await fetch(`${instance.base}/api/nodes/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as NodeUploadResponse).processId;
  }

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    // Named like the harness's clones, so the run's teardown drops it whatever happens here.
    database = `${inject('postgresTemplate')}_c_${randomBytes(6).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${database} TEMPLATE ${inject('postgresTemplate')}`);
    db = new pg.Client({ connectionString: withDatabase(process.env.TEST_DATABASE_URL!, database) });
    await db.connect();
  });

  afterAll(async () => {
    for (const i of instances) if (i.proc.exitCode === null && i.proc.signalCode === null) i.proc.kill('SIGKILL');
    await Promise.all(instances.map((i) => i.exited));
    await db?.end();
    await admin?.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
    await admin?.end();
    for (const dir of tmpDirs) await fs.promises.rm(dir, { recursive: true, force: true });
  });

  let a: Instance;
  let b: Instance;
  let token: string;

  it('an instance that is migrating is alive but not ready, and ready once migrated', { timeout: 90_000 }, async () => {
    // Another instance "is migrating": it holds the migration lock.
    await db.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    a = await start('A');
    try {
      expect((await (await until(a, '/api/live', 200)).json()) as unknown).toEqual({ status: 'ok' });
      const ready = await fetch(`${a.base}/api/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'starting' });
      const other = await fetch(`${a.base}/api/nodes`);
      expect(other.status).toBe(503);
      expect(other.headers.get('retry-after')).toBe('5');
    } finally {
      await db.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
    expect(await (await until(a, '/api/ready', 200)).json()).toEqual({ status: 'ready' });
    b = await start('B');
    await until(b, '/api/ready', 200);
    const reg = await fetch(`${a.base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'instances_admin', email: 'instances_admin@example.org', password: 'Harbor-Lights-92' }),
    });
    expect(reg.status).toBe(201);
    token = ((await reg.json()) as AuthResponse).accessToken;
  });

  it('kill -9 of the instance running an import: another takes it over within 30 s and imports every row once', { timeout: 120_000 }, async ({ annotate }) => {
    const id = await upload(a, token, 'K1');
    const before = await jobUntil(id, (j) => j.rows_committed >= BATCH || j.status === 'completed', 60_000);
    a.proc.kill('SIGKILL');
    const killedAt = Date.now();
    expect(await a.exited).toMatchObject({ signal: 'SIGKILL' });
    const atKill = await job(id);
    expect(atKill.status, 'the import finished before the kill: the test proves nothing').not.toBe('completed');
    expect(atKill.upload_id).not.toBeNull();
    expect(before.rows_committed).toBeLessThan(ROWS);

    // Claimed once its heartbeat is stale (plus at most one sweep), then finished: all within 30 s.
    await jobUntil(id, (j) => j.resumes === 1, (STALE_SECONDS + 4) * 1000);
    const claimedIn = Date.now() - killedAt;
    const done = await jobUntil(id, (j) => j.status === 'completed' || j.status === 'error', 30_000 - (Date.now() - killedAt));
    const tookOverIn = Date.now() - killedAt;
    expect(done).toMatchObject({ status: 'completed', rows_committed: ROWS, resumes: 1, summary: { total: ROWS, created: ROWS, skipped: 0, errors: 0 } });
    expect(tookOverIn).toBeLessThan(30_000);
    await annotate(`claimed ${(claimedIn / 1000).toFixed(1)} s and completed ${(tookOverIn / 1000).toFixed(1)} s after the kill (${done.rows_committed - atKill.rows_committed} rows after it)`);
    expect(await nodesLike('K1')).toBe(ROWS);
    // The stored upload went with the job.
    await jobUntil(id, (j) => j.upload_id === null, 5000);
    expect((await db.query('SELECT 1 FROM import_uploads')).rows).toEqual([]);
  });

  it('SIGTERM drains: not ready, the running batch commits, exit 0, and another instance resumes the job at once', { timeout: 120_000 }, async () => {
    const c = await start('C', { KG_DRAIN_DELAY_SECONDS: '2' });
    await until(c, '/api/ready', 200);
    const rows = 200_000; // the import goes on during the drain delay
    const id = await upload(c, token, 'D1', rows);
    await jobUntil(id, (j) => j.rows_committed >= BATCH || j.status === 'completed', 60_000);
    c.proc.kill('SIGTERM');
    // Ready until the signal is handled, then 503 `draining` for the drain delay (not a refused connection).
    let ready = await fetch(`${c.base}/api/ready`);
    while (ready.status === 200) ready = await fetch(`${c.base}/api/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'draining' });
    const exit = await c.exited;
    const exitedAt = Date.now();
    expect(exit, c.output()).toEqual({ code: 0, signal: null });
    const atExit = await job(id);
    expect(atExit.status, 'the import finished before the drain: the test proves nothing').not.toBe('completed');
    // Interrupted on purpose: B claims it on its next sweep, long before a heartbeat is stale.
    await jobUntil(id, (j) => j.resumes === 1, 6000);
    expect(Date.now() - exitedAt).toBeLessThan(STALE_SECONDS * 1000 - 2000);
    const done = await jobUntil(id, (j) => j.status === 'completed' || j.status === 'error', 60_000);
    expect(done).toMatchObject({ status: 'completed', rows_committed: rows, summary: { total: rows, created: rows, skipped: 0, errors: 0 } });
    expect(await nodesLike('D1')).toBe(rows);
    expect(b.proc.exitCode).toBeNull();
  });
});
