import pg from 'pg';
import { isConnectionError } from './connection/connection-errors';
import type { Db, Queryable } from './db';

// Return int8 (counts, sums) as numbers, like PGlite; our counts stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

export async function openPostgres(connectionString: string, max = 10): Promise<Db> {
  // Short OLTP queries: JIT compilation only adds hundreds of ms to the few costly plans, and
  // parallel workers compete with the other requests for the same cores; a Gather Merge also
  // defeats the early stop of an index walk with a LIMIT (bench/results/api-notes.md).
  // gin_pending_list_limit 2 MB (PostgreSQL's default is 4 MB): every search through a trigram
  // index reads that index's whole pending list, so during a bulk import, whose rows fill the
  // lists, a node search's p99 was 91-106 ms at 4 MB, 50 ms at 2 MB and 29 ms at 1 MB; 1 MB cost
  // the 100k-row upload ~18 % (more frequent merges), 2 MB nothing measurable
  // (bench/results/import-notes.md). The embedded database uses 1 MB (db/pglite/pglite.ts).
  // TCP keep-alive notices a peer that vanished without closing (failover, network).
  const pool = new pg.Pool({ connectionString, max, options: '-c jit=off -c max_parallel_workers_per_gather=0 -c gin_pending_list_limit=2MB', keepAlive: true });
  // An idle connection dropped by the server (restart, failover, admin) must not crash the
  // process; the pool replaces it on the next query.
  pool.on('error', (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
  // Fail at start, with the server's message, rather than on the first request.
  const probe = await pool.connect();
  probe.release();
  return {
    kind: 'postgres',
    connectionString,
    async query<T>(sql: string, params: unknown[] = []) {
      const res = await pool.query(sql, params);
      return res.rows as T[];
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(fn) {
      // A checked-out client has no listener of the pool's: when its connection drops
      // (pg_terminate_backend, failover, network) the 'error' event would be unhandled and
      // end the process. The pending query rejects on its own; this only records the loss.
      const state: { lost?: Error; broken?: Error } = {};
      const onError = (err: Error) => {
        state.lost = err;
      };
      // The listener goes on in the pool's callback, before anything else runs: the pool hands a
      // released client to the next waiter while pg still parses the socket data that freed it,
      // and a server's FATAL message in that same data (a terminated backend) is emitted as an
      // 'error' at once. Attached after `await pool.connect()`, a microtask later, it was too
      // late: an uncaught exception while every connection was being terminated.
      const client = await new Promise<pg.PoolClient>((resolve, reject) => {
        pool.connect((err, checkedOut) => {
          if (err || !checkedOut) return reject(err ?? new Error('no PostgreSQL connection'));
          checkedOut.on('error', onError);
          resolve(checkedOut);
        });
      });
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
        if (state.lost || isConnectionError(err)) state.broken = state.lost ?? (err as Error);
        else
          await client.query('ROLLBACK').catch((rollbackErr: unknown) => {
            state.broken = rollbackErr as Error;
          });
        throw err;
      } finally {
        client.removeListener('error', onError);
        // release(err) discards the client instead of handing a dead connection to the next request.
        client.release(state.broken ?? state.lost);
      }
    },
    async close() {
      await pool.end();
    },
  };
}
