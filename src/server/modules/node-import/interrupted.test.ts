import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, SNOMED_RF2_COLUMNS, type AuthResponse, type NodeUploadResponse } from '../../../contract';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import type { JobOutcome } from '../../platform/jobs/runner';
import { saveJobState } from '../../platform/jobs/repository';
import { withDatabase } from '../../test/global-setup';
import { testApp, type TestApp } from '../../test/harness';
import { csvOf, multipart } from '../../test/import-fixtures';
import { importBatchRows } from '../../db/turns';

/**
 * Honest job states: a queued job heartbeats, a final state
 * stays final, and an import stopped mid-way — by a server stop or, on PostgreSQL, by its
 * connections being terminated — keeps whole batches only, says how many, and resumes from its
 * checkpoint without duplicates.
 */
let t: TestApp;
let editor: AuthResponse;
/** Rows per batch on the database under test (db/turns.ts). */
const BATCH = importBatchRows(process.env.KG_TEST_DB === 'postgres' ? 'postgres' : 'pglite');

beforeAll(async () => {
  // Reconnect tries as many as in production, with shorter waits (config.jobReconnectDelaysMs).
  t = await testApp({ uploadAnswerWaitMs: 0, jobReconnectDelaysMs: [50, 100, 100, 200, 200, 200] });
  await t.register('admin');
  editor = await t.register('editor');
  await t.db.query(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'editor') WHERE username = 'editor'`);
});
afterAll(async () => {
  await t?.close();
});

interface JobDbRow {
  status: string;
  progress: number;
  message: string;
  rows_committed: number;
  rows_total: number | null;
  interrupted: boolean;
  upload_path: string | null;
  updated_at: Date;
  summary: Record<string, number> | null;
}

/** Reads the job row; a query on a connection that was just terminated is tried again. */
async function job(id: string): Promise<JobDbRow> {
  for (let i = 0; ; i++) {
    try {
      const [row] = await t.db.query<JobDbRow>(
        'SELECT status, progress, message, rows_committed, rows_total, interrupted, upload_path, updated_at, summary FROM import_jobs WHERE id = $1',
        [id],
      );
      return row;
    } catch (err) {
      if (i >= 5) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

async function until(id: string, ok: (row: JobDbRow) => boolean, timeoutMs = 60_000): Promise<JobDbRow> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const row = await job(id);
    if (ok(row)) return row;
    if (Date.now() > end) throw new Error(`job ${id} did not get there: ${JSON.stringify(row)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const nodesLike = async (prefix: string) =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM nodes WHERE name LIKE $1`, [`${prefix} %`]))[0].n;

const bigCsv = (prefix: string, n: number) => csvOf([['nodename', 'nodetype'], ...Array.from({ length: n }, (_, i) => [`${prefix} ${i}`, 'Resume'])]);

/** A second server on the same database (its close must not close the shared one). */
const serverOnSameDb = () => buildApp(testConfig({ uploadAnswerWaitMs: 0 }), { db: { ...t.db, close: async () => undefined } });

describe('queued jobs and final states', () => {
  it('a job waiting for a free slot keeps its heartbeat; a completed job is never overwritten', async () => {
    const gates: (() => void)[] = [];
    const blocked = (): Promise<JobOutcome> => new Promise((resolve) => gates.push(() => resolve({ message: 'done', summary: {}, errorReportKey: null })));
    // Two jobs hold both slots; the third waits.
    const rows = await Promise.all([1, 2, 3].map((i) => t.app.jobs.create('nodes', `q${i}.csv`, editor.user.id)));
    const running = rows.map((row) => t.app.jobs.run(row, blocked));
    const queued = rows[2].id;
    const before = await job(queued);
    // A heartbeat a second (runner.ts): wait for two more writes of the row rather than a fixed time,
    // so the first may be the queued state's own save and the second is a heartbeat all the same.
    const later = (than: JobDbRow) => until(queued, (r) => r.updated_at.getTime() > than.updated_at.getTime(), 10_000);
    const after = await later(await later(before));
    expect(after.updated_at.getTime()).toBeGreaterThan(before.updated_at.getTime());
    expect(after).toMatchObject({ status: 'processing', message: 'Waiting for another import to finish…' });
    // The sweep leaves a job with a live heartbeat alone.
    await t.app.recoverJobs();
    expect((await job(queued)).status).toBe('processing');

    gates.splice(0).forEach((open) => open());
    await Promise.all(running.slice(0, 2).map((r) => r.done));
    await until(queued, () => gates.length > 0);
    gates.splice(0).forEach((open) => open());
    await running[2].done;
    expect(await job(queued)).toMatchObject({ status: 'completed', progress: 100, message: 'done' });

    // Neither a late write of the run, nor a sweep of a row that looks stale, changes a final state.
    const [{ run_token }] = await t.db.query<{ run_token: string }>('SELECT run_token FROM import_jobs WHERE id = $1', [queued]);
    expect(await saveJobState(t.db, queued, run_token, { status: 'error', progress: 40, message: 'late' })).toBe(false);
    await t.db.query(`UPDATE import_jobs SET updated_at = now() - interval '1 hour' WHERE id = $1`, [queued]);
    await t.app.recoverJobs();
    expect(await job(queued)).toMatchObject({ status: 'completed', message: 'done' });
  });
});

describe('an import stopped mid-way', () => {
  // Two imports of tens of thousands of rows: ~15 s on an idle machine, longer on a busy one.
  it('keeps whole batches, says how many, and resumes from its checkpoint at the next start without duplicates', { timeout: 90_000 }, async () => {
    const rows = 60_000;
    const other = await serverOnSameDb();
    let id: string;
    try {
      const body = multipart('stop.csv', bigCsv('R1', rows));
      const res = await other.inject({ method: 'POST', url: '/api/nodes/upload', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${editor.accessToken}` } });
      expect(res.statusCode, res.body).toBe(200);
      id = res.json<NodeUploadResponse>().processId;
      // On PostgreSQL the rows written during the read commit before the job says 'inserting': wait for both.
      await until(id, (r) => r.status === 'inserting' && r.rows_committed >= BATCH);
    } finally {
      await other.close();
    }
    const stopped = await job(id);
    // Not final: interrupted, resumable, and it says what was kept — whole batches only.
    expect(stopped).toMatchObject({ status: 'inserting', interrupted: true, rows_total: rows });
    expect(stopped.rows_committed % BATCH).toBe(0);
    expect(stopped.rows_committed).toBeLessThan(rows);
    expect(stopped.message).toBe(IMPORT_MESSAGES.interrupted(stopped.rows_committed, rows));
    expect(stopped.message).toContain(`of ${rows.toLocaleString('en')} rows were imported`);
    expect(await nodesLike('R1')).toBe(stopped.rows_committed);
    expect(fs.existsSync(stopped.upload_path!)).toBe(true);

    // The next start resumes it.
    const next = await serverOnSameDb();
    try {
      const done = await until(id, (r) => r.status === 'completed' || r.status === 'error');
      expect(done).toMatchObject({ status: 'completed', progress: 100, rows_committed: rows, summary: { total: rows, created: rows, skipped: 0, errors: 0 } });
      expect(await nodesLike('R1')).toBe(rows);
      // The finished job's file goes (just after its final state is recorded).
      for (let i = 0; i < 50 && fs.existsSync(stopped.upload_path!); i++) await new Promise((r) => setTimeout(r, 20));
      expect(fs.existsSync(stopped.upload_path!)).toBe(false);
      const health = await next.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
    } finally {
      await next.close();
    }
  });

  it('a job interrupted without its file ends in error, naming the rows it kept', async () => {
    const [row] = await t.db.query<{ id: string }>(
      `INSERT INTO import_jobs (kind, status, progress, message, filename, created_by, rows_committed, rows_total, interrupted, upload_path, upload_format)
       VALUES ('nodes', 'inserting', 40, 'Inserting', 'gone.csv', $1, 15000, 100000, true, '/nonexistent/kg-upload.csv', 'csv') RETURNING id`,
      [editor.user.id],
    );
    // Only stale jobs of another host are given up: make its heartbeat old.
    await t.db.query(`UPDATE import_jobs SET updated_at = now() - interval '10 minutes' WHERE id = $1`, [row.id]);
    await t.app.recoverJobs();
    const failed = await job(row.id);
    expect(failed).toMatchObject({ status: 'error', rows_committed: 15000 });
    expect(failed.message).toBe(IMPORT_MESSAGES.stopped(15000, 100000));
    expect(failed.message).toContain('15,000 of 100,000 rows were imported');
  });
});

