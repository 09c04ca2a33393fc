import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import fs from 'node:fs';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { csv, rowsOf } from '../support/import-files';
import { startServer, type TestServer } from '../support/server';
import { openSignedIn } from '../support/session';

/**
 * Bulk relation import in the browser against the real server with the sample
 * graph: the relation list's Download template and Import relations, the Import Relations dialog
 * (the node upload's, for relations) with live progress over socket.io, the summary, the error
 * report, the list reloading, axe on the dialog, and screenshots at 1280×800 and 390×844.
 * Needs `npm run build` first.
 */
test.describe.configure({ mode: 'serial' });

let server: TestServer;
const admin = { username: 'ada', email: 'ada@example.org', password: 'first-pass' };
const url = (path: string) => `${server.url}${path}`;

const signIn = (page: Page, path: string) => openSignedIn(page, server.url, admin, path);
const file = (name: string, buffer: Buffer) => ({ name, mimeType: 'application/octet-stream', buffer });
const saved = async (download: Download) => fs.readFileSync((await download.path()));
const stat = (scope: Locator, label: string) => scope.locator('.kg-upload__stat').filter({ has: scope.page().getByText(label, { exact: true }) }).locator('dd');

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer({ KG_UPLOAD_ANSWER_WAIT_MS: '0', KG_SAMPLE_DATA: '1' });
  const res = await fetch(url('/api/auth/register'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
  expect(res.status).toBe(201); // the first account is admin
});
test.afterAll(async () => {
  await server?.stop();
});

test('a cold visit to /relations: the upload buttons and the Import Relations dialog have their styles', async ({ page }) => {
  // /login loads no widget: /relations is the first widget page, so only kg-relation-editor's entry put
  // its sheets into the page (its style manifest names the upload part's).
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, '/relations');
  // node-upload.css: flex-wrap: wrap (display is blockified to flex inside the header's flex row).
  await expect(page.locator('.kg-upload-buttons')).toHaveCSS('flex-wrap', 'wrap');
  await page.getByRole('button', { name: 'Import relations', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Relations' });
  await expect(dialog).toBeVisible();
  // .kg-upload-dialog { width: min(560px, …) } and the instructions' tinted box, both from node-upload.css.
  await expect(page.locator('.kg-upload-dialog')).toHaveCSS('width', '560px');
  const instructions = dialog.locator('.kg-upload__instructions');
  expect(await instructions.evaluate((el) => getComputedStyle(el).paddingTop)).not.toBe('0px');
  expect(await instructions.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('Import Relations: the template, live progress, the summary, the error report, the list reloads; axe clean', async ({ page }, testInfo) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, '/relations');

  const template = page.getByRole('button', { name: 'Download template', exact: true });
  const [templateFile] = await Promise.all([page.waitForEvent('download'), template.click()]);
  expect(templateFile.suggestedFilename()).toMatch(/^relations_template_\d+\.xlsx$/);
  const templateBytes = await saved(templateFile);
  expect(rowsOf(templateBytes)[0]).toEqual(['Source', 'Source type', 'Target', 'Target type', 'Relation type', 'Weight', 'Relation name', 'Description', 'URL', 'Evidence source', 'Evidence quote', 'Evidence grade']);
  await expect(page.getByRole('status').filter({ hasText: 'Template downloaded successfully' })).toBeVisible();

  await page.getByRole('button', { name: 'Import relations', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Relations' });
  await expect(dialog).toContainText('Required columns: Source, Target and Relation type');
  await page.screenshot({ path: testInfo.outputPath('relation-import-dialog-1280.png') });
  const picker = dialog.getByLabel('Choose File');

  // The template as downloaded: its example rows are sample-graph relations already, so skipped.
  await picker.setInputFiles(file('relations_template.xlsx', templateBytes));
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByText('Import Completed', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(stat(dialog, 'Total Rows')).toHaveText('2');
  await expect(stat(dialog, 'Skipped (Duplicates)')).toHaveText('2');

  // A file with two new relations, a missing node and an ambiguous name (obesity is a Disease and a Symptom).
  await dialog.getByRole('button', { name: 'Import Another File' }).click();
  await picker.setInputFiles(
    file('relations.csv', csv([
      ['Source', 'Target', 'Relation type', 'Weight', 'Description'],
      ['Abdominal Pain', 'hypertension', 'symptom of', '30', 'E2E imported one'],
      ['abdominal pain', 'Hematologic Cancer', 'symptom of', '', 'E2E imported two'],
      ['No such symptom', 'asthma', 'symptom of', '', ''],
      ['obesity', 'asthma', 'symptom of', '', ''],
    ])),
  );
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByText('Import Completed', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByRole('progressbar', { name: 'Import Relations' })).toHaveAttribute('aria-valuenow', '100');
  await expect(stat(dialog, 'Total Rows')).toHaveText('4');
  await expect(stat(dialog, 'Successfully Created')).toHaveText('2');
  await expect(stat(dialog, 'Errors')).toHaveText('2');
  await expectNoSeriousA11yViolations(page, 'import relations summary');
  await page.screenshot({ path: testInfo.outputPath('relation-import-summary-1280.png') });
  const [report] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download Error Report' }).click()]);
  expect(report.suggestedFilename()).toBe('relation_import_errors.xlsx');
  const reportText = rowsOf(await saved(report)).map((r) => r.join(' | ')).join('\n');
  expect(reportText).toContain('Source node "No such symptom" not found');
  expect(reportText).toContain('is ambiguous');

  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Relations imported successfully' })).toBeVisible();
  await page.getByPlaceholder('Search by name or node...').fill('Abdominal Pain');
  await expect(page.getByRole('link', { name: 'hematologic cancer' }).first()).toBeVisible();

  // The narrow layout: the actions and the dialog fit a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Import relations', exact: true }).click();
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'import relations dialog, narrow');
  await page.screenshot({ path: testInfo.outputPath('relation-import-dialog-390.png') });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.screenshot({ path: testInfo.outputPath('relation-list-390.png') });
  expect(errors).toEqual([]);
});
