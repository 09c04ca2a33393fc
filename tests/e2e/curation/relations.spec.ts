import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { admin, graphApp } from '../support/graph-app';
import { clickAt } from '../support/graph-helpers';
import { startServer, type TestServer } from '../support/server';
import { openSignedIn } from '../support/session';

/**
 * Relations list and relation form (spec §2, §5, §8) on the host routes and as
 * <kg-relation-editor> alone on its example page, against the real server with the sample graph
 * (1311 relations). Tests share the database and run in order. Needs `npm run build` first.
 */
test.describe.configure({ mode: 'serial' });

let server: TestServer;
const app = graphApp(() => server);
const { api, url, nodeId, dialog } = app;
const viewer = { username: 'vic', email: 'vic@example.org', password: 'viewer-pass' };

interface RelationRow {
  id: string;
  relationName: string;
  relationType: string;
  sourceNodeName: string;
  targetNodeName: string;
}
type RelationPage = { data: RelationRow[]; pagination: { total: number } };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer({ KG_SAMPLE_DATA: '1' });
  await app.registerAdmin();
  const res = await fetch(url('/api/auth/register'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(viewer) });
  expect(res.status).toBe(201);
  // A relation type without rules for the form's flows: the sample graph's "symptom of" is Symptom → Disease
  // only, and these tests relate a disease to its symptoms.
  expect((await api('/relationtypes', { method: 'POST', body: { name: 'associated with' } })).status).toBe(201);
});
test.afterAll(async () => {
  await server?.stop();
});

async function signIn(page: Page, path: string, who: { username: string; password: string } = admin) {
  await openSignedIn(page, server.url, who, path);
  await expect(page).toHaveURL(url(path));
}

const table = (page: Page) => page.getByRole('table');
/** The text of one column (1-based) for every body row. */
const column = (page: Page, n: number) => table(page).locator(`tbody tr td:nth-child(${n})`).allInnerTexts();

/** Picks the first option of a combobox after typing `text`; returns the option's label. */
async function pick(scope: Page | Locator, label: string, text: string, option: string | RegExp) {
  const box = scope.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(text);
  const item = scope.getByRole('option', { name: option }).first();
  await item.click();
}

test('list: title, server search over name, type and node names, type filter, sorting, paging', async ({ page }) => {
  const requests: URL[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname === '/api/relations') requests.push(u);
  });
  await signIn(page, '/relations');
  await expect(page.getByRole('heading', { name: 'Relations', level: 1 })).toBeVisible();
  await expect(page.getByText('Manage all relations between knowledge nodes.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add New Relation' })).toBeVisible();
  await expect(page.getByText('1–10 of 1311')).toBeVisible();
  await expect(table(page).locator('tbody tr')).toHaveCount(10);
  await expect(table(page).getByRole('columnheader')).toHaveText(['Name', 'Type', 'Source Node', 'Target Node', 'Created', 'Actions']);
  await expectNoSeriousA11yViolations(page, 'relations list');

  // Search by a node name: the server answers; every row mentions it at one end.
  await page.getByPlaceholder('Search by name or node...').fill('asthma');
  const expected = (await api<RelationPage>('/relations?search=asthma&limit=1')).body.pagination.total;
  await expect(page.getByText(`1–10 of ${expected}`)).toBeVisible();
  expect(requests.at(-1)!.searchParams.get('search')).toBe('asthma');
  const ends = await column(page, 3);
  const targets = await column(page, 4);
  ends.forEach((s, i) => expect(`${s} ${targets[i]}`.toLowerCase()).toContain('asthma'));

  // The type filter lists 'All Types' and the types; it narrows on the server.
  const filter = page.getByLabel('Relation Type');
  await expect(filter.locator('option')).toContainText(['All Types', 'associated with', 'symptom of', 'treats (disease-modifying)', 'treats (symptomatic)']);
  await page.getByPlaceholder('Search by name or node...').fill('');
  await expect(page.getByText('1–10 of 1311')).toBeVisible();
  await filter.selectOption('treats (symptomatic)');
  await expect.poll(() => requests.at(-1)?.searchParams.get('relationType')).toBe('treats (symptomatic)');
  await expect(page.getByText('1–10 of 158')).toBeVisible();
  expect([...new Set(await column(page, 2))]).toEqual(['treats (symptomatic)']);
  await filter.selectOption('');
  await expect(page.getByText('1–10 of 1311')).toBeVisible();

  // Sort by Name ascending, then Type: the order the server gives.
  await table(page).getByRole('button', { name: 'Name' }).click();
  await expect.poll(() => requests.at(-1)?.searchParams.get('sortBy')).toBe('relationName');
  const byName = (await api<RelationPage>(`/relations?sortBy=relationName&sortOrder=${requests.at(-1)!.searchParams.get('sortOrder')}&limit=10`)).body.data;
  await expect.poll(() => column(page, 1)).toEqual(byName.map((r) => r.relationName || r.relationType));
  await expect.poll(() => column(page, 3)).toEqual(byName.map((r) => r.sourceNodeName));
  await table(page).getByRole('button', { name: 'Created' }).click();
  await expect.poll(() => requests.at(-1)?.searchParams.get('sortBy')).toBe('createdAt');

  // Paging: 5 a page, then the next page.
  await page.getByLabel('Rows per page:').selectOption('5');
  await expect(table(page).locator('tbody tr')).toHaveCount(5);
  await expect(page.getByText('1–5 of 1311')).toBeVisible();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('6–10 of 1311')).toBeVisible();
  expect(requests.at(-1)!.searchParams.get('skip')).toBe('5');
  expect(await page.getByLabel('Rows per page:').locator('option').allInnerTexts()).toEqual(['5', '10', '25']);

  // Node names link to the node view; data reloads when the window regains focus.
  const before = requests.length;
  const reloaded = page.waitForResponse((r) => r.url().includes('/api/relations?') && r.request().method() === 'GET');
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await reloaded;
  await expect.poll(() => requests.length).toBe(before + 1);
  // The row's own node, by the link's target: the reload's answer re-renders the rows, and one that
  // came between reading the first row's name and clicking the first row sent the test elsewhere
  // (seen twice); the test waits for it and follows the link it read.
  const link = table(page).locator('tbody tr').first().locator('td:nth-child(3) a');
  const name = await link.innerText();
  const target = /\/nodes\/view\/([0-9a-f-]{36})$/.exec((await link.getAttribute('href')) ?? '')?.[1];
  expect(target, 'the node link names a node id').toBeTruthy();
  const shown = await api<{ name: string }>(`/nodes/${target}`);
  expect(shown.body.name).toBe(name);
  await table(page).locator(`tbody a[href$="/nodes/view/${target}"]`).first().click();
  await expect(page).toHaveURL(url(`/nodes/view/${target}`));
});

