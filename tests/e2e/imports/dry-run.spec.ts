import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { csv, rowsOf, SNOMED_HEADER, snomedRows, xlsx } from '../support/import-files';
import { startServer, type TestServer } from '../support/server';
import { openSignedIn } from '../support/session';

/**
 * "Check file" in the browser against the real server: the Bulk Upload Nodes
 * dialog checks a file (nothing written), shows what an upload would create, skip and refuse with
 * the error report, then "Import" sends the same file for real; the SNOMED import dialog does the
 * same. Axe on both dialogs; screenshots at 1280×800 and 390×844 in .tmp/screens. Needs `npm run build`.
 */
test.describe.configure({ mode: 'serial' });

let server: TestServer;
const admin = { username: 'ada', email: 'ada@example.org', password: 'first-pass' };
const url = (p: string) => `${server.url}${p}`;
const SCREENS = path.resolve('.tmp/screens');
let token = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer({ KG_UPLOAD_ANSWER_WAIT_MS: '0' });
  const res = await fetch(url('/api/auth/register'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
  expect(res.status).toBe(201);
  token = ((await res.json()) as { accessToken: string }).accessToken;
});
test.afterAll(async () => {
  await server?.stop();
});

const signIn = (page: Page, p: string) => openSignedIn(page, server.url, admin, p);
const file = (name: string, buffer: Buffer) => ({ name, mimeType: 'application/octet-stream', buffer });
const saved = async (download: Download) => fs.readFileSync((await download.path()));
const stat = (scope: Locator, label: string) => scope.locator('.kg-upload__stat').filter({ has: scope.page().getByText(label, { exact: true }) }).locator('dd');
const count = async (apiPath: string) => ((await (await fetch(url(apiPath), { headers: { authorization: `Bearer ${token}` } })).json()) as { pagination: { total: number } }).pagination.total;

async function shots(page: Page, name: string) {
  fs.mkdirSync(SCREENS, { recursive: true });
  for (const [w, h] of [[1280, 800], [390, 844]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: path.join(SCREENS, `${name}-${w}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('Bulk Upload Nodes: Check file shows what an upload would do and writes nothing; Import then uploads the same file', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await signIn(page, '/nodes');
  const nodesBefore = await count('/api/nodes?limit=1');

  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk Upload Nodes' });
  const check = dialog.getByRole('button', { name: 'Check file' });
  await check.click();
  await expect(dialog.getByRole('alert')).toHaveText('Please select a file first.');

  // 601 rows, two batches on the embedded database (the check's progress comes over the socket): 599 new, a repeat, an error.
  const rows = Array.from({ length: 599 }, (_, i) => [`Checked finding ${i + 1}`, 'Checked type', '']);
  const data = csv([['nodename', 'nodetype', 'SNOMED'], ...rows, ['Checked finding 1', 'checked type', ''], ['', 'Checked type', '']]);
  await dialog.getByLabel('Choose File').setInputFiles(file('check.csv', data));
  await check.click();
  const result = dialog.getByTestId('upload-check-result');
  await expect(result).toBeVisible();
  await expect(result.getByText('Check completed', { exact: true })).toBeVisible();
  await expect(result.locator('.kg-upload__result-message').first()).toHaveText('599 would be created, 1 would be skipped (duplicates), 1 would be refused; nothing was written');
  await expect(result).toContainText('Import sends the same file for real.');
  await expect(stat(result, 'Total Rows')).toHaveText('601');
  await expect(stat(result, 'Would be created')).toHaveText('599');
  await expect(stat(result, 'Would be skipped')).toHaveText('1');
  await expect(stat(result, 'Would be refused')).toHaveText('1');
  // The chosen file stays; nothing was written.
  await expect(dialog.getByText('check.csv')).toBeVisible();
  expect(await count('/api/nodes?limit=1')).toBe(nodesBefore);
  const [report] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download Error Report' }).click()]);
  expect(rowsOf(await saved(report))).toHaveLength(2); // header + the row without a name
  await expectNoSeriousA11yViolations(page, 'node upload check result');
  await shots(page, 'node-upload-check');

  // Import: the same file, for real, without picking it again.
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByText('Upload Completed', { exact: true })).toBeVisible();
  await expect(stat(dialog, 'Successfully Created')).toHaveText('599');
  await expect(stat(dialog, 'Skipped (Duplicates)')).toHaveText('1');
  await expect(stat(dialog, 'Errors')).toHaveText('1');
  expect(await count('/api/nodes?limit=1')).toBe(nodesBefore + 599);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  expect(errors).toEqual([]);
});

test('SNOMED import: Check file shows what an import would do in the dialog; Import then imports the same file', async ({ page }) => {
  await signIn(page, '/snomed');
  await page.getByRole('button', { name: 'Import SNOMED' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import SNOMED Concepts' });
  const check = dialog.getByRole('button', { name: 'Check file' });
  await expect(check).toBeDisabled();
  const good = snomedRows(5000, 6, 'Checked concept');
  await dialog.getByLabel('Select File').setInputFiles(file('check.xlsx', xlsx([SNOMED_HEADER, ...good, ['abc', '20200731', '1', '1', '2', 'en', '3', 'Bad id', '4']])));
  await check.click();
  const result = dialog.getByTestId('snomed-check-result');
  await expect(result).toBeVisible();
  await expect(result).toContainText('nothing was written');
  await expect(result.locator('.kg-upload__stat dt')).toHaveText(['Total Rows', 'Would be created', 'Would be updated', 'Unchanged', 'Would be refused']);
  await expect(result.locator('.kg-upload__stat dd')).toHaveText(['7', '6', '0', '0', '1']);
  expect(await count('/api/snomed/concepts?limit=1')).toBe(0);
  await expect(result.getByRole('button', { name: 'Download Error File' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'SNOMED check result');
  await shots(page, 'snomed-import-check');

  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  const summary = page.getByRole('dialog', { name: 'Import Summary' });
  await expect(summary).toBeVisible();
  await expect(summary.locator('.kg-upload__stat dd')).toHaveText(['7', '6', '0', '0', '1']);
  expect(await count('/api/snomed/concepts?limit=1')).toBe(6);
  await summary.getByRole('button', { name: 'Close' }).click();
});
