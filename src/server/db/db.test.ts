import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cloneDatabase } from '../test/harness';
import { DataDirLockedError, lockDataDir } from './pglite/data-dir-lock';
import { migrate, migrationFiles } from './migrate';

const dirs: string[] = [];
const tmpDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'kg-lock-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('migrations', () => {
  it('are recorded and idempotent', async () => {
    const db = await cloneDatabase();
    try {
      expect(await migrate(db)).toEqual([]);
      const rows = await db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
      expect(rows.map((r) => r.version)).toEqual(migrationFiles().map((m) => m.version));
    } finally {
      await db.close();
    }
  });
});

describe('connection settings', () => {
  it('keep the trigram indexes\' pending lists short, so a search during an import reads a short list', async () => {
    const db = await cloneDatabase();
    try {
      expect(await db.query('SHOW gin_pending_list_limit')).toEqual([{ gin_pending_list_limit: db.kind === 'pglite' ? '1MB' : '2MB' }]);
    } finally {
      await db.close();
    }
  });
});

describe('data directory lock', () => {
  it('refuses a second holder while the first is alive, and releases on close', () => {
    const dir = tmpDir();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
    lockDataDir(dir)();
  });

  it('takes over a lock left by a process that is gone', async () => {
    const dir = tmpDir();
    const child = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => child.once('exit', r));
    fs.writeFileSync(path.join(dir, 'server.lock'), String(child.pid));
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toMatch(new RegExp(`^${process.pid} [0-9a-f-]{36}\n$`));
    release();
    // Nothing left behind: no lock, no candidate or takeover files.
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
