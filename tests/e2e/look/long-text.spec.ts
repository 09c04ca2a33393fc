import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { startServer, type TestServer } from '../support/server';
import { openSignedIn } from '../support/session';

/**
 * Text from users never breaks a layout. One node with a 255-character name
 * without a space, a 6,000-character description and a 2,000-character note (no spaces either),
 * of a node type with a long name, related to another node; then every screen that shows them,
 * at 1440×900 and 390×844: tables keep their Actions on screen, cards stay short, chips stay in
 * their box. Screenshots go to .tmp/shots. Needs `npm run build` first.
 */
test.describe.configure({ mode: 'serial' });

const admin = { username: 'ada', email: 'ada@example.org', password: 'first-pass' };
const SHOTS = '.tmp/shots';
const longName = `Pneumonoultramicroscopicsilicovolcanoconiosis${'x'.repeat(255 - 45)}`;
const longType = `Idiopathicinflammatorydemyelinatingpolyneuropathytype`;
const description = 'D'.repeat(6000);
const note = 'N'.repeat(2000);

let server: TestServer;
let token = '';
let nodeId = '';
const url = (path: string) => `${server.url}${path}`;

async function call<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(url(`/api${path}`), {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

const signIn = (page: Page, path: string) => openSignedIn(page, server.url, admin, path);

/** Nothing in `scope` reaches past the right edge of the window, and the box itself does not scroll sideways. */
async function expectInsideWindow(page: Page, scope: Locator, what: string) {
  const width = page.viewportSize()!.width;
  const right = await scope.evaluate((el) => el.getBoundingClientRect().right);
  expect(right, `${what} ends inside the window`).toBeLessThanOrEqual(width + 1);
  const overflow = await scope.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow, `${what} does not scroll sideways`).toBeLessThanOrEqual(1);
}

/** The control is within the window's width (reachable by scrolling down, never sideways). */
async function expectWithinWidth(page: Page, control: Locator) {
  await control.scrollIntoViewIfNeeded();
  const box = (await control.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer();
  token = (await call<{ accessToken: string }>('/auth/register', admin)).accessToken;
  await call('/nodetypes', { nodeType: longType });
  await call('/nodetypes', { nodeType: 'Drug' });
  await call('/relationtypes', { relationType: 'treats' });
  nodeId = (await call<{ id: string }>('/nodes', { name: longName, nodeType: longType, description, note })).id;
  const other = await call<{ id: string }>('/nodes', { name: 'Aspirin', nodeType: 'Drug', description: 'Short.' });
  await call('/relations', { sourceNodeId: other.id, targetNodeId: nodeId, relationType: 'treats', relationName: `R${'r'.repeat(200)}`, weight: 50, description: 'E'.repeat(500) });
});
test.afterAll(async () => {
  await server?.stop();
});

for (const [w, h] of [
  [1440, 900],
  [390, 844],
] as const) {
  test(`${w}px: dashboard grid and tables, node list, node detail, search, relations stay inside the window`, async ({ page }) => {
    await page.setViewportSize({ width: w, height: h });
    await signIn(page, '/dashboard');
    const nodes = page.getByRole('region', { name: 'Knowledge Nodes', exact: true });
    const relations = page.getByRole('region', { name: 'Relations', exact: true });
    const card = nodes.getByTestId('node-card').filter({ hasText: 'Pneumono' });
    await expect(card).toBeVisible();
    // A card with 8,000 characters of text stays a card, not a column thousands of pixels tall.
    expect((await card.boundingBox())!.height).toBeLessThan(600);
    await expectInsideWindow(page, card, 'the node card');
    const chip = card.locator('.kg-chip');
    expect((await chip.boundingBox())!.width).toBeLessThanOrEqual((await card.boundingBox())!.width);
    const relCard = relations.getByTestId('relation-card').first();
    expect((await relCard.boundingBox())!.height).toBeLessThan(600);
    await expectInsideWindow(page, relCard, 'the relation card');
    await shoot(page, `long-dashboard-grid-${w}`);

    await nodes.getByRole('button', { name: 'Table view' }).click();
    await relations.getByRole('button', { name: 'Table view' }).click();
    for (const section of [nodes, relations]) {
      const header = section.getByRole('columnheader', { name: 'Actions' });
      await expect(header).toHaveText('Actions');
      // The Actions column is on screen (within the table box) without scrolling sideways.
      const wrap = section.locator('.kg-table-wrap');
      const box = (await wrap.boundingBox())!;
      const head = (await header.boundingBox())!;
      if (w > 600) {
        expect(head.x + head.width).toBeLessThanOrEqual(box.x + box.width + 1);
        await expectInsideWindow(page, wrap, 'the dashboard table');
      }
      await expect(section.getByRole('button', { name: 'Delete' }).first()).toBeVisible();
    }
    // A short type name stays whole on one line ('treats', not 'trea/ts'), a long one is cut.
    for (const chip of [relations.getByRole('table').locator('.kg-chip').first(), nodes.getByRole('table').locator('.kg-chip', { hasText: 'Idiopathic' })]) {
      expect((await chip.boundingBox())!.height).toBeLessThan(30);
    }
    await shoot(page, `long-dashboard-table-${w}`);

    await page.goto(url('/nodes'));
    await expect(page.getByText(/^Pneumono/).first()).toBeVisible();
    await shoot(page, `long-nodes-${w}`);
    await expectInsideWindow(page, page.locator('.kg-nodes'), 'the node list');
    if (w > 600) {
      await expect(page.getByRole('columnheader', { name: 'Actions' })).toHaveText('Actions');
      await expectInsideWindow(page, page.locator('.kg-nodes-table'), 'the node table');
    }
    await expectWithinWidth(page, page.getByRole('button', { name: /^(Delete|Actions for) Pneumono/ }).first());

    await page.goto(url(`/nodes/view/${nodeId}`));
    await expect(page.getByRole('heading', { name: longName })).toBeVisible();
    await expectInsideWindow(page, page.locator('.kg-node-detail'), 'the node detail');
    await expectWithinWidth(page, page.getByRole('button', { name: 'Edit', exact: true }));
    await shoot(page, `long-node-detail-${w}`);

    await page.goto(url('/search'));
    await page.getByRole('searchbox', { name: 'Search Knowledge Nodes' }).fill('Pneumono');
    const result = page.getByTestId('search-result').filter({ hasText: 'Pneumono' });
    await expect(result).toBeVisible();
    expect((await result.boundingBox())!.height).toBeLessThan(600);
    await expectInsideWindow(page, result, 'the search result card');
    await shoot(page, `long-search-${w}`);

    // The graph's filter chips: a long type name is cut, not a chip as wide as the dialog.
    await page.goto(url('/dashboard'));
    await page.getByRole('button', { name: 'Open knowledge graph' }).click();
    const graph = page.getByRole('dialog', { name: 'Enhanced Knowledge Graph Visualization' });
    const typeChip = graph.getByRole('button', { name: longType });
    await expect(typeChip).toHaveAttribute('title', longType);
    expect((await typeChip.boundingBox())!.width).toBeLessThan(300);
    await shoot(page, `long-graph-${w}`);
    await graph.getByRole('button', { name: 'Close' }).first().click();

    await page.goto(url('/relations'));
    await expectWithinWidth(page, page.getByRole('button', { name: /^Delete: Rrrr/ }));
    if (w > 600) await expectInsideWindow(page, page.locator('.kg-relations-table'), 'the relation table');
    await shoot(page, `long-relations-${w}`);
  });
}
