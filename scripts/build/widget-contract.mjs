// The widgets' published contract, generated at build time (vite.widgets.config.ts runs it after
// the bundle is written): custom-elements.json (the Custom Elements Manifest) and kg-elements.d.ts
// (HTMLElementTagNameMap entries and the kg-* events for TypeScript pages).
//
// Sources, so nothing is listed twice:
//   - src/widgets/elements.ts: which elements exist (scripts/build/widget-elements.mjs), and the element
//     specs themselves (loaded through Vite): attribute names and types, events;
//   - docs/elements/<tag>.md: descriptions, property types, JS-only properties, CSS properties, parts;
//   - docs/EMBEDDING.md "Theming" table: the --kg-* tokens every element takes;
//   - src/contract/dom-events.ts: the event detail types.
// A spec attribute or event that its doc does not list (or the other way round) fails the build.
import fs from 'node:fs';
import path from 'node:path';
import { widgetElements, ELEMENTS_ENTRY } from './widget-elements.mjs';

const root = path.resolve(import.meta.dirname, '../..');
/** Committed copies, so the contract is reviewable in a diff and usable without a build. */
export const COMMITTED_DIR = path.join(root, 'src/widgets/generated');

const kebab = (s) => s.replace(/([a-z0-9])([A-Z])/g, (_, a, b) => `${a}-${b.toLowerCase()}`);
const pascal = (tag) => tag.replace(/(^|-)([a-z0-9])/g, (_, __, c) => c.toUpperCase());
const unquote = (s) => s.replace(/^`(.*)`$/, '$1').replace(/\\\|/g, '|');

/** Markdown → { title, summary, sections: { [heading]: { rows: string[][], text } }, types } */
export function parseElementDoc(markdown) {
  const sections = {};
  let current = null;
  let summary = [];
  let inFence = false;
  let types = '';
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) {
      inFence = !inFence;
      continue;
    }
    if (inFence) {
      if (current === 'Types') types += `${line}\n`;
      continue;
    }
    const heading = line.match(/^## (.+)$/);
    if (heading) {
      current = heading[1].trim();
      sections[current] = { rows: [], text: '' };
      continue;
    }
    if (line.startsWith('# ')) continue;
    if (!current) {
      summary.push(line);
      continue;
    }
    if (line.startsWith('|')) {
      const cells = line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((c) => c.trim());
      if (cells.every((c) => /^-+$/.test(c))) continue;
      sections[current].rows.push(cells);
    } else sections[current].text += `${line}\n`;
  }
  for (const s of Object.values(sections)) s.rows.shift(); // header row
  return { summary: summary.join(' ').replace(/\s+/g, ' ').trim(), sections, types: types.trim() };
}

function rows(doc, heading) {
  return doc.sections[heading]?.rows ?? [];
}

/** The --kg-* tokens from docs/EMBEDDING.md's Theming table. */
export function themeTokens() {
  const doc = parseElementDoc(fs.readFileSync(path.join(root, 'docs/EMBEDDING.md'), 'utf8'));
  return rows(doc, 'Theming').map(([name, def, description]) => ({ name: unquote(name), default: unquote(def), description }));
}

/** The event types of src/contract/dom-events.ts as a stand-alone declaration text. */
export function domEventTypes() {
  let text = fs.readFileSync(path.join(root, 'src/contract/dom-events.ts'), 'utf8');
  text = text.replace(/^import type \{ User \} from '\.\/admin\/users';\n/m, '');
  text = text.replace(/Pick<User, 'id' \| 'username' \| 'role'>/g, '{ id: string; username: string; role: string }');
  text = text.replace(/\nexport function kgEvent[\s\S]*?\n\}\n/, '\n');
  if (/^import /m.test(text) || /\bUser\b/.test(text)) {
    throw new Error('widget-contract: src/contract/dom-events.ts has a dependency the generator does not inline; extend domEventTypes()');
  }
  return text.trim();
}

