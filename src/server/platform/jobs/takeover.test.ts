import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, type AuthResponse, type NodeUploadResponse } from '../../../contract';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { importBatchRows } from '../../db/turns';
import { csvOf, multipart } from '../../test/import-fixtures';
import { testApp, type TestApp } from '../../test/harness';
import { uploadDir } from './uploads/upload-dir';
import { databaseUploadStore, type UploadStore } from './uploads/upload-store';

/**
 * Jobs any instance can run: an accepted upload is stored in the database,
 * so when the instance that took it is gone — and its upload folder with it — another instance
 * claims the job, writes the upload out of the database and resumes from the checkpoint; the
 * stored upload goes when the job ends, however it ends. The server uses the database store on
 * PostgreSQL; on PGlite these tests put it in place by hand to run the same path.
 */
const onPostgres = process.env.KG_TEST_DB === 'postgres';
const BATCH = importBatchRows(onPostgres ? 'postgres' : 'pglite');
let t: TestApp;
let editor: AuthResponse;
let shared: UploadStore;

beforeAll(async () => {
  // Every recovery here is called by the test: the periodic sweep (every 5 s on PostgreSQL) would
  // otherwise take an interrupted job between the drain and the assertions on a slow machine.
  t = await testApp({ uploadAnswerWaitMs: 0, jobSweepSeconds: 3600 });
  await t.register('admin');
  editor = await t.register('editor');
  await t.db.query(`UPDATE users SET role_id = (SELECT id FROM roles WHERE name = 'editor') WHERE username = 'editor'`);
  shared = databaseUploadStore(t.db);
  t.app.uploads = shared;
});
afterAll(async () => {
  await t?.close();
});

interface JobRow {
  status: string;
  rows_committed: number;
  interrupted: boolean;
  upload_path: string | null;
  upload_id: string | null;
  summary: Record<string, number> | null;
  message: string;
}
const job = async (id: string) =>
  (await t.db.query<JobRow>('SELECT status, rows_committed, interrupted, upload_path, upload_id, summary, message FROM import_jobs WHERE id = $1', [id]))[0];
