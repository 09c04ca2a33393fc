import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Creates a new embedded database directory in a short-lived child process. PGlite's initdb
 * peaks at ~800 MB and the WebAssembly memory it grows is never returned, so a server that
 * ran it itself would keep ~550 MB resident for its whole life instead of ~320 MB after
 * opening an existing directory (bench/results/import-notes.md). The child exits, and
 * its memory with it, before the server opens the directory.
 */
const CHILD = `
const [pgliteUrl, dataDir] = process.argv.slice(1);
const { PGlite } = await import(pgliteUrl);
const pg = await PGlite.create({ dataDir });
await pg.close();
`;

export const isPgliteDataDir = (dataDir: string) => fs.existsSync(path.join(dataDir, 'PG_VERSION'));

export async function initPgliteDataDir(dataDir: string): Promise<void> {
  if (isPgliteDataDir(dataDir)) return;
  const pgliteUrl = import.meta.resolve('@electric-sql/pglite');
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', CHILD, pgliteUrl, dataDir], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0 && isPgliteDataDir(dataDir)) resolve();
      else reject(new Error(`Creating the embedded database in ${dataDir} failed (${signal ?? `exit ${code}`}): ${stderr.trim().slice(-1000)}`));
    });
  });
}
