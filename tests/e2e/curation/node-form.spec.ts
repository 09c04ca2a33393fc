import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { SNOMED_HEADER, snomedRows, xlsx } from '../support/import-files';
import { startServer, type TestServer } from '../support/server';
import { openSignedIn, type Credentials } from '../support/session';

/**
 * The create and edit node pages (/nodes/new, /nodes/{id}/edit) against the real server: the
 * shared node form, its node type and SNOMED pickers, attachments (queue, refuse, delete, partial
 * upload failure) and the redirects. One server for the file; the tests run in order.
 * Needs `npm run build` first.
 */
test.describe.configure({ mode: 'serial' });

let server: TestServer;
let token = '';
const admin = { username: 'ada', email: 'ada@example.org', password: 'first-pass' };
const url = (p: string) => `${server.url}${p}`;
const shots = path.resolve(import.meta.dirname, '../../../.tmp/shots');

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
const multipart = (name: string, data: Buffer | string) => {
  const form = new FormData();
  form.append('file', new Blob([typeof data === 'string' ? data : new Uint8Array(data)]), name);
  return form;
};
interface NodeDetail {
  id: string;
  name: string;
  nodeType: string;
  snomedCode: string | null;
  url: string | null;
  attachments: { id: string; filename: string; size: number }[];
}
const createNode = async (body: Record<string, unknown>) => (await api<{ id: string }>('/nodes', { method: 'POST', body })).body.id;
const getNode = async (id: string) => (await api<NodeDetail>(`/nodes/${id}`)).body;

const signIn = (page: Page, p: string, who: Credentials = admin) => openSignedIn(page, server.url, who, p);

/** Console errors of the page (there should be none). */
function consoleErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

const field = (label: string) => new RegExp(`^${label}\\*?$`);
const form = (page: Page) => page.locator('form.kg-node-form');
const nodeTypePicker = (page: Page) => page.getByRole('combobox', { name: field('Node Type') });
const snomedPicker = (page: Page) => page.getByRole('combobox', { name: 'SNOMED Code' });
const listbox = (page: Page, name: string) => page.getByRole('listbox', { name: field(name) });
const fileInput = (page: Page) => page.locator('input[type="file"]');
const textFile = (name: string, text = 'clinical notes\n') => ({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });

async function chooseType(page: Page, name: string) {
  await nodeTypePicker(page).click();
  await nodeTypePicker(page).fill(name.slice(0, 3));
  await listbox(page, 'Node Type').getByRole('option', { name, exact: true }).click();
  await expect(nodeTypePicker(page)).toHaveValue(name);
}

/** A screenshot for review: the whole page from the top, or (with a popup open) the viewport as it is. */
async function shoot(page: Page, name: string, { popup = false } = {}) {
  fs.mkdirSync(shots, { recursive: true });
  if (!popup) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: !popup });
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer();
  token = (await api<{ accessToken: string }>('/auth/register', { method: 'POST', body: admin })).body.accessToken;
  for (const name of ['Disease', 'Symptom', 'Drug']) expect((await api('/nodetypes', { method: 'POST', body: { name } })).status).toBe(201);
  expect((await api('/relationtypes', { method: 'POST', body: { name: 'associated with' } })).status).toBe(201);
  // 30 "Asthma finding" descriptions (every fourth inactive: 23 active, more than one picker page of 20) and a few others.
  const rows = [SNOMED_HEADER, ...snomedRows(1000, 30, 'Asthma finding'), ...snomedRows(2000, 3, 'Hypertension')];
  const imported = await api<{ summary: { created: number } }>('/snomed/import', { method: 'POST', body: multipart('concepts.xlsx', xlsx(rows)) });
  expect(imported.status).toBe(200);
  expect(imported.body.summary.created).toBe(33);
});
test.afterAll(async () => {
  await server?.stop();
});

