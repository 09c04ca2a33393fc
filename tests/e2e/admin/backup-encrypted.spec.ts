import fs from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { startServer, type TestServer } from '../support/server';
import { contextsClosedAfterEach } from '../support/contexts';

/**
 * Encrypted backups in the app: the Backup screen says what a backup holds and that downloads are
 * recorded, offers a passphrase for the download and for a restore (a wrong one is refused with
 * the server's reason), and the role editor says beside "Backups" that it reads everything.
 */
let source: TestServer;
const newContext = contextsClosedAfterEach();
let target: TestServer;
const admin = { username: 'keeper', email: 'keeper@example.org', password: 'Tidal-Orchard-63' };
const PASSPHRASE = 'lantern-quarry-velvet-41';
const shots = (name: string) => `.tmp/test-results/${name}.png`;

async function api<T>(server: TestServer, path: string, token: string | null, body?: object): Promise<T> {
  const res = await fetch(`${server.url}/api${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  [source, target] = await Promise.all([startServer(), startServer()]);
  const { accessToken } = await api<{ accessToken: string }>(source, '/auth/register', null, admin);
  await api(target, '/auth/register', null, admin);
  await api(source, '/nodetypes', accessToken, { name: 'Disease' });
  await api(source, '/nodes', accessToken, { name: 'Asthma', nodeType: 'Disease', note: 'private' });
});
test.afterAll(async () => {
  await Promise.all([source?.stop(), target?.stop()]);
});

async function signIn(browser: Browser, server: TestServer, viewport = { width: 1440, height: 900 }, locale = 'en-US'): Promise<Page> {
  const page = await (await newContext(browser, { viewport, locale, acceptDownloads: true })).newPage();
  await page.goto(`${server.url}/login?returnTo=${encodeURIComponent('/dashboard')}`);
  await page.locator('input[autocomplete="username"], input[name="login"]').first().fill(admin.username);
  await page.locator('input[type="password"]').first().fill(admin.password);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(`${server.url}/dashboard`);
  return page;
}

test('an encrypted backup is downloaded with a passphrase and restored only with it', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await signIn(browser, source);
  await page.goto(`${source.url}/admin/backup`);
  const download = page.getByRole('region', { name: 'Download backup' });
  await expect(download.getByText('A backup holds everything, including relation notes, e-mail addresses and the audit log.', { exact: false })).toBeVisible();

  await download.getByRole('checkbox', { name: 'Encrypt with a passphrase' }).check();
  const passphrase = download.getByLabel('Passphrase', { exact: true });
  await passphrase.fill('too short');
  await download.getByRole('button', { name: 'Download encrypted backup' }).click();
  await expect(download.getByText('The passphrase must be at least 12 characters.')).toBeVisible();
  await passphrase.fill(PASSPHRASE);
  await page.screenshot({ path: shots('backup-encrypted-desktop'), fullPage: true });
  await expectNoSeriousA11yViolations(page, 'backup page, encrypted download');
  const [file] = await Promise.all([page.waitForEvent('download'), download.getByRole('button', { name: 'Download encrypted backup' }).click()]);
  expect(file.suggestedFilename()).toMatch(/^kg-backup-\d{8}-\d{6}\.zip\.age$/);
  const saved = test.info().outputPath('backup.zip.age');
  await file.saveAs(saved);
  expect(fs.readFileSync(saved).subarray(0, 22).toString()).toBe('age-encryption.org/v1\n');

  const fresh = await signIn(browser, target);
  await fresh.goto(`${target.url}/admin/backup`);
  const restore = fresh.getByRole('region', { name: 'Restore from backup' });
  const start = restore.getByRole('button', { name: 'Restore from backup' });
  const confirm = () => fresh.getByRole('dialog', { name: 'Restore from backup?' }).getByRole('button', { name: 'Restore' }).click();
  await restore.getByLabel('Choose backup file').setInputFiles(saved);

  // No passphrase, then a wrong one: refused with the server's words, nothing restored.
  await start.click();
  await confirm();
  await expect(restore.getByRole('alert')).toContainText('This backup is encrypted: enter its passphrase. Nothing was restored.');
  await restore.getByLabel('Passphrase (encrypted backups only)').fill('not-the-right-passphrase');
  await start.click();
  await confirm();
  await expect(restore.getByRole('alert')).toContainText('The passphrase does not open this backup. Nothing was restored.', { timeout: 60_000 });

  await restore.getByLabel('Passphrase (encrypted backups only)').fill(PASSPHRASE);
  await start.click();
  await confirm();
  await expect(restore.getByRole('status')).toHaveText(/^Backup restored: 1 node and 0 relations\./, { timeout: 60_000 });
  await expectNoSeriousA11yViolations(fresh, 'encrypted restore done');

  // The download was recorded: the audit log holds it with its size and that it was encrypted.
  const token = await page.evaluate(() => localStorage.getItem(`kg:${location.origin}:accessToken`));
  const events = await api<{ data: { action: string; entityType: string; detail: { encrypted: boolean; bytes: number } }[] }>(source, '/audit?entityType=backup', token);
  expect(events.data.find((e) => e.action === 'download')?.detail).toMatchObject({ encrypted: true, bytes: fs.statSync(saved).size });
});

test('the backup screen in English and German, desktop and phone', async ({ browser }) => {
  test.setTimeout(300_000);
  for (const [locale, suffix, title] of [['en-US', '', 'Backup'], ['de-DE', '-de', 'Sicherung']] as const) {
    for (const [size, viewport] of [['desktop', { width: 1440, height: 900 }], ['phone', { width: 390, height: 844 }]] as const) {
      const page = await signIn(browser, source, viewport, locale);
      await page.goto(`${source.url}/admin/backup`);
      await expect(page.locator('.kg-backup__title')).toHaveText(title);
      await page.locator('.kg-backup__encrypt input[type="checkbox"]').check();
      await page.locator('.kg-backup__encrypt input[type="password"]').fill(PASSPHRASE);
      await page.screenshot({ path: shots(`backup-encrypted-${size}${suffix}`), fullPage: true });
      await page.context().close();
    }
  }
});

test('the role editor says beside Backups that it reads everything (English and German)', async ({ browser }) => {
  test.setTimeout(300_000);
  for (const [locale, note] of [
    ['en-US', 'Grants reading everything: a backup holds relation notes, e-mail addresses and the audit log.'],
    ['de-DE', 'Erlaubt, alles zu lesen: Eine Sicherung enthält Relationsnotizen, E-Mail-Adressen und das Prüfprotokoll.'],
  ] as const) {
    const page = await signIn(browser, source, { width: 1440, height: 900 }, locale);
    await page.goto(`${source.url}/admin/roles`);
    await page.locator('.kg-role-admin button, button').filter({ hasText: locale === 'en-US' ? 'Create Role' : /Rolle/ }).first().click();
    const dialog = page.getByRole('dialog');
    const backups = dialog.getByRole('checkbox', { name: /^Backups/ });
    await expect(backups).toBeVisible();
    await expect(dialog.getByText(note)).toBeVisible();
    if (locale === 'en-US') await expectNoSeriousA11yViolations(page, 'role editor with the backup note');
    await page.screenshot({ path: shots(`role-editor-backup-note${locale === 'en-US' ? '' : '-de'}`) });
    await page.context().close();
  }
});
