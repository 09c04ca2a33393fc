import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import type { Db } from '../../db/db';
import { cloneDatabase } from '../../test/harness';

/**
 * Liveness and readiness are different questions (operators): /live answers while
 * the process serves, whatever the database does; /ready answers 503 while the instance drains
 * or cannot reach its database, so a load balancer sends its requests elsewhere. (503 while
 * starting and migrating is the process's early listener: platform/jobs/instances.process.test.ts.)
 */
let db: Db;
let app: FastifyInstance;
/** While set, every query fails the way a lost PostgreSQL connection does. */
let databaseDown = false;
/** While set, queries never answer (a database that hangs, or a pool with no free connection). */
let databaseHangs = false;

beforeAll(async () => {
  db = await cloneDatabase();
  const flaky: Db = {
    ...db,
    kind: db.kind,
    query: (sql, params) => {
      if (databaseHangs) return new Promise(() => undefined);
      if (databaseDown) return Promise.reject(Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' }));
      return db.query(sql, params);
    },
    transaction: (fn) => db.transaction(fn),
    exec: (sql) => db.exec(sql),
    close: async () => undefined,
  };
  app = await buildApp(testConfig(), { db: flaky });
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

const get = (url: string) => app.inject({ method: 'GET', url });

describe('GET /api/live and GET /api/ready', () => {
  it('are public and say ready when the database answers', async () => {
    const live = await get('/api/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await get('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('ready is 503 while the database is unreachable, live stays 200, and ready comes back with the database', async () => {
    databaseDown = true;
    try {
      const ready = await get('/api/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'database_unavailable' });
      expect((await get('/api/live')).statusCode).toBe(200);
    } finally {
      databaseDown = false;
    }
    expect((await get('/api/ready')).statusCode).toBe(200);
  });

  it('ready is 503 when the database does not answer within 2 s', async () => {
    databaseHangs = true;
    try {
      const started = Date.now();
      const ready = await get('/api/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'database_unavailable' });
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      databaseHangs = false;
    }
  });

  it('ready is 503 while draining (SIGTERM), and the draining instance claims no orphaned jobs', async () => {
    app.draining = true;
    try {
      const ready = await get('/api/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'draining' });
      expect((await get('/api/live')).statusCode).toBe(200);
      const [job] = await db.query<{ id: string }>(
        `INSERT INTO import_jobs (kind, status, progress, message, filename, interrupted, upload_format, run_token)
         VALUES ('snomed', 'inserting', 40, 'Interrupted', 'd.txt', true, 'rf2', gen_random_uuid()) RETURNING id`,
      );
      expect(await app.recoverJobs()).toEqual({ resumed: 0, failed: 0 });
      expect((await db.query<{ status: string }>('SELECT status FROM import_jobs WHERE id = $1', [job.id]))[0].status).toBe('inserting');
      await db.query(`UPDATE import_jobs SET status = 'error' WHERE id = $1`, [job.id]);
    } finally {
      app.draining = false;
    }
  });
});
