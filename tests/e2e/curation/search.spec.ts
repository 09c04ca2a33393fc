import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { startServer, type TestServer } from '../support/server';
import { openSignedIn } from '../support/session';

/**
 * Knowledge Search & Discovery (/search) against the real server: every filter, the badge,
 * Clear All Filters, paging with Load more, and the delete dialog. The browser runs in a
 * far-from-UTC timezone so the local-day date filters are exercised. Needs `npm run build`.
 */
test.describe.configure({ mode: 'serial' });
test.use({ timezoneId: 'Pacific/Kiritimati' });

const admin = { username: 'ada', email: 'ada@example.org', password: 'first-pass' };
const editor = { username: 'eddie', email: 'eddie@example.org', password: 'editor-pass' };
const viewer = { username: 'vic', email: 'vic@example.org', password: 'viewer-pass' };
const SHOTS = '.tmp/shots';

let server: TestServer;
const tokens: Record<string, string> = {};

async function call<T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<T> {
  const res = await fetch(`${server.url}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}
const login = async (who: typeof admin) =>
  call<{ accessToken: string; refreshToken: string }>('/auth/login', { method: 'POST', body: { login: who.username, password: who.password } });

async function openSearch(page: Page, who = admin) {
  await openSignedIn(page, server.url, who, '/search');
  await expect(page.getByRole('heading', { name: 'Knowledge Search & Discovery' })).toBeVisible();
}

const results = (page: Page) => page.getByTestId('search-result');
const names = async (page: Page) => (await results(page).locator('h3').allTextContents()).sort();
const badge = (page: Page) => page.getByTestId('filter-count');
const expectNames = (page: Page, expected: string[]) => expect.poll(() => names(page)).toEqual([...expected].sort());
const openFilters = async (page: Page) => {
  const toggle = page.getByRole('button', { name: 'Show advanced filters' });
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Hide advanced filters' })).toHaveAttribute('aria-expanded', 'true');
};

/** The browser's local calendar day, shifted by `days`, as a date input value. */
const localDay = (page: Page, days: number) =>
  page.evaluate((d) => {
    const t = new Date();
    t.setDate(t.getDate() + d);
    return `${t.getFullYear()}-${String(t.getMonth() + 1).padStart(2, '0')}-${String(t.getDate()).padStart(2, '0')}`;
  }, days);

const ALL = ['Asthma', 'Wheeze', 'Salbutamol', 'CBC'];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer();
  tokens.admin = (await call<{ accessToken: string }>('/auth/register', { method: 'POST', body: admin })).accessToken;
  const ed = await call<{ user: { id: string } }>('/auth/register', { method: 'POST', body: editor });
  await call('/auth/register', { method: 'POST', body: viewer });
  await call(`/users/${ed.user.id}`, { method: 'PUT', token: tokens.admin, body: { role: 'editor' } });
  tokens.editor = (await login(editor)).accessToken;
  for (const name of ['Disease', 'Symptom', 'Drug', 'Lab, Panel']) await call('/nodetypes', { method: 'POST', token: tokens.admin, body: { name } });
  const node = (token: string, body: object) => call('/nodes', { method: 'POST', token, body });
  await node(tokens.admin, { name: 'Asthma', nodeType: 'Disease', snomedCode: '195967001', url: 'https://example.org/asthma', description: 'Chronic airway disease', note: 'Check inhaler technique' });
  await node(tokens.editor, { name: 'Wheeze', nodeType: 'Symptom' });
  await node(tokens.editor, { name: 'Salbutamol', nodeType: 'Drug', snomedCode: '372897005', description: 'Short-acting beta agonist' });
  await node(tokens.admin, { name: 'CBC', nodeType: 'Lab, Panel', url: 'https://example.org/cbc' });
});
test.afterAll(async () => {
  await server?.stop();
});

test('lists every node as a card with its fields; a11y and screenshots with the filters open', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await openSearch(page);
  await expectNames(page, ALL);
  await expect(page.getByTestId('result-count')).toHaveText('4 results');
  const asthma = page.getByRole('article', { name: 'Asthma' });
  await expect(asthma.getByText('Disease', { exact: true })).toBeVisible();
  await expect(asthma.getByText('195967001')).toBeVisible();
  await expect(asthma.getByText('Has External URL')).toBeVisible();
  await expect(asthma.getByText('Chronic airway disease')).toBeVisible();
  await expect(asthma.getByText('Check inhaler technique')).toBeVisible();
  await expect(asthma.getByText(/^Created .+ by ada$/)).toBeVisible();
  const wheeze = page.getByRole('article', { name: 'Wheeze' });
  await expect(wheeze.getByText('No description available')).toBeVisible();
  await expect(wheeze.getByText('Has External URL')).toHaveCount(0);
  for (const action of ['View Details', 'Edit Node', 'Delete Node']) await expect(asthma.getByRole('button', { name: action })).toBeVisible();

  await openFilters(page);
  await expect(page.getByLabel('SNOMED Code', { exact: true })).toHaveAttribute('placeholder', 'e.g. 22298006');
  await expect(page.getByRole('searchbox', { name: 'Search Knowledge Nodes' })).toHaveAttribute('placeholder', 'Search Knowledge Nodes');
  await expectNoSeriousA11yViolations(page, 'search with filters open');
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/search-1280.png`, fullPage: true });
  // A phone-sized window from the start (the drawer starts closed below the medium breakpoint).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await openFilters(page);
  await expectNames(page, ALL);
  await page.screenshot({ path: `${SHOTS}/search-390.png`, fullPage: true });
  expect(errors).toEqual([]);
});