test('empty submit shows the §5 messages in order at their fields; editing a field clears its error', async ({ page }) => {
  await signIn(page, '/relations/new');
  // The top bar names the form (not the bare path segment) and the form repeats no title.
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Relation' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create New Relation' })).toHaveCount(1);
  await expect(page.getByRole('combobox', { name: 'Source Node' })).toHaveValue('');
  await page.getByLabel('Description').fill('d'.repeat(501));
  await expect(page.getByText('501/500')).toBeVisible();
  await page.getByLabel('Internal Note').fill('n'.repeat(251));
  await expect(page.getByText('251/250')).toBeVisible();
  await page.getByLabel('URL').fill('not a url');
  await page.getByRole('button', { name: 'Save Relation' }).click();

  const summary = page.getByRole('alert').filter({ hasText: 'Please correct the following:' });
  await expect(summary.getByRole('listitem')).toHaveText([
    'Relation name is required',
    'Source node is required',
    'Target node is required',
    'Relation type is required',
    'Description must be 500 characters or less',
    'Note must be 250 characters or less',
    'Please enter a valid URL',
  ]);
  await expect(page.getByLabel('Relation Name')).toHaveAccessibleDescription('Relation name is required');
  await expect(page.getByRole('combobox', { name: 'Source Node' })).toHaveAccessibleDescription('Source node is required');
  await expect(page.getByLabel('URL')).toHaveAccessibleDescription('Please enter a valid URL');
  await page.getByLabel('Relation Name').fill('x');
  await expect(page.getByLabel('Relation Name')).not.toHaveAccessibleDescription('Relation name is required');
  await expect(summary.getByRole('listitem')).toHaveCount(6);
  await page.getByLabel('URL').fill('https://example.org');
  await expect(summary.getByRole('listitem')).toHaveCount(5);
  await expectNoSeriousA11yViolations(page, 'relation form with errors');

  // Cancel goes back: opened directly (no earlier page in the app), to the list.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(url('/relations'));
});

