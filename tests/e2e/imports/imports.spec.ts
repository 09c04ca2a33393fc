import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import fs from 'node:fs';
import { bookXlsx, c, row } from '../../../src/server/platform/parsers/test-books';
import { csv, rowsOf, SNOMED_HEADER, snomedRows, xls, xlsx } from '../support/import-files';
import { startServer, type TestServer } from '../support/server';
import { openSignedIn } from '../support/session';

/**
 * Bulk node upload and SNOMED import in the browser against the real server: the Bulk Upload
 * Nodes dialog on the host's /nodes page (.xlsx, .xls, .csv, live progress to 100, the summary,
 * the error report), SNOMED CT Management on /snomed (import with live progress, Import
 * Summary, error file, search, sort, paging, details, delete) and kg-snomed-admin alone on the
 * intranet example page. The server answers uploads at once (KG_UPLOAD_ANSWER_WAIT_MS=0), so
 * node uploads finish through socket.io progress events. Needs `npm run build` first.
 */
test.describe.configure({ mode: 'serial' });

let server: TestServer;
const admin = { username: 'ada', email: 'ada@example.org', password: 'first-pass' };
const viewer = { username: 'vic', email: 'vic@example.org', password: 'viewer-pass' };
const url = (path: string) => `${server.url}${path}`;

async function register(who: typeof admin) {
  const res = await fetch(url('/api/auth/register'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(who) });
  expect(res.status).toBe(201);
}
const signIn = (page: Page, path: string) => openSignedIn(page, server.url, admin, path);
const file = (name: string, buffer: Buffer) => ({ name, mimeType: 'application/octet-stream', buffer });
async function saved(download: Download): Promise<Buffer> {
  return fs.readFileSync((await download.path()));
}
const stat = (scope: Locator, label: string) => scope.locator('.kg-upload__stat').filter({ has: scope.page().getByText(label, { exact: true }) }).locator('dd');

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer({ KG_UPLOAD_ANSWER_WAIT_MS: '0' });
  await register(admin); // the first account is admin
  await register(viewer);
});
test.afterAll(async () => {
  await server?.stop();
});

