#!/usr/bin/env node
// npm test: every test. Unit and API tests (vitest; API on PGlite, and on PostgreSQL when
// TEST_DATABASE_URL is set), then the build, then the browser tests in Chromium. Each phase
// prints its time, and the end a table of all of them with the total.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const began = Date.now();
const timings = [];
const run = (label, cmd, args) => {
  console.log(`\n▶ ${label}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  const seconds = Math.round((Date.now() - started) / 1000);
  const ok = res.status === 0;
  timings.push([label, seconds, ok]);
  console.log(`▶ ${label}: ${ok ? 'passed' : 'FAILED'} in ${seconds} s`);
  return ok;
};

if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: API tests run on the embedded database only.');
}
run('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
run('lint (incl. the dependency rule)', 'npx', ['eslint', '.']);
// One vitest run per project (vitest.config.ts), so that each prints its own time; each API
// project builds its template database once (src/server/test/global-setup.ts).
run('unit tests', 'npx', ['vitest', 'run', '--project', 'unit']);
run('API tests on PGlite', 'npx', ['vitest', 'run', '--project', 'api-pglite']);
if (process.env.TEST_DATABASE_URL) run('API tests on PostgreSQL', 'npx', ['vitest', 'run', '--project', 'api-postgres']);
const built = run('build', 'npm', ['run', 'build']);
if (built) {
  fs.writeFileSync(path.join(root, 'dist', '.build-stamp'), new Date().toISOString());
  run('browser tests', 'npx', ['playwright', 'test']);
}

const total = Math.round((Date.now() - began) / 1000);
const width = Math.max(...timings.map(([label]) => label.length));
console.log('\nTime per phase:');
for (const [label, seconds, ok] of timings) console.log(`  ${label.padEnd(width)}  ${String(seconds).padStart(5)} s  ${ok ? 'passed' : 'FAILED'}`);
console.log(`  ${'total'.padEnd(width)}  ${String(total).padStart(5)} s`);
const failed = timings.filter(([, , ok]) => !ok).map(([label]) => label);
if (!built) console.log('The browser tests did not run: the build failed.');
console.log(failed.length === 0 ? 'All phases passed.' : `FAILED: ${failed.join(', ')}`);
process.exit(failed.length === 0 && built ? 0 : 1);
