import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { TYPE_PALETTE } from '../../../src/contract/knowledge/type-colors';
import { SNOMED_HEADER, snomedRows, xlsx } from '../support/import-files';
import { startServer, type TestServer } from '../support/server';
import { openSignedIn } from '../support/session';

/**
 * 3 and 4 in the browser: stable node-type colours (type admin and chips),
 * field messages (one per rule, counters, nothing cut) and the SNOMED picker's "Used by" marks.
 * One server for the file; the tests run in order. Needs `npm run build` first.
 */
test.describe.configure({ mode: 'serial' });

let server: TestServer;
let token = '';
const admin = { username: 'ada', email: 'ada@example.org', password: 'first-pass' };
const url = (p: string) => `${server.url}${p}`;
const shots = path.resolve(import.meta.dirname, '../../../.tmp/shots');
const VIEWPORTS = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;

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
type Type = { id: string; name: string; color: string | null };
const types = async () => (await api<Type[]>('/nodetypes')).body;

const signIn = (page: Page, p: string) => openSignedIn(page, server.url, admin, p);

/** '#2f6db3' → 'rgb(47, 109, 179)', as getComputedStyle reports it. */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
const field = (label: string) => new RegExp(`^${label}\\*?$`);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer();
  token = (await api<{ accessToken: string }>('/auth/register', { method: 'POST', body: admin })).body.accessToken;
  for (const name of ['Disease', 'Drug']) expect((await api('/nodetypes', { method: 'POST', body: { name } })).status).toBe(201);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(xlsx([SNOMED_HEADER, ...snomedRows(1000, 6, 'Asthma finding')]))]), 'concepts.xlsx');
  expect((await api('/snomed/import', { method: 'POST', body: form })).status).toBe(200);
  // Concept 701001 ('Asthma finding 02') belongs to the node "asthma".
  expect((await api('/nodes', { method: 'POST', body: { name: 'asthma', nodeType: 'Disease', snomedCode: '701001' } })).status).toBe(201);
});
test.afterAll(async () => {
  await server?.stop();
});

