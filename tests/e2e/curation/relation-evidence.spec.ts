import { expect, test, type Page } from '@playwright/test';
import { startServer, type TestServer } from '../support/server';
import { openSignedIn } from '../support/session';
import { contextsClosedAfterEach } from '../support/contexts';

/**
 * A relation's evidence on the relation form (rows added, a malformed PMID refused at its field),
 * saved, then shown on the node detail's relations: the count, the grade and the PMID as a link to
 * PubMed. Screenshots at 1440 and 390 px, English and German, with KG_SHOTS set. Needs `npm run build` first.
 */
test.describe.configure({ mode: 'serial' });

const newContext = contextsClosedAfterEach();
let server: TestServer;
let session = { accessToken: '', refreshToken: '' };
const ids: Record<string, string> = {};
const shotsDir = process.env.KG_SHOTS_DIR ?? 'docs/screenshots/evidence';

async function api<T>(path: string, method = 'GET', body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${session.accessToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(res.status, `${method} ${path}`).toBeLessThan(300);
  return (await res.json()) as T;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer();
  const res = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'ada', email: 'ada@example.org', password: 'first-pass' }),
  });
  session = (await res.json()) as typeof session;
  await api('/nodetypes', 'POST', { name: 'Drug' });
  await api('/nodetypes', 'POST', { name: 'Disease' });
  await api('/relationtypes', 'POST', { name: 'treats' });
  ids.drug = (await api<{ id: string }>('/nodes', 'POST', { name: 'Salbutamol', nodeType: 'Drug' })).id;
  ids.disease = (await api<{ id: string }>('/nodes', 'POST', { name: 'Asthma', nodeType: 'Disease' })).id;
  ids.relation = (await api<{ id: string }>('/relations', 'POST', { relationName: 'relieves', sourceNodeId: ids.drug, targetNodeId: ids.disease, relationType: 'treats' })).id;
});
test.afterAll(async () => {
  await server?.stop();
});

const open = (page: Page, path: string) => openSignedIn(page, server.url, session, path);

const shot = async (page: Page, name: string) => {
  if (process.env.KG_SHOTS) await page.screenshot({ path: `${shotsDir}/${name}.png`, fullPage: true });
};

test('evidence is added on the relation form, checked, saved and shown on the node detail', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await open(page, `/relations/${ids.relation}/edit`);
  const evidence = page.getByTestId('relation-evidence');
  await expect(evidence.getByRole('group', { name: 'Evidence' }).or(evidence)).toBeVisible();
  await evidence.getByRole('button', { name: 'Add Source' }).click();
  await evidence.getByLabel('Source', { exact: true }).fill('PMID:12ab');
  await evidence.getByLabel('Grade', { exact: true }).selectOption('high');
  await evidence.getByLabel('Quote', { exact: true }).fill('Fewer exacerbations with regular use');
  await evidence.getByRole('button', { name: 'Add Source' }).click();
  await evidence.getByLabel('Source', { exact: true }).nth(1).fill('DOI:10.1056/NEJMoa0804895');
  await evidence.getByLabel('Grade', { exact: true }).nth(1).selectOption('moderate');
  await page.getByRole('button', { name: 'Save Relation' }).click();
  // Refused in the browser at its row, with the server's own words; nothing was saved.
  await expect(evidence.getByText('A PubMed source is PMID: followed by its number, e.g. PMID:12345678')).toBeVisible();
  expect((await api<{ evidence: unknown[] }>(`/relations/${ids.relation}`)).evidence).toEqual([]);
  await evidence.getByLabel('Source', { exact: true }).first().fill('PMID:31415926');
  await shot(page, 'relation-form-evidence-desktop');
  await page.getByRole('button', { name: 'Save Relation' }).click();
  await expect.poll(async () => (await api<{ evidence: unknown[] }>(`/relations/${ids.relation}`)).evidence).toEqual([
    { source: 'PMID:31415926', quote: 'Fewer exacerbations with regular use', grade: 'high' },
    { source: 'DOI:10.1056/NEJMoa0804895', grade: 'moderate' },
  ]);

  await open(page, `/nodes/view/${ids.drug}`);
  const summary = page.locator('.kg-evidence-summary');
  await expect(summary).toContainText('2 sources');
  // The weakest grade of the two stands for them.
  await expect(summary).toContainText('Moderate');
  await expect(summary.getByRole('link', { name: 'PMID:31415926' })).toHaveAttribute('href', 'https://pubmed.ncbi.nlm.nih.gov/31415926/');
  await expect(summary.getByRole('link', { name: 'DOI:10.1056/NEJMoa0804895' })).toHaveAttribute('href', 'https://doi.org/10.1056/NEJMoa0804895');
  await shot(page, 'node-detail-evidence-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.locator('.kg-evidence-summary')).toContainText('2 sources');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'node-detail-evidence-phone');
  await open(page, `/relations/${ids.relation}/edit`);
  await expect(page.getByTestId('relation-evidence').getByLabel('Source', { exact: true }).first()).toHaveValue('PMID:31415926');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'relation-form-evidence-phone');
});

test('in German: the form and the node detail speak German', async ({ browser }) => {
  const context = await newContext(browser, { locale: 'de-DE', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await open(page, `/relations/${ids.relation}/edit`);
  const evidence = page.getByTestId('relation-evidence');
  await expect(evidence.getByRole('button', { name: 'Quelle hinzufügen' })).toBeVisible();
  await expect(evidence.getByLabel('Evidenzgrad').first()).toHaveValue('high');
  await expect(evidence.getByLabel('Evidenzgrad').first().locator('option:checked')).toHaveText('Hoch');
  await shot(page, 'relation-form-evidence-desktop-de');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'relation-form-evidence-phone-de');
  await open(page, `/nodes/view/${ids.drug}`);
  await expect(page.locator('.kg-evidence-summary')).toContainText('2 Quellen');
  await expect(page.locator('.kg-evidence-summary')).toContainText('Moderat');
  await shot(page, 'node-detail-evidence-phone-de');
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, 'node-detail-evidence-desktop-de');
  await context.close();
});