test('create from /nodes/{id}/relations/new: source preset, pickers with descriptions, target excludes source, slider, counters', async ({ page }) => {
  const asthma = await nodeId('asthma');
  await signIn(page, `/nodes/${asthma}/relations/new`);
  // The top bar names the form (not the bare path segment) and the form repeats no title.
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Relation' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create New Relation' })).toHaveCount(1);
  const source = page.getByRole('combobox', { name: 'Source Node' });
  await expect(source).toHaveValue('asthma');

  // Target: options carry 'Type: … | SNOMED: …'; the source is not offered.
  const target = page.getByRole('combobox', { name: 'Target Node' });
  await target.click();
  await target.fill('asthma');
  const list = page.getByRole('listbox', { name: 'Target Node' });
  await expect(list.getByRole('option').first()).toBeVisible();
  await expect(list.getByRole('option', { name: /^asthma\s*Type:/ })).toHaveCount(0);
  await target.fill('fever');
  await expect(list.getByRole('option', { name: /^Fever/ }).first()).toContainText(/Type: Symptom \| SNOMED: \d+/);
  await expect(list.getByRole('option', { name: '+ Create New Node' })).toBeVisible();
  await list.getByRole('option', { name: /^Fever/ }).first().click();
  await expect(target).toHaveValue('Fever');
  await expectNoSeriousA11yViolations(page, 'relation form');

  await pick(page, 'Relation Type', 'assoc', 'associated with');
  await expect(page.getByRole('combobox', { name: 'Relation Type' })).toHaveValue('associated with');
  await page.getByLabel('Relation Name').fill('presents with');

  const slider = page.getByRole('slider', { name: 'Relationship Strength' });
  await expect(slider).toHaveValue('50');
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveValue('52');
  await expect(page.locator('output')).toHaveText('52');

  await page.getByLabel('Description').fill('Wheeze and fever in exacerbations.');
  await expect(page.getByText('34/500')).toBeVisible();
  await expect(page.getByText('Internal notes (not visible to all users)')).toBeVisible();
  await expect(page.getByText('0/250')).toBeVisible();
  await page.getByLabel('URL').fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Save Relation' }).click();
  await expect(page.getByLabel('URL')).toHaveAccessibleDescription('Please enter a valid URL');
  await page.getByLabel('URL').fill('https://www.ncbi.nlm.nih.gov/mesh/68005334');

  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/relations', async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Save Relation' }).click();
  await expect(page.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  release();
  await expect(page).toHaveURL(url('/relations'));
  await expect(page.getByRole('status').filter({ hasText: 'Relation created successfully' })).toBeVisible();
  const saved = (await api<RelationPage>('/relations?search=presents%20with')).body.data;
  expect(saved).toHaveLength(1);
  expect(saved[0]).toMatchObject({ relationName: 'presents with', relationType: 'associated with', sourceNodeName: 'asthma', targetNodeName: 'Fever', weight: 52, description: 'Wheeze and fever in exacerbations.' });
});

test('a failed save shows the server message, else the fallback', async ({ page }) => {
  const asthma = await nodeId('asthma');
  await signIn(page, `/nodes/${asthma}/relations/new`);
  await pick(page, 'Target Node', 'cough', /^Cough/);
  await pick(page, 'Relation Type', '', 'associated with');
  await page.getByLabel('Relation Name').fill('dup');
  await page.route('**/api/relations', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
  await page.getByRole('button', { name: 'Save Relation' }).click();
  await expect(page.getByRole('alert')).toHaveText('Failed to create relation. Please try again.');
  await page.unroute('**/api/relations');
  await page.route('**/api/relations', (route) => route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ error: 'That relation exists already', code: 'conflict' }) }));
  await page.getByRole('button', { name: 'Save Relation' }).click();
  await expect(page.getByRole('alert')).toHaveText('That relation exists already');
});

