/**
 * Graph explorer rendering benchmark: `npm run bench -- graph`.
 *
 * Builds the widget bundle, serves it with a static benchmark page (bench/graph/page: synthetic
 * data through the element's `data` property, no server, no session) and drives headless
 * Chromium: for 1k, 5k, 10k and 20k nodes with three relations per node it measures the time
 * from data received to the first drawn frame, then frames per second (requestAnimationFrame
 * callbacks) during a scripted wheel zoom and a background drag. Writes bench/results/graph.json
 * and bench/results/graph.md.
 *
 * Environment (all optional):
 *   BENCH_GRAPH_SIZES=1000,5000,10000,20000
 *   BENCH_QUIET_PERCENT=40   wait (up to BENCH_QUIET_WAIT=120 s) until the shared machine is below
 *                            this CPU share before each size
 *   BENCH_RESULTS_DIR=bench/results
 *   CHROMIUM_PATH=/usr/bin/chromium
 */
import { chromium, type Page } from '@playwright/test';
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { busyMeter, waitForQuiet } from './machine';
import { writeReport, type FpsResult, type SizeResult } from './report';

const ROOT = path.resolve(import.meta.dirname, '../..');
const env = process.env;
const sizes = (env.BENCH_GRAPH_SIZES ?? '1000,5000,10000,20000').split(',').map(Number).filter((n) => n > 0);
const quietPercent = Number(env.BENCH_QUIET_PERCENT ?? 40);
const quietWait = Number(env.BENCH_QUIET_WAIT ?? 120);
const resultsDir = path.resolve(ROOT, env.BENCH_RESULTS_DIR ?? 'bench/results');
const VIEWPORT = { width: 1280, height: 800 };

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** /widgets/* from dist/widgets, everything else from the benchmark page folder. */
function serve(): Promise<{ url: string; close: () => void }> {
  const roots = [
    { prefix: '/widgets/', dir: path.join(ROOT, 'dist/widgets') },
    { prefix: '/', dir: path.join(import.meta.dirname, 'page') },
  ];
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const root = roots.find((r) => pathname.startsWith(r.prefix))!;
    const file = path.join(root.dir, pathname.slice(root.prefix.length) || 'index.html');
    if (!file.startsWith(root.dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'max-age=3600' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}`, close: () => server.close() });
    }),
  );
}

interface Loaded {
  data: number;
  setData: number;
  firstFrame: number;
  presented: number;
  nodes: number;
  relations: number;
}
type Bench = {
  load: (n: number, perNode?: number, prefix?: string) => Promise<Loaded>;
  settled: (timeout: number) => Promise<number>;
  startCounting: () => void;
  stopCounting: () => { fps: number; p95: number | null; worst: number | null; seconds: number };
};
// The function's source is evaluated in the page (page.evaluate cannot take a closure).
const bench = <T>(page: Page, fn: (b: Bench, arg: number) => Promise<T> | T, arg = 0) =>
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  page.evaluate(([source, a]) => new Function('b', 'a', `return (${source})(b, a)`)((window as unknown as { kgBench: Bench }).kgBench, a), [fn.toString(), arg] as const) as Promise<T>;

async function measureFps(page: Page, action: () => Promise<void>): Promise<FpsResult> {
  await bench(page, (b) => b.startCounting());
  await action();
  const r = await bench(page, (b) => b.stopCounting());
  return { fps: r.fps, p95FrameMs: r.p95, worstFrameMs: r.worst, seconds: r.seconds };
}

/** A point of the canvas with no node near it (so the drag pans instead of moving a node). */
async function emptySpot(page: Page): Promise<{ x: number; y: number }> {
  return page.evaluate(() => {
    const p = (window as unknown as { __kgGraph: { positions: () => { nodes: { x: number; y: number; r: number }[] } } }).__kgGraph.positions();
    const canvas = document.querySelector('kg-graph-explorer')!.shadowRoot!.querySelector('canvas')!.getBoundingClientRect();
    for (let y = canvas.top + 40; y < canvas.bottom - 140; y += 15) {
      for (let x = canvas.left + 40; x < canvas.right - 220; x += 15) {
        if (p.nodes.every((n) => Math.hypot(n.x - x, n.y - y) > n.r + 12)) return { x, y };
      }
    }
    return { x: canvas.left + 40, y: canvas.top + 40 };
  });
}

async function measureSize(browser: Awaited<ReturnType<typeof chromium.launch>>, base: string, n: number): Promise<SizeResult> {
  const quiet = await waitForQuiet(quietPercent, quietWait);
  console.log(`\n${n.toLocaleString('en-US')} nodes (machine ${quiet ?? '?'} % busy before)`);
  const meter = busyMeter();
  const open = async () => {
    const page = await browser.newPage({ viewport: VIEWPORT });
    await page.addInitScript(() => ((window as unknown as { __KG_GRAPH_DEBUG__: boolean }).__KG_GRAPH_DEBUG__ = true));
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.goto(`${base}/index.html`);
    return page;
  };

  // Cold: a fresh page (the lazy chunks come from the HTTP cache).
  const cold = await open();
  const c = await bench(cold, (b, size) => b.load(size), n);
  await cold.close();

  // Warm: the element has drawn a small graph before.
  const page = await open();
  await bench(page, (b) => b.load(200, 3, 'w'));
  const w = await bench(page, (b, size) => b.load(size), n);
  console.log(`  first frame ${Math.round(w.firstFrame - w.data)} ms (cold ${Math.round(c.firstFrame - c.data)} ms)`);
  const settled = await bench(page, (b) => b.settled(60_000)).catch(() => null);
  console.log(`  settled after ${settled === null ? '—' : Math.round(settled)} ms`);
  await page.waitForTimeout(1000);

  const box = (await page.locator('kg-graph-explorer').getByTestId('graph-canvas').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const zoom = await measureFps(page, async () => {
    for (let i = 0; i < 40; i++) {
      await page.mouse.wheel(0, i < 25 ? -100 : 100);
      await page.waitForTimeout(50);
    }
  });
  // The gesture's pause: the full drawing comes back (the longest frame right after the wheel stops).
  const pause = await measureFps(page, () => page.waitForTimeout(800));
  console.log(`  zoom ${zoom.fps.toFixed(1)} fps (p95 frame ${zoom.p95FrameMs?.toFixed(1)} ms), full redraw after it ${pause.worstFrameMs?.toFixed(0)} ms`);
  await page.waitForTimeout(500);

  const start = await emptySpot(page);
  const pan = await measureFps(page, async () => {
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    for (let i = 1; i <= 60; i++) {
      await page.mouse.move(start.x + i * 3, start.y + i * 1.5);
      await page.waitForTimeout(33);
    }
    await page.mouse.up();
  });
  console.log(`  pan ${pan.fps.toFixed(1)} fps (p95 frame ${pan.p95FrameMs?.toFixed(1)} ms)`);
  await page.close();
  return {
    nodes: w.nodes,
    relations: w.relations,
    coldFirstFrameMs: c.firstFrame - c.data,
    firstFrameMs: w.firstFrame - w.data,
    toSetDataMs: w.setData - w.data,
    settledMs: settled,
    zoom,
    pan,
    fullRedrawMs: pause.worstFrameMs,
    machineBusy: meter.stop(),
  };
}

async function main() {
  console.log('Building the widget bundle…');
  execSync('npm run build:widgets', { cwd: ROOT, stdio: 'ignore' });
  const site = await serve();
  const browser = await chromium.launch({
    executablePath: env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const results: SizeResult[] = [];
    for (const n of sizes) results.push(await measureSize(browser, site.url, n));
    writeReport(resultsDir, {
      command: 'npm run bench -- graph',
      date: new Date().toISOString().slice(0, 10),
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, shared`,
      chromium: `Chromium ${browser.version()}`,
      targets: '10k nodes / 30k relations: first frame ≤ 1.5 s, ≥ 30 fps while zooming and panning; 20k stays usable.',
      results,
    });
    console.log(`\nWrote ${path.relative(ROOT, resultsDir)}/graph.json and graph.md`);
  } finally {
    await browser.close();
    site.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
