import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { withDatabase } from '../../test/global-setup';
import { startServerProcess, waitForStatus, type ServerProcess } from '../../test/server-process';

/**
 * The fault test with the real server process (`tsx src/server/main.ts` on DATABASE_URL): its
 * PostgreSQL backends are terminated again and again during a loop of writes. The process
 * must keep running (an unhandled 'error' event or rejection would end it), answer 503 with
 * Retry-After or succeed, and serve again afterwards. PostgreSQL only.
 */
const onPostgres = process.env.KG_TEST_DB === 'postgres';

describe.skipIf(!onPostgres)('the server process on a lost PostgreSQL connection (PostgreSQL only)', () => {
  let admin: pg.Client;
  let database: string;
  let server: ServerProcess;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    // Named like the harness's clones, so the run's teardown drops it whatever happens here.
    database = `${inject('postgresTemplate')}_c_${randomBytes(6).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${database} TEMPLATE ${inject('postgresTemplate')}`);
    server = await startServerProcess({ databaseUrl: withDatabase(process.env.TEST_DATABASE_URL!, database) });
    await waitForStatus(server, '/api/health', 200);
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
    await admin?.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
    await admin?.end();
  });

  const call = (method: string, url: string, token?: string, body?: unknown) =>
    fetch(`${server.base}/api${url}`, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });

  it('keeps running through repeated backend terminations and serves again', { timeout: 90_000 }, async () => {
    const reg = await call('POST', '/auth/register', undefined, { username: 'proc_admin', email: 'proc_admin@example.org', password: 'Harbor-Lights-92' });
    expect(reg.status).toBe(201);
    const { accessToken, user } = (await reg.json()) as { accessToken: string; user: { id: string } };

    const statuses = new Map<number, number>();
    const wrong: string[] = [];
    let stop = false;
    const writer = async (w: number) => {
      for (let n = 0; !stop; n++) {
        const res = await call('PUT', `/users/${user.id}`, accessToken, { mobileNo: `+1555${w}${String(n).padStart(5, '0')}` }).catch((err: Error) => {
          wrong.push(`request failed: ${err.message}`);
          return null;
        });
        if (!res) return;
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const text = await res.text();
        if (res.status === 503 && res.headers.get('retry-after') && text.includes('database_unavailable')) continue;
        if (res.status !== 200) wrong.push(`${res.status} ${text}`);
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    for (let round = 0; round < 20; round++) {
      await new Promise((r) => setTimeout(r, 50));
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [database]);
    }
    stop = true;
    await Promise.all(writers);
    await new Promise((r) => setTimeout(r, 200));

    expect(server.proc.exitCode, server.output()).toBeNull();
    expect(wrong).toEqual([]);
    expect(statuses.get(503) ?? 0, JSON.stringify([...statuses])).toBeGreaterThan(0);
    expect((await call('GET', '/health')).status).toBe(200);
    const after = await call('PUT', `/users/${user.id}`, accessToken, { mobileNo: '+15559999999' });
    expect(after.status).toBe(200);
    expect(server.proc.exitCode, server.output()).toBeNull();
  });
});
