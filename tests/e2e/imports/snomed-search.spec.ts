import { expect, test } from '@playwright/test';
import { SNOMED_HEADER, snomedRows, xlsx } from '../support/import-files';
import { startServer, type TestServer } from '../support/server';
import { openSignedIn } from '../support/session';

/**
 * SNOMED CT Management with more matches than the server counts (1,000): the pager says "more than
 * 1,000" instead of a number it does not know, and stops at the 1,000th match; a narrower search
 * is counted exactly again. Needs `npm run build` first.
 */
let server: TestServer;
let token = '';
const admin = { username: 'ada', email: 'ada@example.org', password: 'first-pass' };
const url = (path: string) => `${server.url}${path}`;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer();
  const res = await fetch(url('/api/auth/register'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
  token = ((await res.json()) as { accessToken: string }).accessToken;
  // 1,020 "Fracture of femur" descriptions and 30 "Migraine" ones.
  const form = new FormData();
  const book = xlsx([SNOMED_HEADER, ...snomedRows(5000, 1020, 'Fracture of femur'), ...snomedRows(7000, 30, 'Migraine')]);
  form.append('file', new Blob([new Uint8Array(book)]), 'concepts.xlsx');
  const imported = await fetch(url('/api/snomed/import'), { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  expect(imported.status).toBe(200);
});
test.afterAll(async () => {
  await server?.stop();
});

test('a search with more than 1,000 matches shows "more than 1,000"; a narrower one its exact total', async ({ page }) => {
  await openSignedIn(page, server.url, admin, '/snomed');
  await expect(page.getByText('1–10 of more than 1,000')).toBeVisible();

  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('FEMUR');
  await search.press('Enter');
  await expect(page.getByText('1–10 of more than 1,000')).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('row').nth(1)).toContainText('Fracture of femur 01'); // row id 5000 first
  await page.getByLabel('Rows per page:').selectOption('50');
  await expect(page.getByText('1–50 of more than 1,000')).toBeVisible();

  await search.fill('migraine');
  await search.press('Enter');
  await expect(page.getByText('1–30 of 30')).toBeVisible(); // the page size stays at 50
});
