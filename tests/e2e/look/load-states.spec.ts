import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { startServer, type TestServer } from '../support/server';
import { openSignedIn } from '../support/session';

/**
 * Load states on the search page: a failed load shows the error with Retry and never the
 * empty text beside it; Retry loads. (The dashboard's is in dashboard.spec.ts, unknown ids in
 * node-manager, node-form and relations.) Needs `npm run build` first.
 */
const admin = { username: 'ada', email: 'ada@example.org', password: 'first-pass' };
let server: TestServer;
let token = '';

async function call<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

const signIn = (page: Page, path: string) => openSignedIn(page, server.url, admin, path);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer();
  token = (await call<{ accessToken: string }>('/auth/register', admin)).accessToken;
  await call('/nodetypes', { nodeType: 'Drug' });
  await call('/nodes', { name: 'Aspirin', nodeType: 'Drug' });
});
test.afterAll(async () => {
  await server?.stop();
});

test('search: a failed search shows the error with Retry, not "No results found"; Retry loads', async ({ page }) => {
  let failing = true;
  await page.route(
    (u) => u.pathname === '/api/nodes',
    (route) => (failing ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom","code":"INTERNAL"}' }) : route.continue()),
  );
  await signIn(page, '/search');
  await expect(page.getByRole('alert')).toHaveText('Failed to load data');
  await expect(page.getByText('No results found')).toHaveCount(0);
  failing = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('search-result')).toHaveCount(1);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('an unknown node or relation id: "not found", the way back, a sensible top bar; screenshots at 1440 and 390', async ({ page }) => {
  fs.mkdirSync('.tmp/shots', { recursive: true });
  for (const [w, h] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await signIn(page, '/nodes/view/not-a-uuid');
    await expect(page.getByRole('heading', { name: 'Node not found' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Not A Uuid');
    await page.screenshot({ path: `.tmp/shots/node-not-found-${w}.png` });
    await page.goto(`${server.url}/relations/not-a-uuid/edit`);
    await expect(page.getByRole('heading', { name: 'Relation not found' })).toBeVisible();
    await page.screenshot({ path: `.tmp/shots/relation-not-found-${w}.png` });
  }
});
