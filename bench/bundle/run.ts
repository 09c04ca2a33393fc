/**
 * Widget bundle size benchmark: `npm run bench -- bundle` (add `--no-build` to measure dist as it is).
 *
 * Builds the host app and the widget bundle, then the widget bundle a second time with React
 * instead of preact (KG_WIDGETS_REACT=1, into .tmp/bench-bundle/widgets-react). Starts the real
 * server (sample graph, one admin) and, in headless Chromium, puts each element alone on a blank
 * page, signed in, loading its own entry (kg-<name>.js); every /widgets/ file the browser fetches
 * until the network is quiet counts (entry, shared chunks, the widget's lazy code and what its first
 * render loads, such as force-graph). The same for all elements together (kg-elements.js) and the
 * host's first route (/login, JS + CSS). Sizes are gzip -9 of the built files.
 * Writes bench/results/bundle.json and bundle.md and exits 1 when a budget is missed.
 */
import { chromium, type Browser } from '@playwright/test';
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { widgetElements } from '../../scripts/build/widget-elements.mjs';
import { startServer } from '../../tests/e2e/support/server';
import { ALL_ELEMENTS_BUDGET_KB, DEFAULT_ELEMENT_BUDGET_KB, ELEMENT_BUDGETS_KB, FIRST_WAVE_BUDGET_KB, HOST_FIRST_ROUTE_BUDGET_KB, LATER_ELEMENTS } from './budgets';
import { gzipSize, loadedFiles, settle } from './measure';
import { writeReport, type BundleResults, type ElementRow } from './report';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PREACT_DIR = path.join(ROOT, 'dist/widgets');
const REACT_DIR = path.join(ROOT, '.tmp/bench-bundle/widgets-react');
const HOST_DIR = path.join(ROOT, 'dist/host');
const RESULTS = path.resolve(ROOT, process.env.BENCH_RESULTS_DIR ?? 'bench/results');
const KB = 1024;
const admin = { username: 'bench.admin', email: 'bench@example.org', password: 'bench-pass-1' };

function build() {
  const run = (cmd: string, env: Record<string, string> = {}) => execSync(cmd, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } });
  console.log('Building the host app and the widget bundle (preact)...');
  run('npm run build');
  console.log('Building the widget bundle with React...');
  run('npx vite build --config vite.widgets.config.ts', { KG_WIDGETS_REACT: '1', KG_WIDGETS_OUT_DIR: REACT_DIR });
}

