import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeStaleUploads } from './intake';

/** Upload temp files at start: orphans older than an hour go, files an unfinished job needs stay. */
describe('removeStaleUploads', () => {
  it('removes old orphans only', async () => {
    const dir = path.join(os.tmpdir(), 'kg-imports');
    fs.mkdirSync(dir, { recursive: true });
    const file = (age: number) => {
      const f = path.join(dir, `${randomUUID()}.csv`);
      fs.writeFileSync(f, 'nodename\nX\n');
      const t = new Date(Date.now() - age);
      fs.utimesSync(f, t, t);
      return f;
    };
    const oldOrphan = file(2 * 60 * 60 * 1000);
    const fresh = file(0);
    const neededByAJob = file(2 * 60 * 60 * 1000);
    await removeStaleUploads(new Set([neededByAJob]));
    expect(fs.existsSync(oldOrphan)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
    expect(fs.existsSync(neededByAJob)).toBe(true);
    fs.rmSync(fresh);
    fs.rmSync(neededByAJob);
  });
});
