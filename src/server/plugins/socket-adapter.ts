import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Server } from 'socket.io';

/**
 * socket.io across server instances (DESIGN §9: several instances share only PostgreSQL): on
 * PostgreSQL, `@socket.io/postgres-adapter` relays every room emit and server-side emit to the other
 * instances with LISTEN/NOTIFY (payloads over 8000 bytes through `socket_io_attachments`, migration
 * 0015). The embedded database has one process and keeps socket.io's in-memory adapter.
 *
 * The adapter gets a small pool of its own, so its long-held LISTEN connection never takes one of the
 * API's. Two things the library does not do are done here, because a dropped connection (failover,
 * restart, pg_terminate_backend) must never end the process nor wear the pool out:
 * - every connection has an 'error' listener (pg emits 'error' on a checked-out client with none:
 *   an uncaught exception);
 * - the LISTEN client, which the library holds checked out and never releases, is released with an
 *   error when its connection ends, so the pool discards it; the library then LISTENs again on a
 *   fresh connection 1–3 s later (and keeps trying while the database is away). Notifications sent
 *   while no LISTEN was up are lost: clients re-join and read job state from the database.
 */
export interface SocketCluster {
  /** Closes the adapter's LISTEN connection and its pool (after socket.io stopped). */
  close(): Promise<void>;
}

/** Pool size: one LISTEN connection plus NOTIFYs, which are short. */
const POOL_SIZE = 3;

export function attachPostgresAdapter(io: Server, connectionString: string, log: FastifyBaseLogger): SocketCluster {
  const pool = new pg.Pool({ connectionString, max: POOL_SIZE, keepAlive: true, application_name: 'kg-socket.io' });
  const warn = (err: Error) => log.warn(`socket.io adapter: PostgreSQL connection lost (${err.message})`);
  pool.on('error', warn);
  pool.on('connect', (client) => client.on('error', warn));

  // The clients the library holds (its LISTEN connection): released by close() whatever state the
  // library's reconnect loop is in, since pool.end() waits for every checked-out client.
  const held = new Set<pg.PoolClient>();
  let closed = false;
  const giveBack = (client: pg.PoolClient, reason: string) => client.release(new Error(reason));
  /** Release once: the library, a dropped connection and close() may each try (a second release throws). */
  const releaseOnce = (client: pg.PoolClient) => {
    const release = client.release.bind(client);
    let released = false;
    client.release = (err?: Error | boolean) => {
      if (released) return;
      released = true;
      held.delete(client);
      release(err);
    };
  };
  // The library only calls connect() (for its LISTEN client) and query() (NOTIFY, attachments).
  const adapterPool = {
    query: pool.query.bind(pool),
    async connect() {
      if (closed) throw new Error('socket.io adapter closed');
      const client = await pool.connect();
      releaseOnce(client);
      if (closed) {
        giveBack(client, 'socket.io adapter closed');
        throw new Error('socket.io adapter closed');
      }
      held.add(client);
      client.once('end', () => giveBack(client, 'LISTEN connection ended'));
      return client;
    },
  } as unknown as pg.Pool;

  io.adapter(createAdapter(adapterPool, { errorHandler: (err) => log.warn({ err }, 'socket.io adapter error') }));
  return {
    async close() {
      closed = true;
      await Promise.resolve(io.of('/').adapter.close());
      for (const client of [...held]) giveBack(client, 'socket.io adapter closed');
      await pool.end();
    },
  };
}
