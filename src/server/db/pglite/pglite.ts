import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Db, Queryable } from '../db';
import { initPgliteDataDir } from './pglite-init';
import { nextTurn } from '../turns';

/** PGlite needs its extensions passed on every open once a migration has created them. */
const extensions = { pg_trgm };

/**
 * The embedded database runs inside the server process, so its buffer pool is the server's
 * memory: PGlite's default 128 MB of shared buffers is touched as data is read and never
 * given back. 32 MB keeps a 100k-node upload's peak ~110 MB lower at the same speed (the data
 * files stay in the operating system's page cache behind it). KG_PGLITE_SHARED_BUFFERS
 * overrides it (e.g. "128MB") for large embedded databases on machines with memory to spare.
 */
const sharedBuffers = () => process.env.KG_PGLITE_SHARED_BUFFERS || '32MB';

export interface PgliteOptions {
  /** Directory on disk; null keeps the database in memory. */
  dataDir: string | null;
  /** A gzip tarball from `dumpDataDir` to start from (test template clones). */
  loadDataDir?: Blob;
}

export async function openPglite(options: PgliteOptions): Promise<Db & { dump(): Promise<Blob> }> {
  if (options.dataDir && !options.loadDataDir) await initPgliteDataDir(options.dataDir);
  const pg = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions,
    // gin_pending_list_limit: the trigram indexes collect new rows in a pending list that the
    // insert which overflows it merges into the index. At the default 4 MB that one insert held
    // the server's thread for 1-1.6 s during a bulk upload; at 64 kB the merges were short but
    // so frequent that the 100k-row upload ran at half speed (5.3k rows/s, each merge touching
    // the same posting lists again). 1 MB keeps the speed of 4 MB (10.7k rows/s) with merges
    // of ~0.3 s (200k-row upload: worst request wait 365 ms; bench/results/import-notes.md).
    // wal_init_zero=off: a new 16 MB WAL segment gets its last byte written, not 16 MB of zeroes.
    // The zero-fill ran in the server's thread, inside whichever statement crossed into the new
    // segment: with it, a search during the 200k-row upload had a p99 of 72-87 ms, without it
    // 41-44 ms (bench/results/import-notes.md). Zeroes reserve the disk space up front; a full
    // disk now shows when WAL is written, which PGlite (fsync off) cannot make safe either way.
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers()}`, '-c', 'gin_pending_list_limit=1MB', '-c', 'wal_init_zero=off'],
  });
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const res = await q.query<T>(sql, params);
      return res.rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  return {
    kind: 'pglite',
    ...wrap(pg),
    // A transaction (an import's batch) first gives the event loop a turn (turns.ts): the
    // requests that arrived meanwhile run their queries before it. Single statements do not
    // wait: a request's query then takes PGlite's mutex at once, ahead of the next batch.
    async transaction(fn) {
      await nextTurn();
      return pg.transaction((tx) => fn(wrap(tx)));
    },
    async close() {
      if (!pg.closed) await pg.close();
    },
    async dump() {
      return pg.dumpDataDir('gzip');
    },
  };
}
