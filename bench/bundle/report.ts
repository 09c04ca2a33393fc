import fs from 'node:fs';
import path from 'node:path';

export interface ElementRow {
  tag: string;
  budgetKb: number;
  preactKb: number;
  reactKb: number;
  /** KB on the wire as the server sent them (precompressed brotli). */
  wireKb?: number;
  files: string[];
}
/** Several elements on one page, loaded from kg-elements.js. */
export interface PageRow {
  budgetKb: number;
  preactKb: number;
  reactKb: number;
  wireKb?: number;
  files: string[];
}
export interface BundleResults {
  measuredAt: string;
  node: string;
  method: string;
  elements: ElementRow[];
  all: PageRow;
  /** The eight elements the all-elements budget was first set for, on one page (kg-elements.js). */
  firstWave?: PageRow & { tags: string[] };
  host: { budgetKb: number; kb: number; wireKb?: number; files: string[] };
  /** Content-Encoding per file as served, e.g. { br: 12 }. */
  servedEncodings?: Record<string, number>;
  /** A non-English catalogue as an element loads it on demand (English is inline in the elements). */
  catalogue?: { locale: string; kb: number; files: string[] };
  failures: string[];
}

const kb = (n: number) => n.toFixed(1);
const wire = (n: number | undefined) => (n === undefined ? '–' : kb(n));
const pass = (value: number, budget: number) => (value <= budget ? 'pass' : '**FAIL**');
const ratio = (preact: number, react: number) => `${(react / preact).toFixed(2)}×`;

const pageRow = (what: string, p: PageRow) =>
  `| ${what} | ${kb(p.preactKb)} | ${p.budgetKb} | ${pass(p.preactKb, p.budgetKb)} | ${wire(p.wireKb)} | ${kb(p.reactKb)} | ${ratio(p.preactKb, p.reactKb)} |`;

export function writeReport(dir: string, r: BundleResults): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'bundle.json'), `${JSON.stringify(r, null, 2)}\n`);
  const lines = [
    '# Widget bundle sizes',
    '',
    `Measured ${r.measuredAt} with \`npm run bench -- bundle\` (Node ${r.node}). ${r.method}`,
    '',
    '| what | gzip KB (preact) | budget KB | result | on the wire KB, as served | same with React KB | React / preact |',
    '|---|---:|---:|---|---:|---:|---:|',
    ...r.elements.map(
      (e) => `| \`${e.tag}\` | ${kb(e.preactKb)} | ${e.budgetKb} | ${pass(e.preactKb, e.budgetKb)} | ${wire(e.wireKb)} | ${kb(e.reactKb)} | ${ratio(e.preactKb, e.reactKb)} |`,
    ),
    ...(r.firstWave ? [pageRow(`the first eight elements (\`kg-elements.js\`: ${r.firstWave.tags.length} of ${r.elements.length})`, r.firstWave)] : []),
    pageRow(`all elements (\`kg-elements.js\`)`, r.all),
    `| host app, first route (\`/login\`, JS + CSS) | ${kb(r.host.kb)} | ${r.host.budgetKb} | ${pass(r.host.kb, r.host.budgetKb)} | ${wire(r.host.wireKb)} | | |`,
    '',
    `On the wire: the body bytes Chromium received from the server for the same files (Content-Encoding as served: ${
      r.servedEncodings ? Object.entries(r.servedEncodings).map(([enc, n]) => `${enc} ${n} files`).join(', ') : 'not measured'
    }). The build writes brotli (quality 11) and gzip files beside each asset and the server sends them as they are (scripts/build/precompress.mjs, \`preCompressed\`).`,
    '',
    ...(r.catalogue
      ? [
          `Languages: the English catalogue is inline in every element's figures above; another language's catalogue loads when an element asks for it. The \`${r.catalogue.locale}\` catalogue, as \`kg-sign-in lang="${r.catalogue.locale}"\` fetches it beyond its English files: ${kb(r.catalogue.kb)} KB (${r.catalogue.files.map((f) => `\`${f}\``).join(', ') || 'none'}).`,
          '',
        ]
      : []),
    r.failures.length ? `Over budget: ${r.failures.join('; ')}.` : 'Every budget is met.',
    '',
    '## Files loaded at first render (preact build)',
    '',
    ...r.elements.map((e) => `- \`${e.tag}\`: ${e.files.map((f) => `\`${f}\``).join(', ')}`),
    ...(r.firstWave ? [`- the first eight elements (${r.firstWave.tags.map((t) => `\`${t}\``).join(', ')}): ${r.firstWave.files.length} files`] : []),
    `- all elements: ${r.all.files.length} files`,
    `- host \`/login\`: ${r.host.files.map((f) => `\`${f}\``).join(', ')}`,
    '',
  ];
  fs.writeFileSync(path.join(dir, 'bundle.md'), lines.join('\n'));
}
