import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The documented theme tokens (docs/EMBEDDING.md, Theming; also published in custom-elements.json)
 * name the defaults a portal starts from: each colour default there is the one src/ui/theme.css declares.
 */
const root = path.resolve(import.meta.dirname, '../..');
const theme = fs.readFileSync(path.join(root, 'src/ui/theme.css'), 'utf8');
const embedding = fs.readFileSync(path.join(root, 'docs/EMBEDDING.md'), 'utf8');

const declared = new Map([...theme.matchAll(/(--kg-[\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2].trim()]));
const documented = [...embedding.matchAll(/^\| `(--kg-[\w-]+)` \| `(#[0-9a-f]{6}|rgba\([^)]*\)|\d+px|\d+)` \|/gm)].map((m) => [m[1], m[2]] as const);

describe('theme tokens', () => {
  it('documents the defaults theme.css declares', () => {
    expect(documented.length).toBeGreaterThan(15);
    for (const [name, value] of documented) {
      if (name === '--kg-font-size-md') continue; // rem in the page, px in a widget (host-reset.css)
      expect(declared.get(name), name).toBe(value);
    }
  });
});
