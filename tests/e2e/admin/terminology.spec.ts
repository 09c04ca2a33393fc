import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startServer, type TestServer } from '../support/server';
import { ada, twoCurators, type Curator } from '../support/two-curators';

/**
 * The admin Terminology page against the real server: a CodeSystem JSON file uploaded, listed with its
 * concept count, its concepts paged and searched, a malformed transaction refused with the element's
 * path and nothing stored, the code system added to the graph as nodes with is-a relations, and an
 * editor without system.config sees no menu entry and a refusal. Screenshots (EN and DE, 1440 and 390
 * wide) go to docs/screenshots/terminology/. Needs `npm run build` first.
 */
test.describe.configure({ mode: 'serial' });

let server: TestServer;
const ed: Curator = { username: 'ed', email: 'ed@example.org', password: 'third-pass' };
const { api, setUp, signedIn } = twoCurators(() => server, ed);
const shots = path.resolve(import.meta.dirname, '../../../docs/screenshots/terminology');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kg-terminology-'));

const SYMPTOMS = {
  resourceType: 'CodeSystem',
  id: 'symptoms',
  url: 'http://example.org/fhir/CodeSystem/symptoms',
  version: '2024.1',
  name: 'Symptoms',
  title: 'Symptom codes',
  status: 'active',
  content: 'complete',
  concept: [
    {
      code: 'S',
      display: 'Symptom',
      definition: 'Something a patient notices',
      concept: [
        { code: 'S-FEV', display: 'Fever', definition: 'A raised body temperature', concept: [{ code: 'S-HFEV', display: 'High fever' }] },
        { code: 'S-COU', display: 'Cough', concept: [{ code: 'S-DCOU', display: 'Dry cough' }] },
      ],
    },
    ...Array.from({ length: 12 }, (_, i) => ({ code: `S-X${i + 1}`, display: `Extra symptom ${i + 1}`, property: [{ code: 'parent', valueCode: 'S' }] })),
  ],
};

const file = (name: string, content: unknown) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, JSON.stringify(content, null, 2));
  return p;
};

