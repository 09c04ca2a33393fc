import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { graphApp } from '../support/graph-app';
import { clearEdge, clearNode, clickAt, expectPressed, nodeNamed, positions, settled } from '../support/graph-helpers';
import { startServer, type TestServer } from '../support/server';

/**
 * The graph dialog's focused view and its changes to the data (edit relation type, delete
 * relation, node actions, the busy flag) and its load errors, against the real server with
 * the sample graph. Tests share the database and run in order. Needs `npm run build` first.
 */
test.describe.configure({ mode: 'serial' });

let server: TestServer;
const app = graphApp(() => server);
const { api, dialog, graphCalls, nodeId, openGraph, focusOn, find, url } = app;
/** A relation from hypertension (which otherwise only has incoming ones) to a symptom it does not touch. */
let outgoing = { id: '', target: '' };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer({ KG_SAMPLE_DATA: '1' });
  await app.registerAdmin();
  const focus = await nodeId('hypertension');
  const near = await api<{ nodes: { id: string }[] }>(`/graph?focus=${focus}`);
  const symptoms = await api<{ data: { id: string; name: string }[] }>('/nodes?nodeType=Symptom&limit=200&sortBy=name&sortOrder=asc');
  const target = symptoms.body.data.find((n) => !near.body.nodes.some((x) => x.id === n.id))!;
  await api('/relationtypes', { method: 'POST', body: { name: 'associated with' } });
  // Without rules, so the edge may take it (the sample graph's "symptom of" is Symptom → Disease only).
  await api('/relationtypes', { method: 'POST', body: { name: 'related to' } });
  const created = await api<{ id: string }>('/relations', {
    method: 'POST',
    body: { sourceNodeId: focus, targetNodeId: target.id, relationType: 'associated with', relationName: 'associated with', weight: 60 },
  });
  expect(created.status).toBe(201);
  outgoing = { id: created.body.id, target: target.name };
});
test.afterAll(async () => {
  await server?.stop();
});

const stage = async (page: Page) => (await dialog(page).getByTestId('graph-canvas').boundingBox())!;

test('focused view: focus centred, neighbours around it (incoming centred left, outgoing right); Remove Incoming / Outgoing filter locally', async ({ page }) => {
  const calls = graphCalls(page);
  await openGraph(page);
  const p = await focusOn(page, 'hypertension');
  const d = dialog(page);
  await expect(d.getByText('Focusing on: hypertension')).toBeVisible();
  expect(calls).toHaveLength(2); // the global graph, then the focused one

  const box = await stage(page);
  const focus = nodeNamed(p, 'hypertension');
  expect(Math.abs(focus.x - (box.x + box.width / 2))).toBeLessThan(4);
  expect(Math.abs(focus.y - (box.y + box.height / 2))).toBeLessThan(4);
  const target = nodeNamed(p, outgoing.target);
  expect(target.x).toBeGreaterThan(focus.x + 50);
  const incoming = p.nodes.filter((n) => n.id !== focus.id && n.id !== target.id);
  expect(incoming.length).toBeGreaterThan(10);
  // Around the focus node, not crammed into one half: the incoming group is centred
  // on the left and wraps above and below; no two nodes touch.
  expect(incoming.reduce((sum, n) => sum + n.x, 0) / incoming.length).toBeLessThan(focus.x - 20);
  expect(incoming.filter((n) => n.y < focus.y - 50).length).toBeGreaterThanOrEqual(3);
  expect(incoming.filter((n) => n.y > focus.y + 50).length).toBeGreaterThanOrEqual(3);
  for (const a of p.nodes) for (const b of p.nodes) if (a.id < b.id) expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThan(a.r + b.r);

  const removeIncoming = d.getByRole('button', { name: 'Remove Incoming Relations' });
  const removeOutgoing = d.getByRole('button', { name: 'Remove Outgoing Relations' });
  await removeIncoming.click();
  await expectPressed(removeIncoming, true);
  await expect.poll(async () => (await positions(page))!.nodes.map((n) => n.name).sort()).toEqual(['hypertension', outgoing.target].sort());
  await removeIncoming.click();
  await removeOutgoing.click();
  await expectPressed(removeOutgoing, true);
  await expect.poll(async () => (await positions(page))!.nodes.length).toBe(incoming.length + 1);
  expect((await positions(page))!.nodes.some((n) => n.name === outgoing.target)).toBe(false);
  await removeOutgoing.click();
  await expect.poll(async () => (await positions(page))!.nodes.length).toBe(p.nodes.length);
  expect(calls).toHaveLength(2); // local only
});

