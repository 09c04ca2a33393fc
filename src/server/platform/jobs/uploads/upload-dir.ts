import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Where import uploads wait for their job: `<tmp>/kg-imports/<host>-<pid>/`, one folder per
 * server process. A server that dies mid-import leaves its folder behind; the next start
 * removes the folders of processes that are gone, at once rather than after a day.
 *
 * Why per-process folders and not "files older than N": on PostgreSQL several live servers
 * may share one temp directory, and an upload of a running import can be of any age; a
 * folder whose process no longer exists cannot belong to a running import. The host name
 * is part of the folder's name because a process id means something only on its own host
 * (containers sharing a temp volume); folders of other hosts, and files of older versions
 * directly in kg-imports/, are left to the old rule: removed after a day.
 */
export const UPLOAD_ROOT = path.join(os.tmpdir(), 'kg-imports');
const HOST = os.hostname().replace(/[^A-Za-z0-9_.]/g, '_') || 'host';
const OWN_FOLDER = `${HOST}-${process.pid}`;
const DAY_MS = 24 * 60 * 60 * 1000;

/** This process's upload folder (created on first use, private to the server's user). */
export async function uploadDir(root = UPLOAD_ROOT): Promise<string> {
  const dir = path.join(root, OWN_FOLDER);
  await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
  return dir;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the files under `target` last written before `olderThan`, except those in `keep`;
 * returns how many went. A folder left empty goes too.
 */
async function removeOld(target: string, olderThan: number, keep: ReadonlySet<string>): Promise<number> {
  const stat = await fs.promises.stat(target).catch(() => null);
  if (!stat) return 0;
  if (!stat.isDirectory()) {
    if (stat.mtimeMs >= olderThan || keep.has(target)) return 0;
    await fs.promises.rm(target, { force: true });
    return 1;
  }
  let removed = 0;
  for (const name of await fs.promises.readdir(target).catch(() => [] as string[])) removed += await removeOld(path.join(target, name), olderThan, keep);
  return removed;
}

async function removeIfEmpty(dir: string): Promise<void> {
  await fs.promises.rmdir(dir).catch(() => undefined); // ENOTEMPTY: a kept upload is still there
}

/**
 * Upload files of imports that cannot be running any more: the folders of dead processes on
 * this host, files in this process's folder from before it started (a previous process with
 * the same id, as in a container restart), and anything else older than `maxAgeMs` — except the
 * files in `keep`: those of unfinished jobs, which resume from them (jobs/resume.ts) and remove
 * them when they end.
 */
export async function removeStaleUploads(options: { root?: string; maxAgeMs?: number; keep?: ReadonlySet<string> } = {}): Promise<number> {
  const root = options.root ?? UPLOAD_ROOT;
  const keep = options.keep ?? new Set<string>();
  const dayAgo = Date.now() - (options.maxAgeMs ?? DAY_MS);
  const started = Date.now() - process.uptime() * 1000;
  let removed = 0;
  for (const name of await fs.promises.readdir(root).catch(() => [] as string[])) {
    const entry = path.join(root, name);
    const owner = /^(.+)-(\d+)$/.exec(name);
    if (owner && owner[1] === HOST) {
      const pid = Number(owner[2]);
      if (pid === process.pid) {
        removed += await removeOld(entry, started, keep);
      } else if (!isAlive(pid)) {
        removed += await removeOld(entry, Infinity, keep);
        await removeIfEmpty(entry);
      }
      // A live process on this host (another server): its uploads are its own business.
    } else {
      removed += await removeOld(entry, dayAgo, keep);
    }
  }
  return removed;
}
