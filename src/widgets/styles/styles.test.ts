import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every element renders every part it uses styled: its style manifest (<name>.styles.ts) names each
 * part the widget reaches (statically or lazily, through other parts too) and every CSS file of its
 * own folder, and both the shadow root and the host's entry take that one list. Read from the
 * sources (vitest turns CSS into empty strings, so comparing the sheets themselves would prove nothing).
 */
const WIDGETS = dirname(dirname(fileURLToPath(import.meta.url)));
const PARTS = join(WIDGETS, 'parts');

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
const source = (file: string) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file);
const read = (file: string) => readFileSync(file, 'utf8');

/** Relative specifiers of a module: static imports and re-exports, side-effect imports, dynamic import(). */
function specifiers(file: string): string[] {
  const text = read(file);
  const found = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)'(\.[^']+)'/gm)].map((m) => m[1]);
  return found;
}

function resolveModule(from: string, specifier: string): string | null {
  const base = join(dirname(from), specifier.split('?')[0]);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const partOf = (file: string): string | null => (file.startsWith(PARTS + sep) ? relative(PARTS, file).split(sep)[0] : null);
const partNames = readdirSync(PARTS).filter((name) => existsSync(join(PARTS, name, 'index.ts')));

/** The parts a widget folder reaches, following imports through the parts it uses; and each way in. */
function partsUsedBy(dir: string): { parts: Set<string>; entries: { from: string; to: string }[] } {
  const parts = new Set<string>();
  const entries: { from: string; to: string }[] = [];
  const seen = new Set<string>();
  const queue = walk(dir).filter(source);
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of specifiers(file)) {
      const target = resolveModule(file, specifier);
      const part = target && partOf(target);
      if (!target || !part) continue;
      parts.add(part);
      if (partOf(file) !== part) entries.push({ from: relative(WIDGETS, file), to: relative(WIDGETS, target) });
      // A part's styles.ts carries CSS, not components: what it takes is the part's business.
      if (source(target) && !target.endsWith(`${sep}styles.ts`)) queue.push(target);
    }
  }
  return { parts, entries };
}

/** The parts whose styles a manifest (or a part's styles.ts) takes, and the CSS files it inlines. */
function stylesTaken(file: string): { parts: Set<string>; css: Set<string> } {
  const parts = new Set<string>();
  const css = new Set<string>();
  for (const specifier of specifiers(file)) {
    if (specifier.endsWith('.css?inline')) css.add(join(dirname(file), specifier.replace(/\?inline$/, '')));
    const target = resolveModule(file, specifier);
    if (target && partOf(target) && target.endsWith(`${sep}styles.ts`)) parts.add(partOf(target)!);
  }
  return { parts, css };
}

const elements = readdirSync(WIDGETS).filter((name) => existsSync(join(WIDGETS, name, `${name}.styles.ts`)));
const ownCss = (dir: string) => walk(dir).filter((f) => f.endsWith('.css'));

describe('widget parts', () => {
  it('finds the parts and the elements with a manifest', () => {
    expect(partNames).toEqual(expect.arrayContaining(['admin', 'deletion', 'history', 'node-form', 'snomed-import', 'upload']));
    expect(elements).toEqual(expect.arrayContaining(['node-manager', 'relation-editor', 'snomed-admin', 'graph-explorer']));
  });

  it.each(partNames)("part %s: an index.ts entry and a styles.ts that takes its CSS and its parts' styles", (name) => {
    const dir = join(PARTS, name);
    const styles = join(dir, 'styles.ts');
    expect(existsSync(styles)).toBe(true);
    expect(read(join(dir, 'index.ts'))).toMatch(/export \{ styles \} from '\.\/styles';/);
    const taken = stylesTaken(styles);
    for (const css of ownCss(dir)) expect([...taken.css], `${name}/styles.ts misses ${relative(dir, css)}`).toContain(css);
    const used = partsUsedBy(dir).parts;
    used.delete(name);
    expect([...taken.parts]).toEqual(expect.arrayContaining([...used]));
  });

  it.each(elements)('%s reaches a part only through its entry', (name) => {
    for (const { from, to } of partsUsedBy(join(WIDGETS, name)).entries) {
      expect(to, `${from} → ${to}`).toMatch(/^parts\/[a-z-]+\/(index|styles)\.ts$/);
    }
  });

  it.each(partNames)('part %s reaches another part only through its entry', (name) => {
    for (const { from, to } of partsUsedBy(join(PARTS, name)).entries) {
      expect(to, `${from} → ${to}`).toMatch(/^parts\/[a-z-]+\/(index|styles)\.ts$/);
    }
  });
});

describe('style manifests', () => {
  it.each(elements)('%s: the manifest names every part the widget uses and every CSS file of its folder', (name) => {
    const dir = join(WIDGETS, name);
    const taken = stylesTaken(join(dir, `${name}.styles.ts`));
    expect([...taken.parts].sort()).toEqual([...partsUsedBy(dir).parts].sort());
    for (const css of ownCss(dir)) expect([...taken.css], `${name}.styles.ts misses ${relative(dir, css)}`).toContain(css);
  });

  it.each(elements)('%s: the shadow root and the host entry both take the manifest, and nothing else', (name) => {
    const dir = join(WIDGETS, name);
    const shadow = ['loaded', 'element'].map((kind) => join(dir, `${name}.${kind}.ts`)).filter((f) => existsSync(f) && /shadowCss\(styles\)/.test(read(f)));
    expect(shadow).toHaveLength(1);
    expect(read(shadow[0])).toContain(`import { styles } from './${name}.styles';`);
    const entry = read(join(dir, 'index.ts'));
    expect(entry).toContain(`import { styles } from './${name}.styles';`);
    expect(entry).toMatch(/^installStyles\(styles\);$/m);
    // ui/controls.css is the host's widget base (as WIDGET_CSS is the shadow root's); any other sheet goes in the manifest.
    const sheets = [...entry.matchAll(/^import '([^']+\.css)';$/gm)].map((m) => m[1]);
    expect(sheets).toEqual(['../../ui/controls.css']);
  });
});