/** An RF2 description file of `n` rows (ids from `base`), every 1000th row invalid (a blank term). */
function rf2(base: number, n: number): Buffer {
  const lines = [SNOMED_RF2_COLUMNS.join('\t')];
  for (let i = 0; i < n; i++) {
    const term = i % 1000 === 999 ? '' : `Resumed concept ${i}`;
    lines.push([`${base + i}`, '20240101', '1', '900000000000207008', `${base + i}`, 'en', '900000000000013009', term, '900000000000448009'].join('\t'));
  }
  return Buffer.from(lines.join('\r\n') + '\r\n');
}

describe('claiming an orphaned job', () => {
  it('two servers sweeping at once: exactly one resumes it', async () => {
    const other = await serverOnSameDb();
    try {
      const file = path.join(os.tmpdir(), 'kg-imports', `${randomUUID()}.csv`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, bigCsv('C1', 7000));
      const [row] = await t.db.query<{ id: string }>(
        `INSERT INTO import_jobs (kind, status, progress, message, filename, created_by, interrupted, upload_path, upload_format, run_token)
         VALUES ('nodes', 'inserting', 40, 'Interrupted', 'c1.csv', $1, true, $2, 'csv', gen_random_uuid()) RETURNING id`,
        [editor.user.id, file],
      );
      const [a, b] = await Promise.all([t.app.recoverJobs(), other.recoverJobs()]);
      expect(a.resumed + b.resumed).toBe(1);
      const done = await until(row.id, (r) => r.status === 'completed' || r.status === 'error');
      expect(done).toMatchObject({ status: 'completed', rows_committed: 7000, summary: { total: 7000, created: 7000, skipped: 0, errors: 0 } });
      expect(await nodesLike('C1')).toBe(7000);
    } finally {
      await other.close();
    }
  });
});

