import { expect, test, type Page } from '@playwright/test';
import http from 'node:http';
import { freePort, startServer, type TestServer } from '../support/server';

/**
 * Hostile input from a browser: a sign-in link whose return path tries to leave the origin, a
 * page that fails to render, an example page pointed at a script on another loopback port, and a
 * request body nested thousands deep. Needs `npm run build` first.
 */
test.describe.configure({ mode: 'serial' });

let server: TestServer;
let hostile: http.Server;
let hostileOrigin: string;
const hostileHits: string[] = [];
const admin = { username: 'safe.admin', email: 'safe@example.org', password: 'safe-pass-1' };

test.beforeAll(async () => {
  test.setTimeout(240_000);
  // Another service on this machine, on another port: what a crafted ?kg= would load.
  const port = await freePort();
  hostileOrigin = `http://localhost:${port}`;
  hostile = http.createServer((req, res) => {
    hostileHits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/javascript', 'access-control-allow-origin': '*' });
    res.end('window.hostileRan = true; export {};');
  });
  await new Promise<void>((resolve) => hostile.listen(port, '127.0.0.1', resolve));
  server = await startServer();
  const res = await fetch(`${server.url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
  expect(res.ok).toBe(true);
});
test.afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => hostile?.close(resolve));
});

async function signIn(page: Page) {
  await page.getByLabel(/^Username or Email/).fill(admin.username);
  await page.getByLabel(/^Password/).fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('a return path with a tab, newline, backslash or encoded slash stays on this site, with no error page', async ({ page }) => {
  test.setTimeout(60_000);
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  for (const returnTo of ['%2F%09%2Fevil.example', '%2F%0A%2Fevil.example', '%2F%5Cevil.example', '%2F%252F%252Fevil.example']) {
    await page.goto(`${server.url}/login?returnTo=${returnTo}`);
    await signIn(page);
    await expect(page).toHaveURL(`${server.url}/dashboard`);
    await expect(page.getByRole('heading', { name: `Welcome, ${admin.username}` })).toBeVisible();
    await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
    await page.evaluate(() => localStorage.clear());
  }
  expect(errors).toEqual([]);
});

test('a page that fails shows a translated message and a way back, never the error or its stack', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto(`${server.url}/login`);
  await signIn(page);
  await expect(page).toHaveURL(`${server.url}/dashboard`);
  // The settings page's code cannot be loaded (a deploy removed the chunk, the network failed).
  await page.route(/\/assets\/SettingsPage-[^/]+\.js$/, (route) => route.abort());
  for (const [language, title, action] of [
    ['en', 'This page could not be shown', 'Go to the dashboard'],
    ['de', 'Diese Seite konnte nicht angezeigt werden', 'Zum Dashboard'],
  ] as const) {
    await page.evaluate((lang) => localStorage.setItem(`kg:${location.origin}:language`, lang), language);
    await page.goto(`${server.url}/settings`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    const text = await page.locator('body').innerText();
    expect(text).not.toMatch(/Unexpected Application Error|\bat \S+:\d+|Failed to fetch|TypeError|\.js\b/);
    await page.screenshot({ path: `.tmp/test-results/route-error-${language}.png` });
    if (language === 'en') {
      await page.getByRole('link', { name: action }).click();
      await expect(page).toHaveURL(`${server.url}/dashboard`);
    }
  }
});

test('the examples load no script from a port the server does not list (?kg=), and say why', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto(`${server.url}/examples/portal.html?kg=${encodeURIComponent(hostileOrigin)}`);
  await expect.poll(() => errors.join('\n')).toContain('?kg= must name this server or one listed in its KG_CORS_ORIGINS');
  // Even a script element written by hand is blocked by the page's policy.
  const blocked = await page.evaluate(
    (src) =>
      new Promise<string>((resolve) => {
        document.addEventListener('securitypolicyviolation', (e) => resolve(e.violatedDirective), { once: true });
        const script = document.createElement('script');
        script.type = 'module';
        script.src = `${src}/widgets/kg-elements.js`;
        document.head.append(script);
      }),
    hostileOrigin,
  );
  expect(blocked).toBe('script-src-elem');
  expect(await page.evaluate(() => (window as unknown as { hostileRan?: boolean }).hostileRan)).toBeUndefined();
  expect(hostileHits).toEqual([]);
  // Without ?kg= the example works from its own server.
  await page.goto(`${server.url}/examples/portal.html`);
  await expect(page.locator('kg-graph-explorer')).toBeAttached();
  await expect.poll(() => page.evaluate(() => !!customElements.get('kg-graph-explorer'))).toBe(true);
});

test('the examples are not served unless enabled', async () => {
  test.setTimeout(240_000);
  const production = await startServer({ KG_EXAMPLES: '0' });
  try {
    expect((await fetch(`${production.url}/examples/portal.html`)).status).toBe(404);
    expect((await fetch(`${production.url}/examples/allowed-origins.json`)).status).toBe(404);
    const page = await fetch(`${production.url}/examples/react-app/`);
    expect(await page.text()).not.toContain('react-app');
  } finally {
    await production.stop();
  }
});

test('a body nested 5,000 deep from the page is a 400 too_deep, and the server keeps answering', async ({ page }) => {
  await page.goto(`${server.url}/login`);
  const answers = await page.evaluate(async () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const sent = await Promise.all(
      Array.from({ length: 8 }, () => fetch('/api/auth/logout', { method: 'POST', headers: { 'content-type': 'application/json' }, body: deep }).then(async (r) => ({ status: r.status, code: ((await r.json()) as { code?: string }).code }))),
    );
    const started = performance.now();
    const live = await fetch('/api/live');
    return { sent, live: live.status, liveMs: performance.now() - started };
  });
  expect(answers.sent).toEqual(Array.from({ length: 8 }, () => ({ status: 400, code: 'too_deep' })));
  expect(answers.live).toBe(200);
  expect(answers.liveMs).toBeLessThan(1000);
});
