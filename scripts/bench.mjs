#!/usr/bin/env node
// npm run bench -- <name> [args…]: runs bench/<name>/run.ts with tsx. Never part of npm test.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const benchDir = path.join(root, 'bench');
const available = fs.existsSync(benchDir)
  ? fs
      .readdirSync(benchDir, { withFileTypes: true })
      .filter((d) => d.isDirectory() && fs.existsSync(path.join(benchDir, d.name, 'run.ts')))
      .map((d) => d.name)
      .sort()
  : [];

const [name, ...args] = process.argv.slice(2);
if (!name || !available.includes(name)) {
  if (name) console.error(`Unknown benchmark "${name}".`);
  console.error(`Usage: npm run bench -- <name> [args…]\nBenchmarks: ${available.join(', ') || '(none)'}`);
  process.exit(name ? 1 : 2);
}

const child = spawn('npx', ['tsx', path.join('bench', name, 'run.ts'), ...args], { cwd: root, stdio: 'inherit' });
// Pass Ctrl-C / termination on, so the benchmark can stop its servers and drop its databases.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
