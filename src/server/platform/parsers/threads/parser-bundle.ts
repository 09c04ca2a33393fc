import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

/**
 * The parser worker's code, bundled once per process (~0.2 s, in esbuild's own process) into one
 * CommonJS script that each new thread evaluates.
 *
 * A thread used to start from worker-boot.mjs, registering tsx and loading the TypeScript parsers
 * through it: 0.5–0.7 s before the first row on a quiet machine, more on a busy one, paid by every
 * large import (its thread is not reused: off-thread.ts). The bundle starts in a small fraction of
 * that, and is built without esbuild's keepNames, which tsx turns on (every function it creates
 * per cell would be named with a defineProperty call). It is the same source, under tsx, vitest
 * and `npm start` alike.
 */
const ENTRY = fileURLToPath(new URL('./worker-entry.ts', import.meta.url));

let bundle: Promise<string> | null = null;

export function parserBundle(): Promise<string> {
  bundle ??= build({ entryPoints: [ENTRY], bundle: true, platform: 'node', format: 'cjs', target: 'node20', write: false, logLevel: 'silent' }).then(
    (out) => out.outputFiles[0].text,
    (err: unknown) => {
      bundle = null; // a later thread tries again
      throw err;
    },
  );
  return bundle;
}
