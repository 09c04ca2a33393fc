import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Db, Queryable } from './db';

/** PGlite needs its extensions passed on every open once a migration has created them. */
const extensions = { pg_trgm };

export interface PgliteOptions {
  /** Directory on disk; null keeps the database in memory. */
  dataDir: string | null;
  /** A gzip tarball from `dumpDataDir` to start from (test template clones). */
  loadDataDir?: Blob;
}

export async function openPglite(options: PgliteOptions): Promise<Db & { dump(): Promise<Blob> }> {
  const pg = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions,
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
    transaction(fn) {
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
