import pg from 'pg';
import type { Db, Queryable } from './db';

// Return int8 (counts, sums) as numbers, like PGlite; our counts stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

export async function openPostgres(connectionString: string, max = 10): Promise<Db> {
  // Short OLTP queries: JIT compilation only adds hundreds of ms to the few costly plans.
  const pool = new pg.Pool({ connectionString, max, options: '-c jit=off' });
  // An idle connection dropped by the server (restart, failover, admin) must not crash the
  // process; the pool replaces it on the next query.
  pool.on('error', (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
  // Fail at start, with the server's message, rather than on the first request.
  const probe = await pool.connect();
  probe.release();
  return {
    kind: 'postgres',
    async query<T>(sql: string, params: unknown[] = []) {
      const res = await pool.query(sql, params);
      return res.rows as T[];
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      // A connection dropped mid-transaction (failover, pg_terminate_backend) emits 'error' on
      // the checked-out client: without a listener that kills the process. The pending query
      // rejects as well, so the caller sees the failure; the broken client is discarded below.
      let broken: Error | undefined;
      const onError = (err: Error) => {
        broken = err;
      };
      client.on('error', onError);
      const tx: Queryable = {
        async query<T>(sql: string, params: unknown[] = []) {
          const res = await client.query(sql, params);
          return res.rows as T[];
        },
        async exec(sql: string) {
          await client.query(sql);
        },
      };
      try {
        await client.query('BEGIN');
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (err) {
        if (!broken)
          await client.query('ROLLBACK').catch((e: Error) => {
            broken = e;
          });
        throw err;
      } finally {
        client.off('error', onError);
        // release(err) destroys the client instead of returning a dead connection to the pool.
        client.release(broken);
      }
    },
    async close() {
      await pool.end();
    },
  };
}