/** The element specs as the bundle sees them (Vite SSR, so `?inline` CSS and aliases resolve). */
export async function loadSpecs(alias) {
  const { createServer } = await import('vite');
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'error',
    resolve: { alias },
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: 'custom',
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    await server.ssrLoadModule(ELEMENTS_ENTRY);
    const { definedElements } = await server.ssrLoadModule(path.join(root, 'src/widgets/element/define-element.ts'));
    return definedElements().map((s) => ({ tag: s.tag, attributes: s.attributes ?? {}, events: s.events ?? {} }));
  } finally {
    await server.close();
  }
}

/** Everything about one element: spec names checked against its doc. */
function describeElement(spec, listed) {
  const docFile = path.join(root, 'docs/elements', `${spec.tag}.md`);
  if (!fs.existsSync(docFile)) throw new Error(`widget-contract: ${spec.tag} has no docs/elements/${spec.tag}.md`);
  const doc = parseElementDoc(fs.readFileSync(docFile, 'utf8'));
  const where = `docs/elements/${spec.tag}.md`;
  const attributes = rows(doc, 'Attributes').map(([a, p, t, d]) => ({ name: unquote(a), fieldName: unquote(p), type: unquote(t), description: d }));
  const properties = rows(doc, 'Properties').map(([p, t, d]) => ({ name: unquote(p), type: unquote(t), description: d }));
  const events = rows(doc, 'Events').map(([e, t, d]) => ({ name: unquote(e), detail: unquote(t), description: d }));
  const cssProperties = rows(doc, 'CSS custom properties').map(([n, d]) => ({ name: unquote(n), description: d }));
  const cssParts = rows(doc, 'CSS parts').map(([n, d]) => ({ name: unquote(n), description: d }));

  const problems = [];
  for (const [prop, type] of Object.entries(spec.attributes)) {
    if (type === undefined) {
      if (!properties.some((p) => p.name === prop)) problems.push(`JS property \`${prop}\` is not in its Properties table`);
    } else {
      const doc = attributes.find((a) => a.fieldName === prop);
      if (!doc) problems.push(`attribute \`${kebab(prop)}\` is not in its Attributes table`);
      else if (doc.name !== kebab(prop)) problems.push(`\`${prop}\` is the attribute \`${kebab(prop)}\`, not \`${doc.name}\``);
    }
  }
  // `lang` is the global HTML attribute every element follows (src/widgets/hooks/use-element-locale.ts).
  for (const a of attributes) if (!(a.fieldName in spec.attributes) && a.name !== 'lang') problems.push(`documents attribute \`${a.name}\` that the element does not have`);
  if (!attributes.some((a) => a.name === 'lang')) problems.push('does not document the `lang` attribute every element follows');
  if (!properties.some((p) => p.name === 'session')) problems.push('does not document the `session` property every element has');
  if (!properties.some((p) => p.name === 'texts')) problems.push('does not document the `texts` property every element has');
  const specEvents = Object.values(spec.events);
  for (const e of specEvents) if (!events.some((d) => d.name === e)) problems.push(`event \`${e}\` is not in its Events table`);
  for (const e of events) if (!specEvents.includes(e.name)) problems.push(`documents event \`${e.name}\` that the element does not dispatch`);
  if (problems.length) throw new Error(`widget-contract: ${where}:\n  - ${problems.join('\n  - ')}`);

  return { tag: spec.tag, className: `${pascal(spec.tag)}Element`, module: `${spec.tag}.js`, specModule: listed.module, summary: doc.summary, attributes, properties, events, cssProperties, cssParts, types: doc.types };
}

