import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { startServer, type TestServer } from '../support/server';
import { openSignedIn } from '../support/session';

/**
 * SNOMED as concepts in the browser, on the small RF2 releases the server's tests use
 * (src/server/modules/snomed-import/fixtures: 2024, then 2025 which retires "Old lung disease"
 * and names its replacements): the catalogue's concept view finds Heart failure by its synonym,
 * the concept browser walks the hierarchy by keyboard, the node list filters by "descendants
 * of", and the drift notice recodes a node to a replacement. Needs `npm run build` first;
 * screenshots (1440 and 390 px, English and German) go to .tmp/shots.
 */
test.describe.configure({ mode: 'serial' });

let server: TestServer;
let token = '';
const admin = { username: 'ada', email: 'ada@example.org', password: 'first-pass' };
const url = (p: string) => `${server.url}${p}`;
const shots = path.resolve(import.meta.dirname, '../../../.tmp/shots');
const FIXTURES = path.resolve(import.meta.dirname, '../../../src/server/modules/snomed-import/fixtures');
const SIZES = { 1440: { width: 1440, height: 900 }, 390: { width: 390, height: 844 } } as const;
const ids: Record<string, string> = {};

async function api<T>(p: string, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  const isForm = init.body instanceof FormData;
  const res = await fetch(url(`/api${p}`), {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, ...(init.body && !isForm ? { 'content-type': 'application/json' } : {}) },
    body: isForm ? (init.body as FormData) : init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** A release's RF2 files, one import each, in the order the concept model needs. */
async function importRelease(release: string) {
  const dir = path.join(FIXTURES, release);
  for (const prefix of ['sct2_Concept', 'sct2_Description', 'sct2_Relationship', 'der2_cRefset_Language', 'der2_cRefset_Association']) {
    const name = fs.readdirSync(dir).find((f) => f.startsWith(prefix))!;
    const data = fs.readFileSync(path.join(dir, name));
    // A file with its header alone (no association in the first release) is refused as empty.
    if (data.toString('utf8').trim().split('\n').length < 2) continue;
    const form = new FormData();
    form.append('file', new Blob([data]), name);
    const res = await api('/snomed/import', { method: 'POST', body: form });
    expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(200);
  }
}

const signIn = (page: Page, p: string, language: 'en' | 'de' = 'en') => openSignedIn(page, server.url, admin, p, { language });

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer();
  token = (await api<{ accessToken: string }>('/auth/register', { method: 'POST', body: admin })).body.accessToken;
  expect((await api('/nodetypes', { method: 'POST', body: { name: 'Disease' } })).status).toBe(201);
  await importRelease('release-2024');
  for (const [name, code] of [
    ['Heart failure', '84114007'],
    ['Old lung disease', '700001008'],
    ['Lung disorder', '19829001'],
    ['Respiratory disorder', '50043002'],
  ]) {
    const res = await api<{ id: string }>('/nodes', { method: 'POST', body: { name, nodeType: 'Disease', snomedCode: code } });
    expect(res.status).toBe(201);
    ids[name] = res.body.id;
  }
  await importRelease('release-2025');
});
test.afterAll(async () => {
  await server?.stop();
});

test('the catalogue lists concepts and finds Heart failure by its synonym', async ({ page }) => {
  for (const language of ['en', 'de'] as const) {
    for (const width of [1440, 390] as const) {
      await page.setViewportSize(SIZES[width]);
      await signIn(page, '/snomed', language);
      await page.getByRole('button', { name: language === 'en' ? 'Concepts' : 'Konzepte', exact: true }).click();
      const search = page.getByRole('searchbox').first();
      await search.fill('cardiac failure');
      await search.press('Enter');
      const list = page.locator('.kg-admin__list');
      await expect(list).toContainText('Heart failure');
      await expect(list).toContainText(language === 'en' ? 'matched: Cardiac failure' : 'Treffer: Cardiac failure');
      await shot(page, `snomed-concepts-search-${language}-${width}`);
    }
  }
  await page.setViewportSize(SIZES[1440]);
  await signIn(page, '/snomed');
  await page.getByRole('button', { name: 'Concepts', exact: true }).click();
  // The retired concept is marked inactive; the FSN switch names concepts by their FSN.
  await expect(page.locator('.kg-admin__list')).toContainText('Old lung disease');
  // A re-render keeps each row's Browse button (the same element), so a click pressed while the list
  // re-renders is not lost: mark it, re-render with the switch, and find the mark still there.
  await page.getByRole('button', { name: 'Browse hierarchy: Heart failure' }).first().evaluate((el) => el.setAttribute('data-marked', ''));
  await page.getByRole('switch', { name: 'Fully specified names' }).check();
  await expect(page.locator('.kg-admin__list')).toContainText('Heart failure (disorder)');
  await expect(page.getByRole('button', { name: 'Browse hierarchy: Heart failure' }).first()).toHaveAttribute('data-marked', '');
  await expectNoSeriousA11yViolations(page, 'SNOMED catalogue, concept view');
});

