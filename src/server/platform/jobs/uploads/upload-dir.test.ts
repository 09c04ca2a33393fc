import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeStaleUploads, uploadDir } from './upload-dir';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kg-uploads-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const host = os.hostname().replace(/[^A-Za-z0-9_.]/g, '_') || 'host';

function put(file: string, ageMs = 0) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, 'rows');
  const when = new Date(Date.now() - ageMs);
  fs.utimesSync(file, when, when);
  return file;
}

async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((r) => child.once('exit', r));
  return child.pid!;
}

describe('upload files of interrupted imports', () => {
  it('are removed at the next start, while live servers sharing the temp directory keep theirs', async () => {
    const own = await uploadDir(root);
    expect(path.basename(own)).toBe(`${host}-${process.pid}`);
    expect(fs.statSync(own).mode & 0o777).toBe(0o700);

    const crashed = put(path.join(root, `${host}-${await deadPid()}`, 'a.xlsx')); // a server that died a minute ago
    const live = put(path.join(root, `${host}-${process.ppid}`, 'b.csv'), 2 * 86_400_000); // another live server, even an old upload
    const ownFresh = put(path.join(own, 'c.csv')); // this server's running import
    const ownBefore = put(path.join(own, 'd.csv'), (process.uptime() + 60) * 1000); // same pid, a previous container run
    const otherHost = put(path.join(root, 'elsewhere-12', 'e.csv')); // pids of another host mean nothing here
    const otherHostOld = put(path.join(root, 'elsewhere-12', 'f.csv'), 25 * 3_600_000);
    const legacyOld = put(path.join(root, 'g.xlsx'), 25 * 3_600_000); // flat files of older versions
    const legacyFresh = put(path.join(root, 'h.xlsx'));

    expect(await removeStaleUploads({ root })).toBe(4);
    const exists = (f: string) => fs.existsSync(f);
    expect({ crashed, ownBefore, otherHostOld, legacyOld }).toSatisfy((gone: Record<string, string>) => Object.values(gone).every((f) => !exists(f)));
    expect(exists(path.dirname(crashed))).toBe(false);
    for (const kept of [live, ownFresh, otherHost, legacyFresh]) expect(exists(kept), kept).toBe(true);
  });

  it('keep the files of unfinished jobs, which resume from them', async () => {
    const dead = path.join(root, `${host}-${await deadPid()}`);
    const needed = put(path.join(dead, 'resumable.xlsx'));
    const orphan = put(path.join(dead, 'orphan.csv'));
    expect(await removeStaleUploads({ root, keep: new Set([needed]) })).toBe(1);
    expect(fs.existsSync(needed)).toBe(true);
    expect(fs.existsSync(orphan)).toBe(false);
  });
});