test('edit a relation, then Delete Relation from the form and Delete from the list', async ({ page }) => {
  const [a, b, c] = await Promise.all([nodeId('asthma'), nodeId('Dyspnea'), nodeId('Cough')]);
  const make = async (name: string, target: string) =>
    (await api<{ id: string }>('/relations', { method: 'POST', body: { sourceNodeId: a, targetNodeId: target, relationType: 'associated with', relationName: name, weight: 30, note: 'seed' } })).body.id;
  const first = await make('qqx edit me', b);
  const second = await make('qqx delete me', c);

  await signIn(page, '/relations');
  await page.getByPlaceholder('Search by name or node...').fill('qqx');
  await expect(table(page).locator('tbody tr')).toHaveCount(2);
  await page.getByRole('button', { name: 'Edit: qqx edit me' }).click();
  await expect(page).toHaveURL(url(`/relations/${first}/edit`));
  // The top bar names the form (not the bare path segment) and the form repeats no title.
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Relation' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Edit Relation' })).toHaveCount(1);
  await expect(page.getByRole('combobox', { name: 'Source Node' })).toHaveValue('asthma');
  await expect(page.getByRole('combobox', { name: 'Target Node' })).toHaveValue('Dyspnea');
  await expect(page.getByRole('slider', { name: 'Relationship Strength' })).toHaveValue('30');
  await expect(page.getByLabel('Internal Note')).toHaveValue('seed');
  await page.getByLabel('Relation Name').fill('qqx edited');
  await page.getByRole('slider', { name: 'Relationship Strength' }).fill('80');
  await page.getByRole('button', { name: 'Save Relation' }).click();
  await expect(page).toHaveURL(url('/relations'));
  await expect(page.getByRole('status').filter({ hasText: 'Relation updated successfully' })).toBeVisible();
  expect((await api<{ relationName: string; weight: number; note: string }>(`/relations/${first}`)).body).toMatchObject({ relationName: 'qqx edited', weight: 80, note: 'seed' });

  // An id that names no relation: 'Relation not found' and the way back to the list.
  await page.goto(url('/relations/00000000-0000-4000-8000-000000000000/edit'));
  await expect(page.getByRole('heading', { name: 'Relation not found' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Back to Relations' }).click();
  await expect(page).toHaveURL(url('/relations'));

  await page.goto(url(`/relations/${first}/edit`));
  await page.getByRole('button', { name: 'Delete Relation' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Deletion' });
  await expect(confirm).toContainText('Are you sure you want to delete this relation? This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL(url('/relations'));
  expect((await api(`/relations/${first}`)).status).toBe(404);

  await page.getByPlaceholder('Search by name or node...').fill('qqx');
  await expect(table(page).locator('tbody tr')).toHaveCount(1);
  await page.getByRole('button', { name: 'Delete: qqx delete me' }).click();
  await page.getByRole('dialog', { name: 'Confirm Deletion' }).getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Relation deleted successfully!' })).toBeVisible();
  await expect(page.getByText('No relations match your search')).toBeVisible();
  expect((await api(`/relations/${second}`)).status).toBe(404);
});

test('View in Graph opens the graph on the source node with the relation type', async ({ page }) => {
  await signIn(page, '/relations');
  await page.getByPlaceholder('Search by name or node...').fill('asthma');
  const row = table(page).locator('tbody tr').first();
  await expect(row).toBeVisible();
  const [source, type] = [await row.locator('td:nth-child(3)').innerText(), await row.locator('td:nth-child(2)').innerText()];
  await row.getByRole('button', { name: /^View in Graph:/ }).click();
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByText(`Focusing on: ${source}`)).toBeVisible();
  await expect(dialog(page).getByText(`Relation: ${type}`)).toBeVisible();
});

test("the graph's Add Relation round trip: saving lands on the node view with the graph open", async ({ page }) => {
  await app.openGraph(page);
  const asthma = await app.find(page, 'asthma');
  await clickAt(page, asthma);
  await dialog(page).getByRole('dialog', { name: 'asthma' }).getByRole('button', { name: 'Add Relation' }).click();
  await expect(page).toHaveURL(url(`/nodes/${asthma.id}/relations/new`));
  await expect(page.getByRole('combobox', { name: 'Source Node' })).toHaveValue('asthma');
  await pick(page, 'Target Node', 'chest pain', /^Chest Pain/);
  await pick(page, 'Relation Type', '', 'associated with');
  await page.getByLabel('Relation Name').fill('from the graph');
  await page.getByRole('button', { name: 'Save Relation' }).click();
  await expect(page).toHaveURL(url(`/nodes/view/${asthma.id}`));
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByText('Focusing on: asthma')).toBeVisible();
});

test('a viewer sees the list without Add New Relation, Edit or Delete', async ({ page }) => {
  await signIn(page, '/relations', viewer);
  await expect(page.getByText('1–10 of', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: /^View in Graph:/ })).toHaveCount(10);
  await expect(page.getByRole('button', { name: 'Add New Relation' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit:/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete:/ })).toHaveCount(0);
});

test("'+ Create New Node' opens the node form in a dialog; Escape returns to the untouched draft", async ({ page }) => {
  await signIn(page, '/relations/new');
  await page.getByLabel('Relation Name').fill('kept');
  await page.getByLabel('Description').fill('still here');
  const target = page.getByRole('combobox', { name: 'Target Node' });
  await target.click();
  await target.fill('Zebra fever');
  await page.getByRole('option', { name: '+ Create New Node' }).click();
  const create = page.getByRole('dialog', { name: 'Create Knowledge Node' });
  await expect(create).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(create).toBeHidden();
  await expect(page.getByLabel('Relation Name')).toHaveValue('kept');
  await expect(page.getByLabel('Description')).toHaveValue('still here');
});

test('kg-relation-editor alone on its example page, with only api-base', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto(url('/examples/index.html'));
  await page.getByRole('link', { name: /Clinical relations on an intranet page/ }).click();
  await expect(page).toHaveURL(url('/examples/relation-editor.html'));
  const widget = page.locator('kg-relation-editor');
  await expect(widget.getByText('Sign in to manage relations.')).toBeVisible();
  await widget.getByLabel('Username or Email').fill(admin.username);
  await widget.getByLabel('Password').fill(admin.password);
  await widget.getByRole('button', { name: 'Sign In' }).click();
  await expect(widget.getByRole('heading', { name: 'Relations' })).toBeVisible();
  await expect(widget.getByText(/^1–10 of \d+$/)).toBeVisible();
  // The element's shadow root has its upload part's styles (its style manifest), not only its own.
  await expect(widget.locator('.kg-upload-buttons')).toHaveCSS('flex-wrap', 'wrap');

  // Uncontrolled: the form opens inside the widget, Cancel returns to the list.
  await widget.getByRole('button', { name: 'Add New Relation' }).click();
  await expect(widget.getByRole('heading', { name: 'Create New Relation' })).toBeVisible();
  await expect(page).toHaveURL(url('/examples/relation-editor.html'));
  await pick(widget, 'Source Node', 'asthma', /^asthma/);
  await widget.getByRole('combobox', { name: 'Target Node' }).click();
  await expect(widget.getByRole('option', { name: '+ Create New Node' })).toBeVisible();
  await page.keyboard.press('Escape');
  await widget.getByRole('button', { name: 'Cancel' }).click();
  await expect(widget.getByRole('heading', { name: 'Relations' })).toBeVisible();

  // A save returns to the list and says so there, inside the widget.
  await widget.getByRole('button', { name: 'Add New Relation' }).click();
  await pick(widget, 'Source Node', 'asthma', /^asthma/);
  await pick(widget, 'Target Node', 'cough', /^Cough/);
  await pick(widget, 'Relation Type', '', 'associated with');
  await widget.getByLabel('Relation Name').fill('saved in the widget');
  await widget.getByRole('button', { name: 'Save Relation' }).click();
  await expect(widget.getByRole('heading', { name: 'Relations' })).toBeVisible();
  await expect(widget.getByRole('status').filter({ hasText: 'Relation created successfully' })).toBeVisible();

  // View in Graph is the page's business: a kg-graph-open event.
  const event = page.evaluate(
    () => new Promise<{ focusNodeId?: string; relationType?: string }>((resolve) => document.addEventListener('kg-graph-open', (e) => resolve((e as CustomEvent).detail), { once: true })),
  );
  await widget.getByRole('button', { name: /^View in Graph:/ }).first().click();
  expect((await event).focusNodeId).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.locator('#widget-event')).toContainText('Graph requested for node');
  expect(errors).toEqual([]);
});

