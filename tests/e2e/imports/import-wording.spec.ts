import { expect, test, type Locator, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { csv } from '../support/import-files';
import { startServer, type TestServer } from '../support/server';
import { openSignedIn } from '../support/session';

/**
 * The Bulk Upload Nodes dialog's result in English and German: a check says what an upload WOULD
 * create, skip and refuse (never "Import completed"), the sentence's numbers are formatted as the
 * tiles' are ("1,201" / "1.201" on both), and rows without a node type are said to be typed
 * "General" — in the instructions and in the result. Screenshots of the completed check and the
 * completed import at 1440 and 390 px, in both languages, go to docs/screenshots/wave3.
 * Needs `npm run build`.
 */
test.describe.configure({ mode: 'serial' });

let server: TestServer;
const admin = { username: 'ada', email: 'ada@example.org', password: 'first-pass' };
const url = (p: string) => `${server.url}${p}`;
const SCREENS = path.resolve('docs/screenshots/wave3');
const DE = JSON.parse(fs.readFileSync(path.resolve('src/i18n/catalogues/de.json'), 'utf8')) as Record<string, string>;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  server = await startServer({ KG_UPLOAD_ANSWER_WAIT_MS: '0' });
  const res = await fetch(url('/api/auth/register'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
  expect(res.status).toBe(201);
});
test.afterAll(async () => {
  await server?.stop();
});

async function signIn(page: Page, p: string, language: string) {
  await openSignedIn(page, server.url, admin, p, { language });
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

const stat = (scope: Locator, label: string) => scope.locator('.kg-upload__stat').filter({ has: scope.page().getByText(label, { exact: true }) }).locator('dd');

async function shots(page: Page, name: string, language: string) {
  fs.mkdirSync(SCREENS, { recursive: true });
  for (const [w, h, device] of [[1440, 900, 'desktop'], [390, 844, 'phone']] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: path.join(SCREENS, `${name}-${device}${language === 'en' ? '' : `-${language}`}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

interface Wording {
  language: 'en' | 'de';
  t: (id: string, english: string) => string;
  checked: string;
  untypedCheck: string;
  uploaded: string;
  untyped: string;
  thousands: string;
}

const WORDINGS: Wording[] = [
  {
    language: 'en',
    t: (_id, english) => english,
    checked: '1,201 would be created, 1 would be skipped (duplicates), 1 would be refused; nothing was written',
    untypedCheck: '2 rows have no node type and would be typed "General".',
    uploaded: '1,201 created, 1 skipped (duplicates), 1 with errors',
    untyped: '2 rows had no node type and were typed "General".',
    thousands: '1,201',
  },
  {
    language: 'de',
    t: (id) => DE[id],
    checked: '1.201 würden angelegt, 1 würde übersprungen (Duplikate), 1 würde abgelehnt; es wurde nichts geschrieben',
    untypedCheck: '2 Zeilen haben keinen Knotentyp und würden den Typ „General“ erhalten.',
    uploaded: '1.201 angelegt, 1 übersprungen (Duplikate), 1 mit Fehlern',
    untyped: '2 Zeilen hatten keinen Knotentyp und erhielten den Typ „General“.',
    thousands: '1.201',
  },
];

for (const w of WORDINGS) {
  test(`Bulk Upload Nodes (${w.language}): a check says what would happen, numbers as the tiles, untyped rows said`, async ({ page }) => {
    test.setTimeout(180_000);
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await signIn(page, '/nodes', w.language);
    const t = w.t;
    await page.getByRole('button', { name: t('nodeUpload.upload', 'Upload'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: t('nodeUpload.title', 'Bulk Upload Nodes') });
    await expect(dialog.getByText(t('nodeUpload.instructions.6', 'A row without a nodetype is typed "General".'))).toBeVisible();

    // 1,203 rows: 1,199 typed and 2 untyped new nodes, a repeat, and a row without a name.
    const prefix = `${w.language.toUpperCase()} wording`;
    const rows = Array.from({ length: 1199 }, (_, i) => [`${prefix} ${i + 1}`, 'Wording type']);
    const data = csv([['nodename', 'nodetype'], ...rows, [`${prefix} untyped 1`, ''], [`${prefix} untyped 2`, ''], [`${prefix} 1`, 'wording type'], ['', 'Wording type']]);
    await dialog.locator('input[type=file]').setInputFiles({ name: 'wording.csv', mimeType: 'text/csv', buffer: data });
    await dialog.getByRole('button', { name: t('nodeUpload.checkButton', 'Check file') }).click();
    const result = dialog.getByTestId('upload-check-result');
    await expect(result).toBeVisible({ timeout: 60_000 });
    await expect(result.getByText(t('nodeUpload.checkCompleted', 'Check completed'), { exact: true })).toBeVisible();
    await expect(result.locator('.kg-upload__result-message')).toHaveText([w.checked, w.untypedCheck, t('nodeUpload.checkHint', 'Import sends the same file for real.')]);
    await expect(result).not.toContainText(/Import completed|Upload completed/);
    await expect(stat(result, t('nodeUpload.wouldCreate', 'Would be created'))).toHaveText(w.thousands);
    await expect(stat(result, t('nodeUpload.totalRows', 'Total Rows'))).toHaveText(w.language === 'de' ? '1.203' : '1,203');
    await shots(page, 'node-upload-check-result', w.language);

    await dialog.getByRole('button', { name: t('nodeUpload.importButton', 'Import'), exact: true }).click();
    await expect(dialog.getByText(t('nodeUpload.completed', 'Upload Completed'), { exact: true })).toBeVisible({ timeout: 60_000 });
    const done = dialog.getByTestId('upload-result');
    await expect(done.locator('.kg-upload__result-message')).toHaveText([w.uploaded, w.untyped]);
    await expect(stat(done, t('nodeUpload.created', 'Successfully Created'))).toHaveText(w.thousands);
    await shots(page, 'node-upload-completed', w.language);
    expect(errors).toEqual([]);
  });
}