test('create: validation, Enter does not submit, refused file types, queued files, then /nodes with the attachment', async ({ page }) => {
  const errors = consoleErrors(page);
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname.startsWith('/api/nodes')) posts.push(new URL(r.url()).pathname);
  });
  await signIn(page, '/nodes/new');
  await expect(page.getByRole('heading', { name: 'Create New Knowledge Node' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create Knowledge Node' })).toBeVisible();
  await expect(nodeTypePicker(page)).toHaveAttribute('placeholder', 'Search for a node type...');
  await expect(snomedPicker(page)).toHaveAttribute('placeholder', 'Type code or term to search...');
  await expect(page.getByRole('textbox', { name: 'URL' })).toHaveAttribute('type', 'url');
  await expect(page.getByRole('textbox', { name: 'Description' })).toHaveAttribute('rows', '4');
  await expect(page.getByRole('textbox', { name: 'Note' })).toHaveAttribute('rows', '2');

  // Enter in a field does not submit (no messages, no call); the button does, and shows the messages.
  const name = page.getByRole('textbox', { name: field('Name') });
  await name.press('Enter');
  await expect(page.getByText('Name is required')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create Node' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Node type is required')).toBeVisible();
  await expect(name).toBeFocused();
  await name.fill('Exercise-induced asthma');
  await expect(page.getByText('Name is required')).toHaveCount(0); // editing clears the message
  await chooseType(page, 'Disease');
  await page.getByRole('textbox', { name: 'URL' }).fill('javascript:alert(1)');
  await name.press('Enter');
  await expect(page.getByText('Please enter a valid URL')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create Node' }).click();
  await expect(page.getByText('Please enter a valid URL')).toBeVisible();
  await page.getByRole('textbox', { name: 'URL' }).fill('https://example.org/asthma');
  await page.getByRole('textbox', { name: 'URL' }).press('Enter');
  expect(posts).toEqual([]);
  await page.getByRole('textbox', { name: 'Description' }).fill('Bronchoconstriction after exertion.');

  // Attachments: a refused type is named; allowed files queue and can be removed before saving.
  await fileInput(page).setInputFiles([textFile('plan.txt', 'a'.repeat(2048)), { name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') }]);
  await expect(page.getByRole('alert').filter({ hasText: 'tool.exe: file type not allowed. Allowed types: pdf, doc, docx' })).toBeVisible();
  const queue = page.getByRole('list', { name: 'To upload on save' });
  await expect(queue.getByRole('listitem')).toHaveCount(1);
  await expect(queue.getByRole('listitem')).toContainText('plan.txt2.00 KB');
  await fileInput(page).setInputFiles([textFile('draft.txt')]);
  await expect(queue.getByRole('listitem')).toHaveCount(2);
  await queue.getByRole('button', { name: 'Remove draft.txt' }).click();
  await expect(queue.getByRole('listitem')).toHaveCount(1);

  await snomedPicker(page).click();
  await expect(page.getByRole('status').filter({ hasText: 'Type to search SNOMED' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'create page with the SNOMED picker open');
  await shoot(page, 'node-create-picker-1280', { popup: true });
  await page.keyboard.press('Escape');
  await shoot(page, 'node-create-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'node-create-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  // While saving, everything is disabled and the button spins.
  await page.route('**/api/nodes', async (route) => {
    await new Promise((r) => setTimeout(r, 600));
    await route.continue();
  });
  // The files go after the node is saved; the form says how far they are and stays disabled.
  await page.route('**/api/nodes/*/attachments', async (route) => {
    await new Promise((r) => setTimeout(r, 3000));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Create Node' }).click();
  await expect(name).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Create Node' })).toBeDisabled();
  await expect(page.getByRole('status').filter({ hasText: 'Uploading attachments (0/1)...' })).toBeVisible();
  await expect(name).toBeDisabled();
  await shoot(page, 'node-create-uploading-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'node-create-uploading-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page).toHaveURL(url('/nodes'), { timeout: 10_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Node created successfully' })).toBeVisible();
  await page.unroute('**/api/nodes');
  await page.unroute('**/api/nodes/*/attachments');

  const list = await api<{ data: { id: string; name: string }[] }>('/nodes?search=Exercise-induced');
  const created = await getNode(list.body.data[0].id);
  expect(created).toMatchObject({ name: 'Exercise-induced asthma', nodeType: 'Disease', url: 'https://example.org/asthma', snomedCode: null });
  expect(created.attachments.map((a) => [a.filename, a.size])).toEqual([['plan.txt', 2048]]);
  expect(errors).toEqual([]);
});

test('create: the server error shows above the form; Cancel on a page opened directly goes to the parent', async ({ page }) => {
  await createNode({ name: 'Wheeze', nodeType: 'Symptom' });
  await signIn(page, '/nodes/new');
  await page.getByRole('textbox', { name: field('Name') }).fill('Wheeze');
  await chooseType(page, 'Symptom');
  await page.getByRole('button', { name: 'Create Node' }).click();
  await expect(form(page).getByRole('alert')).toHaveText('A node named "Wheeze" of type "Symptom" already exists');
  await expect(page).toHaveURL(url('/nodes/new'));
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(url('/nodes'));
});

test('edit: SNOMED picker pages on scroll, type locked by relations, attachment deleted, partial upload failure then the node view', async ({ page }) => {
  const errors = consoleErrors(page);
  const id = await createNode({ name: 'Asthma', nodeType: 'Disease', note: 'Chronic' });
  const other = await createNode({ name: 'Cough', nodeType: 'Symptom' });
  expect((await api('/relations', { method: 'POST', body: { sourceNodeId: id, targetNodeId: other, relationType: 'associated with', relationName: 'has symptom', weight: 50 } })).status).toBe(201);
  expect((await api(`/nodes/${id}/attachments`, { method: 'POST', body: multipart('protocol.txt', 'x'.repeat(1536)) })).status).toBe(201);
  expect((await api(`/nodes/${id}/attachments`, { method: 'POST', body: multipart('old-notes.txt', 'old') })).status).toBe(201);

  const snomedCalls: URL[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname === '/api/snomed/concepts') snomedCalls.push(u);
  });
  await signIn(page, `/nodes/${id}/edit`);
  await expect(page.getByRole('heading', { name: 'Edit Knowledge Node' })).toHaveCount(2); // page title and form heading
  await expect(page.getByRole('textbox', { name: field('Name') })).toHaveValue('Asthma');
  await expect(page.getByRole('textbox', { name: 'Note' })).toHaveValue('Chronic');
  await expect(nodeTypePicker(page)).toHaveValue('Disease');
  await expect(nodeTypePicker(page)).toBeDisabled();
  await expect(page.getByText('Relations exist, update of node type is disabled.')).toBeVisible();

  // Existing attachments: name and size; delete asks first and happens at once.
  const current = page.getByRole('list', { name: 'Current attachments' });
  await expect(current.getByRole('listitem')).toHaveCount(2);
  await expect(current.getByRole('listitem').filter({ hasText: 'protocol.txt' })).toContainText('1.50 KB');
  await current.getByRole('button', { name: 'Delete old-notes.txt' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Attachment' });
  await expect(confirm).toContainText('Are you sure you want to delete old-notes.txt?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(current.getByRole('listitem')).toHaveCount(2);
  await current.getByRole('button', { name: 'Delete old-notes.txt' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Attachment deleted successfully' })).toBeVisible();
  await expect(current.getByRole('listitem')).toHaveCount(1);
  expect((await getNode(id)).attachments.map((a) => a.filename)).toEqual(['protocol.txt']);

  // SNOMED picker: nothing until typing; 20 a page; the next page on scrolling to the bottom.
  await snomedPicker(page).click();
  const list = listbox(page, 'SNOMED Code');
  await expect(page.getByRole('status').filter({ hasText: 'Type to search SNOMED' })).toBeVisible();
  await snomedPicker(page).fill('zzz');
  await expect(page.getByRole('status').filter({ hasText: 'No code found' })).toBeVisible();
  await snomedPicker(page).fill('asthma finding');
  await expect(list.getByRole('option')).toHaveCount(20);
  const first = snomedCalls.at(-1)!;
  expect(Object.fromEntries(first.searchParams)).toMatchObject({ page: '1', limit: '20', search: 'asthma finding', status: 'active' });
  await expectNoSeriousA11yViolations(page, 'edit page with the SNOMED picker open');
  await shoot(page, 'node-edit-picker-1280', { popup: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await snomedPicker(page).scrollIntoViewIfNeeded();
  await shoot(page, 'node-edit-picker-390', { popup: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await list.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(list.getByRole('option')).toHaveCount(23);
  expect(snomedCalls.at(-1)!.searchParams.get('page')).toBe('2');
  await snomedPicker(page).fill('Asthma finding 06');
  await list.getByRole('option', { name: /Asthma finding 06$/ }).click();
  await expect(snomedPicker(page)).toHaveValue('701005 — Asthma finding 06');

  // A .pdf that is not a PDF is refused by the server: the node is saved, the notice shows, then the node view after 3 s.
  await fileInput(page).setInputFiles([
    { name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not really a pdf') },
    textFile('summary.txt'),
  ]);
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'node-edit-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shoot(page, 'node-edit-1280');
  await page.getByRole('textbox', { name: field('Name') }).fill('Asthma (bronchial)');
  await page.getByRole('button', { name: 'Update Node' }).click();
  const notice = page.getByRole('status').filter({ hasText: 'Node updated but 1/2 attachment(s) failed to upload' });
  await expect(notice).toBeVisible();
  const shownAt = Date.now();
  await expect(page).toHaveURL(url(`/nodes/${id}/edit`));
  await page.waitForURL(url(`/nodes/view/${id}`), { timeout: 8000 });
  expect(Date.now() - shownAt).toBeGreaterThan(2000);

  const saved = await getNode(id);
  expect(saved).toMatchObject({ name: 'Asthma (bronchial)', nodeType: 'Disease', snomedCode: '701005' });
  expect(saved.attachments.map((a) => a.filename).sort()).toEqual(['protocol.txt', 'summary.txt']);
  expect(errors.filter((e) => !e.includes('415'))).toEqual([]);
});

test('edit: a node without relations can change type; stale SNOMED answers dropped; clearing SNOMED and URL sends blanks; load failure', async ({ page }) => {
  const id = await createNode({ name: 'Salbutamol', nodeType: 'Drug', snomedCode: '701001', url: 'https://example.org/salbutamol' });
  await signIn(page, `/nodes/${id}/edit`);
  await expect(snomedPicker(page)).toHaveValue('701001 — Asthma finding 02');
  await expect(nodeTypePicker(page)).toBeEnabled();
  await expect(page.getByText('Relations exist, update of node type is disabled.')).toHaveCount(0);
  await chooseType(page, 'Disease');

  // A slow answer for an older search is dropped: the list shows only the latest search.
  await page.route('**/api/snomed/concepts?*', async (route) => {
    if (new URL(route.request().url()).searchParams.get('search') === 'asthma') await new Promise((r) => setTimeout(r, 1500));
    await route.continue().catch(() => undefined); // the page aborted it
  });
  await snomedPicker(page).click();
  await snomedPicker(page).fill('asthma');
  await page.waitForRequest((r) => r.url().includes('search=asthma'));
  await snomedPicker(page).fill('hypertension');
  const list = listbox(page, 'SNOMED Code');
  await expect(list.getByRole('option')).toHaveCount(3);
  await page.waitForTimeout(1800);
  await expect(list.getByRole('option')).toHaveText(['702000 — Hypertension 01', '702001 — Hypertension 02', '702002 — Hypertension 03']);
  await page.keyboard.press('Escape');
  await page.unroute('**/api/snomed/concepts?*');
  await expect(snomedPicker(page)).toHaveValue('701001 — Asthma finding 02');

  await page.getByRole('button', { name: 'Clear SNOMED Code' }).click();
  await expect(snomedPicker(page)).toHaveValue('');
  await page.getByRole('textbox', { name: 'URL' }).fill('');
  await expectNoSeriousA11yViolations(page, 'edit page');
  await page.getByRole('button', { name: 'Update Node' }).click();
  await expect(page).toHaveURL(url(`/nodes/view/${id}`));
  // The save says so on the page it lands on.
  await expect(page.getByRole('status').filter({ hasText: 'Node updated successfully' })).toBeVisible();
  expect(await getNode(id)).toMatchObject({ nodeType: 'Disease', snomedCode: null, url: null });

  // An id that names no node: 'Node not found' with the way back, not a load error.
  await page.goto(url('/nodes/00000000-0000-4000-8000-000000000000/edit'));
  await expect(page.getByRole('heading', { name: 'Node not found' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Back to Knowledge Nodes' }).click();
  await expect(page).toHaveURL(url('/nodes'));
});


test('a viewer sees the form read-only', async ({ page }) => {
  const viewer = { username: 'vic', email: 'vic@example.org', password: 'viewer-pass' };
  expect((await api('/auth/register', { method: 'POST', body: viewer })).status).toBe(201);
  await signIn(page, '/nodes/new', viewer);
  await expect(page.getByRole('status').filter({ hasText: 'Your role cannot create nodes.' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: field('Name') })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Create Node' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeEnabled();
});
