import fs from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { contextsClosedAfterEach } from '../support/contexts';
import { startServer, type TestServer } from '../support/server';

/**
 * Backup and restore in the app: an admin downloads the archive of one
 * installation from Admin → Backup and restores it into a new installation, with a confirm,
 * progress and the result; a second restore is refused with the server's reason.
 */
let source: TestServer;
let target: TestServer;
const newContext = contextsClosedAfterEach();
const admin = { username: 'keeper', email: 'keeper@example.org', password: 'Tidal-Orchard-63' };

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
  test.setTimeout(120_000);
  source = await startServer();
  target = await startServer();
  const { accessToken } = await api<{ accessToken: string }>(source, '/auth/register', null, admin);
  await api(target, '/auth/register', null, admin);
  await api(source, '/nodetypes', accessToken, { name: 'Disease' });
  await api(source, '/nodetypes', accessToken, { name: 'Drug' });
  await api(source, '/relationtypes', accessToken, { name: 'treats' });
  const asthma = await api<{ id: string }>(source, '/nodes', accessToken, { name: 'Asthma', nodeType: 'Disease' });
  const drug = await api<{ id: string }>(source, '/nodes', accessToken, { name: 'Salbutamol', nodeType: 'Drug' });
  await api(source, '/relations', accessToken, { relationName: 'relieves', sourceNodeId: drug.id, targetNodeId: asthma.id, relationType: 'treats' });
  await api(source, '/users', accessToken, { username: 'carol', email: 'carol@example.org', password: 'Str0ng-pass-1', role: 'viewer' });
});
test.afterAll(async () => {
  await Promise.all([source?.stop(), target?.stop()]);
});

async function signIn(browser: Browser, server: TestServer, viewport = { width: 1440, height: 900 }): Promise<Page> {
  const page = await (await newContext(browser, { viewport, acceptDownloads: true })).newPage();
  await page.goto(`${server.url}/login?returnTo=${encodeURIComponent('/dashboard')}`);
  await page.getByLabel(/^Username or Email\*?$/).fill(admin.username);
  await page.getByLabel(/^Password\*?$/).fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`${server.url}/dashboard`);
  return page;
}

