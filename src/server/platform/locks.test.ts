import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ADVISORY_LOCKS } from './locks';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function serverSources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return serverSources(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('the advisory lock registry', () => {
  it('gives every lock its own number, each a 32-bit integer (what the class form takes)', () => {
    const values = Object.values(ADVISORY_LOCKS);
    expect(new Set(values).size).toBe(values.length);
    for (const v of values) expect(Number.isInteger(v) && v > 0 && v < 2 ** 31).toBe(true);
  });

  it('is the only place that names a lock number: no server file declares one of its own', () => {
    const own = serverSources(SERVER)
      .filter((file) => !file.endsWith(path.join('platform', 'locks.ts')))
      .filter((file) => /\b\w+_LOCK_(?:KEY|CLASS)\s*=/.test(fs.readFileSync(file, 'utf8')) || /advisory_(?:xact_)?lock\(\s*\d/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(SERVER, file));
    expect(own).toEqual([]);
  });
});
