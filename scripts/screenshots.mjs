#!/usr/bin/env node
/**
 * Screenshots of the main screens at desktop (1440×900) and phone (390×844) size, for reviewing
 * the look and for the README's "Screens" section. Not part of `npm test`.
 *
 *   npm run build && node scripts/screenshots.mjs docs/screenshots/after
 *
 * Starts the real server on a fresh embedded database with the sample graph, registers the
 * first (admin) account, signs in through the login page and photographs each screen once its
 * data has rendered, and runs axe's colour-contrast rule on each (listed at the end; exit code 2
 * when any fails). Needs Chromium (/usr/bin/chromium or CHROMIUM_PATH).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.resolve(root, process.argv[2] ?? 'docs/screenshots/after');
const admin = { username: 'ada', email: 'ada@example.org', password: 'first-pass' };
const sizes = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function startServer() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kg-shots-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, KG_SAMPLE_DATA: '1', KG_EXAMPLES: '1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('server did not start within 120 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, stop };
}

async function api(url, token, pathname) {
  const res = await fetch(`${url}/api${pathname}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`${pathname}: ${res.status}`);
  return res.json();
}

/** Waits until no spinner or progress bar is left on the page (host and shadow roots). */
async function quiet(page) {
  await page.waitForLoadState('networkidle');
  await page
    .waitForFunction(
      () => {
        const busy = (r) => r.querySelector('[role="progressbar"], [aria-busy="true"]') || [...r.querySelectorAll('*')].some((e) => e.shadowRoot && busy(e.shadowRoot));
        return !busy(document);
      },
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => {});
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300);
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const contrast = [];
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const reg = await fetch(`${server.url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
    const { accessToken } = await reg.json();
    const asthma = (await api(server.url, accessToken, '/nodes?search=asthma')).data.find((n) => n.name.toLowerCase() === 'asthma');
    const relation = (await api(server.url, accessToken, `/relations?limit=1`)).data[0];

    const screens = [
      { name: 'dashboard', path: '/dashboard' },
      { name: 'node-list', path: '/nodes' },
      { name: 'node-detail', path: `/nodes/view/${asthma.id}` },
      { name: 'relation-form', path: relation ? `/relations/${relation.id}/edit` : '/relations/new' },
      { name: 'graph', path: '/dashboard', open: async (page) => {
        await page.getByRole('button', { name: 'Open knowledge graph' }).click();
        await page.getByRole('dialog', { name: 'Enhanced Knowledge Graph Visualization' }).waitFor();
        await page.waitForTimeout(2500); // the force layout settles
      } },
      { name: 'admin-node-types', path: '/node-types' },
      { name: 'admin-users', path: '/admin/users' },
      { name: 'example-dark', path: '/examples/dark.html', example: true },
    ];

    for (const size of sizes) {
      const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, deviceScaleFactor: 1 });
      const page = await context.newPage();
      await page.goto(`${server.url}/login`);
      await page.getByLabel(/^Username or Email/).fill(admin.username);
      await page.getByLabel(/^Password/).fill(admin.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(`${server.url}/dashboard`);
      for (const screen of screens) {
        await page.goto(`${server.url}${screen.path}`);
        await quiet(page);
        if (screen.open) await screen.open(page);
        const file = path.join(outDir, `${screen.name}-${size.name}.png`);
        await page.screenshot({ path: file });
        const axe = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
        for (const v of axe.violations) for (const n of v.nodes) contrast.push(`${screen.name}-${size.name}: ${n.target.join(' ')} — ${n.failureSummary?.split('\n').pop()?.trim()}`);
        console.log(path.relative(root, file));
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(contrast.length ? `colour contrast (axe):\n${contrast.join('\n')}` : 'colour contrast (axe): no violations');
  if (contrast.length) process.exitCode = 2;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
