import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { startServer, type TestServer } from '../support/server';
import { openSignedIn, type Credentials } from '../support/session';

/**
 * The Knowledge Nodes list and node detail (host /nodes, /nodes/view/:id) and <kg-node-manager>
 * on the examples page, against the real server with the sample graph (412 nodes). One server
 * for the file; the tests run in order on its database. Needs `npm run build` first.
 * KG_SHOTS=1 also saves screenshots to .tmp/shots/.
 */
test.describe.configure({ mode: 'serial' });

let server: TestServer;
const admin = { username: 'ada', email: 'ada@example.org', password: 'first-pass' };
const viewer = { username: 'vic', email: 'vic@example.org', password: 'second-pass' };
const url = (path: string) => `${server.url}${path}`;
let adminToken = '';

async function call<T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(url(`/api${path}`), {
    method: init.method ?? 'GET',
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), authorization: `Bearer ${init.token ?? adminToken}` },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}
const createNode = async (body: Record<string, string>) => {
  const res = await call<{ id: string }>('/nodes', { method: 'POST', body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
};

/** Opens a host page already signed in (tokens in localStorage, as after a sign-in). */
const signIn = (page: Page, path: string, who: Credentials = admin) => openSignedIn(page, server.url, who, path);

async function shot(page: Page, name: string) {
  if (process.env.KG_SHOTS) await page.screenshot({ path: `.tmp/shots/${name}.png`, fullPage: true });
}

const rows = (page: Page | Locator) => page.getByRole('region', { name: 'Knowledge Nodes' }).getByRole('row');
const row = (page: Page | Locator, text: string) => rows(page).filter({ hasText: text });
/** The names in the table, top to bottom. */
const names = (page: Page) => page.locator('.kg-nodes-table tbody tr .kg-nodes__name').allTextContents();
const search = (page: Page | Locator) => page.getByRole('searchbox', { name: 'Search' });

const seeded = { detail: '', related: '', lonely: '' };
const attachment = { name: 'discharge-notes.txt', body: 'Follow-up in two weeks.\n'.repeat(540) };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer({ KG_SAMPLE_DATA: '1' });
  const reg = await call<{ accessToken: string }>('/auth/register', { method: 'POST', body: admin });
  expect(reg.status).toBe(201);
  adminToken = reg.body.accessToken;
  expect((await call('/auth/register', { method: 'POST', body: viewer })).status).toBe(201);

  // Three list nodes whose names sort differently from their creation order.
  await createNode({ name: 'Beta Testnode', nodeType: 'Drug', description: 'Second by name, created first.' });
  await createNode({ name: 'Gamma Testnode', nodeType: 'Symptom', description: 'Last by name.' });
  await createNode({ name: 'Alpha Testnode', nodeType: 'Symptom', description: 'First by name, created last of the three.' });
  seeded.lonely = await createNode({ name: 'Lonely Finding', nodeType: 'Symptom', description: 'A node without relations.' });
  // The detail node: every field, one attachment and one outgoing relation to a sample drug.
  seeded.detail = await createNode({
    name: 'Kgtest Migraine Variant',
    nodeType: 'Disease',
    snomedCode: '123456789',
    url: 'https://example.org/migraine-variant',
    description: 'A migraine variant with aura, used by the node detail test.',
    note: 'Reviewed by the headache clinic.',
  });
  // A relation type without rules: the sample graph's types fit only Drug/Symptom → Disease.
  expect((await call('/relationtypes', { method: 'POST', body: { name: 'related to' } })).status).toBe(201);
  const drugs = await call<{ data: { id: string; name: string }[] }>('/nodes?search=methotrexate');
  seeded.related = drugs.body.data.find((n) => n.name === 'Methotrexate')!.id;
  const rel = await call('/relations', {
    method: 'POST',
    body: { sourceNodeId: seeded.detail, targetNodeId: seeded.related, relationType: 'related to', relationName: 'relieved by', weight: 40 },
  });
  expect(rel.status, JSON.stringify(rel.body)).toBe(201);
  const form = new FormData();
  form.append('file', new Blob([attachment.body], { type: 'text/plain' }), attachment.name);
  const up = await fetch(url(`/api/nodes/${seeded.detail}/attachments`), { method: 'POST', headers: { authorization: `Bearer ${adminToken}` }, body: form });
  expect(up.status, await up.clone().text()).toBe(201);
});
test.afterAll(async () => {
  await server?.stop();
});

