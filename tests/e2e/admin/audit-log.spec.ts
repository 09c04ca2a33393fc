import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { startServer, type TestServer } from '../support/server';
import { openSignedIn } from '../support/session';

/**
 * The admins' audit log against the real server: /admin/audit in the host (filters,
 * paging, clamped values, CSV and .xlsx exports, retention and purge, load failure with Retry, axe)
 * and kg-audit-log in the admin example. Needs `npm run build` first.
 */
test.describe.configure({ mode: 'serial' });

let server: TestServer;
const admin = { username: 'ada', email: 'ada@example.org', password: 'first-pass' };
const url = (p: string) => `${server.url}${p}`;
const SCREENS = path.resolve('.tmp/screens');

async function call<T>(p: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(url(`/api${p}`), {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}
const login = (name: string, password: string) => call<{ accessToken: string; refreshToken: string }>('/auth/login', { method: 'POST', body: { login: name, password } });

const signIn = (page: Page, p: string) => openSignedIn(page, server.url, admin, p);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer();
  expect((await call('/auth/register', { method: 'POST', body: admin })).status).toBe(201);
  const token = (await login(admin.username, admin.password)).body.accessToken;
  const nina = await call<{ id: string }>('/users', { method: 'POST', token, body: { username: 'nina', email: 'nina@example.org', password: 'Str0ng-pass-1', role: 'viewer' } });
  await call(`/users/${nina.body.id}`, { method: 'PUT', token, body: { role: 'editor' } });
  await call('/roles', { method: 'POST', token, body: { name: 'Reviewer', description: `Reads everything. ${'Reviews the clinical content carefully. '.repeat(10)}`, permissions: ['nodes.read'] } });
  await login('ghost', 'wr0ng-guess-x');
  fs.mkdirSync(SCREENS, { recursive: true });
});
test.afterAll(async () => {
  await server?.stop();
});

test('the log: newest first, a failed load with Retry, filters, clamped values, keyboard, axe', async ({ page }) => {
  let failures = 2; // a failed read: its first try and the one retry of a GET (api/http.ts)
  await page.route('**/api/audit?*', (route) => (failures-- > 0 ? route.fulfill({ status: 500, json: { error: 'boom', code: 'internal_error' } }) : route.continue()));
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, '/dashboard');
  await page.getByRole('button', { name: 'Admin' }).click();
  await page.getByRole('menuitem', { name: 'Audit Log' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole('heading', { name: 'Audit Log' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Failed to load the audit log');
  await page.getByRole('button', { name: 'Retry' }).click();

  const table = page.getByRole('table');
  const rows = table.locator('tbody tr');
  // Newest first: the sign-in of this page's session, then the failed one before it.
  await expect(rows.first()).toContainText('Sign-in');
  await expect(rows.nth(1)).toContainText('ghost (not signed in)');
  await expect(rows.nth(1)).toContainText('Failed sign-in');

  // A long value is clamped; Show more opens it, from the keyboard too.
  const roleRow = rows.filter({ hasText: 'Reviewer' });
  const more = roleRow.getByRole('button', { name: 'Show more' });
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(roleRow.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
  await expectNoSeriousA11yViolations(page, 'audit log');
  await page.screenshot({ path: path.join(SCREENS, 'audit-1440.png'), fullPage: true });

  await page.getByLabel('Action').selectOption({ label: 'Role change' });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Role: viewer → editor');
  await page.getByRole('button', { name: 'Clear All' }).click();
  await expect(rows).not.toHaveCount(1);

  await page.getByRole('searchbox', { name: 'Search' }).fill('ghost');
  await expect(rows).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  await page.getByLabel('User', { exact: true }).fill('nobody-at-all');
  await expect(page.getByText('No events match the filters')).toBeVisible();
  await page.getByRole('button', { name: 'Clear All' }).click();

  // A From day after the To day is not sent; the To field says why.
  await page.getByLabel('From', { exact: true }).fill('2030-01-02');
  await page.getByLabel('To', { exact: true }).fill('2030-01-01');
  await expect(page.getByText('The From date must not be after the To date')).toBeVisible();
  await page.getByLabel('To', { exact: true }).fill('2030-01-03');
  await expect(page.getByText('No events match the filters')).toBeVisible();
  await page.getByRole('button', { name: 'Clear All' }).click();
  await expect(rows.first()).toContainText('Sign-in');
});

test('exports: CSV and .xlsx of the filtered log', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, '/admin/audit');
  await page.getByLabel('Action').selectOption({ label: 'Role change' });
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(1);

  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^audit-log_\d{8}T\d{6}\.csv$/);
  const lines = fs.readFileSync((await csv.path()), 'utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  expect(lines[0]).toBe('"Time (UTC)","User","User id","Action","Entity type","Record id","Changes","Detail"');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain('"ada"');
  expect(lines[1]).toContain('"role: viewer → editor"');

  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export .xlsx' }).click()]);
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  expect(fs.readFileSync((await xlsx.path())).subarray(0, 2).toString()).toBe('PK');
});

test('retention: save, purge now (confirmed), and the purge is in the log', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, '/admin/audit');
  const days = page.getByLabel('Purge events older than (days)');
  await expect(days).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Purge now' })).toBeDisabled();
  await days.fill('0');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/Enter a whole number of days/)).toBeVisible();
  await days.fill('30');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Retention saved')).toBeVisible();
  await page.getByRole('button', { name: 'Purge now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Purge old events' });
  await expect(dialog).toContainText('older than 30 days');
  await expectNoSeriousA11yViolations(page, 'purge dialog');
  await dialog.getByRole('button', { name: 'Purge' }).click();
  await expect(page.getByText('0 events purged')).toBeVisible();
  await expect(page.getByRole('table').locator('tbody tr').first()).toContainText('Purge');
});

test('small screen: cards, filters and exports fit', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, '/admin/audit');
  await expect(page.getByRole('list', { name: 'Audit events' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page, 'audit log cards');
  await page.screenshot({ path: path.join(SCREENS, 'audit-390.png'), fullPage: true });
});

test('kg-audit-log in the admin example shares the page session', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, '/examples/admin.html#audit');
  const log = page.locator('kg-audit-log');
  await expect(log.getByRole('heading', { name: 'Audit Log' })).toBeVisible();
  await expect(log.getByRole('table').locator('tbody tr').first()).toBeVisible();
  await page.screenshot({ path: path.join(SCREENS, 'audit-example-1440.png'), fullPage: true });
});
