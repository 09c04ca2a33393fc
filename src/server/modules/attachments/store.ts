import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db, Queryable } from '../../db/db';

/**
 * Where file contents live. Keys are generated here (UUIDs), never taken from file names,
 * so no user input ever becomes a path. On PostgreSQL the contents go into the database so
 * every instance sees them; the embedded database keeps them on disk beside it.
 */
export interface BlobStore {
  put(data: Buffer): Promise<string>;
  get(key: string): Promise<Buffer | null>;
  /**
   * Reads through `q` (a transaction) when the contents live in the database: a backup reads them
   * in its snapshot, and on the embedded database a query beside an open transaction would wait for it.
   */
  getWith?(q: Queryable, key: string): Promise<Buffer | null>;
  remove(keys: string[]): Promise<void>;
}

const KEY = /^[0-9a-f-]{36}$/;

export function diskBlobStore(dir: string): BlobStore {
  const file = (key: string) => {
    if (!KEY.test(key)) throw new Error('invalid blob key');
    return path.join(dir, key.slice(0, 2), key);
  };
  return {
    async put(data) {
      const key = randomUUID();
      await fs.mkdir(path.dirname(file(key)), { recursive: true });
      await fs.writeFile(file(key), data, { flag: 'wx' });
      return key;
    },
    async get(key) {
      return fs.readFile(file(key)).catch(() => null);
    },
    async remove(keys) {
      await Promise.all(keys.map((k) => fs.rm(file(k), { force: true })));
    },
  };
}

export function databaseBlobStore(db: Db): BlobStore {
  const getWith = async (q: Queryable, key: string) => {
    const rows = await q.query<{ data: Uint8Array }>('SELECT data FROM blobs WHERE key = $1', [key]);
    return rows[0] ? Buffer.from(rows[0].data) : null;
  };
  return {
    async put(data) {
      const key = randomUUID();
      await db.query('INSERT INTO blobs (key, data) VALUES ($1, $2)', [key, data]);
      return key;
    },
    get: (key) => getWith(db, key),
    getWith,
    async remove(keys) {
      if (keys.length) await db.query('DELETE FROM blobs WHERE key = ANY($1::text[])', [keys]);
    },
  };
}

/** Removes contents after their rows are gone; a failure only leaves an orphan file, logged. */
export async function removeBlobs(app: FastifyInstance, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await app.blobs.remove(keys).catch((err) => app.log.warn({ err }, 'could not remove blobs'));
}
