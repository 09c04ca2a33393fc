import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { once } from 'node:events';
import type { Db } from '../../../db/db';

/**
 * Where an accepted import upload is kept so that its job can run, or resume, elsewhere than
 * in the process that received it (migration 0016).
 *
 * - PostgreSQL: in the database, as a row of `import_uploads` and its bytes in 1 MiB rows of
 *   `import_upload_chunks`, written and read one chunk at a time, so neither the writer nor a
 *   reader ever holds more than one chunk of a 200 MB file. Any instance can resume any job.
 * - Embedded PGlite: nothing is copied. One process owns the data dir (it is locked), so the
 *   received file in this process's upload folder is the only copy anyone can use; copying it
 *   into the embedded database would double the disk it takes, grow PGlite's WAL and pass every
 *   byte through the WebAssembly heap for no reader. The same interface answers `null` keys.
 *
 * The instance that received the upload parses its own local file; only a takeover writes
 * the stored copy out (`writeTo`) into its own upload folder.
 */
export interface UploadStore {
  /** True when other instances can read what `keep` stores. */
  readonly shared: boolean;
  /** Stores the local file for other instances; answers the stored upload's id (null: nothing stored). */
  keep(localPath: string): Promise<string | null>;
  /** Writes a stored upload into `destination`; false when it is gone or was never complete. */
  writeTo(id: string, destination: string): Promise<boolean>;
  /** Removes a stored upload (its job ended). */
  remove(id: string | null): Promise<void>;
  /**
   * Removes the stored uploads no unfinished job needs: those of jobs that ended (their
   * cleanup did not run: the process died, or the job was given up) and copies that belong to
   * no job and are older than `graceSeconds` (a process died between storing and creating its
   * job, or while storing). Answers how many went.
   */
  sweep(graceSeconds: number): Promise<number>;
}

export const UPLOAD_CHUNK_BYTES = 1024 * 1024;

/** Uploads live only in this process's upload folder (embedded database). */
export const localUploadStore: UploadStore = {
  shared: false,
  keep: async () => null,
  writeTo: async () => false,
  remove: async () => undefined,
  sweep: async () => 0,
};

export function databaseUploadStore(db: Db): UploadStore {
  const remove = async (id: string | null) => {
    if (id) await db.query('DELETE FROM import_uploads WHERE id = $1', [id]);
  };
  return {
    shared: true,
    async keep(localPath) {
      const id = randomUUID();
      await db.query('INSERT INTO import_uploads (id) VALUES ($1)', [id]);
      try {
        let seq = 0;
        let size = 0;
        // Each chunk is its own statement: a long copy never holds a transaction open.
        for await (const chunk of fs.createReadStream(localPath, { highWaterMark: UPLOAD_CHUNK_BYTES }) as AsyncIterable<Buffer>) {
          await db.query('INSERT INTO import_upload_chunks (upload_id, seq, data) VALUES ($1, $2, $3)', [id, seq++, chunk]);
          size += chunk.length;
        }
        await db.query('UPDATE import_uploads SET size = $2, chunks = $3, complete = true WHERE id = $1', [id, size, seq]);
        return id;
      } catch (err) {
        await remove(id).catch(() => undefined); // the sweep removes it otherwise
        throw err;
      }
    },
    async writeTo(id, destination) {
      const [upload] = await db.query<{ chunks: number; size: string | number }>(
        'SELECT chunks, size FROM import_uploads WHERE id = $1 AND complete',
        [id],
      );
      if (!upload) return false;
      // Opened first, never over an existing file: from here on the file is ours to remove.
      const out = (await fs.promises.open(destination, 'wx', 0o600)).createWriteStream();
      let written = 0;
      try {
        for (let seq = 0; seq < upload.chunks; seq++) {
          const [row] = await db.query<{ data: Uint8Array }>('SELECT data FROM import_upload_chunks WHERE upload_id = $1 AND seq = $2', [id, seq]);
          if (!row) throw new Error(`stored upload ${id} lost its chunk ${seq}`);
          written += row.data.length;
          if (!out.write(row.data)) await once(out, 'drain');
        }
        out.end();
        await once(out, 'finish');
        if (written !== Number(upload.size)) throw new Error(`stored upload ${id} has ${written} of ${upload.size} bytes`);
        return true;
      } catch (err) {
        out.destroy();
        await fs.promises.rm(destination, { force: true });
        throw err;
      }
    },
    remove,
    async sweep(graceSeconds) {
      const rows = await db.query(
        `DELETE FROM import_uploads u
          WHERE NOT EXISTS (SELECT 1 FROM import_jobs j WHERE j.upload_id = u.id AND j.status IN ('processing', 'inserting'))
            AND (EXISTS (SELECT 1 FROM import_jobs j WHERE j.upload_id = u.id)
                 OR u.created_at <= now() - make_interval(secs => $1))
          RETURNING 1`,
        [graceSeconds],
      );
      return rows.length;
    },
  };
}