// Last: it needs the real node form (src/widgets/parts/node-form/NodeEditor.tsx), which the interface stub is not.
test('chained creation: a node created from the target picker becomes the target, the draft is kept', async ({ page }) => {
  await signIn(page, '/relations/new');
  await pick(page, 'Source Node', 'asthma', /^asthma/);
  await page.getByLabel('Relation Name').fill('chained');
  const target = page.getByRole('combobox', { name: 'Target Node' });
  await target.click();
  await target.fill('Zebra fever');
  await page.getByRole('option', { name: '+ Create New Node' }).click();
  const create = page.getByRole('dialog', { name: 'Create Knowledge Node' });
  await expect(create.getByLabel(/^Name/)).toHaveValue('Zebra fever');
  const type = create.getByPlaceholder('Search for a node type...');
  await type.click();
  await type.fill('Symptom');
  await create.getByRole('option', { name: /^Symptom/ }).first().click();
  await create.getByRole('button', { name: 'Create Node' }).click();
  await expect(create).toBeHidden();
  await expect(target).toHaveValue('Zebra fever');
  await expect(page.getByRole('combobox', { name: 'Source Node' })).toHaveValue('asthma');
  await expect(page.getByLabel('Relation Name')).toHaveValue('chained');
  await pick(page, 'Relation Type', '', 'associated with');
  await page.getByRole('button', { name: 'Save Relation' }).click();
  await expect(page).toHaveURL(url('/relations'));
  expect((await api<RelationPage>('/relations?search=chained')).body.data[0]).toMatchObject({ sourceNodeName: 'asthma', targetNodeName: 'Zebra fever' });
});
