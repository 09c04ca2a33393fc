import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startServer, type TestServer } from '../support/server';
import { contextsClosedAfterEach } from '../support/contexts';

/**
 * Co-curation in the browser: two people (two browser contexts) on one node see each other's
 * initials, with the username as the accessible name; a form opened while someone else edits says
 * so; a closed page's person is gone within 10 s; a save by the other marks an open form with
 * "Changed by {name} — review" without touching what was typed; a reloaded form offers its draft
 * back. Needs `npm run build` first. Screenshots (en/de, 1440/390) to docs/screenshots/wave3/.
 */
test.describe.configure({ mode: 'serial' });

const newContext = contextsClosedAfterEach();
let server: TestServer;
const ada = { username: 'ada', email: 'ada@example.org', password: 'first-pass' };
const ben = { username: 'ben.curator', email: 'ben@example.org', password: 'second-pass' };
const tokens: Record<string, string> = {};
let nodeId = '';
const url = (p: string) => `${server.url}${p}`;
const shots = path.resolve(import.meta.dirname, '../../../docs/screenshots/wave3');

async function api<T>(p: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<T> {
  const res = await fetch(url(`/api${p}`), {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${init.token ?? tokens.ada}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  expect(res.ok, `${init.method ?? 'GET'} ${p}: ${res.status} ${text}`).toBe(true);
  return (text ? JSON.parse(text) : null) as T;
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer();
  const reg = await fetch(url('/api/auth/register'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ada) });
  tokens.ada = ((await reg.json()) as { accessToken: string }).accessToken;
  await api('/users', { method: 'POST', body: { ...ben, role: 'editor' } });
  await api('/nodetypes', { method: 'POST', body: { name: 'Disease' } });
  nodeId = (await api<{ id: string }>('/nodes', { method: 'POST', body: { name: 'Shared Asthma', nodeType: 'Disease', description: 'Both curators open this.' } })).id;
});
test.afterAll(async () => {
  await server?.stop();
});

/** A signed-in page of its own browser context (its own person), in `locale`. */
async function personPage(browser: Browser, who: typeof ada, p: string, opts: { width?: number; locale?: string } = {}): Promise<Page> {
  const context = await newContext(browser, { viewport: { width: opts.width ?? 1440, height: 900 }, locale: opts.locale ?? 'en-US' });
  const page = await context.newPage();
  const res = await fetch(url('/api/auth/login'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: who.username, password: who.password }) });
  const body = (await res.json()) as { accessToken: string; refreshToken: string };
  // Signed in before the first page runs (opening /login first races its redirect to the dashboard);
  // only once: a reload keeps the tokens the page refreshed since.
  await page.addInitScript(([a, r]) => {
    if (localStorage.getItem(`kg:${location.origin}:accessToken`)) return;
    localStorage.setItem(`kg:${location.origin}:accessToken`, a);
    localStorage.setItem(`kg:${location.origin}:refreshToken`, r);
  }, [body.accessToken, body.refreshToken]);
  await page.goto(url(p));
  await expect(page).toHaveURL(url(p));
  return page;
}

const person = (page: Page, name: RegExp | string) => page.getByTestId('presence').getByRole('listitem', { name });
const description = (page: Page) => page.getByLabel(/^Description/);

test('two people on one node see each other; a closed page is gone within 10 s', async ({ browser }) => {
  test.setTimeout(90_000);
  const viewer = await personPage(browser, ada, `/nodes/view/${nodeId}`);
  await expect(viewer.getByRole('heading', { name: 'Shared Asthma', level: 2 }).or(viewer.getByRole('heading', { name: 'Shared Asthma' }).first())).toBeVisible();
  const editor = await personPage(browser, ben, `/nodes/${nodeId}/edit`);
  await expect(description(editor)).toHaveValue('Both curators open this.');

  // Each sees the other, by username (the accessible name and the tooltip); nobody sees themselves.
  await expect(person(viewer, 'ben.curator (editing)')).toBeVisible({ timeout: 10_000 });
  await expect(person(viewer, 'ben.curator (editing)')).toHaveAttribute('title', 'ben.curator (editing)');
  await expect(person(viewer, 'ben.curator (editing)')).toHaveText('BC');
  await expect(person(editor, 'ada (viewing)')).toBeVisible({ timeout: 10_000 });
  await expect(person(viewer, /^ada/)).toHaveCount(0);

  // Ada opens the form too: both are editing, and each form says who else is.
  await viewer.goto(url(`/nodes/${nodeId}/edit`));
  await expect(viewer.getByText('ben.curator is editing this node')).toBeVisible({ timeout: 10_000 });
  await expect(editor.getByText('ada is editing this node')).toBeVisible({ timeout: 10_000 });
  await viewer.screenshot({ path: path.join(shots, 'presence-node-form-en-1440.png') });

  const closedAt = Date.now();
  await editor.context().close();
  await expect(person(viewer, /^ben\.curator/)).toHaveCount(0, { timeout: 10_000 });
  expect(Date.now() - closedAt).toBeLessThan(10_000);
  await viewer.context().close();
});

