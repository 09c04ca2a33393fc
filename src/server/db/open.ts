import path from 'node:path';
import type { Db } from './db';
import { lockDataDir } from './pglite/data-dir-lock';
import { migrate } from './migrate';
import { openPglite } from './pglite/pglite';
import { openPostgres } from './postgres';

export interface OpenedDb {
  db: Db;
  /** Releases the data-dir lock (embedded database only). */
  release: () => void;
  /** True when the embedded database was created by this open (first start). */
  created: boolean;
}

/**
 * Opens the configured database and brings its schema up to date: PostgreSQL when a URL is
 * given, otherwise PGlite in `dataDir/db` (locked against a second process) or in memory.
 */
export async function openDatabase(opts: { databaseUrl: string | null; dataDir: string | null; loadDataDir?: Blob }): Promise<OpenedDb> {
  if (opts.databaseUrl) {
    const db = await openPostgres(opts.databaseUrl);
    const applied = await migrate(db);
    return { db, release: () => undefined, created: applied.includes('0001_accounts') };
  }
  const release = opts.dataDir ? lockDataDir(opts.dataDir) : () => undefined;
  try {
    const db = await openPglite({
      dataDir: opts.dataDir ? path.join(opts.dataDir, 'db') : null,
      loadDataDir: opts.loadDataDir,
    });
    const applied = await migrate(db);
    return { db, release, created: applied.includes('0001_accounts') };
  } catch (err) {
    release();
    throw err;
  }
}