test('free text matches name, description, note or SNOMED code after a pause', async ({ page }) => {
  await openSearch(page);
  await expectNames(page, ALL);
  const box = page.getByRole('searchbox', { name: 'Search Knowledge Nodes' });
  const seen: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname === '/api/nodes') seen.push(u.searchParams.get('search') ?? '');
  });
  await box.pressSequentially('INHALER', { delay: 30 });
  await expectNames(page, ['Asthma']);
  // Seven keystrokes, a request only after a 300 ms pause (normally just one).
  expect(seen.length).toBeLessThanOrEqual(3);
  expect(seen.at(-1)).toBe('INHALER');
  await expect(badge(page)).toHaveText('1');
  for (const [text, expected] of [['beta agonist', ['Salbutamol']], ['3728', ['Salbutamol']], ['wheez', ['Wheeze']]] as const) {
    await box.fill(text);
    await expectNames(page, [...expected]);
  }
  await box.fill('nothing matches this');
  await expect(page.getByText('No results found')).toBeVisible();
  await expect(page.getByText('Try adjusting your search criteria')).toBeVisible();
});

test('node type, SNOMED code and the SNOMED and URL flags', async ({ page }) => {
  await openSearch(page);
  await openFilters(page);
  const types = page.getByRole('group', { name: 'Node Type' });
  await types.getByLabel('Disease').check();
  await expectNames(page, ['Asthma']);
  await types.getByLabel('Drug').check();
  await expectNames(page, ['Asthma', 'Salbutamol']);
  await types.getByLabel('Lab, Panel').check();
  await expectNames(page, ['Asthma', 'Salbutamol', 'CBC']);
  await expect(badge(page)).toHaveText('1');
  await page.getByRole('button', { name: 'Clear All Filters' }).click();
  await expectNames(page, ALL);

  await page.getByLabel('SNOMED Code', { exact: true }).fill('1959');
  await expectNames(page, ['Asthma']);
  await page.getByLabel('SNOMED Code', { exact: true }).fill('');

  const snomed = page.getByLabel('Has SNOMED Code');
  expect(await snomed.locator('option').allTextContents()).toEqual(['All Nodes', 'With SNOMED Code', 'Without SNOMED Code']);
  await snomed.selectOption({ label: 'With SNOMED Code' });
  await expectNames(page, ['Asthma', 'Salbutamol']);
  await snomed.selectOption({ label: 'Without SNOMED Code' });
  await expectNames(page, ['Wheeze', 'CBC']);
  await snomed.selectOption({ label: 'All Nodes' });

  const url = page.getByLabel('Has External URL', { exact: true });
  expect(await url.locator('option').allTextContents()).toEqual(['All Nodes', 'With External URL', 'Without External URL']);
  await url.selectOption({ label: 'With External URL' });
  await expectNames(page, ['Asthma', 'CBC']);
  await url.selectOption({ label: 'Without External URL' });
  await expectNames(page, ['Wheeze', 'Salbutamol']);
});

