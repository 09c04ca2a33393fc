import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { startServer, type TestServer } from '../support/server';
import { openSignedIn } from '../support/session';

/**
 * The Analytics page against the real server: figures, chart with its table,
 * a finding's link opening the filtered node list, the Export menu's download, axe, and
 * screenshots at 1280×800 and 390×844. Needs `npm run build` first.
 */
test.describe.configure({ mode: 'serial' });

let server: TestServer;
const admin = { username: 'ada', email: 'ada@example.org', password: 'first-pass' };
const url = (p: string) => `${server.url}${p}`;
const SCREENS = path.resolve('.tmp/screens');

async function call<T>(p: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(url(`/api${p}`), {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}
const login = (name: string, password: string) => call<{ accessToken: string; refreshToken: string }>('/auth/login', { method: 'POST', body: { login: name, password } });

const signIn = (page: Page, p: string) => openSignedIn(page, server.url, admin, p);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer();
  expect((await call('/auth/register', { method: 'POST', body: admin })).status).toBe(201);
  const token = (await login(admin.username, admin.password)).body.accessToken;
  for (const name of ['Disease', 'Symptom', 'Drug']) await call('/nodetypes', { method: 'POST', token, body: { name } });
  await call('/relationtypes', { method: 'POST', token, body: { name: 'symptom of' } });
  const ids: Record<string, string> = {};
  for (const [name, nodeType, snomedCode, description] of [
    ['Migraine', 'Disease', '37796009', 'Recurrent headaches'],
    ['Headache', 'Symptom', '25064002', 'Pain in the head'],
    ['Nausea', 'Symptom', '422587007', 'Urge to vomit'],
    ['Sumatriptan', 'Drug', '', 'Triptan'],
    ['Aura', 'Symptom', '', ''],
  ]) {
    const res = await call<{ id: string }>('/nodes', { method: 'POST', token, body: { name, nodeType, ...(snomedCode ? { snomedCode } : {}), ...(description ? { description } : {}) } });
    expect(res.status).toBe(201);
    ids[name] = res.body.id;
  }
  for (const source of ['Headache', 'Nausea']) {
    // Headache's relation cites a source, Nausea's none: the evidence figure counts one of each.
    const evidence = source === 'Headache' ? [{ source: 'PMID:12345678', grade: 'moderate' }] : [];
    await call('/relations', { method: 'POST', token, body: { relationName: `${source} in migraine`, sourceNodeId: ids[source], targetNodeId: ids.Migraine, relationType: 'symptom of', evidence } });
  }
  fs.mkdirSync(SCREENS, { recursive: true });
});
test.afterAll(async () => {
  await server?.stop();
});

test('figures, chart with a table, findings, export; a finding opens the filtered node list; axe', async ({ page }) => {
  await signIn(page, '/admin/analytics');
  await expect(page.getByRole('heading', { name: 'Analytics' })).toBeVisible();
  const figures = page.locator('.kg-analytics__figure');
  await expect(figures.filter({ hasText: 'Nodes' }).first()).toContainText('5');
  await expect(figures.filter({ hasText: 'Relations' }).first()).toContainText('2');
  const withEvidence = figures.filter({ hasText: 'Relations with evidence' });
  await expect(withEvidence.locator('.kg-analytics__figure-value')).toHaveText('1');
  await expect(withEvidence).toContainText('1 without evidence');
  await expect(page.getByRole('img', { name: /Nodes from .* to .*: 0 to 5\./ })).toBeVisible();
  await expect(page.locator('.kg-analytics__chart canvas')).toBeVisible();
  await page.getByText('Show as table').click();
  await expect(page.getByRole('table').first()).toBeVisible();
  const findings = page.locator('.kg-analytics__finding');
  await expect(findings.filter({ hasText: 'Nodes without SNOMED code' })).toContainText('2');
  await expect(findings.filter({ hasText: 'Nodes without relations (orphans)' })).toContainText('2');
  await expect(page.getByRole('row', { name: /ada/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'analytics');
  await page.screenshot({ path: path.join(SCREENS, 'analytics-1280.png'), fullPage: true });

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    (async () => {
      await page.getByRole('button', { name: 'Export' }).click();
      await page.getByRole('menuitem', { name: 'Findings as CSV' }).click();
    })(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^quality-findings_\d{8}T\d{6}\.csv$/);
  const lines = fs.readFileSync((await csv.path()), 'utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  expect(lines[0]).toBe('"Finding","Key","Count","Link"');
  expect(lines[3]).toBe('"Nodes without relations (orphans)","orphans","2","/nodes?orphan=true"');

  // Keyboard: the finding link opens the node list filtered to exactly those nodes.
  await findings.filter({ hasText: 'orphans' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/nodes\?orphan=true$/);
  await expect(page.getByText('Nodes without relations (orphans)')).toBeVisible();
  const rows = page.locator('.kg-admin__list tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(page.locator('.kg-admin__list')).toContainText('Sumatriptan');
  await expect(page.locator('.kg-admin__list')).toContainText('Aura');
  await expectNoSeriousA11yViolations(page, 'filtered node list');
  await page.getByRole('button', { name: 'Remove this filter' }).click();
  await expect(rows).toHaveCount(5);
});

test('on a phone: one column, readable', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, '/admin/analytics');
  await expect(page.locator('.kg-analytics__chart canvas')).toBeVisible();
  // Nothing wider than the phone: the page does not scroll sideways.
  // (The activity table scrolls inside its own region.)
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((e) => !e.closest('.kg-analytics__scroll') && e.getBoundingClientRect().right > 391)
      .map((e) => `${e.tagName} in ${e.closest('[class]')?.getAttribute('class')}`)
      .slice(0, 4),
  );
  expect(wide).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page, 'analytics on a phone');
  await page.screenshot({ path: path.join(SCREENS, 'analytics-390.png'), fullPage: true });
});