test('an admin downloads a backup and restores it into a new installation', async ({ browser }) => {
  const page = await signIn(browser, source);
  await page.getByRole('button', { name: 'Admin' }).click();
  await page.getByRole('menuitem', { name: 'Backup' }).click();
  await expect(page).toHaveURL(`${source.url}/admin/backup`);
  const download = page.getByRole('region', { name: 'Download backup' });
  await expect(download.getByText('without passwords')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'backup page');

  const [file] = await Promise.all([page.waitForEvent('download'), download.getByRole('button', { name: 'Download backup' }).click()]);
  expect(file.suggestedFilename()).toMatch(/^kg-backup-\d{8}-\d{6}\.zip$/);
  const saved = test.info().outputPath('backup.zip');
  await file.saveAs(saved);
  expect(fs.readFileSync(saved).subarray(0, 2).toString()).toBe('PK');

  const fresh = await signIn(browser, target);
  await fresh.goto(`${target.url}/admin/backup`);
  const restore = fresh.getByRole('region', { name: 'Restore from backup' });
  const start = restore.getByRole('button', { name: 'Restore from backup' });
  await expect(start).toBeDisabled();

  // A damaged file is refused with the reason, and nothing is written.
  await restore.getByLabel('Choose backup file').setInputFiles({ name: 'broken.zip', mimeType: 'application/zip', buffer: Buffer.from('not a zip') });
  await start.click();
  await fresh.getByRole('dialog', { name: 'Restore from backup?' }).getByRole('button', { name: 'Restore' }).click();
  await expect(restore.getByRole('alert')).toContainText('The file is not a valid backup archive (no zip directory). Nothing was restored.');

  await restore.getByLabel('Choose backup file').setInputFiles(saved);
  await expect(restore.getByText('backup.zip')).toBeVisible();
  await fresh.screenshot({ path: '.tmp/test-results/backup-1440.png', fullPage: true });

  // Cancel changes nothing.
  await start.click();
  const dialog = fresh.getByRole('dialog', { name: 'Restore from backup?' });
  await expect(dialog.getByText('Restore "backup.zip" into this installation?')).toBeVisible();
  await expectNoSeriousA11yViolations(fresh, 'restore confirm');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await start.click();
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(restore.getByRole('status')).toHaveText(
    'Backup restored: 2 nodes and 1 relation. 1 restored user is inactive until an administrator sets a password.',
  );
  await fresh.screenshot({ path: '.tmp/test-results/backup-1440-restored.png', fullPage: true });
  await expectNoSeriousA11yViolations(fresh, 'restore done');

  // The restored graph is there.
  await fresh.goto(`${target.url}/nodes`);
  await expect(fresh.getByText('Salbutamol').first()).toBeVisible();

  // The restored user has no password: the user admin says so, refuses to activate it without
  // one, and the admin sets one there; then the user signs in.
  await fresh.goto(`${target.url}/admin/users`);
  const carol = fresh.getByRole('row').filter({ hasText: 'carol@example.org' });
  await expect(carol.getByText('No password yet')).toBeVisible();
  await carol.getByRole('button', { name: 'Edit carol' }).click();
  const edit = fresh.getByRole('dialog', { name: 'Edit User' });
  await expect(edit.getByText('This account was restored from a backup and has no password yet.', { exact: false })).toBeVisible();
  await edit.getByRole('switch', { name: 'Inactive Account' }).check();
  await edit.getByRole('button', { name: 'Update User' }).click();
  await expect(edit.getByText('Set a password before activating this account')).toBeVisible();
  await edit.getByLabel('Password', { exact: true }).fill('Fresh-Harbour-27');
  await edit.getByLabel('Confirm Password', { exact: true }).fill('Fresh-Harbour-27');
  await fresh.screenshot({ path: '.tmp/test-results/backup-set-password-1440.png' });
  await expectNoSeriousA11yViolations(fresh, 'set a restored user password');
  await edit.getByRole('button', { name: 'Update User' }).click();
  await expect(edit).toBeHidden();
  await expect(carol.getByText('Active', { exact: true })).toBeVisible();
  await expect(carol.getByText('No password yet')).toHaveCount(0);
  const signedIn = await fetch(`${target.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: 'carol', password: 'Fresh-Harbour-27' }) });
  expect(signedIn.status).toBe(200);

  // A second restore is refused with the server's reason, and nothing changes.
  await fresh.goto(`${target.url}/admin/backup`);
  await restore.getByLabel('Choose backup file').setInputFiles(saved);
  await start.click();
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(restore.getByRole('alert')).toContainText('This installation already holds data (2 nodes, 1 relation, 1 other user)');
});

test('the backup page on a phone', async ({ browser }) => {
  const page = await signIn(browser, target, { width: 390, height: 844 });
  await page.goto(`${target.url}/admin/backup`);
  const restore = page.getByRole('region', { name: 'Restore from backup' });
  await restore.getByLabel('Choose backup file').setInputFiles({ name: 'kg-backup-20261124-101500.zip', mimeType: 'application/zip', buffer: Buffer.from('not a zip') });
  await page.screenshot({ path: '.tmp/test-results/backup-390.png', fullPage: true });
  await restore.getByRole('button', { name: 'Restore from backup' }).click();
  await page.getByRole('dialog', { name: 'Restore from backup?' }).getByRole('button', { name: 'Restore' }).click();
  // The target already holds data from the first test: the emptiness check answers first.
  await expect(restore.getByRole('alert')).toContainText('already holds data');
  await expectNoSeriousA11yViolations(page, 'backup page on a phone');
});
