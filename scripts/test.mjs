#!/usr/bin/env node
// npm test: every test. Typecheck and lint, unit and API tests (vitest; API on PGlite, and on
// PostgreSQL when TEST_DATABASE_URL is set), then the build, then the browser tests in Chromium.
// Each phase prints its time, and the end a table of all of them with the total.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const began = Date.now();
const timings = [];

/**
 * Runs one phase. `together` phases run beside another one: their output is held back and
 * printed whole when they end, so two phases' lines do not interleave.
 */
function run(label, cmd, args, { together = false } = {}) {
  console.log(`\n▶ ${label}: ${cmd} ${args.join(' ')}${together ? ' (beside another phase; output when it ends)' : ''}`);
  const started = Date.now();
  const child = spawn(cmd, args, { cwd: root, stdio: together ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  const held = [];
  if (together) {
    child.stdout.on('data', (b) => held.push(b));
    child.stderr.on('data', (b) => held.push(b));
  }
  return new Promise((resolve) => {
    child.once('error', (err) => held.push(Buffer.from(`${err.message}\n`)));
    child.once('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      const ok = code === 0;
      timings.push([label, seconds, ok]);
      if (together) process.stdout.write(`\n── ${label} ──\n${Buffer.concat(held).toString()}`);
      console.log(`▶ ${label}: ${ok ? 'passed' : 'FAILED'} in ${seconds} s`);
      resolve(ok);
    });
  });
}

if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: API tests run on the embedded database only.');
}
// Each of tsc and eslint keeps one core busy: on two cores they run side by side. tsc ends about
// 50 s before eslint: the unit tests take its core then instead of waiting for eslint.
// One vitest run per project (vitest.config.ts), so that each prints its own time; each API
// project builds its template database once (src/server/test/global-setup.ts).
await Promise.all([
  run('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'], { together: true }).then(() =>
    run('unit tests', 'npx', ['vitest', 'run', '--project', 'unit'], { together: true }),
  ),
  run('lint (incl. the dependency rule)', 'npx', ['eslint', '.'], { together: true }),
]);
// Both API projects in one vitest run with two workers: each file has its own database clone, so
// files of either project run side by side, and one pool keeps both cores busy to the end (two runs
// side by side would leave one core idle once the shorter finishes). KG_TEST_API_WORKERS=1 runs
// them one file at a time, as a busy developer machine may want.
// Each database has two projects: files that share their worker's modules, and *.isolated.test.ts
// (vitest.config.ts says why).
const apiDatabases = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];
const apiProjects = apiDatabases.flatMap((db) => [`api-${db}`, `api-${db}-isolated`]);
const apiWorkers = process.env.KG_TEST_API_WORKERS || '2';
await run(
  `API tests on ${process.env.TEST_DATABASE_URL ? 'PGlite and PostgreSQL' : 'PGlite'}`,
  'npx',
  ['vitest', 'run', ...apiProjects.map((p) => `--project=${p}`), `--maxWorkers=${apiWorkers}`],
);
// Written by the browser tests' failure-summary reporter (tests/e2e/support/failure-summary.ts).
const failureSummary = path.join(root, '.tmp', 'e2e-failures.txt');
// Written by the browser tests' spec-times reporter (tests/e2e/support/spec-times.ts).
const specTimes = path.join(root, '.tmp', 'e2e-spec-times.txt');
// An earlier run's files are never printed as this run's (the build may fail before the browser tests).
fs.rmSync(failureSummary, { force: true });
fs.rmSync(specTimes, { force: true });
const built = await run('build', 'npm', ['run', 'build']);
if (built) {
  fs.writeFileSync(path.join(root, 'dist', '.build-stamp'), new Date().toISOString());
  await run('browser tests', 'npx', ['playwright', 'test']);
}

const total = Math.round((Date.now() - began) / 1000);
const width = Math.max(...timings.map(([label]) => label.length));
console.log('\nTime per phase (phases side by side overlap):');
for (const [label, seconds, ok] of timings) console.log(`  ${label.padEnd(width)}  ${String(seconds).padStart(5)} s  ${ok ? 'passed' : 'FAILED'}`);
console.log(`  ${'total'.padEnd(width)}  ${String(total).padStart(5)} s`);
if (fs.existsSync(specTimes)) console.log(`\nThe longest browser spec files:\n${fs.readFileSync(specTimes, 'utf8')}`);
// The browser tests' failed assertions, last, where a log read from its end shows them.
if (fs.existsSync(failureSummary)) console.log(`\nFailed browser-test tries:\n${fs.readFileSync(failureSummary, 'utf8')}`);
const failed = timings.filter(([, , ok]) => !ok).map(([label]) => label);
if (!built) console.log('The browser tests did not run: the build failed.');
console.log(failed.length === 0 ? 'All phases passed.' : `FAILED: ${failed.join(', ')}`);
process.exit(failed.length === 0 && built ? 0 : 1);
