import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite has no cross-process locking: two processes on one data directory silently lose
 * committed rows. We hold an exclusive lock file for as long as the server runs and refuse
 * to start when another live process holds it. A lock left by a crashed process is taken over.
 *
 * Every step that decides who holds the lock is one atomic file-system operation, so two
 * servers started together can never both win:
 * - the lock is created complete (pid and a random nonce written to a private file first)
 *   and put in place with link(2), which fails if the lock exists — never an empty lock
 *   file that a racing reader would mistake for a stale one;
 * - a stale lock is removed only by the one contender that created its takeover marker
 *   (`server.lock.takeover-<hash of the stale lock>`, O_EXCL), and only after reading
 *   again that the lock is still that stale one; everybody then races on link(2) again.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The data directory ${dir} is already in use by another server (process ${pid}). ` +
        'Stop that server first, or start this one with another DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

/** A takeover marker older than this belongs to a process that died in the middle of a takeover. */
const MARKER_STALE_MS = 10_000;
const MAX_ATTEMPTS = 200;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const code = (err: unknown) => (err as NodeJS.ErrnoException).code;

function readLock(lockPath: string): string | null {
  try {
    return fs.readFileSync(lockPath, 'utf8');
  } catch (err) {
    if (code(err) === 'ENOENT') return null;
    throw err;
  }
}

/** Puts the complete candidate file in place as the lock, or reports that a lock exists. */
function place(candidate: string, lockPath: string, content: string): boolean {
  try {
    fs.linkSync(candidate, lockPath);
    return true;
  } catch (err) {
    if (code(err) === 'EEXIST') return false;
    // File systems without hard links: an exclusive create, written at once.
    if (!['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS'].includes(code(err) ?? '')) throw err;
    try {
      fs.writeFileSync(lockPath, content, { flag: 'wx' });
      return true;
    } catch (e) {
      if (code(e) === 'EEXIST') return false;
      throw e;
    }
  }
}

/** Removes the stale lock `seen` if this process is the one to take it over. */
function takeOver(lockPath: string, seen: string): void {
  const marker = `${lockPath}.takeover-${createHash('sha256').update(seen).digest('hex').slice(0, 16)}`;
  try {
    fs.writeFileSync(marker, String(process.pid), { flag: 'wx' });
  } catch (err) {
    if (code(err) !== 'EEXIST') throw err;
    // Another contender is taking over right now; it removes its marker when done.
    const age = Date.now() - (fs.statSync(marker, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > MARKER_STALE_MS) fs.rmSync(marker, { force: true });
    return;
  }
  try {
    // Only the marker's creator removes this stale lock, and only if it is still that one.
    if (readLock(lockPath) === seen) fs.unlinkSync(lockPath);
  } finally {
    fs.rmSync(marker, { force: true });
  }
}

function holderPid(content: string): number {
  return Number(content.trim().split(/\s+/)[0]);
}

export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'server.lock');
  const content = `${process.pid} ${randomUUID()}\n`;
  const candidate = `${lockPath}.${randomUUID()}.tmp`;
  fs.writeFileSync(candidate, content, { flag: 'wx' });
  try {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      if (place(candidate, lockPath, content)) {
        let released = false;
        return () => {
          if (released) return;
          released = true;
          if (readLock(lockPath) === content) fs.rmSync(lockPath, { force: true });
        };
      }
      const seen = readLock(lockPath);
      if (seen === null) continue; // removed meanwhile: race on link(2) again
      const pid = holderPid(seen);
      if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) throw new DataDirLockedError(dir, pid);
      takeOver(lockPath, seen); // stale: a process that is gone (or a lock without a pid)
      if (attempt > 2) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
    }
  } finally {
    fs.rmSync(candidate, { force: true });
  }
  throw new Error(`Could not lock the data directory ${dir}`);
}
