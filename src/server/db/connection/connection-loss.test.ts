import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testApp, type TestApp } from '../../test/harness';

/**
 * Fault test: the app's PostgreSQL connections are terminated (pg_terminate_backend, as a
 * failover or an administrator would) while transactions are open. The process must not
 * die, requests in flight answer 503 with Retry-After (or succeed), and the server serves
 * again afterwards with fresh connections. PGlite runs inside the process and has no
 * connection to lose, so this file only runs in the api-postgres project.
 */
const onPostgres = process.env.KG_TEST_DB === 'postgres';

describe.skipIf(!onPostgres)('a lost PostgreSQL connection (PostgreSQL only: PGlite has no connection to lose)', () => {
  let t: TestApp;
  let admin: pg.Client;
  let database: string;
  const escaped: unknown[] = [];
  const trap = (err: unknown) => escaped.push(err);

  /** Ends every backend of the app's database, as a failover does. */
  const terminate = async () => {
    const rows = await admin.query<{ ended: boolean }>(
      'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    return rows.rows.length;
  };

  beforeAll(async () => {
    process.on('uncaughtException', trap);
    process.on('unhandledRejection', trap);
    t = await testApp();
    database = (await t.db.query<{ name: string }>('SELECT current_database() AS name'))[0].name;
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    process.off('uncaughtException', trap);
    process.off('unhandledRejection', trap);
    await admin?.end();
    await t?.close();
  });

  it('a transaction whose connection is terminated between statements fails with a connection error; the next one works', async () => {
    const outcome = t.db.transaction(async (tx) => {
      await tx.query('SELECT 1');
      // The connection dies while the transaction is idle on it: no query is pending, so
      // the loss arrives as an 'error' event on the checked-out client.
      expect(await terminate()).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 200));
      return tx.query('SELECT 2');
    });
    await expect(outcome).rejects.toThrow();
    expect(await t.db.transaction((tx) => tx.query<{ one: number }>('SELECT 1 AS one'))).toEqual([{ one: 1 }]);
    expect(await t.db.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    expect(escaped).toEqual([]);
  });

  it('a client whose connection is reported lost the moment the pool hands it over neither ends the process nor breaks the next transaction', async () => {
    // What pg does when the data that frees a client for the next waiter also holds the server's
    // FATAL message (a terminated backend): the 'error' comes before the waiter's next microtask.
    const connect = pg.Pool.prototype.connect;
    let reported = 0;
    const lose = (client: pg.PoolClient) => {
      reported++;
      client.emit('error', new Error('terminating connection due to administrator command'));
    };
    type Callback = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;
    const withCallback = connect as unknown as (this: pg.Pool, callback: Callback) => void;
    const withPromise = connect as unknown as (this: pg.Pool) => Promise<pg.PoolClient>;
    function handOverLost(this: pg.Pool, callback?: Callback): Promise<pg.PoolClient> | undefined {
      if (!callback) return withPromise.call(this).then((client) => (lose(client), client));
      withCallback.call(this, (err, client, done) => {
        callback(err, client, done);
        if (client) lose(client);
      });
      return undefined;
    }
    const spy = vi.spyOn(pg.Pool.prototype, 'connect').mockImplementation(handOverLost as never);
    let answer: unknown;
    try {
      answer = await t.db.transaction((tx) => tx.query<{ one: number }>('SELECT 1 AS one'));
    } finally {
      spy.mockRestore();
    }
    expect(reported).toBe(1);
    expect(answer).toEqual([{ one: 1 }]);
    expect(escaped).toEqual([]);
    expect(await t.db.transaction((tx) => tx.query<{ two: number }>('SELECT 2 AS two'))).toEqual([{ two: 2 }]);
  });

  it('writes in flight answer 503 with Retry-After or succeed, the process lives on, and the server serves again', async () => {
    const { accessToken } = await t.register('fault_admin');
    const targets: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.call({
        method: 'POST',
        url: '/api/users',
        token: accessToken,
        payload: { username: `fault_user_${i}`, email: `fault_user_${i}@example.org`, password: 'secret-pw', role: 'viewer' },
      });
      expect(res.statusCode, res.body).toBe(201);
      targets.push(res.json<{ id: string }>().id);
    }

    const statuses = new Map<number, number>();
    const wrong: string[] = [];
    let stop = false;
    const writer = async (id: string) => {
      for (let n = 0; !stop; n++) {
        const res = await t.call({ method: 'PUT', url: `/api/users/${id}`, token: accessToken, payload: { mobileNo: `+1555${String(n).padStart(6, '0')}` } });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const body = res.json<{ code?: string; error?: string }>();
        const clear503 =
          res.statusCode === 503 &&
          res.headers['retry-after'] === '5' &&
          body.code === 'database_unavailable' &&
          body.error === 'The database connection was lost. Try again in a moment.';
        if (res.statusCode !== 200 && !clear503) wrong.push(`${res.statusCode} ${JSON.stringify(res.headers['retry-after'])} ${res.body}`);
      }
    };
    const writers = targets.map(writer);
    for (let round = 0; round < 15; round++) {
      await new Promise((r) => setTimeout(r, 40));
      await terminate();
    }
    stop = true;
    await Promise.all(writers);
    await new Promise((r) => setTimeout(r, 100));

    expect(escaped).toEqual([]);
    expect(wrong).toEqual([]);
    // Some writes were cut off (and answered 503), most went through.
    expect(statuses.get(503) ?? 0, JSON.stringify([...statuses])).toBeGreaterThan(0);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);

    // Served again, reads and writes, on new connections.
    expect((await t.call({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const after = await t.call({ method: 'PUT', url: `/api/users/${targets[0]}`, token: accessToken, payload: { mobileNo: '+15550000001' } });
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json()).toMatchObject({ mobileNo: '+15550000001' });
  });
});
