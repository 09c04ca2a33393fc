import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * The README promises that the lowest Node version in package.json's `engines` runs everything:
 * a dependency whose own `engines` asks for more would print warnings on every install there (and
 * may use APIs that version lacks), so every package the lock file installs must accept it.
 */
const root = path.resolve(import.meta.dirname, '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean; os?: string[] }>;
};

describe('Node version', () => {
  const lowest = semver.minVersion(pkg.engines.node)!.version;

  it('every installed package accepts the lowest Node version package.json promises', () => {
    const refusing = Object.entries(lock.packages)
      // Optional platform binaries (one per OS) are skipped by npm where they do not apply.
      .filter(([name, entry]) => name !== '' && !entry.optional)
      .flatMap(([name, entry]) => {
        const wanted = !entry.engines || Array.isArray(entry.engines) ? undefined : entry.engines.node;
        return wanted && !semver.satisfies(lowest, wanted, { includePrerelease: true }) ? [`${name} wants ${wanted}`] : [];
      });
    expect(refusing, `Node ${lowest}`).toEqual([]);
  });

  it('the README names the same lowest version', () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme).toContain(`Node.js ${semver.major(lowest)}.${semver.minor(lowest)} or newer`);
  });

  it('the README sends a fresh clone to nothing outside the repository', () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme).not.toMatch(/\.\.\/shared|\/work\//);
    for (const [, target] of readme.matchAll(/\]\((?!https?:|#)([^)#]+)/g)) {
      expect(fs.existsSync(path.join(root, target)), target).toBe(true);
    }
    for (const [, target] of readme.matchAll(/src="(?!https?:)([^"]+)"/g)) {
      expect(fs.existsSync(path.join(root, target)), target).toBe(true);
    }
  });
});
