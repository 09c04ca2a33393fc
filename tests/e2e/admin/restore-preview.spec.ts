import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { admin, graphApp } from '../support/graph-app';
import { startServer, type TestServer } from '../support/server';
import { contextsClosedAfterEach } from '../support/contexts';

/**
 * The restore's confirmation lists every change before the restore makes it: restoring a node's
 * "Created" version names the files added since (kept unless the box is ticked, then listed as
 * removed) and the restore does exactly what the dialog showed. Needs `npm run build` first.
 * KG_SHOTS=1 writes the confirmation's screenshots (EN and DE, 1440 and 390 wide) to docs/screenshots/wave3.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const newContext = contextsClosedAfterEach();
let server: TestServer;
const app = graphApp(() => server);
const { api, url } = app;
let nodeId = '';
let token = '';

async function upload(filename: string, text: string) {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/plain' }), filename);
  const res = await fetch(url(`/api/nodes/${nodeId}/attachments`), { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  expect(res.status).toBe(201);
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  server = await startServer();
  await app.registerAdmin();
  const login = await fetch(url('/api/auth/login'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: admin.username, password: admin.password }) });
  token = ((await login.json()) as { accessToken: string }).accessToken;
  await api('/nodetypes', { method: 'POST', body: { name: 'Disease' } });
  nodeId = (await api<{ id: string }>('/nodes', { method: 'POST', body: { name: 'Psoriasis', nodeType: 'Disease', description: 'Chronic skin disease' } })).body.id;
  await api(`/nodes/${nodeId}`, { method: 'PUT', body: { name: 'Psoriasis vulgaris', nodeType: 'Disease', description: 'Chronic inflammatory skin disease' } });
  await upload('care-plan.txt', 'care plan');
  await upload('leaflet.txt', 'patient leaflet');
});
test.afterAll(async () => {
  await server?.stop();
});

async function shot(page: Page, name: string) {
  if (process.env.KG_SHOTS) await page.screenshot({ path: `docs/screenshots/wave3/${name}.png` });
}

async function signIn(page: Page, path: string, button = 'Sign In') {
  await page.goto(url(`/login?returnTo=${encodeURIComponent(path)}`));
  await page.locator('input[autocomplete="username"]').fill(admin.username);
  await page.locator('input[type="password"]').fill(admin.password);
  await page.getByRole('button', { name: button }).click();
  await expect(page).toHaveURL(url(path));
}

const entries = (page: Page) => page.locator('.kg-history__entry');

test('restoring "Created": the dialog lists the field changes and the files added since, before anything changes', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, `/nodes/view/${nodeId}`);
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(entries(page)).toHaveCount(4);
  await expect(entries(page).last()).toContainText('Created');
  await entries(page).last().getByRole('button', { name: /^Restore/ }).click();

  const dialog = page.getByRole('dialog', { name: 'Restore this version?' });
  await expect(dialog).toContainText('Restoring this version makes these changes:');
  await expect(dialog).toContainText('Name: Psoriasis vulgaris → Psoriasis');
  await expect(dialog).toContainText('Description: Chronic inflammatory skin disease → Chronic skin disease');
  // Nothing is removed unasked: the files added since are named as kept.
  await expect(dialog).toContainText('Kept (added since this version):');
  await expect(dialog).toContainText('care-plan.txt');
  await expect(dialog).toContainText('leaflet.txt');
  const removeBox = dialog.getByRole('checkbox', { name: 'Also remove the 2 attachments added since this version' });
  await expect(removeBox).not.toBeChecked();
  await expectNoSeriousA11yViolations(page, 'with the restore confirmation');
  await shot(page, 'restore-confirmation-desktop');

  // Asked to match the version exactly, the dialog lists each file the restore removes.
  await removeBox.check();
  await expect(dialog).toContainText('Attachment: care-plan.txt → (empty)');
  await expect(dialog).toContainText('Attachment: leaflet.txt → (empty)');
  await expect(dialog).not.toContainText('Kept (added since this version):');
  await removeBox.uncheck();
  await expect(dialog).toContainText('Kept (added since this version):');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // On a phone, the same; then the restore does what the dialog showed, and the entry says the same.
  await page.setViewportSize({ width: 390, height: 844 });
  await entries(page).last().getByRole('button', { name: /^Restore/ }).click();
  await removeBox.check();
  await expect(dialog).toContainText('Attachment: leaflet.txt → (empty)');
  await expectNoSeriousA11yViolations(page, 'with the restore confirmation, narrow');
  await shot(page, 'restore-confirmation-phone');
  await removeBox.uncheck();
  await expect(dialog).toContainText('Kept (added since this version):');
  await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(page.getByText('Version restored successfully')).toBeVisible();
  await expect(entries(page)).toHaveCount(5);
  await expect(entries(page).first()).toContainText('Restored');
  await expect(entries(page).first()).toContainText('Name: Psoriasis vulgaris → Psoriasis');
  await expect(entries(page).first()).not.toContainText('Attachment');
  const detail = await api<{ attachments: { filename: string }[] }>(`/nodes/${nodeId}`);
  expect(detail.body.attachments.map((a) => a.filename).sort()).toEqual(['care-plan.txt', 'leaflet.txt']);
});

test('German: the confirmation in the reader\'s language, the removals listed when asked for', async ({ browser }) => {
  const context = await newContext(browser, { locale: 'de-DE', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, `/nodes/view/${nodeId}`, 'Anmelden');
  await page.getByRole('tab', { name: 'Verlauf' }).click();
  await expect(entries(page)).toHaveCount(5);
  await entries(page).last().getByRole('button', { name: /^Wiederherstellen/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Diese Version wiederherstellen?' });
  // The node matches "Created" now, but for the files: only they would change.
  await expect(dialog).toContainText('Der Datensatz entspricht bereits dieser Version: Nichts ändert sich.');
  await expect(dialog).toContainText('Bleibt erhalten (seit dieser Version hinzugefügt):');
  await shot(page, 'restore-confirmation-desktop-de');
  await dialog.getByRole('checkbox', { name: 'Auch die 2 seit dieser Version hinzugefügten Anhänge entfernen' }).check();
  await expect(dialog).toContainText('Anhang: care-plan.txt → (leer)');
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  await entries(page).last().getByRole('button', { name: /^Wiederherstellen/ }).click();
  await dialog.getByRole('checkbox', { name: 'Auch die 2 seit dieser Version hinzugefügten Anhänge entfernen' }).check();
  await expect(dialog).toContainText('Anhang: care-plan.txt → (leer)');
  await shot(page, 'restore-confirmation-phone-de');
  await dialog.getByRole('button', { name: 'Wiederherstellen', exact: true }).click();
  await expect(page.getByText('Version wurde wiederhergestellt')).toBeVisible();
  await expect(entries(page).first()).toContainText('Anhang: leaflet.txt → (leer)');
  expect((await api<{ attachments: unknown[] }>(`/nodes/${nodeId}`)).body.attachments).toEqual([]);
  await context.close();
});