test('Bulk Upload Nodes: .xlsx, .xls and .csv with live progress to 100, the summary and the error report', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await signIn(page, '/nodes');

  // Template: the tooltip and the timestamped file name.
  const template = page.getByRole('button', { name: 'Template', exact: true });
  await template.hover();
  await expect(page.locator('.kg-tooltip')).toHaveText('Download Excel template');
  const [templateFile] = await Promise.all([page.waitForEvent('download'), template.click()]);
  expect(templateFile.suggestedFilename()).toMatch(/^nodes_template_\d+\.xlsx$/);
  expect(rowsOf(await saved(templateFile))[0]).toEqual(['nodename', 'nodetype', 'SNOMED']);
  await expect(page.getByRole('status').filter({ hasText: 'Template downloaded successfully' })).toBeVisible();

  const upload = page.getByRole('button', { name: 'Upload', exact: true });
  await upload.hover();
  await expect(page.locator('.kg-tooltip')).toHaveText('Bulk upload nodes from Excel/CSV');
  await upload.click();
  const dialog = page.getByRole('dialog', { name: 'Bulk Upload Nodes' });
  await expect(dialog).toContainText('Required column: nodename (or node_name or name).');
  await expect(dialog).toContainText('Maximum file size: 20MB.');
  const picker = dialog.getByLabel('Choose File');

  // Upload without a file, then a file of the wrong kind.
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please select a file first.');
  await picker.setInputFiles(file('nodes.pdf', Buffer.from('%PDF-1.4')));
  await expect(dialog.getByRole('alert')).toHaveText('Please select a valid Excel (.xlsx, .xls) or CSV file.');

  // .xlsx: 2 created, 1 duplicate skipped, 2 errors (no name; a SNOMED code that is not digits).
  const first = xlsx([
    ['nodename', 'nodetype', 'SNOMED'],
    ['Asthma', 'Disease', '195967001'],
    ['Wheezing', 'Symptom', '56018004'],
    ['Asthma', 'Disease', ''],
    ['', 'Symptom', ''],
    ['Cough', 'Symptom', 'abc'],
  ]);
  await picker.setInputFiles(file('nodes.xlsx', first));
  await expect(dialog.getByText('nodes.xlsx')).toBeVisible();
  await expect(dialog.getByText(`(${(first.length / 1024).toFixed(2)} KB)`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByText('Upload Completed', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('progressbar', { name: 'Bulk Upload Nodes' })).toHaveAttribute('aria-valuenow', '100');
  await expect(stat(dialog, 'Total Rows')).toHaveText('5');
  await expect(stat(dialog, 'Successfully Created')).toHaveText('2');
  await expect(stat(dialog, 'Skipped (Duplicates)')).toHaveText('1');
  await expect(stat(dialog, 'Errors')).toHaveText('2');
  const [report] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download Error Report' }).click()]);
  expect(report.suggestedFilename()).toBe('upload_errors.xlsx');
  const reportRows = rowsOf(await saved(report));
  expect(reportRows).toHaveLength(3); // header + 2 rows
  expect(reportRows.map((r) => r.join(' ')).join('\n')).toContain('Cough');

  // .xls through Upload Another File: everything new.
  await dialog.getByRole('button', { name: 'Upload Another File' }).click();
  await picker.setInputFiles(file('more.xls', xls([['node_name', 'node_type'], ['Fever', 'Symptom'], ['Influenza', 'Disease'], ['Paracetamol', 'Drug']])));
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByText('Upload Completed', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('progressbar', { name: 'Bulk Upload Nodes' })).toHaveAttribute('aria-valuenow', '100');
  await expect(stat(dialog, 'Total Rows')).toHaveText('3');
  await expect(stat(dialog, 'Successfully Created')).toHaveText('3');
  await expect(dialog.getByRole('button', { name: 'Download Error Report' })).toHaveCount(0);

  // .csv: a bigger file (its progress comes from socket events), duplicates of the earlier rows skipped.
  await dialog.getByRole('button', { name: 'Upload Another File' }).click();
  const many = Array.from({ length: 3000 }, (_, i) => [`Finding ${i + 1}`, 'Finding', String(1000000 + i)]);
  await picker.setInputFiles(file('findings.csv', csv([['Name', 'NodeType', 'snomed'], ['Fever', 'Symptom', ''], ...many])));
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByText('Upload Completed', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByRole('progressbar', { name: 'Bulk Upload Nodes' })).toHaveAttribute('aria-valuenow', '100');
  await expect(stat(dialog, 'Total Rows')).toHaveText('3,001');
  await expect(stat(dialog, 'Successfully Created')).toHaveText('3,000');
  await expect(stat(dialog, 'Skipped (Duplicates)')).toHaveText('1');

  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Nodes uploaded successfully' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('Bulk Upload Nodes: a workbook with tricky cells imports what Excel shows, names the sheet read, reports error cells', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  // An empty first sheet and a hidden one before "Nodes"; an empty shared-string value, CDATA,
  // an escaped underscore, a date, a number stored as raw XML text, and error cells.
  const nodes =
    row(1, [c.shared(0), c.shared(1)]) +
    row(2, [c.raw('t="inlineStr"', '<is><t><![CDATA[E2E Crohn <disease>]]></t></is>'), c.shared(2)]) +
    row(3, [c.shared(3), c.shared(2)]) +
    row(4, [c.num('44197', 1), c.shared(2)]) +
    row(5, [c.num('22.222200000000001'), c.shared(2)]) +
    row(6, [c.err('#N/A'), c.shared(2)]) +
    row(7, [c.shared(''), c.shared(2)]);
  const book = bookXlsx({
    sheets: [{ name: 'Cover', rows: '' }, { name: 'Old', rows: row(1, [c.str('nodename')]) + row(2, [c.str('E2E Hidden')]), state: 'hidden' }, { name: 'Nodes', rows: nodes }],
    sharedStrings: '<si><t>nodename</t></si><si><t>nodetype</t></si><si><t>Tricky</t></si><si><t>E2E snake_x005F_case</t></si>',
    styles: { xfs: [0, 14] },
  });
  await signIn(page, '/nodes');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk Upload Nodes' });
  await dialog.getByLabel('Choose File').setInputFiles(file('tricky.xlsx', book));
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByText('Upload Completed', { exact: true })).toBeVisible();
  await expect(dialog.locator('.kg-upload__result-message')).toHaveText(['4 created, 0 skipped (duplicates), 2 with errors', 'Sheet read: "Nodes"']);
  await expect(stat(dialog, 'Total Rows')).toHaveText('6');
  await expect(stat(dialog, 'Errors')).toHaveText('2');
  const [report] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download Error Report' }).click()]);
  expect(rowsOf(await saved(report)).slice(1).map((r) => [r[0], r[4]])).toEqual([
    ['6', 'Name contains the Excel error #N/A'],
    ['7', 'Name is required'],
  ]);
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The created names, read back through the API.
  const token = await page.evaluate(() => localStorage.getItem(`kg:${location.origin}:accessToken`));
  const res = await fetch(url('/api/nodes?nodeType=Tricky&limit=50'), { headers: { authorization: `Bearer ${token}` } });
  const names = ((await res.json()) as { data: { name: string }[] }).data.map((n) => n.name).sort();
  expect(names).toEqual(['2021-01-01', '22.2222', 'E2E Crohn <disease>', 'E2E snake_case']);
  expect(errors).toEqual([]);
});