test('created by, created after, and created before including the whole chosen day', async ({ page }) => {
  await openSearch(page);
  await openFilters(page);
  const by = page.getByLabel('Created By');
  expect(await by.locator('option').allTextContents()).toEqual(['All Users', 'ada', 'eddie', 'vic']);
  await by.selectOption('eddie');
  await expectNames(page, ['Wheeze', 'Salbutamol']);
  await by.selectOption('');
  await expectNames(page, ALL);

  const sent: URLSearchParams[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname === '/api/nodes') sent.push(u.searchParams);
  });
  const [yesterday, today, tomorrow] = [await localDay(page, -1), await localDay(page, 0), await localDay(page, 1)];
  const localInstant = (day: string, end: boolean) =>
    page.evaluate(([d, e]) => {
      const [y, m, dd] = (d).split('-').map(Number);
      return e ? new Date(y, m - 1, dd, 23, 59, 59, 999).toISOString() : new Date(y, m - 1, dd).toISOString();
    }, [day, end] as const);
  /** Waits until the page has asked the server with this filter value, then for the answer on screen. */
  const applied = async (param: string, value: string, expected: string[]) => {
    await expect.poll(() => sent.at(-1)?.get(param)).toBe(value);
    if (expected.length) await expectNames(page, expected);
    else await expect(page.getByText('No results found')).toBeVisible();
  };
  const before = page.getByLabel('Created Before');
  // Nodes made minutes ago count as created "before today": the whole local day is included.
  await before.fill(today);
  await applied('createdBefore', await localInstant(today, true), ALL);
  await before.fill(yesterday);
  await applied('createdBefore', await localInstant(yesterday, true), []);
  await before.fill('');

  const after = page.getByLabel('Created After');
  await after.fill(today);
  await applied('createdAfter', await localInstant(today, false), ALL);
  await after.fill(tomorrow);
  await applied('createdAfter', await localInstant(tomorrow, false), []);
  await after.fill(yesterday);
  await applied('createdAfter', await localInstant(yesterday, false), ALL);
});

test('the badge counts active filters; Clear All Filters resets them', async ({ page }) => {
  await openSearch(page);
  await expect(badge(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Clear All Filters' })).toBeDisabled();
  await openFilters(page);
  await page.getByRole('searchbox', { name: 'Search Knowledge Nodes' }).fill('a');
  await page.getByRole('group', { name: 'Node Type' }).getByLabel('Drug').check();
  await page.getByRole('group', { name: 'Node Type' }).getByLabel('Disease').check();
  await page.getByLabel('Has SNOMED Code').selectOption({ label: 'With SNOMED Code' });
  await page.getByLabel('Created By').selectOption('eddie');
  await expect(badge(page)).toHaveText('4');
  await expectNames(page, ['Salbutamol']);
  await page.getByRole('button', { name: 'Clear All Filters' }).click();
  await expect(badge(page)).toHaveCount(0);
  await expect(page.getByRole('searchbox', { name: 'Search Knowledge Nodes' })).toHaveValue('');
  await expect(page.getByLabel('Created By')).toHaveValue('');
  await expectNames(page, ALL);
  // The panel can be hidden again.
  await page.getByRole('button', { name: 'Hide advanced filters' }).click();
  await expect(page.getByLabel('Created By')).toBeHidden();
});

test('delete from a result card asks first, then removes the node', async ({ page }) => {
  await call('/nodes', { method: 'POST', token: tokens.admin, body: { name: 'Temporary node', nodeType: 'Drug' } });
  await openSearch(page);
  const card = page.getByRole('article', { name: 'Temporary node' });
  await card.getByRole('button', { name: 'Delete Node' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Node' });
  await expect(dialog).toContainText('Are you sure you want to delete Temporary node? This action cannot be undone.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Delete Node' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Node deleted successfully' })).toBeVisible();
  await expectNames(page, ALL);
  await page.getByRole('article', { name: 'Asthma' }).getByRole('button', { name: 'Edit Node' }).click();
  await expect(page).toHaveURL(/\/nodes\/[0-9a-f-]+\/edit$/);
});

test('more than a page of results: the count says so and Load more fetches the rest', async ({ page }) => {
  for (let i = 1; i <= 32; i++) await call('/nodes', { method: 'POST', token: tokens.admin, body: { name: `Bulk finding ${String(i).padStart(2, '0')}`, nodeType: 'Symptom' } });
  await openSearch(page);
  await expect(page.getByTestId('result-count')).toHaveText('36 results · showing 30');
  await expect(results(page)).toHaveCount(30);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(results(page)).toHaveCount(36);
  await expect(page.getByTestId('result-count')).toHaveText('36 results');
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
});

test('a viewer searches with the Created By list but sees no edit or delete', async ({ page }) => {
  await openSearch(page, viewer);
  await page.getByRole('searchbox', { name: 'Search Knowledge Nodes' }).fill('asthma');
  await expectNames(page, ['Asthma']);
  const card = page.getByRole('article', { name: 'Asthma' });
  await expect(card.getByRole('button', { name: 'View Details' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Edit Node' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Delete Node' })).toHaveCount(0);
  await openFilters(page);
  // GET /users gives non-administrators the username directory, so the list is complete.
  expect(await page.getByLabel('Created By').locator('option').allTextContents()).toEqual(['All Users', 'ada', 'eddie', 'vic']);
  await page.getByLabel('Created By').selectOption('eddie');
  await expect(page.getByText('No results found')).toBeVisible();
  await page.getByLabel('Created By').selectOption('ada');
  await expectNames(page, ['Asthma']);
});
