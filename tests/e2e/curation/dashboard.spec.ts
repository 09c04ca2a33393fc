import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { startServer, type TestServer } from '../support/server';
import { openSignedIn } from '../support/session';

/**
 * The dashboard's Knowledge Nodes and Relations sections against the real server with the
 * 412-node sample graph, signed in as the first (admin) account; a viewer for the hidden
 * write actions; an empty database for the empty texts. Needs `npm run build` first.
 */
test.describe.configure({ mode: 'serial' });

const admin = { username: 'ada', email: 'ada@example.org', password: 'first-pass' };
const viewer = { username: 'vic', email: 'vic@example.org', password: 'viewer-pass' };
const SHOTS = '.tmp/shots';

async function call<T>(server: TestServer, path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<T> {
  const res = await fetch(`${server.url}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** Opens the dashboard signed in (tokens stored as after a sign-in). */
async function openDashboard(page: Page, server: TestServer, who = admin) {
  await openSignedIn(page, server.url, who, '/dashboard');
  await expect(page.getByRole('heading', { name: `Welcome, ${who.username}` })).toBeVisible();
}

const nodesSection = (page: Page) => page.getByRole('region', { name: 'Knowledge Nodes', exact: true });
const relationsSection = (page: Page) => page.getByRole('region', { name: 'Relations', exact: true });
const nodeCards = (page: Page) => nodesSection(page).getByTestId('node-card');
const relationCards = (page: Page) => relationsSection(page).getByTestId('relation-card');
const card = (page: Page, name: string) => nodesSection(page).getByRole('article', { name, exact: true });

/** Every GET of a list (/api/nodes by default) the page makes, as URLSearchParams. */
function listCalls(page: Page, pathname = '/api/nodes') {
  const calls: URLSearchParams[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname === pathname && r.method() === 'GET') calls.push(u.searchParams);
  });
  return calls;
}

test.describe('with the sample graph', () => {
  let server: TestServer;
  let token = '';
  let lonely = { id: '', name: 'Lonely test finding' };
  let relation = { id: '' };

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startServer({ KG_SAMPLE_DATA: '1' });
    token = (await call<{ accessToken: string }>(server, '/auth/register', { method: 'POST', body: admin })).accessToken;
    await call(server, '/auth/register', { method: 'POST', body: viewer });
    lonely = await call(server, '/nodes', { method: 'POST', token, body: { name: lonely.name, nodeType: 'Symptom', note: 'Seen on ward rounds' } });
    const source = await call<{ id: string }>(server, '/nodes', { method: 'POST', token, body: { name: 'Zeta source symptom', nodeType: 'Symptom' } });
    const target = await call<{ id: string }>(server, '/nodes', { method: 'POST', token, body: { name: 'Zeta target disease', nodeType: 'Disease' } });
    relation = await call(server, '/relations', {
      method: 'POST',
      token,
      body: { sourceNodeId: source.id, targetNodeId: target.id, relationName: 'zeta link', relationType: 'symptom of', weight: 40, description: 'unique-desc-4711' },
    });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('grid: 15 node cards with their fields, relation cards, a11y, screenshots', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await openDashboard(page, server);
    await expect(nodeCards(page)).toHaveCount(15);
    await expect(nodesSection(page).getByText(/^Showing 15 of 41\d nodes$/)).toBeVisible();
    const mine = card(page, lonely.name);
    await expect(mine.getByText('Symptom', { exact: true })).toBeVisible();
    await expect(mine.getByText('No description available')).toBeVisible();
    await expect(mine.getByText('Seen on ward rounds')).toBeVisible();
    await expect(relationCards(page)).toHaveCount(15);
    const rel = relationsSection(page).getByRole('article', { name: 'zeta link' });
    await expect(rel.getByText('Zeta source symptom')).toBeVisible();
    await expect(rel.getByText('Zeta target disease')).toBeVisible();
    await expect(rel.getByText('unique-desc-4711')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'dashboard grid');
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/dashboard-grid-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(nodeCards(page)).toHaveCount(15);
    await page.screenshot({ path: `${SHOTS}/dashboard-grid-390.png`, fullPage: true });
    expect(errors).toEqual([]);
  });

  test('node search runs on the server once typing pauses, matching type and SNOMED code', async ({ page }) => {
    await openDashboard(page, server);
    await expect(nodeCards(page)).toHaveCount(15);
    const calls = listCalls(page);
    const box = nodesSection(page).getByRole('searchbox', { name: 'Search nodes' });
    await expect(box).toHaveAttribute('placeholder', 'Search nodes by name, type, SNOMED, or description...');
    // Hold the search answer so the pending spinner can be seen whatever the machine's speed.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route((u) => u.pathname === '/api/nodes' && u.searchParams.has('search'), async (route) => {
      await held;
      await route.continue();
    });
    await box.pressSequentially('38341003', { delay: 40 });
    await expect(nodesSection(page).getByRole('progressbar', { name: 'Searching nodes' })).toBeVisible();
    release();
    await expect(nodeCards(page)).toHaveCount(1);
    await expect(card(page, 'hypertension')).toBeVisible();
    // Debounced: eight keystrokes, a request only after a pause (normally one; a slow machine may pause mid-way).
    const searched = calls.map((q) => q.get('search'));
    expect(searched.length).toBeLessThanOrEqual(3);
    expect(searched.at(-1)).toBe('38341003');
    expect(calls.at(-1)?.get('searchScope')).toBe('extended');
    expect(calls.at(-1)?.get('limit')).toBe('15');

    await box.fill('DRUG');
    await expect(nodesSection(page).getByText(/^Showing 15 of \d+ nodes$/)).toBeVisible();
    // 131 Drug nodes match by type, and one Symptom by name ("Akathisia, Drug-Induced"); the sample graph's
    // nodes share one creation time, so which 15 come first varies. Every card must match one way or the other.
    const cards = await nodeCards(page).all();
    const types = await Promise.all(cards.map((c) => c.locator('.kg-chip').textContent()));
    expect(types).toContain('Drug');
    for (const [i, c] of cards.entries()) if (types[i] !== 'Drug') await expect(c).toContainText(/drug/i);

    await box.fill('no-such-node-anywhere');
    await expect(nodesSection(page).getByText('No nodes match your search')).toBeVisible();
  });

  test('table view: loads up to 1000, pages 5–100 by 10, search resets to the first page, screenshots', async ({ page }) => {
    await openDashboard(page, server);
    const calls = listCalls(page);
    await nodesSection(page).getByRole('button', { name: 'Table view' }).click();
    const table = nodesSection(page).getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(11);
    expect(calls.at(-1)?.get('limit')).toBe('1000');
    await expect(table.getByRole('columnheader')).toHaveText(['Node Name', 'Type', 'SNOMED', 'Description', 'Actions']);
    await expect(nodesSection(page).getByText(/^1–10 of 41\d$/)).toBeVisible();
    const size = nodesSection(page).getByLabel('Rows per page:');
    expect(await size.locator('option').allTextContents()).toEqual(['5', '10', '25', '50', '100']);
    await size.selectOption('25');
    await expect(table.getByRole('row')).toHaveCount(26);
    await nodesSection(page).getByRole('button', { name: 'Next page' }).click();
    await expect(nodesSection(page).getByText(/^26–50 of 41\d$/)).toBeVisible();
    await nodesSection(page).getByRole('searchbox', { name: 'Search nodes' }).fill('symptom');
    await expect(nodesSection(page).getByText(/^1–25 of \d+$/)).toBeVisible();
    expect(calls.at(-1)?.get('limit')).toBe('1000');

    await relationsSection(page).getByRole('button', { name: 'Table view' }).click();
    const relTable = relationsSection(page).getByRole('table');
    await expect(relTable.getByRole('columnheader')).toHaveText(['Relation Name', 'Type', 'Source Node', 'Target Node', 'Description', 'Actions']);
    await expect(relTable.getByRole('row')).toHaveCount(11);
    // 1,3xx relations: the table holds the first 1000 and says so.
    await expect(relationsSection(page).getByText('1–10 of 1000', { exact: true })).toBeVisible();
    await expect(relationsSection(page).getByText(/^Showing 1,000 of 1,3\d\d relations$/)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'dashboard tables');
    await page.screenshot({ path: `${SHOTS}/dashboard-table-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    // The table choice is remembered in this browser: the reload opens both sections as tables.
    await expect(nodesSection(page).getByRole('button', { name: 'Table view' })).toHaveAttribute('aria-pressed', 'true');
    await expect(relationsSection(page).getByRole('button', { name: 'Table view' })).toHaveAttribute('aria-pressed', 'true');
    await expect(table.getByRole('row')).toHaveCount(11);
    await page.screenshot({ path: `${SHOTS}/dashboard-table-390.png`, fullPage: true });

    // Back to the grid reloads 15.
    await nodesSection(page).getByRole('button', { name: 'Grid view' }).click();
    await expect.poll(() => calls.at(-1)?.get('limit')).toBe('15');
  });

  test('relation search runs on the server once typing pauses, beyond the 15 loaded cards', async ({ page }) => {
    await openDashboard(page, server);
    await expect(relationCards(page)).toHaveCount(15);
    const relationCalls = listCalls(page, '/api/relations');
    const box = relationsSection(page).getByRole('searchbox', { name: 'Search relations' });
    for (const text of ['UNIQUE-DESC-4711', 'zeta link', 'Zeta target', 'zeta source']) {
      await box.fill(text);
      await expect.poll(() => relationCalls.at(-1)?.get('search')).toBe(text);
      await expect(relationCards(page)).toHaveCount(1);
      await expect(relationsSection(page).getByRole('article', { name: 'zeta link' })).toBeVisible();
    }
    expect(relationCalls.at(-1)?.get('limit')).toBe('15');
    // "symptom of" matches far more than the 15 loaded: the grid fills with server matches.
    const all = await call<{ pagination: { total: number } }>(server, '/relations?search=symptom%20of&limit=1', { token });
    expect(all.pagination.total).toBeGreaterThan(15);
    await box.fill('symptom of');
    await expect(relationCards(page)).toHaveCount(15);
    await expect(relationsSection(page).getByText(`Showing 15 of ${all.pagination.total.toLocaleString('en-US')} relations`)).toBeVisible();
    await box.fill('nothing-like-this');
    await expect(relationsSection(page).getByText('No relations match your search')).toBeVisible();
  });

  test('a failing API shows the error with Retry, never the empty text beside it; Retry loads', async ({ page }) => {
    let failing = true;
    await page.route(
      (u) => ['/api/nodes', '/api/relations', '/api/stats'].includes(u.pathname),
      (route) => (failing ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom","code":"INTERNAL"}' }) : route.continue()),
    );
    await openDashboard(page, server);
    for (const section of [nodesSection(page), relationsSection(page)]) {
      await expect(section.getByRole('alert')).toHaveText('Failed to load data');
      await expect(section.getByRole('button', { name: 'Retry' })).toBeVisible();
    }
    await expect(nodesSection(page).getByText('No nodes found')).toHaveCount(0);
    await expect(relationsSection(page).getByText(/No relations found/)).toHaveCount(0);
    await page.setViewportSize({ width: 1440, height: 900 });
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/dashboard-failed-1440.png`, fullPage: true });
    failing = false;
    await nodesSection(page).getByRole('button', { name: 'Retry' }).click();
    await expect(nodeCards(page)).toHaveCount(15);
    await expect(nodesSection(page).getByRole('alert')).toHaveCount(0);
    await relationsSection(page).getByRole('button', { name: 'Retry' }).click();
    await expect(relationCards(page)).toHaveCount(15);
  });

  test('card actions go to the node and relation pages', async ({ page }) => {
    await openDashboard(page, server);
    const go = async (scope: ReturnType<typeof card>, action: string, path: string) => {
      await scope.getByRole('button', { name: action, exact: true }).click();
      await expect(page).toHaveURL(`${server.url}${path}`);
      await page.goBack();
      await expect(nodeCards(page).first()).toBeVisible();
    };
    await go(card(page, lonely.name), 'View Details', `/nodes/view/${lonely.id}`);
    await go(card(page, lonely.name), 'Edit', `/nodes/${lonely.id}/edit`);
    await go(card(page, lonely.name), 'Create Relation', `/nodes/${lonely.id}/relations/new`);
    await go(relationsSection(page).getByRole('article', { name: 'zeta link' }), 'Edit', `/relations/${relation.id}/edit`);
    await nodesSection(page).getByRole('button', { name: 'Add New Node' }).click();
    await expect(page).toHaveURL(`${server.url}/nodes/new`);
    await page.goBack();
    await relationsSection(page).getByRole('button', { name: 'Add New Relation' }).click();
    await expect(page).toHaveURL(`${server.url}/relations/new`);
  });

  test('View Relations opens the graph on the node; disabled with a tooltip when there are none', async ({ page }) => {
    await openDashboard(page, server);
    const graph = page.getByRole('dialog', { name: 'Enhanced Knowledge Graph Visualization' });
    const none = card(page, lonely.name).getByRole('button', { name: 'View Relations' });
    await expect(none).toHaveAttribute('aria-disabled', 'true');
    await none.hover();
    await expect(page.locator('.kg-tooltip')).toHaveText('No relations exist');
    await none.click({ force: true });
    await expect(graph).toBeHidden();

    await nodesSection(page).getByRole('searchbox', { name: 'Search nodes' }).fill('Zeta source');
    await expect(nodeCards(page)).toHaveCount(1);
    await card(page, 'Zeta source symptom').getByRole('button', { name: 'View Relations' }).click();
    await expect(graph).toBeVisible();
    await expect(graph.getByTestId('graph-subtitle')).toHaveText('Relations for Zeta source symptom');
    await graph.getByRole('button', { name: 'Close' }).first().click();
    await expect(graph).toBeHidden();

    await relationsSection(page).getByRole('article', { name: 'zeta link' }).getByRole('button', { name: 'View in Knowledge Graph' }).click();
    await expect(graph).toBeVisible();
    await expect(graph.getByTestId('graph-subtitle')).toHaveText('Relations for Zeta source symptom');
    await expect(graph.getByText('symptom of', { exact: false }).first()).toBeVisible();
  });

  test('delete a node from its card: confirmation, toast, totals and lists reload', async ({ page }) => {
    const doomed = await call<{ id: string }>(server, '/nodes', { method: 'POST', token, body: { name: 'Doomed node', nodeType: 'Drug' } });
    await openDashboard(page, server);
    const total = page.getByTestId('stat-nodeCount').locator('.kg-stat__value');
    await expect(total).toHaveText(/41\d/);
    const before = Number((await total.textContent())!.replace(/\D/g, ''));
    await card(page, 'Doomed node').getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Node' });
    await expect(dialog).toContainText('Are you sure you want to delete Doomed node? This action cannot be undone.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(card(page, 'Doomed node')).toBeVisible();
    await card(page, 'Doomed node').getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Node deleted successfully' })).toBeVisible();
    await expect(card(page, 'Doomed node')).toHaveCount(0);
    await expect(total).toHaveText(String(before - 1));
    expect((await fetch(`${server.url}/api/nodes/${doomed.id}`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(404);
  });

  test('lists and totals reload when the window regains focus', async ({ page }) => {
    await openDashboard(page, server);
    await expect(nodeCards(page)).toHaveCount(15);
    await call(server, '/nodes', { method: 'POST', token, body: { name: 'Arrived while away', nodeType: 'Disease' } });
    await expect(card(page, 'Arrived while away')).toHaveCount(0);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(card(page, 'Arrived while away')).toBeVisible();
  });

  test('closing the graph dialog reloads the lists (the graph can change nodes and relations)', async ({ page }) => {
    await openDashboard(page, server);
    await expect(nodeCards(page)).toHaveCount(15);
    await page.getByRole('button', { name: 'Open knowledge graph' }).click();
    const graph = page.getByRole('dialog', { name: 'Enhanced Knowledge Graph Visualization' });
    await expect(graph).toBeVisible();
    await call(server, '/nodes', { method: 'POST', token, body: { name: 'Made while the graph was open', nodeType: 'Drug' } });
    await graph.getByRole('button', { name: 'Close' }).first().click();
    await expect(graph).toBeHidden();
    await expect(card(page, 'Made while the graph was open')).toBeVisible();
  });

  test('a viewer sees no write actions', async ({ page }) => {
    await openDashboard(page, server, viewer);
    await expect(nodeCards(page)).toHaveCount(15);
    await expect(nodesSection(page).getByRole('button', { name: 'Add New Node' })).toHaveCount(0);
    await expect(relationsSection(page).getByRole('button', { name: 'Add New Relation' })).toHaveCount(0);
    const first = nodeCards(page).first();
    await expect(first.getByRole('button', { name: 'View Details' })).toBeVisible();
    for (const name of ['Edit', 'Delete', 'Create Relation']) await expect(first.getByRole('button', { name, exact: true })).toHaveCount(0);
    const rel = relationCards(page).first();
    await expect(rel.getByRole('button', { name: 'View in Knowledge Graph' })).toBeVisible();
    for (const name of ['Edit', 'Delete']) await expect(rel.getByRole('button', { name, exact: true })).toHaveCount(0);
  });
});

test.describe('with an empty database', () => {
  let server: TestServer;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startServer();
    await call(server, '/auth/register', { method: 'POST', body: admin });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('shows the empty texts in grid and table', async ({ page }) => {
    await openDashboard(page, server);
    await expect(nodesSection(page).getByText('No nodes found', { exact: true })).toBeVisible();
    await expect(relationsSection(page).getByText('No relations found. Create your first relation to get started.')).toBeVisible();
    await nodesSection(page).getByRole('button', { name: 'Table view' }).click();
    await expect(nodesSection(page).getByRole('cell', { name: 'No nodes found' })).toBeVisible();
    await relationsSection(page).getByRole('button', { name: 'Table view' }).click();
    await expect(relationsSection(page).getByRole('cell', { name: 'No relations found' })).toBeVisible();
    await relationsSection(page).getByRole('searchbox', { name: 'Search relations' }).fill('x');
    await expect(relationsSection(page).getByRole('cell', { name: 'No relations match your search' })).toBeVisible();
  });
});