test('the concept browser walks the hierarchy by keyboard, with the path to the root', async ({ page }) => {
  for (const language of ['en', 'de'] as const) {
    for (const width of [1440, 390] as const) {
      await page.setViewportSize(SIZES[width]);
      await signIn(page, '/snomed', language);
      await page.getByRole('button', { name: language === 'en' ? 'Concepts' : 'Konzepte', exact: true }).click();
      const search = page.getByRole('searchbox').first();
      await search.fill('Heart failure');
      await search.press('Enter');
      await page.getByRole('button', { name: language === 'en' ? 'Browse hierarchy: Heart failure' : 'Hierarchie durchsuchen: Heart failure' }).first().click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('heading', { name: 'Heart failure', exact: true })).toBeVisible();
      await expect(dialog.getByRole('navigation')).toContainText('SNOMED CT Concept');
      await shot(page, `snomed-concept-browser-${language}-${width}`);
    }
  }
  const dialog = page.getByRole('dialog');
  const path = dialog.getByRole('navigation', { name: 'Pfad zur Wurzel' });
  await expect(path.getByRole('listitem')).toHaveText(['SNOMED CT Concept', 'Clinical finding', 'Disease', 'Disorder of cardiovascular system', 'Heart failure']);
  await expect(dialog).toContainText('Cardiac failure');

  await page.setViewportSize(SIZES[1440]);
  await signIn(page, '/snomed');
  await page.getByRole('button', { name: 'Concepts', exact: true }).click();
  await page.getByRole('searchbox').first().fill('Heart failure');
  await page.getByRole('searchbox').first().press('Enter');
  await page.getByRole('button', { name: 'Browse hierarchy: Heart failure' }).first().click();
  const d = page.getByRole('dialog');
  // Keys only: the parent, then up the path to Disease, then down to a child.
  const parent = d.getByRole('region', { name: 'Parents' }).getByRole('button', { name: /Disorder of cardiovascular system/ });
  await parent.focus();
  await page.keyboard.press('Enter');
  await expect(d.getByRole('heading', { name: 'Disorder of cardiovascular system' })).toBeFocused();
  await expect(d.getByRole('region', { name: 'Children' })).toContainText('Heart failure');
  await d.getByRole('navigation', { name: 'Path to the root' }).getByRole('button', { name: 'Disease', exact: true }).press('Enter');
  await expect(d.getByRole('heading', { name: 'Disease', exact: true })).toBeVisible();
  await expect(d.getByRole('region', { name: 'Children' })).toContainText('Disorder of respiratory system');
  await expectNoSeriousA11yViolations(page, 'SNOMED concept browser');
  await d.getByRole('button', { name: 'Back' }).press('Enter');
  await expect(d.getByRole('heading', { name: 'Disorder of cardiovascular system' })).toBeVisible();

  // The retired concept names its replacements with the association type.
  await d.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('searchbox').first().fill('Old lung');
  await page.getByRole('searchbox').first().press('Enter');
  await page.getByRole('button', { name: 'Browse hierarchy: Old lung disease' }).first().click();
  const replacements = page.getByRole('dialog').getByRole('region', { name: 'Replacements' });
  await expect(replacements).toContainText('Replaced by');
  await expect(replacements).toContainText('Pneumonia');
  await expect(replacements).toContainText('Possibly equivalent to');
  await shot(page, 'snomed-concept-browser-inactive-en-1440');
});

test('the node list filters by "descendants of" a concept chosen with the picker', async ({ page }) => {
  for (const language of ['en', 'de'] as const) {
    for (const width of [1440, 390] as const) {
      await page.setViewportSize(SIZES[width]);
      await signIn(page, '/nodes', language);
      const picker = page.getByRole('combobox', { name: language === 'en' ? 'Descendants of' : 'Unterbegriffe von' });
      await picker.fill('lung');
      await page.getByRole('option', { name: /Disorder of lung/ }).click();
      await expect(page.getByRole('button', { name: 'Lung disorder', exact: true }).first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'Heart failure', exact: true })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Respiratory disorder', exact: true })).toHaveCount(0);
      await shot(page, `snomed-nodes-descendants-${language}-${width}`);
    }
  }
  await page.setViewportSize(SIZES[1440]);
  await signIn(page, '/nodes');
  const picker = page.getByRole('combobox', { name: 'Descendants of' });
  await picker.fill('Disease');
  await page.getByRole('option', { name: /^Disease \(64572001\)/ }).click();
  for (const name of ['Heart failure', 'Lung disorder', 'Respiratory disorder']) await expect(page.getByRole('button', { name, exact: true }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'node list filtered by descendants of');
  expect((await api<{ data: { name: string }[] }>('/nodes?snomedDescendantOf=50043002')).body.data.map((n) => n.name).sort()).toEqual(['Lung disorder', 'Respiratory disorder']);
});

