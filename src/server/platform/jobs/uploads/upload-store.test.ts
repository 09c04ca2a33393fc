import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneDatabase } from '../../../test/harness';
import type { Db } from '../../../db/db';
import { UPLOAD_CHUNK_BYTES, databaseUploadStore, type UploadStore } from './upload-store';

/**
 * The database upload store (migration 0016): what one instance keeps, any
 * other can write out byte for byte; a stored upload goes with its job, and the sweep removes
 * those that no unfinished job needs. Runs on both databases (the table exists on both; the
 * server uses it on PostgreSQL).
 */
let db: Db;
let store: UploadStore;
let dir: string;

beforeAll(async () => {
  db = await cloneDatabase();
  store = databaseUploadStore(db);
  dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'kg-upload-store-'));
});
afterAll(async () => {
  await db?.close();
  if (dir) await fs.promises.rm(dir, { recursive: true, force: true });
});

const fileOf = async (data: Buffer) => {
  const file = path.join(dir, `${randomUUID()}.csv`);
  await fs.promises.writeFile(file, data);
  return file;
};
const chunkSizes = async (id: string) =>
  (await db.query<{ n: number }>('SELECT length(data) AS n FROM import_upload_chunks WHERE upload_id = $1 ORDER BY seq', [id])).map((r) => r.n);
const exists = async (id: string) => (await db.query('SELECT 1 FROM import_uploads WHERE id = $1', [id])).length > 0;

async function jobWith(uploadId: string, status: 'processing' | 'inserting' | 'completed' | 'error'): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO import_jobs (kind, status, progress, message, filename, upload_id) VALUES ('nodes', $1, 5, 'x', 'f.csv', $2) RETURNING id`,
    [status, uploadId],
  );
  return row.id;
}

describe('the database upload store', () => {
  it('keeps a file in chunks of at most 1 MiB and writes it out identical elsewhere', async () => {
    const data = randomBytes(2 * UPLOAD_CHUNK_BYTES + 12_345);
    const id = (await store.keep(await fileOf(data)))!;
    expect(await chunkSizes(id)).toEqual([UPLOAD_CHUNK_BYTES, UPLOAD_CHUNK_BYTES, 12_345]);
    const [row] = await db.query<{ size: string; chunks: number; complete: boolean }>('SELECT size, chunks, complete FROM import_uploads WHERE id = $1', [id]);
    expect({ ...row, size: Number(row.size) }).toEqual({ size: data.length, chunks: 3, complete: true });

    const copy = path.join(dir, 'copy.csv');
    expect(await store.writeTo(id, copy)).toBe(true);
    expect((await fs.promises.readFile(copy)).equals(data)).toBe(true);
    // Never over an existing file.
    await expect(store.writeTo(id, copy)).rejects.toThrow();
    expect((await fs.promises.readFile(copy)).equals(data)).toBe(true);
  });

  it('does not resume from a copy cut short, nor from one that lost a chunk', async () => {
    const id = (await store.keep(await fileOf(randomBytes(UPLOAD_CHUNK_BYTES + 10))))!;
    await db.query('UPDATE import_uploads SET complete = false WHERE id = $1', [id]);
    expect(await store.writeTo(id, path.join(dir, 'cut.csv'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'cut.csv'))).toBe(false);

    await db.query('UPDATE import_uploads SET complete = true WHERE id = $1', [id]);
    await db.query('DELETE FROM import_upload_chunks WHERE upload_id = $1 AND seq = 1', [id]);
    await expect(store.writeTo(id, path.join(dir, 'lost.csv'))).rejects.toThrow(/lost its chunk 1/);
    expect(fs.existsSync(path.join(dir, 'lost.csv'))).toBe(false);
    expect(await store.writeTo(randomUUID(), path.join(dir, 'unknown.csv'))).toBe(false);
  });

  it('removes an upload with its chunks, and its job forgets it', async () => {
    const id = (await store.keep(await fileOf(randomBytes(1000))))!;
    const job = await jobWith(id, 'completed');
    await store.remove(id);
    expect(await exists(id)).toBe(false);
    expect(await chunkSizes(id)).toEqual([]);
    expect((await db.query<{ upload_id: string | null }>('SELECT upload_id FROM import_jobs WHERE id = $1', [job]))[0].upload_id).toBeNull();
    await store.remove(null); // a job without a stored upload
  });

  it('sweeps the uploads of ended jobs and old ones of no job, and keeps what unfinished jobs and fresh intakes need', async () => {
    const keep = async () => (await store.keep(await fileOf(randomBytes(100))))!;
    const [running, queued, completed, failed, fresh, abandoned] = await Promise.all([keep(), keep(), keep(), keep(), keep(), keep()]);
    await jobWith(running, 'inserting');
    await jobWith(queued, 'processing');
    await jobWith(completed, 'completed');
    await jobWith(failed, 'error');
    await db.query(`UPDATE import_uploads SET created_at = now() - interval '2 hours' WHERE id = ANY($1::uuid[])`, [[abandoned, running, completed]]);

    expect(await store.sweep(3600)).toBeGreaterThanOrEqual(3);
    const left = await Promise.all([running, queued, completed, failed, fresh, abandoned].map(exists));
    expect(left).toEqual([true, true, false, false, true, false]);
  });
});
