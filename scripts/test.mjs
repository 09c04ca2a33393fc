#!/usr/bin/env node
// npm test: every test. Unit and API tests (vitest; API on PGlite, and on PostgreSQL when
// TEST_DATABASE_URL is set), then the build, then the browser tests in Chromium.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const timings = [];
const run = (label, cmd, args) => {
  console.log(`\n▶ ${label}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  const seconds = Math.round((Date.now() - started) / 1000);
  timings.push(`${label} ${seconds} s`);
  console.log(`▶ ${label}: ${res.status === 0 ? 'passed' : 'FAILED'} in ${seconds} s`);
  return res.status === 0;
};

if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: API tests run on the embedded database only.');
}
const results = [];
results.push(['typecheck', run('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'])]);
results.push(['lint', run('lint (incl. the dependency rule)', 'npx', ['eslint', '.'])]);
results.push(['unit + API', run('unit + API tests', 'npx', ['vitest', 'run'])]);
const built = run('build', 'npm', ['run', 'build']);
results.push(['build', built]);
if (built) {
  fs.writeFileSync(path.join(root, 'dist', '.build-stamp'), new Date().toISOString());
  results.push(['browser', run('browser tests', 'npx', ['playwright', 'test'])]);
}

const failed = results.filter(([, ok]) => !ok).map(([name]) => name);
console.log(`\nTime per phase: ${timings.join(', ')}`);
console.log(`${results.map(([name, ok]) => `${name}: ${ok ? 'passed' : 'FAILED'}`).join(', ')}`);
process.exit(failed.length === 0 && built ? 0 : 1);