test('list: newest first, server search (debounced), type filter, sort, page size, grid view', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  const listCalls: URL[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname === '/api/nodes') listCalls.push(u);
  });
  await signIn(page, '/nodes');
  await expect(page.getByRole('heading', { name: 'Knowledge Nodes', level: 1 })).toBeVisible();
  await expect(page.getByText('Manage your knowledge nodes')).toBeVisible();
  // Default: table (wide screen), createdAt descending, 10 rows, the server's total.
  await expect(rows(page)).toHaveCount(11); // header + 10
  expect((await names(page)).slice(0, 2)).toEqual(['Kgtest Migraine Variant', 'Lonely Finding']);
  await expect(page.getByText('1–10 of 417')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Created' })).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByRole('columnheader', { name: 'Description' })).toBeVisible();
  expect(listCalls.at(-1)!.searchParams.get('limit')).toBe('10');
  await expectNoSeriousA11yViolations(page, 'on /nodes');
  await shot(page, 'list-table-1280');

  // Search: one request after typing stops, matching name or description.
  const before = listCalls.length;
  await search(page).pressSequentially('testnode', { delay: 20 });
  await expect(rows(page)).toHaveCount(4);
  expect(listCalls.length - before).toBe(1);
  expect(listCalls.at(-1)!.searchParams.get('search')).toBe('testnode');
  expect(await names(page)).toEqual(['Alpha Testnode', 'Gamma Testnode', 'Beta Testnode']);
  await search(page).fill('headache clinic'); // the note is not searched
  await expect(page.getByText('No knowledge nodes found')).toBeVisible();
  await search(page).fill('aura, used by');
  await expect(rows(page)).toHaveCount(2);
  await expect(row(page, 'Kgtest Migraine Variant')).toBeVisible();

  // A slow answer to an older search never replaces the newer one.
  await page.route('**/api/nodes?*', async (route) => {
    if (new URL(route.request().url()).searchParams.get('search') === 'Gamma Testnode') await new Promise((r) => setTimeout(r, 1500));
    await route.continue().catch(() => undefined); // aborted by the newer search
  });
  await search(page).fill('Gamma Testnode');
  await page.waitForRequest((r) => new URL(r.url()).searchParams.get('search') === 'Gamma Testnode');
  await search(page).fill('Beta Testnode');
  await expect(row(page, 'Beta Testnode')).toBeVisible();
  await page.waitForTimeout(1800);
  await expect(rows(page)).toHaveCount(2);
  await expect(row(page, 'Beta Testnode')).toBeVisible();
  await page.unroute('**/api/nodes?*');

  // Type filter from the node types, combined with the search.
  await search(page).fill('Testnode');
  await expect(rows(page)).toHaveCount(4);
  await page.getByLabel('Node Type').selectOption('Symptom');
  await expect(rows(page)).toHaveCount(3);
  expect(await names(page)).toEqual(['Alpha Testnode', 'Gamma Testnode']);
  await page.getByLabel('Node Type').selectOption('');
  await expect(rows(page)).toHaveCount(4);

  // Sorting by a header: ascending, then descending.
  await page.getByRole('button', { name: 'Name', exact: true }).click();
  await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(() => names(page)).toEqual(['Alpha Testnode', 'Beta Testnode', 'Gamma Testnode']);
  await page.getByRole('button', { name: 'Name', exact: true }).click();
  await expect.poll(() => names(page)).toEqual(['Gamma Testnode', 'Beta Testnode', 'Alpha Testnode']);
  expect(listCalls.at(-1)!.searchParams.get('sortBy')).toBe('name');
  expect(listCalls.at(-1)!.searchParams.get('sortOrder')).toBe('desc');
  await page.getByRole('button', { name: 'Type', exact: true }).click();
  await expect(page.getByRole('columnheader', { name: 'Type' })).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(async () => (await names(page))[0]).toBe('Beta Testnode'); // Drug before Symptom

  // Paging over the whole catalogue; a new page size returns to the first page.
  await search(page).fill('');
  await expect(page.getByText('1–10 of 417')).toBeVisible();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('11–20 of 417')).toBeVisible();
  await page.getByLabel('Rows per page:').selectOption('25');
  await expect(page.getByText('1–25 of 417')).toBeVisible();
  await expect(rows(page)).toHaveCount(26);
  await page.getByLabel('Rows per page:').selectOption('5');
  await expect(page.getByText('1–5 of 417')).toBeVisible();
  // The range shows before the rows arrive. Until then the 25 rows keep the screen scrolled (the
  // toggle 137 px higher); the short page that follows moves it back down, and a click pressed
  // before that move and released after it lands on no button.
  await expect(rows(page)).toHaveCount(6);

  // Grid view: cards with name, type, description and created date; its own sort select.
  await page.getByRole('button', { name: 'Grid view' }).click();
  await expect(page.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'true');
  await search(page).fill('Testnode');
  const cards = page.getByRole('list', { name: 'Knowledge Nodes' }).getByRole('listitem');
  await expect(cards).toHaveCount(3);
  await page.getByLabel('Sort by').selectOption({ label: 'Name (A–Z)' });
  await expect(cards.first()).toContainText('Alpha Testnode');
  await expect(cards.first()).toContainText('Symptom');
  await expect(cards.first()).toContainText('First by name, created last of the three.');
  await expect(cards.first()).toContainText(/Created \w{3} \d{1,2}, \d{4}/);
  await shot(page, 'list-grid-1280');
  await page.getByRole('button', { name: 'Table view' }).click();
  await expect(rows(page)).toHaveCount(4);
  expect(errors).toEqual([]);
});