export function customElementsManifest(elements, tokens) {
  return {
    schemaVersion: '2.1.0',
    readme: 'docs/EMBEDDING.md',
    modules: elements.map((e) => ({
      kind: 'javascript-module',
      path: e.module,
      declarations: [
        {
          kind: 'class',
          name: e.className,
          tagName: e.tag,
          customElement: true,
          description: e.summary,
          superclass: { name: 'HTMLElement' },
          attributes: e.attributes.map((a) => ({ name: a.name, fieldName: a.fieldName, type: { text: a.type }, description: a.description })),
          members: [
            ...e.attributes.map((a) => ({ kind: 'field', name: a.fieldName, attribute: a.name, type: { text: `${a.type} | undefined` }, description: a.description })),
            ...e.properties.map((p) => ({ kind: 'field', name: p.name, type: { text: p.type }, description: p.description })),
          ],
          events: e.events.map((ev) => ({ name: ev.name, type: { text: `CustomEvent<KgDomEvents['${ev.name}']>` }, description: `${ev.description} Detail: ${ev.detail}. Bubbles and is composed.` })),
          cssProperties: [...tokens.map((t) => ({ name: t.name, default: t.default, description: t.description })), ...e.cssProperties],
          cssParts: e.cssParts,
        },
      ],
      exports: [
        { kind: 'js', name: e.className, declaration: { name: e.className, module: e.module } },
        { kind: 'custom-element-definition', name: e.tag, declaration: { name: e.className, module: e.module } },
      ],
    })),
  };
}

export function typeDeclarations(elements) {
  const out = [
    '// Generated by scripts/build/widget-contract.mjs at build time from src/widgets/elements.ts,',
    '// docs/elements/*.md and src/contract/dom-events.ts. Do not edit: edit those and run `npm run build:widgets`.',
    '',
    domEventTypes(),
    '',
    '/** `element.session = …`: tokens the page already has, handed to the shared session of the element\'s api-base. */',
    'export interface KgSessionSeed {',
    '  accessToken: string;',
    '  refreshToken?: string | null;',
    '}',
    '',
  ];
  for (const e of elements) if (e.types) out.push(e.types, '');
  for (const e of elements) {
    out.push(`/** <${e.tag}>: ${e.summary.split('. ')[0].replace(/\.$/, '')}. */`, `export interface ${e.className} extends HTMLElement {`);
    for (const a of e.attributes) if (a.name !== 'lang') out.push(`  /** \`${a.name}\` attribute. ${a.description} */`, `  ${a.fieldName}: ${a.type} | undefined;`);
    for (const p of e.properties) out.push(`  /** ${p.description} */`, `  ${p.name}: ${p.type};`);
    out.push('}', '');
  }
  out.push('declare global {', '  interface HTMLElementTagNameMap {');
  for (const e of elements) out.push(`    '${e.tag}': ${e.className};`);
  out.push('  }', '  /** kg-* events bubble and are composed: listen on the element or any ancestor. */', '  interface HTMLElementEventMap {');
  out.push("    'kg-navigate': CustomEvent<KgDomEvents['kg-navigate']>;");
  out.push('  }', '}', '');
  // Every event of the contract, not only those of today's elements: a listener on document works for all.
  const events = [...domEventTypes().matchAll(/^\s+'(kg-[a-z-]+)':/gm)].map((m) => m[1]);
  const i = out.indexOf("    'kg-navigate': CustomEvent<KgDomEvents['kg-navigate']>;");
  out.splice(i, 1, ...events.map((name) => `    '${name}': CustomEvent<KgDomEvents['${name}']>;`));
  return out.join('\n');
}

/** Generates both files into `outDir` (and the committed copies); returns the element list. */
export async function writeWidgetContract({ outDir, alias }) {
  const listed = widgetElements();
  const specs = await loadSpecs(alias);
  const tags = specs.map((s) => s.tag);
  if (tags.join() !== listed.map((l) => l.tag).join()) {
    throw new Error(`widget-contract: elements.ts defines ${tags.join(', ')} but its imports read as ${listed.map((l) => l.tag).join(', ')}`);
  }
  const elements = specs.map((s, i) => describeElement(s, listed[i]));
  const manifest = `${JSON.stringify(customElementsManifest(elements, themeTokens()), null, 2)}\n`;
  const dts = typeDeclarations(elements);
  for (const dir of [outDir, COMMITTED_DIR]) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'custom-elements.json'), manifest);
    fs.writeFileSync(path.join(dir, 'kg-elements.d.ts'), dts);
  }
  return elements;
}
