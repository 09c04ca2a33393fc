import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/**
 * eslint.config.js refuses a component declared inside another (React would remount it on every
 * render of the outer one), on small sources that exist only in memory; type information is off,
 * as in module-boundaries.test.ts.
 */
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({
  cwd: root,
  overrideConfig: [tseslint.configs.disableTypeChecked, { languageOptions: { parserOptions: { projectService: false, project: null } } }],
});

async function refusals(source: string): Promise<number> {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, 'src/widgets/fake/Fake.tsx') });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').length;
}

describe('components declared inside components (eslint.config.js)', { timeout: 60_000 }, () => {
  it('refuses one inside a function, an arrow, forwardRef and memo, used in a callback too', async () => {
    expect(await refusals(`export function List({ hits }: { hits: string[] }) {\n  const Row = ({ h }: { h: string }) => <li>{h}</li>;\n  return <ul>{hits.map((h) => <Row key={h} h={h} />)}</ul>;\n}`)).toBe(1);
    expect(await refusals(`export const List = () => {\n  function Row() { return <li />; }\n  return <Row />;\n};`)).toBe(1);
    expect(await refusals(`import { forwardRef, memo } from 'react';\nexport const A = forwardRef(function (p, ref) { const B = () => <i />; return <B />; });\nexport const C = memo(function (p) { const D = function () { return <i />; }; return <D />; });`)).toBe(2);
  });

  it('allows module-level components, a component looked up during render, and a lower-case factory', async () => {
    expect(await refusals(`const Row = ({ h }: { h: string }) => <li>{h}</li>;\nexport function List({ hits }: { hits: string[] }) {\n  return <ul>{hits.map((h) => <Row key={h} h={h} />)}</ul>;\n}`)).toBe(0);
    expect(await refusals(`const ICONS = { a: () => <i /> };\nexport function Item({ k }: { k: 'a' }) {\n  const Icon = ICONS[k];\n  return <Icon />;\n}`)).toBe(0);
    expect(await refusals(`export function icon(d: string) {\n  function Icon() { return <svg><path d={d} /></svg>; }\n  return Icon;\n}`)).toBe(0);
  });
});