describe('a SNOMED import stopped mid-way', () => {
  it('resumes at the next start after the rows its checkpoint counts: counts exact, nothing twice', { timeout: 90_000 }, async () => {
    const rows = 40_000;
    const other = await serverOnSameDb();
    let id: string;
    try {
      const body = multipart('sct2_Description_Resume.txt', rf2(7_000_000, rows));
      const answer = other.inject({ method: 'POST', url: '/api/snomed/import', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${editor.accessToken}` } });
      for (;;) {
        const [row] = await t.db.query<{ id: string }>(`SELECT id FROM import_jobs WHERE filename = 'sct2_Description_Resume.txt'`);
        if (row) {
          id = row.id;
          break;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      await until(id, (r) => r.rows_committed > 0);
      await other.close();
      // The request that waited for the import learns it was interrupted.
      expect((await answer).statusCode).toBe(503);
    } finally {
      await other.close();
    }
    const stopped = await job(id);
    expect(stopped).toMatchObject({ status: 'inserting', interrupted: true, rows_total: rows });
    expect(stopped.message).toBe(IMPORT_MESSAGES.interrupted(stopped.rows_committed, rows));
    const inTable = async () => (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM snomed_concepts WHERE id::bigint BETWEEN 7000000 AND 7999999`))[0].n;
    expect(await inTable()).toBe(stopped.rows_committed);

    const next = await serverOnSameDb();
    try {
      const done = await until(id, (r) => r.status === 'completed' || r.status === 'error');
      const errors = rows / 1000;
      expect(done).toMatchObject({ status: 'completed', rows_committed: rows - errors, summary: { totalRows: rows, created: rows - errors, updated: 0, unchanged: 0, errors } });
      expect(await inTable()).toBe(rows - errors);
    } finally {
      await next.close();
    }
  });
});

describe.runIf(process.env.KG_TEST_DB === 'postgres')('PostgreSQL connections terminated mid-import', () => {
  it('the import resumes from its checkpoint: every row once, counts exact, and the server keeps serving', async () => {
    const [{ name }] = await t.db.query<{ name: string }>('SELECT current_database() AS name');
    const admin = new pg.Client({ connectionString: withDatabase(process.env.TEST_DATABASE_URL!, name) });
    await admin.connect();
    try {
      const rows = 60_000;
      const res = await t.call({ method: 'POST', url: '/api/nodes/upload', token: editor.accessToken, ...multipart('fault.csv', bigCsv('F1', rows)) });
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json<NodeUploadResponse>().processId;
      const seen = new Set<number>();
      const at = await until(id, (r) => (seen.add(r.rows_committed), r.status === 'inserting' && r.rows_committed >= BATCH));
      expect(at.status).toBe('inserting');
      const killed = await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`);
      expect(killed.rowCount).toBeGreaterThan(0);

      const done = await until(id, (r) => (seen.add(r.rows_committed), r.status === 'completed' || r.status === 'error'));
      expect(done).toMatchObject({ status: 'completed', rows_committed: rows, summary: { total: rows, created: rows, skipped: 0, errors: 0 } });
      // Checkpoints only ever counted whole batches.
      for (const n of seen) expect(n % BATCH === 0 || n === rows).toBe(true);
      expect(await nodesLike('F1')).toBe(rows);
      const health = await t.call({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      const list = await t.call({ method: 'GET', url: '/api/nodes?search=F1', token: editor.accessToken });
      expect(list.statusCode).toBe(200);
    } finally {
      await admin.end();
    }
  });

  it('connections terminated while the batches written during the read are uncommitted: the file is read again, every row once', async () => {
    const [{ name }] = await t.db.query<{ name: string }>('SELECT current_database() AS name');
    const admin = new pg.Client({ connectionString: withDatabase(process.env.TEST_DATABASE_URL!, name) });
    await admin.connect();
    try {
      // Each batch's create events take ids from this sequence, which moves even while uncommitted.
      const eventIds = async () => Number((await admin.query<{ n: string }>('SELECT last_value::text AS n FROM audit_log_id_seq')).rows[0].n);
      const committed = async () => (await admin.query<{ n: number }>(`SELECT count(*)::int AS n FROM nodes WHERE name LIKE 'F3 %'`)).rows[0].n;
      const before = await eventIds();
      const rows = 200_000;
      // The answer waits for the job a while: watch while it is on its way.
      const answer = t.call({ method: 'POST', url: '/api/nodes/upload', token: editor.accessToken, ...multipart('read-fault.csv', bigCsv('F3', rows)) });
      // A batch written during the read (batches-while-reading.ts), nothing committed yet.
      const deadline = Date.now() + 30_000;
      while ((await eventIds()) === before) {
        if (Date.now() > deadline) throw new Error('no batch was written during the read');
        await new Promise((r) => setTimeout(r, 5));
      }
      const killed = await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`);
      expect(killed.rowCount).toBeGreaterThan(0);
      expect(await committed()).toBe(0);
      const res = await answer;
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json<NodeUploadResponse>().processId;

      const done = await until(id, (r) => r.status === 'completed' || r.status === 'error', 120_000);
      expect(done).toMatchObject({ status: 'completed', rows_committed: rows, summary: { total: rows, created: rows, skipped: 0, errors: 0 } });
      expect(await nodesLike('F3')).toBe(rows);
    } finally {
      await admin.end();
    }
  }, 150_000);

  it('a database that stays away past the retries leaves the job interrupted with its count; the sweep resumes it', { timeout: 90_000 }, async () => {
    const [{ name }] = await t.db.query<{ name: string }>('SELECT current_database() AS name');
    const admin = new pg.Client({ connectionString: withDatabase(process.env.TEST_DATABASE_URL!, name) });
    await admin.connect();
    const rows = 60_000;
    let id: string;
    try {
      const res = await t.call({ method: 'POST', url: '/api/nodes/upload', token: editor.accessToken, ...multipart('away.csv', bigCsv('F2', rows)) });
      expect(res.statusCode, res.body).toBe(200);
      id = res.json<NodeUploadResponse>().processId;
      // On PostgreSQL the rows written during the read commit before the job says 'inserting': wait for both.
      await until(id, (r) => r.status === 'inserting' && r.rows_committed >= BATCH);
      // Every connection of the app is terminated every 50 ms until the job gives up retrying.
      const kill = () => admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`);
      const end = Date.now() + 60_000;
      const running = () => t.app.jobs.current(id);
      while (running() && !running()!.state.message.startsWith('Interrupted after') && Date.now() < end) {
        await kill();
        await new Promise((r) => setTimeout(r, 50));
      }
      // Six tries (their waits shortened here), then it stops.
      expect(Date.now()).toBeLessThan(end);
    } finally {
      await admin.end();
    }
    // The interruption reaches the row once the database is back.
    const stopped = await until(id, (r) => r.interrupted);
    expect(stopped.status).toBe('inserting');
    expect(stopped.rows_committed % BATCH).toBe(0);
    expect(stopped.message).toBe(IMPORT_MESSAGES.interrupted(stopped.rows_committed, rows));
    expect(await nodesLike('F2')).toBe(stopped.rows_committed);

    expect((await t.app.recoverJobs()).resumed).toBe(1);
    const done = await until(id, (r) => r.status === 'completed' || r.status === 'error');
    expect(done).toMatchObject({ status: 'completed', rows_committed: rows, summary: { total: rows, created: rows, skipped: 0, errors: 0 } });
    expect(await nodesLike('F2')).toBe(rows);
    expect((await t.call({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
