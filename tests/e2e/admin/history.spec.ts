import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { admin, graphApp } from '../support/graph-app';
import { startServer, type TestServer } from '../support/server';

/**
 * The History tab on the host's node detail and relation edit pages and inside
 * kg-node-manager: who changed which field when (before → after), and a restore with its confirm
 * dialog and toast. Needs `npm run build` first. KG_SHOTS=1 writes screenshots to .tmp/shots.
 */
test.describe.configure({ mode: 'serial' });

let server: TestServer;
const app = graphApp(() => server);
const { api, url } = app;
const ids: Record<string, string> = {};

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer();
  await app.registerAdmin();
  await api('/nodetypes', { method: 'POST', body: { name: 'Disease' } });
  await api('/relationtypes', { method: 'POST', body: { name: 'related to' } });
  ids.node = (await api<{ id: string }>('/nodes', { method: 'POST', body: { name: 'Asthma', nodeType: 'Disease', description: 'Chronic airway inflammation' } })).body.id;
  await api(`/nodes/${ids.node}`, { method: 'PUT', body: { name: 'Bronchial asthma', nodeType: 'Disease', description: 'Chronic inflammation of the airways', url: 'https://example.org/asthma' } });
  ids.other = (await api<{ id: string }>('/nodes', { method: 'POST', body: { name: 'Eczema', nodeType: 'Disease' } })).body.id;
  const rel = await api<{ id: string }>('/relations', { method: 'POST', body: { relationName: 'atopic march', sourceNodeId: ids.other, targetNodeId: ids.node, relationType: 'related to', weight: 40 } });
  ids.relation = rel.body.id;
  await api(`/relations/${ids.relation}`, { method: 'PUT', body: { relationName: 'atopic march', sourceNodeId: ids.other, targetNodeId: ids.node, relationType: 'related to', weight: 85 } });
});
test.afterAll(async () => {
  await server?.stop();
});

async function shot(page: Page, name: string) {
  if (process.env.KG_SHOTS) await page.screenshot({ path: `.tmp/shots/history-${name}.png`, fullPage: true });
}

async function signIn(page: Page, path: string) {
  await page.goto(url(`/login?returnTo=${encodeURIComponent(path)}`));
  await page.getByLabel(/^Username or Email/).fill(admin.username);
  await page.getByLabel(/^Password/).fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(url(path));
}

const entries = (page: Page | ReturnType<Page['locator']>) => page.locator('.kg-history__entry');

test('node detail: the History tab lists the changes, and a restore goes back to a version', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, `/nodes/view/${ids.node}`);
  await expect(page.getByRole('heading', { name: 'Bronchial asthma' })).toBeVisible();
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
  await expect(entries(page)).toHaveCount(2);
  const update = entries(page).first();
  await expect(update).toContainText('Updated');
  await expect(update).toContainText(admin.username);
  await expect(update).toContainText('Name: Asthma → Bronchial asthma');
  await expect(update).toContainText('URL: (empty) → https://example.org/asthma');
  await expect(entries(page).last()).toContainText('Created');
  await expectNoSeriousA11yViolations(page, 'on the node History tab');
  await shot(page, 'node-1440');

  // Back to the version right after the create.
  await entries(page).last().getByRole('button', { name: /^Restore/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Restore this version?' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'with the restore dialog');
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('Version restored successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Asthma', exact: true })).toBeVisible();
  await expect(entries(page)).toHaveCount(3);
  await expect(entries(page).first()).toContainText('Restored');
  await expect(entries(page).first()).toContainText('Name: Bronchial asthma → Asthma');

  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'node-390');
  await expectNoSeriousA11yViolations(page, 'on the node History tab, narrow');
});

test('relation edit: the History tab shows the weight change, and a restore resets the form', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, `/relations/${ids.relation}/edit`);
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(entries(page)).toHaveCount(2);
  await expect(entries(page).first()).toContainText('Weight: 40 → 85');
  await expectNoSeriousA11yViolations(page, 'on the relation History tab');
  await shot(page, 'relation-1440');
  await entries(page).last().getByRole('button', { name: /^Restore/ }).click();
  await page.getByRole('dialog', { name: 'Restore this version?' }).getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('Version restored successfully')).toBeVisible();
  await page.getByRole('tab', { name: 'Details' }).click();
  await expect(page.getByRole('slider', { name: /Relationship Strength/ })).toHaveValue('40');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(entries(page)).toHaveCount(3);
  await shot(page, 'relation-390');
});

test('a viewer reads the history but gets no Restore button', async ({ page }) => {
  const reader = { username: 'reader', email: 'reader@example.org', password: 'Reader-pass-5531' };
  expect((await api('/users', { method: 'POST', body: { ...reader, role: 'viewer' } })).status).toBe(201);
  await page.goto(url(`/login?returnTo=${encodeURIComponent(`/nodes/view/${ids.node}`)}`));
  await page.getByLabel(/^Username or Email/).fill(reader.username);
  await page.getByLabel(/^Password/).fill(reader.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(entries(page)).toHaveCount(3);
  await expect(page.getByRole('button', { name: /^Restore/ })).toHaveCount(0);
});

test('kg-node-manager: the History tab inside the widget', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(url('/examples/node-manager.html'));
  const widget = page.locator('kg-node-manager');
  await widget.getByLabel('Username or Email').fill(admin.username);
  await widget.getByLabel('Password').fill(admin.password);
  await widget.getByRole('button', { name: 'Sign In' }).click();
  await expect(widget.getByRole('heading', { name: 'Knowledge Nodes' })).toBeVisible();
  await widget.getByRole('button', { name: 'View Asthma' }).first().click();
  await widget.getByRole('tab', { name: 'History' }).click();
  await expect(entries(widget)).toHaveCount(3);
  await expect(entries(widget).first()).toContainText('Restored');
  await expectNoSeriousA11yViolations(page, 'inside kg-node-manager');
  await shot(page, 'widget-1440');
});