async function main() {
  if (!process.argv.includes('--no-build')) build();
  for (const dir of [PREACT_DIR, REACT_DIR, HOST_DIR]) if (!fs.existsSync(dir)) throw new Error(`${path.relative(ROOT, dir)} is missing: run without --no-build`);

  const tags = widgetElements().map((e) => e.tag);
  const server = await startServer({ KG_SAMPLE_DATA: '1' });
  let browser: Browser | undefined;
  try {
    const res = await fetch(`${server.url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
    if (!res.ok) throw new Error(`register: ${res.status}`);
    const tokens = (await res.json()) as { accessToken: string; refreshToken: string };
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });

    /** Elements `tags` alone on a signed-in blank page, loaded from `entry` of the preact or React build. */
    const measure = async (entry: string, on: string[], variant: 'preact' | 'react', lang = 'en') => {
      const context = await browser!.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const prefix = variant === 'preact' ? '/widgets/' : '/widgets-react/';
      if (variant === 'react') await page.route('**/widgets-react/**', (route) => route.fulfill({ path: path.join(REACT_DIR, new URL(route.request().url()).pathname.slice(prefix.length)), contentType: 'text/javascript' }));
      await page.goto(`${server.url}/examples/index.html`);
      // The elements' session keys are per server (kg:<api base>:accessToken; api-base="" is this origin).
      await page.evaluate((t) => {
        localStorage.setItem(`kg:${location.origin}:accessToken`, t.accessToken);
        localStorage.setItem(`kg:${location.origin}:refreshToken`, t.refreshToken);
      }, tokens);
      const loaded = await loadedFiles(page, prefix, variant === 'preact' ? PREACT_DIR : REACT_DIR, async () => {
        await page.evaluate(
          async ({ url, on, lang }) => {
            document.body.innerHTML = on.map((tag) => `<${tag} api-base="" lang="${lang}" style="height: 640px"></${tag}>`).join('');
            await import(url);
          },
          { url: `${prefix}${entry}`, on, lang },
        );
        await settle(page);
      });
      await context.close();
      return loaded;
    };

    const elements: ElementRow[] = [];
    const servedEncodings: Record<string, number> = {};
    const count = (encodings: Record<string, string>) => {
      for (const enc of Object.values(encodings)) servedEncodings[enc] = (servedEncodings[enc] ?? 0) + 1;
    };
    for (const tag of tags) {
      const preact = await measure(`${tag}.js`, [tag], 'preact');
      const react = await measure(`${tag}.js`, [tag], 'react');
      const budgetKb = ELEMENT_BUDGETS_KB[tag] ?? DEFAULT_ELEMENT_BUDGET_KB;
      elements.push({ tag, budgetKb, preactKb: preact.gzipBytes / KB, reactKb: react.gzipBytes / KB, wireKb: preact.wireBytes / KB, files: preact.files });
      count(preact.encodings);
      console.log(`${tag}: ${(preact.gzipBytes / KB).toFixed(1)} KB (React ${(react.gzipBytes / KB).toFixed(1)} KB)`);
    }
    // One catalogue on demand (English is inline, the others load when an element asks for them):
    // the German catalogue is what the same element fetches beyond its English files.
    const english = elements.find((e) => e.tag === 'kg-sign-in');
    const german = await measure('kg-sign-in.js', ['kg-sign-in'], 'preact', 'de');
    const catalogueFiles = german.files.filter((f) => !english?.files.includes(f));
    const catalogueKb = catalogueFiles.reduce((sum, f) => sum + gzipSize(path.join(PREACT_DIR, f)), 0) / KB;
    console.log(`German catalogue on demand: ${catalogueKb.toFixed(1)} KB (${catalogueFiles.join(', ')})`);
    const firstWaveTags = tags.filter((t) => !LATER_ELEMENTS.includes(t));
    const firstWavePreact = await measure('kg-elements.js', firstWaveTags, 'preact');
    const firstWaveReact = await measure('kg-elements.js', firstWaveTags, 'react');
    console.log(`the first eight elements: ${(firstWavePreact.gzipBytes / KB).toFixed(1)} KB (React ${(firstWaveReact.gzipBytes / KB).toFixed(1)} KB)`);
    const allPreact = await measure('kg-elements.js', tags, 'preact');
    const allReact = await measure('kg-elements.js', tags, 'react');
    console.log(`all elements: ${(allPreact.gzipBytes / KB).toFixed(1)} KB (React ${(allReact.gzipBytes / KB).toFixed(1)} KB)`);

    const context = await browser.newContext();
    const page = await context.newPage();
    const host = await loadedFiles(page, '/', HOST_DIR, async () => {
      await page.goto(`${server.url}/login`);
      await settle(page);
    });
    await context.close();
    count(host.encodings);
    console.log(`host /login: ${(host.gzipBytes / KB).toFixed(1)} KB, ${(host.wireBytes / KB).toFixed(1)} KB on the wire`);

    const results: BundleResults = {
      measuredAt: new Date().toISOString(),
      node: process.versions.node,
      method:
        'Each element alone on a signed-in page, loaded from its own entry (kg-<name>.js); every bundle file Chromium fetched until the network was quiet, summed as gzip -9 (KB = 1024 bytes). The React column is the same widget built with React 19 instead of preact/compat.',
      elements,
      all: { budgetKb: ALL_ELEMENTS_BUDGET_KB, preactKb: allPreact.gzipBytes / KB, reactKb: allReact.gzipBytes / KB, wireKb: allPreact.wireBytes / KB, files: allPreact.files },
      firstWave: {
        tags: firstWaveTags,
        budgetKb: FIRST_WAVE_BUDGET_KB,
        preactKb: firstWavePreact.gzipBytes / KB,
        reactKb: firstWaveReact.gzipBytes / KB,
        wireKb: firstWavePreact.wireBytes / KB,
        files: firstWavePreact.files,
      },
      host: { budgetKb: HOST_FIRST_ROUTE_BUDGET_KB, kb: host.gzipBytes / KB, wireKb: host.wireBytes / KB, files: host.files },
      servedEncodings,
      catalogue: { locale: 'de', kb: catalogueKb, files: catalogueFiles },
      failures: [],
    };
    for (const e of elements) if (e.preactKb > e.budgetKb) results.failures.push(`${e.tag} ${e.preactKb.toFixed(1)} KB > ${e.budgetKb} KB`);
    const firstWave = results.firstWave!;
    if (firstWave.preactKb > firstWave.budgetKb) results.failures.push(`the first eight elements ${firstWave.preactKb.toFixed(1)} KB > ${firstWave.budgetKb} KB`);
    if (results.all.preactKb > results.all.budgetKb) results.failures.push(`all elements ${results.all.preactKb.toFixed(1)} KB > ${results.all.budgetKb} KB`);
    if (results.host.kb > results.host.budgetKb) results.failures.push(`host first route ${results.host.kb.toFixed(1)} KB > ${results.host.budgetKb} KB`);
    writeReport(RESULTS, results);
    console.log(results.failures.length ? `FAIL: ${results.failures.join('; ')}` : 'PASS: every budget is met.');
    console.log(`Wrote ${path.relative(ROOT, path.join(RESULTS, 'bundle.md'))}`);
    process.exitCode = results.failures.length ? 1 : 0;
  } finally {
    await browser?.close();
    await server.stop();
  }
}

await main();