test('the search page filters by "descendants of" too', async ({ page }) => {
  for (const language of ['en', 'de'] as const) {
    for (const width of [1440, 390] as const) {
      await page.setViewportSize(SIZES[width]);
      await signIn(page, '/search', language);
      await page.locator('[aria-controls="kg-search-advanced"]').click();
      const picker = page.getByRole('combobox', { name: language === 'en' ? 'Descendants of' : 'Unterbegriffe von' });
      await picker.fill('respiratory');
      await page.getByRole('option', { name: /Disorder of respiratory system/ }).click();
      const results = page.getByTestId('search-result');
      await expect(results).toHaveCount(2);
      await expect(page.getByTestId('filter-count')).toHaveText('1');
      await shot(page, `snomed-search-descendants-${language}-${width}`);
    }
  }
  await expect(page.getByTestId('search-result').filter({ hasText: 'Lung disorder' })).toHaveCount(1);
  await expect(page.getByTestId('search-result').filter({ hasText: 'Respiratory disorder' })).toHaveCount(1);
});

test('the drift notice names the replacements; Accept replacement recodes the node', async ({ page }) => {
  for (const language of ['en', 'de'] as const) {
    for (const width of [1440, 390] as const) {
      await page.setViewportSize(SIZES[width]);
      await signIn(page, `/nodes/view/${ids['Old lung disease']}`, language);
      const notice = page.locator('.kg-drift-notice');
      await expect(notice).toContainText('Pneumonia');
      await expect(notice).toContainText('Asthma');
      await shot(page, `snomed-drift-replacements-${language}-${width}`);
    }
  }
  await page.setViewportSize(SIZES[1440]);
  await signIn(page, `/nodes/view/${ids['Old lung disease']}`);
  const notice = page.locator('.kg-drift-notice');
  await expect(notice).toContainText('The SNOMED concept is inactive');
  await expectNoSeriousA11yViolations(page, 'node detail with suggested replacements');
  await notice.getByRole('button', { name: 'Accept replacement: Pneumonia' }).click();
  await expect(page.getByText('Node recoded to 233604007').first()).toBeVisible();
  await expect(page.locator('.kg-drift-notice')).toHaveCount(0);
  await expect(page.locator('.kg-node-detail__code')).toContainText('233604007');
  expect((await api<{ data: unknown[] }>('/snomed/drift')).body.data).toEqual([]);

  // The node detail's code opens the hierarchy too.
  await page.locator('.kg-node-detail__code').getByRole('button', { name: 'Browse hierarchy' }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Pneumonia', exact: true })).toBeVisible();
  await shot(page, 'snomed-node-detail-browser-en-1440');
});

test('the node form picker shows the matched synonym and tag, and takes a concept from the hierarchy', async ({ page }) => {
  for (const language of ['en', 'de'] as const) {
    for (const width of [1440, 390] as const) {
      await page.setViewportSize(SIZES[width]);
      await signIn(page, `/nodes/${ids['Heart failure']}/edit`, language);
      const picker = page.getByRole('combobox', { name: 'SNOMED Code' }).or(page.getByRole('combobox', { name: 'SNOMED-Code' }));
      await picker.fill('cardiac');
      const option = page.getByRole('option', { name: /84114007 — Heart failure/ });
      await expect(option).toContainText(language === 'en' ? 'matched: Cardiac failure' : 'Treffer: Cardiac failure');
      await expect(option).toContainText('disorder');
      await shot(page, `snomed-picker-${language}-${width}`);
      await page.keyboard.press('Escape');
    }
  }
  await page.setViewportSize(SIZES[1440]);
  await signIn(page, `/nodes/${ids['Heart failure']}/edit`);
  await page.getByRole('button', { name: 'Browse hierarchy' }).click();
  const d = page.getByRole('dialog', { name: 'SNOMED concept' });
  await d.getByRole('region', { name: 'Parents' }).getByRole('button', { name: /Disorder of cardiovascular system/ }).click();
  await expect(d.getByRole('heading', { name: 'Disorder of cardiovascular system' })).toBeVisible();
  await d.getByRole('button', { name: 'Use this concept' }).click();
  await expect(page.getByRole('combobox', { name: 'SNOMED Code' })).toHaveValue('49601007 — Disorder of cardiovascular system');
});
