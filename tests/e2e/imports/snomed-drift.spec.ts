import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { SNOMED_RF2_COLUMNS } from '../../../src/contract/knowledge/imports';
import { SNOMED_FSN_TYPE_ID } from '../../../src/contract/knowledge/snomed';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { startServer, type TestServer } from '../support/server';
import { openSignedIn } from '../support/session';

/**
 * SNOMED drift in the browser: after a catalogue import renamed a node's
 * concept, the node list shows the review badge and filters by it (also from the URL
 * /nodes?snomedReview=true), node detail says what changed, and Accept clears it.
 * Needs `npm run build` first; screenshots go to .tmp/shots.
 */
test.describe.configure({ mode: 'serial' });

let server: TestServer;
let token = '';
const admin = { username: 'ada', email: 'ada@example.org', password: 'first-pass' };
const url = (p: string) => `${server.url}${p}`;
const shots = path.resolve(import.meta.dirname, '../../../.tmp/shots');
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
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

/** An RF2 description file with one fully specified name per concept. */
async function importCatalogue(filename: string, concepts: [rowId: string, conceptId: string, term: string][]) {
  const lines = [SNOMED_RF2_COLUMNS.join('\t'), ...concepts.map(([id, conceptId, term]) => [id, '20240131', '1', '900000000000207008', conceptId, 'en', SNOMED_FSN_TYPE_ID, term, '900000000000448009'].join('\t'))];
  const form = new FormData();
  form.append('file', new Blob([lines.join('\r\n') + '\r\n']), filename);
  expect((await api('/snomed/import', { method: 'POST', body: form })).status).toBe(200);
}

const signIn = (page: Page, p: string) => openSignedIn(page, server.url, admin, p);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer();
  token = (await api<{ accessToken: string }>('/auth/register', { method: 'POST', body: admin })).body.accessToken;
  expect((await api('/nodetypes', { method: 'POST', body: { name: 'Disease' } })).status).toBe(201);
  await importCatalogue('sct2_Description_Snapshot_20240131.txt', [
    ['1001', '195967001', 'Asthma (disorder)'],
    ['1002', '38341003', 'Hypertensive disorder (disorder)'],
  ]);
  for (const [name, code] of [['Asthma', '195967001'], ['Hypertension', '38341003']]) {
    const res = await api<{ id: string }>('/nodes', { method: 'POST', body: { name, nodeType: 'Disease', snomedCode: code, description: `${name} as a clinical entity` } });
    expect(res.status).toBe(201);
    ids[name] = res.body.id;
  }
  await importCatalogue('sct2_Description_Snapshot_20250131.txt', [['1001', '195967001', 'Asthma, chronic airway disease (disorder)']]);
});
test.afterAll(async () => {
  await server?.stop();
});

const badge = (page: Page) => page.locator('.kg-drift-badge');

test('the node list marks the node under review, and the filter (from the URL too) shows only it', async ({ page }) => {
  for (const [name, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await signIn(page, '/nodes');
    await expect(page.getByRole('button', { name: 'Hypertension', exact: true })).toBeVisible();
    await expect(badge(page)).toHaveCount(1);
    await expect(badge(page)).toContainText('SNOMED review');
    await page.screenshot({ path: path.join(shots, `snomed-drift-list-${name}.png`), fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS.desktop);
  const filter = page.getByRole('checkbox', { name: 'Needs SNOMED review' });
  await filter.check();
  await expect(page.getByRole('button', { name: 'Hypertension', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Asthma', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'node list filtered by SNOMED review');

  await signIn(page, '/nodes?snomedReview=true');
  await expect(page.getByRole('checkbox', { name: 'Needs SNOMED review' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Asthma', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Hypertension', exact: true })).toHaveCount(0);
});

test('node detail says what changed; Accept clears the review', async ({ page }) => {
  for (const [name, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await signIn(page, `/nodes/view/${ids.Asthma}`);
    const notice = page.locator('.kg-drift-notice');
    await expect(notice).toContainText('The SNOMED term changed');
    await expect(notice).toContainText('Asthma (disorder)');
    await expect(notice).toContainText('Asthma, chronic airway disease (disorder)');
    await expect(notice.getByRole('button', { name: 'Pick another code' })).toBeVisible();
    await page.screenshot({ path: path.join(shots, `snomed-drift-detail-${name}.png`), fullPage: true });
  }
  await expectNoSeriousA11yViolations(page, 'node detail with a SNOMED review');

  await page.locator('.kg-drift-notice').getByRole('button', { name: 'Accept' }).click();
  await expect(page.locator('.kg-drift-notice')).toHaveCount(0);
  await expect(page.getByText('SNOMED change accepted').first()).toBeVisible();
  expect((await api<{ data: unknown[] }>('/snomed/drift')).body.data).toEqual([]);

  // Who accepted is in the node's history.
  await page.getByRole('tab', { name: 'History' }).click();
  const entry = page.locator('.kg-history__entry').first();
  await expect(entry).toContainText('SNOMED change accepted');
  await expect(entry).toContainText(admin.username);
});

test('Pick another code opens the edit form', async ({ page }) => {
  await importCatalogue('sct2_Description_Snapshot_20260131.txt', [['1002', '38341003', 'Hypertension (disorder)']]);
  await page.setViewportSize(VIEWPORTS.desktop);
  await signIn(page, `/nodes/view/${ids.Hypertension}`);
  await page.locator('.kg-drift-notice').getByRole('button', { name: 'Pick another code' }).click();
  await expect(page).toHaveURL(new RegExp(`/nodes/${ids.Hypertension}/edit`));
});