test('list: load errors, View Graph only with relations, Create Relation, delete with confirmation and toasts', async ({ page }) => {
  let failures = 2; // a failed read: its first try and the one retry of a GET (api/http.ts)
  await page.route('**/api/nodes?*', (route) => (failures-- > 0 ? route.fulfill({ status: 500, json: { error: 'boom', code: 'internal_error' } }) : route.continue()));
  await page.route('**/api/nodetypes', (route) => route.fulfill({ status: 500, json: { error: 'boom', code: 'internal_error' } }));
  await signIn(page, '/nodes');
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load nodes. Please try again.' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load node types.' })).toBeVisible();
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(rows(page)).toHaveCount(11);
  await page.unroute('**/api/nodetypes');

  await search(page).fill('Lonely Finding');
  await expect(rows(page)).toHaveCount(2);
  // No relations: View Graph is inert and says why.
  const lonelyGraph = row(page, 'Lonely Finding').getByRole('button', { name: 'View Graph of Lonely Finding' });
  await expect(lonelyGraph).toHaveAttribute('aria-disabled', 'true');
  await expect(lonelyGraph).toHaveAccessibleDescription('No relations exist');
  await lonelyGraph.hover();
  await expect(page.locator('.kg-tooltip')).toHaveText('No relations exist');
  await lonelyGraph.click({ force: true });
  await expect(page.getByRole('dialog', { name: 'Enhanced Knowledge Graph Visualization' })).toHaveCount(0);

  // With relations: the graph dialog focused on the node.
  await search(page).fill('Kgtest Migraine');
  await expect(rows(page)).toHaveCount(2);
  await row(page, 'Kgtest Migraine Variant').getByRole('button', { name: 'View Graph of Kgtest Migraine Variant' }).click();
  const graph = page.getByRole('dialog', { name: 'Enhanced Knowledge Graph Visualization' });
  await expect(graph).toBeVisible();
  await expect(graph.getByText('Focusing on: Kgtest Migraine Variant')).toBeVisible();
  await graph.getByRole('button', { name: 'Close' }).last().click();
  await expect(graph).toHaveCount(0);

  // Create Relation goes to the relation form with the source preset.
  await row(page, 'Kgtest Migraine Variant').getByRole('button', { name: 'Create Relation from Kgtest Migraine Variant' }).click();
  await expect(page).toHaveURL(url(`/nodes/${seeded.detail}/relations/new`));
  await page.goBack();

  // Delete: the confirmation; a failure toast; then success and the row is gone.
  const doomed = await createNode({ name: 'Doomed Testcase', nodeType: 'Drug' });
  await search(page).fill('Doomed Testcase');
  await expect(rows(page)).toHaveCount(2);
  await row(page, 'Doomed Testcase').getByRole('button', { name: 'Delete Doomed Testcase' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Node' });
  await expect(confirm).toContainText('Are you sure you want to delete this node? This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await page.route(`**/api/nodes/${doomed}`, (route) => (route.request().method() === 'DELETE' ? route.fulfill({ status: 500, json: { error: 'boom', code: 'internal_error' } }) : route.continue()));
  await row(page, 'Doomed Testcase').getByRole('button', { name: 'Delete Doomed Testcase' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to delete knowledge node' })).toBeVisible();
  await page.unroute(`**/api/nodes/${doomed}`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Node deleted successfully' })).toBeVisible();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByText('No knowledge nodes found')).toBeVisible();
  expect((await call(`/nodes/${doomed}`)).status).toBe(404);
  // The toast hides by itself after 6 s.
  await expect(page.getByRole('status').filter({ hasText: 'Node deleted successfully' })).toHaveCount(0, { timeout: 9_000 });
});

test('list: a completed bulk upload reloads the list', async ({ page }) => {
  await signIn(page, '/nodes');
  await search(page).fill('Uploaded Nodeling');
  await expect(page.getByText('No knowledge nodes found')).toBeVisible();
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk Upload Nodes' });
  await dialog.getByLabel('Choose File').setInputFiles({ name: 'nodes.csv', mimeType: 'text/csv', buffer: Buffer.from('name,nodetype\nUploaded Nodeling,Symptom\n') });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByText('Upload Completed', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Nodes uploaded successfully' })).toBeVisible();
  await expect(row(page, 'Uploaded Nodeling')).toBeVisible();
  await expect(search(page)).toHaveValue('Uploaded Nodeling');
});

test('list: back from a node shows the same search and page; what the graph dialog deleted leaves the list when it closes', async ({ page }) => {
  const kept = await createNode({ name: 'Keepsake Testnode', nodeType: 'Symptom' });
  const partner = await createNode({ name: 'Keepsake Partner', nodeType: 'Symptom' });
  for (let i = 1; i <= 12; i++) await createNode({ name: `Keepsake Filler ${i}`, nodeType: 'Drug' });
  const rel = await call('/relations', { method: 'POST', body: { sourceNodeId: kept, targetNodeId: partner, relationType: 'related to', relationName: 'kept with' } });
  expect(rel.status, JSON.stringify(rel.body)).toBe(201);

  await signIn(page, '/nodes');
  await search(page).fill('Keepsake');
  await expect(page.getByText('1–10 of 14')).toBeVisible();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('11–14 of 14')).toBeVisible();
  await row(page, 'Keepsake Testnode').getByRole('button', { name: 'View Keepsake Testnode' }).click();
  await expect(page).toHaveURL(url(`/nodes/view/${kept}`));
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(url('/nodes'));
  await expect(search(page)).toHaveValue('Keepsake');
  await expect(page.getByText('11–14 of 14')).toBeVisible();

  // Deleted while the graph is open (as its node panel does): gone from the list once the dialog closes.
  await row(page, 'Keepsake Testnode').getByRole('button', { name: 'View Graph of Keepsake Testnode' }).click();
  const graph = page.getByRole('dialog', { name: 'Enhanced Knowledge Graph Visualization' });
  await expect(graph.getByText('Focusing on: Keepsake Testnode')).toBeVisible();
  expect((await call(`/nodes/${partner}`, { method: 'DELETE' })).status).toBe(204);
  await expect(row(page, 'Keepsake Partner')).toHaveCount(1);
  await graph.getByRole('button', { name: 'Close' }).last().click();
  await expect(graph).toHaveCount(0);
  await expect(row(page, 'Keepsake Partner')).toHaveCount(0);
  await expect(page.getByText('11–13 of 13')).toBeVisible();
});

test('detail: fields, attachment in KB with Download, relations, creator; View Relations opens the graph', async ({ page }) => {
  await signIn(page, '/nodes');
  await search(page).fill('Kgtest Migraine');
  await expect(rows(page)).toHaveCount(2);
  await row(page, 'Kgtest Migraine Variant').getByRole('button', { name: 'Kgtest Migraine Variant', exact: true }).click();
  await expect(page).toHaveURL(url(`/nodes/view/${seeded.detail}`));
  await expect(page.getByRole('heading', { name: 'Kgtest Migraine Variant' })).toBeVisible();
  await expect(page.locator('.kg-topbar__title')).toHaveText('Node Detail');
  const main = page.locator('.kg-node-detail__main');
  await expect(main.locator('.kg-node-detail__type')).toHaveText('Disease');
  await expect(main).toContainText('123456789');
  const link = main.getByRole('link', { name: 'https://example.org/migraine-variant' });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
  await expect(main).toContainText('A migraine variant with aura, used by the node detail test.');
  await expect(main).toContainText('Reviewed by the headache clinic.');
  await expect(main.locator('.kg-node-detail__footer')).toHaveText(/^Created \w{3} \d{1,2}, \d{4} by ada$/);

  const files = page.getByRole('list', { name: 'Attachments' });
  await expect(files.getByRole('listitem')).toHaveCount(1);
  await expect(files).toContainText(attachment.name);
  await expect(files).toContainText('12.66 KB');
  const download = page.waitForEvent('download');
  await files.getByRole('button', { name: `Download ${attachment.name}` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(attachment.name);
  const saved = await file.path();
  const { readFile } = await import('node:fs/promises');
  expect(await readFile(saved, 'utf8')).toBe(attachment.body);

  // Grouped by direction and type: one outgoing 'related to' group with its entry and strength.
  const relations = page.getByRole('list', { name: 'Outgoing: related to' });
  await expect(relations.getByRole('listitem')).toHaveCount(1);
  await expect(relations).toContainText('to Methotrexate');
  await expect(relations).toContainText(/Strength \d+ of 100/);
  await expectNoSeriousA11yViolations(page, 'on the node detail');
  await shot(page, 'detail-1280');

  // A failed download link: the spec's toast.
  await page.route('**/api/nodes/*/attachments/*/download', (route) => route.fulfill({ status: 500, json: { error: 'boom', code: 'internal_error' } }));
  await files.getByRole('button', { name: `Download ${attachment.name}` }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to download attachment' })).toBeVisible();

  await page.getByRole('button', { name: 'View Relations' }).click();
  const graph = page.getByRole('dialog', { name: 'Enhanced Knowledge Graph Visualization' });
  await expect(graph.getByText('Focusing on: Kgtest Migraine Variant')).toBeVisible();
  await graph.getByRole('button', { name: 'Close' }).last().click();

  // The related node's name opens its detail; Add Relation and Edit go to their routes.
  await relations.getByRole('button', { name: 'Methotrexate' }).click();
  await expect(page).toHaveURL(url(`/nodes/view/${seeded.related}`));
  await expect(page.getByRole('heading', { name: 'Methotrexate' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Incoming: related to' })).toContainText('from Kgtest Migraine Variant');
  await page.getByRole('button', { name: 'Add Relation' }).click();
  await expect(page).toHaveURL(url(`/nodes/${seeded.related}/relations/new`));
  await page.goBack();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page).toHaveURL(url(`/nodes/${seeded.related}/edit`));
});

test('detail: a node without relations has no View Relations; delete returns to the list after the toast', async ({ page }) => {
  await signIn(page, `/nodes/view/${seeded.lonely}`);
  await expect(page.getByRole('heading', { name: 'Lonely Finding' })).toBeVisible();
  await expect(page.getByText('No attachments')).toBeVisible();
  await expect(page.getByText('No relations yet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'View Relations' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Node' });
  await expect(confirm).toContainText('Are you sure you want to delete this node? This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Node deleted successfully' })).toBeVisible();
  await expect(page).toHaveURL(url('/nodes'), { timeout: 4_000 });
  expect((await call(`/nodes/${seeded.lonely}`)).status).toBe(404);

  // An unknown node, or no id at all: 'Node not found' and the way back, not a load error;
  // the top bar keeps the page's title.
  for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
    await page.goto(url(`/nodes/view/${id}`));
    await expect(page.getByRole('heading', { name: 'Node not found' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Node Detail');
  }
  await page.getByRole('link', { name: 'Back to Knowledge Nodes' }).click();
  await expect(page).toHaveURL(url('/nodes'));
  await expect(rows(page).first()).toBeVisible();
});

test('viewer: reads the list and detail without Add, Upload, Edit, Delete or Create Relation', async ({ page }) => {
  await signIn(page, '/nodes', viewer);
  await expect(rows(page)).toHaveCount(11);
  for (const name of ['Add Node', 'Template', 'Upload']) await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  const first = rows(page).nth(1);
  await expect(first.getByRole('button', { name: /^View (?!Graph of)/ })).toBeVisible();
  await expect(first.getByRole('button', { name: /^(Edit|Delete|Create Relation) / })).toHaveCount(0);
  await search(page).fill('Kgtest Migraine');
  await expect(rows(page)).toHaveCount(2);
  await row(page, 'Kgtest Migraine Variant').getByRole('button', { name: 'View Kgtest Migraine Variant' }).click();
  await expect(page.getByRole('heading', { name: 'Kgtest Migraine Variant' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'View Relations' })).toBeVisible();
  for (const name of ['Add Relation', 'Edit', 'Delete']) await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
});

test('small screen: grid by default, table without the Description column and with an actions menu', async ({ page }) => {
  // A tablet (above sm, below md): still the table, without Description, actions in a menu.
  await page.setViewportSize({ width: 800, height: 900 });
  await signIn(page, '/nodes');
  await expect(rows(page)).toHaveCount(11);
  await expect(page.getByRole('columnheader', { name: 'Description' })).toHaveCount(0);
  await expect(rows(page).nth(1).getByRole('button', { name: /^Actions for / })).toBeVisible();
  await shot(page, 'list-table-800');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const cards = page.getByRole('list', { name: 'Knowledge Nodes' }).getByRole('listitem');
  await expect(cards).toHaveCount(10);
  await expect(page.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'true');
  await expect(cards.first().getByRole('heading', { level: 3 })).toHaveText(/\S/); // each card names its node in a heading
  await expectNoSeriousA11yViolations(page, 'on /nodes, grid at 390 px');
  await shot(page, 'list-grid-390');
  await page.getByRole('button', { name: 'Table view' }).click();
  await expect(rows(page)).toHaveCount(11);
  await expect(page.getByRole('columnheader', { name: 'Description' })).toHaveCount(0);
  await shot(page, 'list-table-390');
  await search(page).fill('Kgtest Migraine');
  await expect(rows(page)).toHaveCount(2);
  await page.getByRole('button', { name: 'Actions for Kgtest Migraine Variant' }).click();
  await page.getByRole('menuitem', { name: 'View', exact: true }).click();
  await expect(page).toHaveURL(url(`/nodes/view/${seeded.detail}`));
  await expect(page.getByText('12.66 KB')).toBeVisible();
  await shot(page, 'detail-390');
});

test('examples page: kg-node-manager with only api-base signs in, lists, searches, opens a node and the graph', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  await page.goto(url('/examples/node-manager.html'));
  const widget = page.locator('kg-node-manager');
  await expect(widget).toHaveAttribute('api-base', '');
  await widget.getByLabel('Username or Email').fill(admin.username);
  await widget.getByLabel('Password').fill(admin.password);
  await widget.getByRole('button', { name: 'Sign In' }).click();
  await expect(widget.getByRole('heading', { name: 'Knowledge Nodes' })).toBeVisible();
  await expect(rows(widget)).toHaveCount(11);
  await expectNoSeriousA11yViolations(page, 'on the examples page');
  await shot(page, 'example-1280');

  await search(widget).fill('Kgtest Migraine');
  await expect(rows(widget)).toHaveCount(2);
  await row(widget, 'Kgtest Migraine Variant').getByRole('button', { name: 'View Kgtest Migraine Variant' }).click();
  // Uncontrolled: the widget switches to the detail itself; the page URL stays.
  await expect(widget.getByRole('heading', { name: 'Kgtest Migraine Variant' })).toBeVisible();
  await expect(page).toHaveURL(url('/examples/node-manager.html'));
  await expect(widget.getByText('12.66 KB')).toBeVisible();
  await shot(page, 'example-detail-1280');

  // View Relations: kg-graph-open, which this page answers with a kg-graph-explorer dialog.
  await widget.getByRole('button', { name: 'View Relations' }).click();
  await expect(page.locator('#events')).toContainText(`kg-graph-open {"focusNodeId":"${seeded.detail}"}`);
  await expect(page.locator('#graph-dialog kg-graph-explorer')).toHaveAttribute('focus-node-id', seeded.detail);
  await expect(page.locator('#graph-dialog').getByText('Relations for Kgtest Migraine Variant')).toBeVisible();
  if (process.env.KG_SHOTS) await page.waitForTimeout(2500); // the layout settles
  await shot(page, 'example-graph-1280');
  await page.locator('#graph-close').click();

  // Add Relation leaves the widget: kg-navigate with the relation form's path.
  await widget.getByRole('button', { name: 'Add Relation' }).click();
  await expect(page.locator('#events')).toContainText(`kg-navigate {"path":"/nodes/${seeded.detail}/relations/new"}`);

  // Back: the list as it was left (the search kept).
  await widget.getByRole('button', { name: 'Back to Knowledge Nodes' }).click();
  await expect(search(widget)).toHaveValue('Kgtest Migraine');
  await expect(rows(widget)).toHaveCount(2);
  await search(widget).fill('');
  await expect(rows(widget)).toHaveCount(11);

  // readonly hides every write action.
  await expect(widget.getByRole('button', { name: 'Add Node' })).toBeVisible();
  await widget.evaluate((el) => el.setAttribute('readonly', ''));
  await expect(widget.getByRole('button', { name: 'Add Node' })).toHaveCount(0);
  await expect(rows(widget).nth(1).getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);

  // Controlled through attributes: the page picks the screen; moves are only reported.
  await widget.evaluate((el, id) => {
    el.removeAttribute('readonly');
    el.setAttribute('node-id', id);
    el.setAttribute('view', 'detail');
  }, seeded.detail);
  await expect(widget.getByRole('heading', { name: 'Kgtest Migraine Variant' })).toBeVisible();
  await expect(widget.getByRole('button', { name: 'Back to Knowledge Nodes' })).toHaveCount(0);
  await widget.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page.locator('#events')).toContainText(`kg-navigate {"path":"/nodes/${seeded.detail}/edit"}`);
  await expect(widget.getByRole('heading', { name: 'Kgtest Migraine Variant' })).toBeVisible();
  await widget.evaluate((el) => el.setAttribute('view', 'list'));
  await expect(rows(widget)).toHaveCount(11);

  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'example-390');
  expect(errors).toEqual([]);
});

test('examples page: review mode’s links leave kg-node-manager as kg-navigate, not to the page’s own /proposals or /review', async ({ page }) => {
  const review = (enabled: boolean) => call('/review/settings', { method: 'PUT', body: { enabled, nodeTypes: ['Disease'], relationTypes: [] } });
  expect((await review(true)).status).toBe(200);
  await page.goto(url('/examples/node-manager.html'));
  const widget = page.locator('kg-node-manager');
  await widget.getByLabel('Username or Email').fill(admin.username);
  await widget.getByLabel('Password').fill(admin.password);
  await widget.getByRole('button', { name: 'Sign In' }).click();
  await widget.evaluate((el, id) => el.setAttribute('node-id', id), seeded.detail);
  await widget.getByRole('button', { name: 'Edit', exact: true }).click();
  await widget.getByRole('textbox', { name: 'Description' }).fill('Proposed from the examples page.');
  await widget.getByRole('button', { name: 'Update Node' }).click();

  // The save became a proposal: its notice's link is reported, the example page stays.
  const sent = widget.locator('.kg-proposal-sent');
  await expect(sent).toContainText('Sent for review');
  await expect(sent.getByRole('link', { name: 'My proposals' })).toHaveAttribute('href', '/proposals');
  await sent.getByRole('link', { name: 'My proposals' }).click();
  await expect(page.locator('#events')).toContainText('kg-navigate {"path":"/proposals"}');
  await expect(page).toHaveURL(url('/examples/node-manager.html'));

  // The node's pending proposal: the reviewer's way to the queue is reported the same way.
  await widget.getByRole('button', { name: 'Cancel' }).click();
  const pending = widget.locator('.kg-pending-proposals');
  await expect(pending).toContainText('by ada');
  await pending.getByRole('link', { name: 'Open the review queue' }).click();
  await expect(page.locator('#events')).toContainText('kg-navigate {"path":"/review"}');
  // The example page answers with a link into the workbench on the widget's server.
  await expect(page.locator('#events a').first()).toHaveAttribute('href', `${server.url}/review`);
  await expect(page).toHaveURL(url('/examples/node-manager.html'));

  const mine = await call<{ data: { id: string }[] }>('/proposals?mine=1&state=submitted');
  for (const p of mine.body.data) expect((await call(`/proposals/${p.id}/withdraw`, { method: 'POST' })).status).toBe(200);
  expect((await review(false)).status).toBe(200);
});