test('SNOMED CT Management: import with progress and Import Summary, error file, search, sort, paging, details, delete', async ({ page }) => {
  await signIn(page, '/snomed');
  await expect(page.getByRole('heading', { name: 'SNOMED CT Management' })).toBeVisible();
  await expect(page.getByText('No SNOMED concepts found')).toBeVisible();

  await page.getByRole('button', { name: 'Import SNOMED' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import SNOMED Concepts' });
  await expect(dialog).toContainText('Upload an Excel file containing SNOMED concepts. Existing data will NOT be deleted.');
  const [template] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download Template' }).click()]);
  expect(template.suggestedFilename()).toMatch(/^snomed_template_\d+\.xlsx$/);
  const importButton = dialog.getByRole('button', { name: 'Upload & Import' });
  await expect(importButton).toBeDisabled();
  const picker = dialog.getByLabel('Select File');
  await picker.setInputFiles(file('concepts.csv', Buffer.from('id,term\n1,x\n')));
  await expect(dialog.getByRole('alert')).toContainText('Please select an Excel file (.xlsx or .xls)');
  await expect(importButton).toBeDisabled();

  // 12 good rows, one with a bad effective time and one repeating the first row's id (it used to
  // overwrite that row silently): the error file is offered.
  const good = snomedRows(1000, 12, 'Asthma finding');
  const rows = [SNOMED_HEADER, ...good, ['999', '2020-07', '1', '1', '2', 'en', '3', 'Broken row', '4'], [...good[0].slice(0, 7), 'Repeated id', good[0][8]]];
  const data = xlsx(rows);
  await picker.setInputFiles(file('concepts.xlsx', data));
  await expect(dialog.getByText(`(${(data.length / (1024 * 1024)).toFixed(2)} MB)`)).toBeVisible();
  // Hold the answer back a little: the completed event (100) arrives over the socket first.
  await page.route('**/api/snomed/import', async (route) => {
    const response = await route.fetch();
    await new Promise((r) => setTimeout(r, 800));
    await route.fulfill({ response });
  });
  await importButton.click();
  await expect(dialog.getByRole('progressbar', { name: 'Import SNOMED Concepts' })).toBeVisible();
  await page.keyboard.press('Escape'); // cannot be closed while uploading
  await expect(dialog.getByRole('progressbar', { name: 'Import SNOMED Concepts' })).toHaveAttribute('aria-valuenow', '100');
  await expect(dialog).toBeVisible();
  const summary = page.getByRole('dialog', { name: 'Import Summary' });
  await expect(summary).toBeVisible();
  await page.unroute('**/api/snomed/import');
  // The tiles add up: every row is created, updated, unchanged or an error.
  await expect(summary.locator('.kg-upload__stat dt')).toHaveText(['Total Rows', 'Successfully Created', 'Updated', 'Unchanged', 'Errors']);
  await expect(summary.locator('.kg-upload__stat dd')).toHaveText(['14', '12', '0', '0', '2']);
  await expect(summary).toContainText('Some rows had validation errors. Download the error file to review and fix the issues.');
  const [errorFile] = await Promise.all([page.waitForEvent('download'), summary.getByRole('button', { name: 'Download Error File' }).click()]);
  expect(errorFile.suggestedFilename()).toMatch(/^snomed_import_errors_[0-9a-f-]{36}\.xlsx$/);
  const reported = rowsOf(await saved(errorFile));
  expect(reported.flat().join(' ')).toContain('Broken row');
  expect(reported.find((r) => r.includes('Repeated id'))?.at(-1)).toBe('id repeats row 2; only the first row with an id is imported');
  await summary.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'SNOMED concepts imported successfully!' })).toHaveCount(0); // errors > 0: no success toast

  // Server paging: 10 of 12 by default; page size 5; sort by Name descending.
  const table = page.getByRole('region', { name: 'SNOMED concepts' }).getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(11);
  await expect(page.getByText('1–10 of 12')).toBeVisible();
  await page.getByLabel('Rows per page:').selectOption('5');
  await expect(page.getByText('1–5 of 12')).toBeVisible();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('6–10 of 12')).toBeVisible();
  await table.getByRole('button', { name: 'Name' }).click();
  await table.getByRole('button', { name: 'Name' }).click();
  await expect(page.getByText('1–5 of 12')).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toContainText('Asthma finding 12');

  // Search on Enter; the clear button; the Status filter; Refresh clears both.
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('finding 03');
  await search.press('Enter');
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page.getByText('1–5 of 12')).toBeVisible();
  await page.getByLabel('Status').selectOption({ label: 'Inactive' });
  await expect(page.getByText('1–3 of 3')).toBeVisible();
  await search.fill('1003');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('Inactive');
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(search).toHaveValue('');
  await expect(page.getByLabel('Status')).toHaveValue('');
  await expect(page.getByText('1–5 of 12')).toBeVisible();

  // Details: the effective time as YYYY-MM-DD.
  await search.fill('finding 01');
  await search.press('Enter');
  await table.getByRole('button', { name: 'View Details: Asthma finding 01' }).click();
  const details = page.getByRole('dialog', { name: 'SNOMED Concept Details' });
  await expect(details).toContainText('Row ID1000');
  await expect(details).toContainText('Concept ID701000');
  await expect(details).toContainText('Effective Time2020-07-31');
  await expect(details).toContainText('Language Codeen');
  await details.getByRole('button', { name: 'Close' }).click();

  // Delete asks with the concept's term.
  await table.getByRole('button', { name: 'Delete: Asthma finding 01' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete SNOMED Concept' });
  await expect(confirm).toContainText('Are you sure you want to delete "Asthma finding 01"?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'SNOMED concept deleted successfully!' })).toBeVisible();
  await expect(page.getByText('No SNOMED concepts found')).toBeVisible();
});

test('kg-snomed-admin alone on the intranet example page: viewer without import, admin imports an .xls', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto(url('/examples/index.html'));
  await page.getByRole('link', { name: /SNOMED CT catalogue on a terminology intranet page/ }).click();
  await expect(page).toHaveURL(url('/examples/intranet-snomed.html'));
  const widget = page.locator('kg-snomed-admin');

  // Signed out: the widget's own sign-in; a viewer sees the catalogue but neither Import nor Delete.
  await expect(widget.getByText('Sign in to manage SNOMED CT concepts.')).toBeVisible();
  await widget.getByLabel('Username or Email').fill(viewer.username);
  await widget.getByLabel('Password').fill(viewer.password);
  await widget.getByRole('button', { name: 'Sign In' }).click();
  await expect(widget.getByRole('heading', { name: 'SNOMED CT Management' })).toBeVisible();
  await expect(widget.getByText('1–10 of 11')).toBeVisible();
  await expect(widget.getByRole('button', { name: 'Import SNOMED' })).toHaveCount(0);
  await expect(widget.getByRole('button', { name: /^Delete:/ })).toHaveCount(0);
  await expect(widget.getByRole('button', { name: /^View Details:/ })).toHaveCount(10);

  // The admin: import an .xls (new rows and updates of existing ones, no errors) with the progress bar inside the shadow root.
  await page.evaluate(() => localStorage.clear());
  await signIn(page, '/examples/intranet-snomed.html');
  await widget.getByRole('button', { name: 'Import SNOMED' }).click();
  const dialog = widget.getByRole('dialog', { name: 'Import SNOMED Concepts' });
  await dialog.getByLabel('Select File').setInputFiles(file('release.xls', xls([SNOMED_HEADER, ...snomedRows(1001, 4, 'Asthma finding'), ...snomedRows(2000, 5, 'Hypertension')])));
  await expect(dialog.getByText('release.xls')).toBeVisible();
  await page.route('**/api/snomed/import', async (route) => {
    const response = await route.fetch();
    await new Promise((r) => setTimeout(r, 800));
    await route.fulfill({ response });
  });
  await dialog.getByRole('button', { name: 'Upload & Import' }).click();
  await expect(dialog.getByRole('progressbar', { name: 'Import SNOMED Concepts' })).toHaveAttribute('aria-valuenow', '100');
  const summary = widget.getByRole('dialog', { name: 'Import Summary' });
  await expect(stat(summary, 'Total Rows')).toHaveText('9');
  await expect(stat(summary, 'Errors')).toHaveText('0');
  await expect(summary.getByRole('button', { name: 'Download Error File' })).toHaveCount(0);
  await expect(widget.getByRole('status').filter({ hasText: 'SNOMED concepts imported successfully!' })).toBeVisible();
  await summary.getByRole('button', { name: 'Close' }).click();
  await expect(widget.getByText('1–10 of 16')).toBeVisible();
  await expect(page.locator('#widget-status')).toContainText('Catalogue served by');
  expect(errors).toEqual([]);
});
