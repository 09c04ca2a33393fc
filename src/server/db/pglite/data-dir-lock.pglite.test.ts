import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The start race: two servers start together against a lock left by a crashed
 * process. Two contender processes take part in each trial; they spin on a start file the
 * test creates once both are ready, so their attempts overlap within microseconds.
 * Exactly one must win every trial.
 */
const TRIALS = 150;
const lockModule = pathToFileURL(path.join(import.meta.dirname, 'data-dir-lock.ts')).href;

// One contender: for each trial directory, say "ready", spin until its start file exists,
// try to lock, say the outcome, and keep a won lock (its holder stays alive).
const CONTENDER = `
import fs from 'node:fs';
import readline from 'node:readline';
const { lockDataDir, DataDirLockedError } = await import(process.argv[1]);
const lines = readline.createInterface({ input: process.stdin });
for await (const dir of lines) {
  const go = dir + '/go';
  process.stdout.write('ready\\n');
  while (!fs.existsSync(go)) {}
  try {
    lockDataDir(dir);
    process.stdout.write('won\\n');
  } catch (err) {
    process.stdout.write(err instanceof DataDirLockedError ? 'locked\\n' : 'error ' + err.message + '\\n');
  }
}
`;

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kg-lock-race-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function contender() {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CONTENDER, lockModule]);
  const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => (await lines.next()).value as string;
  return { child, next };
}

async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((r) => child.once('exit', r));
  return child.pid!;
}

describe('taking over a stale data-directory lock', () => {
  it(`is won by exactly one of two servers started together (${TRIALS} trials)`, { timeout: 120_000 }, async () => {
    const stale = await deadPid();
    const a = contender();
    const b = contender();
    const outcomes: string[][] = [];
    try {
      for (let i = 0; i < TRIALS; i++) {
        const dir = path.join(root, `t${i}`);
        fs.mkdirSync(dir);
        // Alternate the old lock format (pid only) and the current one (pid and nonce).
        fs.writeFileSync(path.join(dir, 'server.lock'), i % 2 ? `${stale}` : `${stale} 0b5e1e7e-dead\n`);
        a.child.stdin.write(`${dir}\n`);
        b.child.stdin.write(`${dir}\n`);
        expect([await a.next(), await b.next()]).toEqual(['ready', 'ready']);
        fs.writeFileSync(path.join(dir, 'go'), '');
        outcomes.push([await a.next(), await b.next()].sort());
      }
    } finally {
      a.child.kill();
      b.child.kill();
    }
    const bad = outcomes.map((o, i) => `${i}: ${o.join(', ')}`).filter((_, i) => outcomes[i].join() !== 'locked,won');
    expect(bad).toEqual([]);
  });
});