test('item 7: a type dialog cannot open before the list it takes its offered colour from', async ({ page }) => {
  // The list's answer is held back: a dialog opened meanwhile offered the first palette colour, Disease's.
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/nodetypes**', async (route) => {
    await held;
    await route.continue();
  });
  await signIn(page, '/node-types');
  const add = page.getByRole('button', { name: 'Add Node Type' });
  await expect(add).toBeDisabled();
  answer();
  await add.click();
  const dialog = page.getByRole('dialog', { name: 'Add Node Type' });
  await expect(dialog.getByRole('radio', { name: TYPE_PALETTE[2] })).toBeChecked();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('item 7: a type keeps its colour when another is added; the type admin sets it; chips wear it', async ({ page }) => {
  const before = Object.fromEntries((await types()).map((t) => [t.name, t.color]));
  expect(before).toEqual({ Disease: TYPE_PALETTE[0], Drug: TYPE_PALETTE[1] });

  await page.setViewportSize(VIEWPORTS.desktop);
  await signIn(page, '/node-types');
  await page.getByRole('button', { name: 'Add Node Type' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Node Type' });
  await dialog.getByLabel(field('Node Type Name')).fill('Anatomy');
  // The next unused palette colour is offered; another one is chosen.
  await expect(dialog.getByRole('radio', { name: TYPE_PALETTE[2] })).toBeChecked();
  await dialog.getByRole('radio', { name: TYPE_PALETTE[5] }).check();
  await page.screenshot({ path: `${shots}/fields-type-colour-1440.png` });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  // 'Anatomy' sorts first: by position it would have recoloured Disease and Drug.
  const after = Object.fromEntries((await types()).map((t) => [t.name, t.color]));
  expect(after).toEqual({ ...before, Anatomy: TYPE_PALETTE[5] });
  const dot = page.getByRole('row').filter({ hasText: 'Anatomy' }).locator('.kg-type__dot');
  await expect(dot).toHaveCSS('background-color', rgb(TYPE_PALETTE[5]));

  // Edit Disease's colour with the custom input.
  await page.getByRole('button', { name: 'Edit Disease' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Node Type' });
  await expect(edit.getByRole('radio', { name: TYPE_PALETTE[0] })).toBeChecked();
  await edit.getByLabel('Custom colour').fill('#aa3366');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  expect((await types()).find((t) => t.name === 'Disease')?.color).toBe('#aa3366');

  // The node list's chip, the node detail's chip and the dashboard's card chip wear the type colour.
  await page.goto(url('/nodes'));
  const chip = page.locator('.kg-nodes__type').filter({ hasText: 'Disease' }).first();
  await expect(chip).toHaveCSS('background-color', rgb('#aa3366'));
  await page.screenshot({ path: `${shots}/fields-node-list-1440.png` });
  await page.goto(url('/search'));
  await expect(page.getByRole('article', { name: 'asthma' }).locator('.kg-chip', { hasText: 'Disease' })).toHaveCSS('background-color', rgb('#aa3366'));
  await page.goto(url('/dashboard'));
  await expect(page.locator('.kg-chip', { hasText: 'Disease' }).first()).toHaveCSS('background-color', rgb('#aa3366'));
  await page.screenshot({ path: `${shots}/fields-dashboard-1440.png` });
  // The graph's type filter chips (and its nodes) take the same stored colours.
  await page.getByRole('button', { name: 'Open knowledge graph' }).click();
  const chips = page.getByRole('group', { name: 'Node Types' });
  await expect(chips.getByRole('button', { name: 'Disease' }).locator('.kg-graph-dot')).toHaveCSS('background-color', rgb('#aa3366'));
  await expect(chips.getByRole('button', { name: 'Drug' }).locator('.kg-graph-dot')).toHaveCSS('background-color', rgb(TYPE_PALETTE[1]));
  await page.screenshot({ path: `${shots}/fields-graph-1440.png` });
  await page.setViewportSize(VIEWPORTS.phone);
  await page.goto(url('/nodes'));
  await expect(page.locator('.kg-nodes__type').filter({ hasText: 'Disease' }).first()).toHaveCSS('background-color', rgb('#aa3366'));
  await page.screenshot({ path: `${shots}/fields-node-list-390.png` });
  await page.goto(url('/node-types'));
  await page.getByRole('button', { name: 'Edit Drug' }).click();
  await page.screenshot({ path: `${shots}/fields-type-colour-390.png` });
});

test('item 3: a 600-character name is kept whole, counted, and refused with the length message', async ({ page }) => {
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/nodes') posts.push(r.url());
  });
  await page.setViewportSize(VIEWPORTS.desktop);
  await signIn(page, '/nodes/new');
  const name = page.getByRole('textbox', { name: field('Name') });
  const long = 'n'.repeat(600);
  await name.fill('n'.repeat(200));
  await expect(page.locator('.kg-field__count')).toHaveCount(0);
  // Near the limit (80 %) the counter appears.
  await name.fill('n'.repeat(210));
  await expect(page.getByText('210/255')).toBeVisible();
  await name.fill(long);
  await expect(name).toHaveValue(long);
  await expect(page.getByText('600/255')).toHaveClass(/kg-field__count--over/);
  await page.getByRole('button', { name: 'Create Node' }).click();
  await expect(page.getByText('Name must be 255 characters or less')).toBeVisible();
  await expect(page.getByText('Name is required')).toHaveCount(0);
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: `${shots}/fields-name-too-long-1440.png` });
  await page.setViewportSize(VIEWPORTS.phone);
  await name.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/fields-name-too-long-390.png` });
  expect(posts).toEqual([]);

  // The type form: a pasted long name is not cut by maxLength; Save says why.
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto(url('/node-types'));
  await page.getByRole('button', { name: 'Add Node Type' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Node Type' });
  const typeName = dialog.getByLabel(field('Node Type Name'));
  await typeName.fill('t'.repeat(300));
  await expect(typeName).toHaveValue('t'.repeat(300));
  await expect(dialog.getByText('300/255')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Name must be 255 characters or less')).toBeVisible();
  await expect(dialog).toBeVisible();
});

test('item 4: the SNOMED picker marks a code used by another node and warns as soon as it is picked', async ({ page }) => {
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/nodes') posts.push(r.url());
  });
  await page.setViewportSize(VIEWPORTS.desktop);
  await signIn(page, '/nodes/new');
  await page.getByRole('textbox', { name: field('Name') }).fill('Wheeze');
  const picker = page.getByRole('combobox', { name: 'SNOMED Code' });
  await picker.click();
  await picker.fill('Asthma');
  const list = page.getByRole('listbox', { name: 'SNOMED Code' });
  const used = list.getByRole('option', { name: /701001/ });
  await expect(used).toContainText('Used by asthma');
  await expect(list.getByRole('option', { name: /701000/ })).not.toContainText('Used by');
  await page.screenshot({ path: `${shots}/fields-snomed-used-1440.png` });
  await used.click();
  const warning = 'SNOMED code 701001 is already used by node "asthma"';
  await expect(page.getByText(warning)).toBeVisible();
  await expect(picker).toHaveAttribute('aria-invalid', 'true');
  // Submitting is refused in the browser with the same words.
  await page.getByRole('button', { name: 'Create Node' }).click();
  await expect(page.getByText(warning)).toBeVisible();
  expect(posts).toEqual([]);
  await page.setViewportSize(VIEWPORTS.phone);
  await picker.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/fields-snomed-used-390.png` });

  // The node's own code, when editing it, is not "in use".
  const asthma = (await api<{ data: { id: string; name: string }[] }>('/nodes?search=asthma')).body.data.find((n) => n.name === 'asthma')!;
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto(url(`/nodes/${asthma.id}/edit`));
  await expect(page.getByRole('combobox', { name: 'SNOMED Code' })).toHaveValue(/701001/);
  await expect(page.getByText(/already used by/)).toHaveCount(0);
});
