import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * API test files share their worker's modules (vitest.config.ts: `isolate: false`), so a module
 * mocked by one file would be the mock in every later file of that worker, and a file that mocks
 * after the module was loaded would test the real one. A file that replaces a module needs a fresh
 * module graph: it is named `*.isolated.test.ts`, which puts it in the isolated project.
 */
const root = path.resolve(import.meta.dirname, '..');
const REPLACES_MODULES = /\bvi\.(mock|doMock|unmock|doUnmock|resetModules)\(/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? testFiles(path.join(dir, e.name)) : e.name.endsWith('.test.ts') ? [path.join(dir, e.name)] : [],
  );
}

describe('API tests that replace modules', () => {
  it('are named *.isolated.test.ts', () => {
    const shared = testFiles(path.join(root, 'src/server'))
      .filter((file) => !file.endsWith('.isolated.test.ts') && REPLACES_MODULES.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file));
    expect(shared, 'these mock modules but share their worker’s modules: rename them *.isolated.test.ts').toEqual([]);
  });
});
