import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './pglite';
import { initPgliteDataDir, isPgliteDataDir } from './pglite-init';

const dirs: string[] = [];
const tmpDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'kg-pglite-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('embedded database directory', () => {
  it('is created by a child process once, then opened here with the small buffer pool and no WAL zero-fill', async () => {
    const dir = path.join(tmpDir(), 'db');
    await initPgliteDataDir(dir);
    expect(isPgliteDataDir(dir)).toBe(true);
    const version = fs.statSync(path.join(dir, 'PG_VERSION')).mtimeMs;
    await initPgliteDataDir(dir); // already there: left alone
    expect(fs.statSync(path.join(dir, 'PG_VERSION')).mtimeMs).toBe(version);

    const db = await openPglite({ dataDir: dir });
    try {
      expect(await db.query('SHOW shared_buffers')).toEqual([{ shared_buffers: '32MB' }]);
      // New WAL segments are not zero-filled in the server's thread (db/pglite/pglite.ts).
      expect(await db.query('SHOW wal_init_zero')).toEqual([{ wal_init_zero: 'off' }]);
      expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
  });

  it('says which directory could not be created, and why', async () => {
    const file = path.join(tmpDir(), 'not-a-dir');
    fs.writeFileSync(file, 'x');
    await expect(initPgliteDataDir(path.join(file, 'db'))).rejects.toThrow(/Creating the embedded database in .*not-a-dir\/db failed/);
  });
});