for (const [w, h] of [
  [1440, 900],
  [390, 844],
] as const) {
  test(`${w}px: a hub's focused view (asthma) puts its neighbours all around it, none touching; screenshot`, async ({ page }) => {
    await page.setViewportSize({ width: w, height: h });
    await openGraph(page);
    const p = await focusOn(page, 'asthma');
    const focus = nodeNamed(p, 'asthma');
    const others = p.nodes.filter((n) => n.id !== focus.id);
    expect(others.length).toBeGreaterThanOrEqual(15);
    // Not crammed into one half — every quadrant around the focus node holds neighbours.
    for (const [sx, sy] of [[1, 1], [1, -1], [-1, 1], [-1, -1]]) {
      expect(others.filter((n) => (n.x - focus.x) * sx > 5 && (n.y - focus.y) * sy > 5).length).toBeGreaterThanOrEqual(2);
    }
    for (const a of p.nodes) for (const b of p.nodes) if (a.id < b.id) expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThan(a.r + b.r);
    fs.mkdirSync('.tmp/shots', { recursive: true });
    await page.screenshot({ path: `.tmp/shots/graph-asthma-${w}.png` });
  });
}

test('edge popover: details, Edit Relation Type (Save needs a choice), Delete Relation', async ({ page }) => {
  const relationEvents: string[] = [];
  // The relation record itself (the popover's discussion count is read from its own sub-resource).
  page.on('request', (r) => {
    if (/^\/api\/relations\/[^/]+$/.test(new URL(r.url()).pathname)) relationEvents.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  await openGraph(page);
  await focusOn(page, 'hypertension');
  const d = dialog(page);
  await d.getByRole('radio', { name: 'Circle' }).click();
  await settled(page);
  for (let i = 0; i < 4; i++) await d.getByRole('button', { name: 'Zoom In' }).click();
  const p = await settled(page);

  // Our own relation (no description) is the one edge on the right.
  const edge = clearEdge(p, await stage(page), (l) => l.id === outgoing.id);
  await clickAt(page, edge);
  const popover = d.getByRole('dialog', { name: 'Relation associated with' });
  await expect(popover).toBeVisible();
  await expect(popover.getByRole('heading')).toHaveText('associated with');
  await expect(popover).toContainText(`hypertension → ${outgoing.target}`);
  await expect(popover).toContainText('No description');
  await popover.getByRole('button', { name: 'Edit Relation Type' }).click();
  const save = popover.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  // The select shows it is one (it had no arrow).
  await expect(popover.locator('.kg-select__chevron')).toBeVisible();
  await popover.getByLabel('New relation type').selectOption('related to');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByRole('status').filter({ hasText: 'Relation type updated successfully' })).toBeVisible();
  expect((await api<{ relationType: string; relationName: string; weight: number }>(`/relations/${outgoing.id}`)).body).toMatchObject({ relationType: 'related to', relationName: 'associated with', weight: 60 });
  expect(relationEvents).toEqual([`GET /api/relations/${outgoing.id}`, `PUT /api/relations/${outgoing.id}`]);

  // Another edge (a sample one, with a description) goes.
  await page.keyboard.press('Escape');
  const other = clearEdge(await settled(page), await stage(page), (l) => l.id !== outgoing.id);
  await clickAt(page, other, { button: 'right' });
  const second = d.getByRole('dialog', { name: /^Relation / });
  await expect(second).toBeVisible();
  await expect(second).not.toContainText('No description');
  await second.getByRole('button', { name: 'Delete Relation' }).click();
  await second.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Relation deleted successfully' })).toBeVisible();
  await expect(second).toBeHidden();
  expect((await api(`/relations/${other.id}`)).status).toBe(404);
  expect((await positions(page))!.links.some((l) => l.id === other.id)).toBe(false);
});

test('popovers count a record\'s comments; Open discussion leads to its thread, where a comment is posted', async ({ page }) => {
  for (const body of ['Source: the 2023 guideline?', 'Yes, section 4.'])
    expect((await api(`/relations/${outgoing.id}/comments`, { method: 'POST', body: { body } })).status).toBe(201);
  const hypertension = await nodeId('hypertension');
  expect((await api(`/nodes/${hypertension}/comments`, { method: 'POST', body: { body: 'Check the SNOMED code.' } })).status).toBe(201);

  await openGraph(page);
  await focusOn(page, 'hypertension');
  const d = dialog(page);
  await d.getByRole('radio', { name: 'Circle' }).click();
  await settled(page);
  for (let i = 0; i < 4; i++) await d.getByRole('button', { name: 'Zoom In' }).click();
  const p = await settled(page);
  await clickAt(page, nodeNamed(p, 'hypertension'), { button: 'right' });
  const nodePopover = d.getByRole('dialog', { name: 'hypertension' });
  await expect(nodePopover.locator('.kg-discussion-count')).toContainText('1 comment');
  await page.keyboard.press('Escape');

  await clickAt(page, clearEdge(p, await stage(page), (l) => l.id === outgoing.id), { button: 'right' });
  const edgePopover = d.getByRole('dialog', { name: /^Relation / });
  await expect(edgePopover.locator('.kg-discussion-count')).toContainText('2 comments');
  await edgePopover.getByRole('button', { name: 'Open discussion' }).click();
  await expect(page).toHaveURL(url(`/relations/${outgoing.id}/edit`));
  const thread = page.getByRole('region', { name: 'Discussion' });
  await expect(thread.getByRole('heading')).toHaveText('Discussion (2)');
  await expect(thread.locator('.kg-discussion__item')).toHaveText([/Source: the 2023 guideline\?/, /Yes, section 4\./]);
  await thread.getByRole('textbox').fill('Added the PMID to the evidence.');
  await thread.getByRole('button', { name: 'Post' }).click();
  await expect(thread.getByRole('heading')).toHaveText('Discussion (3)');
  const listed = await api<{ data: { body: string }[] }>(`/relations/${outgoing.id}/comments`);
  expect(listed.body.data.map((c) => c.body)).toEqual(['Source: the 2023 guideline?', 'Yes, section 4.', 'Added the PMID to the evidence.']);
});

test('node popover: Edit Node and Add Relation leave the graph for their pages', async ({ page }) => {
  await openGraph(page);
  const d = dialog(page);
  const asthma = await find(page, 'asthma');
  await clickAt(page, asthma);
  await d.getByRole('dialog', { name: 'asthma' }).getByRole('button', { name: 'Edit Node' }).click();
  await expect(page).toHaveURL(url(`/nodes/${asthma.id}/edit`));
  await expect(dialog(page)).toBeHidden();

  await page.goto(url('/dashboard'));
  await page.getByRole('button', { name: 'Open knowledge graph' }).click();
  await clickAt(page, await find(page, 'asthma'));
  await d.getByRole('dialog', { name: 'asthma' }).getByRole('button', { name: 'Add Relation' }).click();
  await expect(page).toHaveURL(url(`/nodes/${asthma.id}/relations/new`));
  // The relation form will come back to the graph with this route state.
  expect(await page.evaluate(() => history.state?.usr)).toEqual({ returnTo: { graph: { focusNodeId: asthma.id } } });
});

test('Delete Node: busy while deleting (no closing), then the node and its relations are gone', async ({ page }) => {
  await openGraph(page);
  const d = dialog(page);
  await find(page, 'hypertension'); // zoomed in enough to tell nodes apart
  const node = clearNode(await settled(page), await stage(page), (n) => n.name !== 'hypertension');
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(`**/api/nodes/${node.id}`, async (route) => {
    if (route.request().method() === 'DELETE') await held;
    await route.continue();
  });
  await clickAt(page, node);
  const popover = d.getByRole('dialog', { name: node.name });
  await popover.getByRole('button', { name: 'Delete Node' }).click();
  await expect(popover).toContainText('and all its relations? This action cannot be undone.');
  await popover.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(popover.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
  await expect(d.getByRole('button', { name: 'Close', exact: true }).filter({ hasText: 'Close' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(d).toBeVisible();
  release();
  await expect(page.getByRole('status').filter({ hasText: 'Node and all related relations deleted successfully' })).toBeVisible();
  await expect(popover).toBeHidden();
  await expect(d.getByRole('button', { name: 'Close', exact: true }).filter({ hasText: 'Close' })).toBeEnabled();
  expect((await positions(page))!.nodes.some((n) => n.id === node.id)).toBe(false);
  expect((await api(`/nodes/${node.id}`)).status).toBe(404);
});

test('a failed load shows the message; Refresh Graph Data and a visible tab load again', async ({ page }) => {
  const calls = graphCalls(page);
  let fail = true;
  await page.route('**/api/graph*', (route) =>
    fail ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Database unavailable', code: 'internal' }) }) : route.continue(),
  );
  await app.signIn(page);
  await page.getByRole('button', { name: 'Open knowledge graph' }).click();
  await expect(dialog(page).getByRole('alert')).toHaveText('Failed to load graph data: Database unavailable');
  fail = false;
  await dialog(page).getByRole('button', { name: 'Refresh Graph Data' }).click();
  await expect(dialog(page).getByRole('alert')).toHaveCount(0);
  await expect(dialog(page).getByTestId('graph-subtitle')).toHaveText(/ nodes · /);
  const before = calls.length;
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect.poll(() => calls.length).toBe(before + 1);
});