test('a save by someone else marks the open form; what was typed stays', async ({ browser }) => {
  const editor = await personPage(browser, ben, `/nodes/${nodeId}/edit`);
  await expect(description(editor)).toHaveValue('Both curators open this.');
  // The live connection loads a moment after the screen: wait until presence is up on it.
  const watcher = await personPage(browser, ada, `/nodes/view/${nodeId}`);
  await expect(person(watcher, /^ben\.curator/)).toBeVisible({ timeout: 10_000 });
  await description(editor).fill('Ben was typing this.');
  await editor.waitForTimeout(2500); // the change channel starts once the screen has settled
  await api(`/nodes/${nodeId}`, { method: 'PUT', body: { name: 'Shared Asthma', nodeType: 'Disease', description: 'Ada saved first.' } });
  await expect(editor.getByText('Changed by ada — review')).toBeVisible({ timeout: 5000 });
  await expect(description(editor)).toHaveValue('Ben was typing this.');
  // The detail page of the other follows the save without a reload.
  await expect(watcher.getByText('Ada saved first.')).toBeVisible({ timeout: 3000 });
  await editor.screenshot({ path: path.join(shots, 'presence-changed-banner-en-1440.png') });
  await editor.context().close();
  await watcher.context().close();
});

test('a reloaded form offers its draft back: Restore puts it in, Discard drops it', async ({ browser }) => {
  const page = await personPage(browser, ben, `/nodes/${nodeId}/edit`);
  await expect(description(page)).toHaveValue('Ada saved first.');
  await description(page).fill('Typed before the crash.');
  await page.reload();
  const offer = page.getByRole('status').filter({ hasText: /Restore unsaved changes from/ });
  await expect(offer).toBeVisible();
  await expect(description(page)).toHaveValue('Ada saved first.');
  await page.screenshot({ path: path.join(shots, 'presence-draft-offer-en-1440.png') });
  await offer.getByRole('button', { name: 'Restore' }).click();
  await expect(description(page)).toHaveValue('Typed before the crash.');
  await expect(offer).toHaveCount(0);

  // Discard: the next opening starts clean.
  await page.reload();
  await page.getByRole('status').filter({ hasText: /Restore unsaved changes from/ }).getByRole('button', { name: 'Discard' }).click();
  await page.reload();
  await expect(description(page)).toHaveValue('Ada saved first.');
  await expect(page.getByText(/Restore unsaved changes from/)).toHaveCount(0);
  // The draft is kept under the user's namespaced key, never a bare one.
  const keys = await page.evaluate(() => Object.keys(localStorage));
  expect(keys.filter((k) => k.includes('draft'))).toEqual([]);
  await page.context().close();
});

test('screenshots: German and phone views of presence, banner and draft', async ({ browser }) => {
  test.setTimeout(120_000);
  for (const [locale, tag] of [
    ['en-US', 'en'],
    ['de-DE', 'de'],
  ] as const) {
    for (const width of [1440, 390]) {
      if (tag === 'en' && width === 1440) continue; // taken above
      const other = await personPage(browser, ada, `/nodes/${nodeId}/edit`, { locale, width });
      const page = await personPage(browser, ben, `/nodes/${nodeId}/edit`, { locale, width });
      await expect(person(page, /^ada/)).toBeVisible({ timeout: 10_000 });
      await description(page).or(page.getByLabel(/^Beschreibung/)).fill(`Draft ${tag} ${width}`);
      await page.reload();
      await expect(page.locator('.kg-draft-offer')).toBeVisible();
      await expect(person(page, /^ada/)).toBeVisible({ timeout: 10_000 });
      await page.waitForTimeout(2500);
      await api(`/nodes/${nodeId}`, { method: 'PUT', body: { name: 'Shared Asthma', nodeType: 'Disease', description: `Saved ${tag} ${width}` } });
      await expect(page.locator('.kg-changed-banner')).toBeVisible({ timeout: 5000 });
      await page.screenshot({ path: path.join(shots, `presence-node-form-${tag}-${width}.png`), fullPage: width < 600 });
      const detail = await personPage(browser, ada, `/nodes/view/${nodeId}`, { locale, width });
      await expect(person(detail, /^ben\.curator/)).toBeVisible({ timeout: 10_000 });
      await detail.screenshot({ path: path.join(shots, `presence-node-detail-${tag}-${width}.png`) });
      await Promise.all([other.context().close(), page.context().close(), detail.context().close()]);
    }
  }
});
