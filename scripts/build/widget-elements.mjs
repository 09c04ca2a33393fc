// The kg-* element list for build tooling, read from src/widgets/elements.ts (the one place where
// elements are listed: an import of the element spec and a defineElement(spec) call). Used by
// vite.widgets.config.ts (one entry per element), scripts/build/widget-contract.mjs (custom-elements.json,
// kg-elements.d.ts) and bench/bundle. The contract script checks this reading against the specs
// themselves (loaded through Vite), so a form this parser does not understand fails the build.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
export const ELEMENTS_ENTRY = path.join(root, 'src/widgets/elements.ts');

/** @returns {{ tag: string, exportName: string, module: string, file: string }[]} in definition order */
export function widgetElements() {
  const source = fs.readFileSync(ELEMENTS_ENTRY, 'utf8');
  const imports = new Map();
  for (const m of source.matchAll(/import\s*\{([^}]+)\}\s*from\s*'(\.[^']+)'/g)) {
    for (const name of m[1].split(',').map((s) => s.trim().split(/\s+as\s+/).pop()).filter(Boolean)) imports.set(name, m[2]);
  }
  const list = [];
  for (const m of source.matchAll(/^\s*defineElement\((\w+)\)/gm)) {
    const exportName = m[1];
    const module = imports.get(exportName);
    if (!module) throw new Error(`elements.ts: defineElement(${exportName}) has no matching import`);
    const file = path.join(path.dirname(ELEMENTS_ENTRY), `${module}.ts`);
    const spec = fs.readFileSync(file, 'utf8');
    const tag = spec.match(/\btag:\s*'(kg-[a-z0-9-]+)'/)?.[1];
    if (!tag) throw new Error(`${path.relative(root, file)}: no \`tag: 'kg-…'\` found`);
    list.push({ tag, exportName, module, file });
  }
  if (list.length === 0) throw new Error('elements.ts defines no elements');
  return list;
}