async function upload(page: Page, p: string) {
  await page.locator('.kg-terminology__upload input[type="file"]').setInputFiles(p);
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer();
  await setUp('editor');
  await api('/nodetypes', { method: 'POST', body: { name: 'Symptom' } });
  await api('/relationtypes', { method: 'POST', body: { name: 'is a' } });
});
test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('upload a CodeSystem, see it listed, open its concepts, add it to the graph, see the nodes', async ({ browser }) => {
  const page = await signedIn(browser, ada, '/dashboard');
  await page.getByRole('button', { name: 'Admin' }).click();
  await page.getByRole('menuitem', { name: 'Terminology' }).click();
  await expect(page).toHaveURL(/\/admin\/terminology$/);
  await expect(page.getByText('No terminology resources yet.')).toBeVisible();

  await upload(page, file('symptoms.json', SYMPTOMS));
  const results = page.getByRole('region', { name: 'Results of the upload' });
  await expect(results).toContainText('1 of 1 stored');
  await expect(results).toContainText('Symptom codes');
  await expect(results).toContainText('Created');
  const table = page.getByRole('region', { name: 'Terminology resources' }).first().getByRole('table');
  const row = table.locator('tbody tr').filter({ hasText: 'Symptom codes' });
  await expect(row).toContainText('http://example.org/fhir/CodeSystem/symptoms');
  await expect(row).toContainText('2024.1');
  await expect(row).toContainText('active');
  await expect(row).toContainText('17');

  // A transaction with a malformed second entry: refused with the element's path, nothing stored.
  await upload(page, file('broken.json', {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: [
      { resource: { resourceType: 'ValueSet', url: 'http://example.org/vs/ok', status: 'active', title: 'Fine value set' } },
      { resource: { resourceType: 'CodeSystem', title: 'Broken codes', status: 'active', content: 'complete', concept: [{ display: 'no code' }] } },
    ],
  }));
  await expect(results).toContainText('Nothing was stored');
  await expect(results).toContainText('Bundle.entry[1].resource.concept[0].code');
  await expect(table.locator('tbody tr')).toHaveCount(1);

  // The type filter.
  await page.getByLabel('Resource type').selectOption('ValueSet');
  await expect(page.getByText('No resources of this type.')).toBeVisible();
  await page.getByLabel('Resource type').selectOption('');

  // The concepts, paged and searched, with their parent codes.
  await row.getByRole('button', { name: 'Show the concepts of Symptom codes' }).click();
  const concepts = page.getByRole('dialog', { name: 'Concepts of Symptom codes' });
  await expect(concepts.locator('tbody tr')).toHaveCount(10);
  await expect(concepts.locator('tbody tr').nth(1)).toContainText('Fever');
  await expect(concepts.locator('tbody tr').nth(1)).toContainText('S');
  await concepts.getByLabel('Search code or display').fill('cough');
  await expect(concepts.locator('tbody tr')).toHaveCount(2);
  await expect(concepts.locator('tbody tr').nth(1)).toContainText('S-COU');
  await concepts.getByLabel('Search code or display').fill('');
  await expect(concepts.locator('tbody tr')).toHaveCount(10);

  // Add to the graph.
  await concepts.getByRole('button', { name: 'Add to the graph' }).click();
  const add = page.getByRole('dialog', { name: 'Add Symptom codes to the graph' });
  await add.getByLabel('Node type').selectOption({ label: 'Symptom' });
  await add.getByLabel('Relation type for is-a').selectOption({ label: 'is a' });
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(add).toContainText('17 nodes created, 0 existing nodes linked, 0 skipped, 16 relations created.');
  await add.getByRole('button', { name: 'View the nodes' }).click();
  await expect(page).toHaveURL(/\/nodes$/);
  await expect(page.getByText('High fever').first()).toBeVisible();
  const relations = await api<{ pagination: { total: number } }>('/relations?limit=5');
  expect(relations.body.pagination.total).toBe(16);
  await page.context().close();
});

test('adding the same code system again creates nothing twice', async ({ browser }) => {
  const page = await signedIn(browser, ada, '/admin/terminology');
  await page.getByRole('button', { name: 'Show the concepts of Symptom codes' }).click();
  await page.getByRole('dialog', { name: 'Concepts of Symptom codes' }).getByRole('button', { name: 'Add to the graph' }).click();
  const add = page.getByRole('dialog', { name: 'Add Symptom codes to the graph' });
  await add.getByLabel('Node type').selectOption({ label: 'Symptom' });
  await add.getByLabel('Relation type for is-a').selectOption({ label: 'is a' });
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(add).toContainText('0 nodes created, 0 existing nodes linked, 17 skipped, 0 relations created.');
  await page.context().close();
});

test('an editor sees no Admin menu and is sent from the page to the dashboard', async ({ browser }) => {
  const page = await signedIn(browser, ed, '/admin/terminology');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Admin' })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Terminology resources' })).toHaveCount(0);
  await expect(page.locator('.kg-terminology__upload')).toHaveCount(0);
  await page.context().close();
});

test('screenshots in English and German, wide and narrow', async ({ browser }) => {
  fs.mkdirSync(shots, { recursive: true });
  for (const language of ['en', 'de']) {
    for (const width of [1440, 390]) {
      const page = await signedIn(browser, ada, '/admin/terminology', { language: language === 'en' ? undefined : language, width });
      await upload(page, file('symptoms-again.json', SYMPTOMS));
      await expect(page.locator('.kg-terminology__result')).toHaveCount(1);
      await page.screenshot({ path: path.join(shots, `terminology-${language}-${width}.png`) });
      await page.locator('.kg-terminology button', { hasText: language === 'en' ? 'Concepts' : 'Konzepte' }).first().click();
      await expect(page.getByRole('dialog').locator('tbody tr')).toHaveCount(10);
      await page.screenshot({ path: path.join(shots, `terminology-concepts-${language}-${width}.png`) });
      await page.context().close();
    }
  }
});
