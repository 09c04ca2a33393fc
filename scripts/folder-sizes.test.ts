import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No folder holds more than 15 source files directly (docs/architecture/layering.md): past that a
 * folder stops explaining itself and a newcomer reads file names instead of a tree. SQL migrations
 * and translation catalogues are numbered or per-language lists, not code to find one's way in.
 */
const LIMIT = 15;
const ROOTS = ['src', 'tests', 'bench', 'scripts', 'examples'];
const SOURCE = /\.(ts|tsx|mts|mjs|js|cjs|css)$/;
const root = path.resolve(import.meta.dirname, '..');

function crowded(dir: string, out: Array<[string, number]>): Array<[string, number]> {
  const entries = readdirSync(dir, { withFileTypes: true });
  const files = entries.filter((e) => e.isFile() && SOURCE.test(e.name)).length;
  if (files > LIMIT) out.push([path.relative(root, dir), files]);
  for (const e of entries) if (e.isDirectory() && e.name !== 'node_modules') crowded(path.join(dir, e.name), out);
  return out;
}

describe('folder sizes', () => {
  it(`keeps every folder at ${LIMIT} source files or fewer`, () => {
    const over = ROOTS.flatMap((r) => crowded(path.join(root, r), []));
    expect(over, 'folders with more source files than the limit: group them into subfolders').toEqual([]);
  });
});