async function until(id: string, ok: (row: JobRow) => boolean, timeoutMs = 60_000): Promise<JobRow> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const row = await job(id);
    if (ok(row)) return row;
    if (Date.now() > end) throw new Error(`job ${id} did not get there: ${JSON.stringify(row)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
const count = async (sql: string, params: unknown[]) => (await t.db.query<{ n: number }>(sql, params))[0].n;
const storedCopies = (uploadId: string | null) => count('SELECT count(*)::int AS n FROM import_uploads WHERE id = $1', [uploadId]);
const nodesLike = (prefix: string) => count(`SELECT count(*)::int AS n FROM nodes WHERE name LIKE $1`, [`${prefix} %`]);
const csv = (prefix: string, n: number) => csvOf([['nodename', 'nodetype'], ...Array.from({ length: n }, (_, i) => [`${prefix} ${i}`, 'Takeover'])]);

/** Another instance on the same database (its close must not close the shared one). */
async function otherInstance() {
  const app = await buildApp(testConfig({ uploadAnswerWaitMs: 0 }), { db: { ...t.db, close: async () => undefined } });
  app.uploads = shared;
  return app;
}

describe('an upload accepted by one instance', () => {
  it('is stored in the database before its job starts, and the stored copy goes when the job completes', async () => {
    const kept: string[] = [];
    t.app.uploads = { ...shared, keep: async (file) => (kept.push((await shared.keep(file))!), kept.at(-1)!) };
    try {
      const body = multipart('stored.csv', csv('S1', 50));
      const res = await t.call({ method: 'POST', url: '/api/nodes/upload', payload: body.payload, headers: body.headers, token: editor.accessToken });
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json<NodeUploadResponse>().processId;
      const done = await until(id, (r) => r.status === 'completed');
      expect(done.summary).toMatchObject({ total: 50, created: 50 });
      expect(kept).toHaveLength(1);
      for (let i = 0; i < 50 && (await storedCopies(kept[0])) > 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(await storedCopies(kept[0])).toBe(0);
      expect((await job(id)).upload_id).toBeNull();
    } finally {
      t.app.uploads = shared;
    }
  });

  it('is resumed by another instance from the stored copy when its own instance and upload folder are gone: every row exactly once', async () => {
    const rows = BATCH * 6;
    const a = await otherInstance();
    let id: string;
    try {
      const body = multipart('takeover.csv', csv('T1', rows));
      const res = await a.inject({ method: 'POST', url: '/api/nodes/upload', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${editor.accessToken}` } });
      expect(res.statusCode, res.body).toBe(200);
      id = res.json<NodeUploadResponse>().processId;
      await until(id, (r) => r.rows_committed >= BATCH);
    } finally {
      await a.close(); // the drain: the batch being written commits, the job is interrupted
    }
    const stopped = await job(id);
    expect(stopped).toMatchObject({ status: 'inserting', interrupted: true });
    expect(stopped.rows_committed).toBeLessThan(rows);
    expect(stopped.upload_id).not.toBeNull();
    // As if instance A ran on another host: its received file is not here.
    await fs.promises.rm(stopped.upload_path!, { force: true });
    const folder = await uploadDir();
    const filesBefore = new Set(await fs.promises.readdir(folder));

    expect(await t.app.recoverJobs()).toEqual({ resumed: 1, failed: 0 });
    const done = await until(id, (r) => r.status === 'completed' || r.status === 'error');
    expect(done).toMatchObject({ status: 'completed', rows_committed: rows, summary: { total: rows, created: rows, skipped: 0, errors: 0 } });
    expect(await nodesLike('T1')).toBe(rows);
    // The copy written out for the resume and the stored upload both go with the job.
    for (let i = 0; i < 50 && (await storedCopies(stopped.upload_id)) > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await storedCopies(stopped.upload_id)).toBe(0);
    expect((await fs.promises.readdir(folder)).filter((f) => !filesBefore.has(f))).toEqual([]);
  });

  it('stays claimable when its stored copy cannot be read for a lost connection, and resumes at a later sweep', async () => {
    const file = `${await uploadDir()}/flaky-${randomBytes(4).toString('hex')}.csv`;
    await fs.promises.writeFile(file, csv('F1', 20));
    const uploadId = await shared.keep(file);
    await fs.promises.rm(file);
    const [row] = await t.db.query<{ id: string }>(
      `INSERT INTO import_jobs (kind, status, progress, message, filename, created_by, interrupted, upload_format, upload_id, run_token)
       VALUES ('nodes', 'inserting', 40, 'Interrupted', 'f1.csv', $1, true, 'csv', $2, gen_random_uuid()) RETURNING id`,
      [editor.user.id, uploadId],
    );
    const lost = Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
    t.app.uploads = { ...shared, writeTo: () => Promise.reject(lost) };
    try {
      await expect(t.app.recoverJobs()).rejects.toThrow('Connection terminated');
    } finally {
      t.app.uploads = shared;
    }
    // Not given up: claimed (one resume used), and its upload kept.
    expect(await job(row.id)).toMatchObject({ status: 'inserting', interrupted: false, upload_id: uploadId });
    // Once its claim's heartbeat is stale, a sweep takes it again and finishes it.
    await t.db.query(`UPDATE import_jobs SET updated_at = now() - interval '1 hour' WHERE id = $1`, [row.id]);
    expect(await t.app.recoverJobs()).toEqual({ resumed: 1, failed: 0 });
    expect(await until(row.id, (r) => r.status === 'completed' || r.status === 'error')).toMatchObject({ status: 'completed', summary: { total: 20, created: 20 } });
    expect(await nodesLike('F1')).toBe(20);
  });

  it('is given up, and its stored copy removed, when the job cannot resume any more', async () => {
    const file = `${await uploadDir()}/given-up-${randomBytes(4).toString('hex')}.csv`;
    await fs.promises.writeFile(file, csv('G1', 10));
    const uploadId = await shared.keep(file);
    await fs.promises.rm(file);
    const [row] = await t.db.query<{ id: string }>(
      `INSERT INTO import_jobs (kind, status, progress, message, filename, created_by, rows_committed, rows_total, interrupted, upload_format, upload_id, resumes, run_token)
       VALUES ('nodes', 'inserting', 40, 'Interrupted', 'g1.csv', $1, 4, 10, true, 'csv', $2, 3, gen_random_uuid()) RETURNING id`,
      [editor.user.id, uploadId],
    );
    expect(await t.app.recoverJobs()).toEqual({ resumed: 0, failed: 1 });
    expect(await job(row.id)).toMatchObject({ status: 'error', message: IMPORT_MESSAGES.stopped(4, 10), upload_id: null });
    expect(await storedCopies(uploadId)).toBe(0);
  });
});
