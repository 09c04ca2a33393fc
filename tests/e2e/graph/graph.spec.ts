import { expect, test, type Page } from '@playwright/test';
import { graphApp } from '../support/graph-app';
import { chip, clearNode, clickAt, expectPressed, positions, settled } from '../support/graph-helpers';
import { startServer, type TestServer } from '../support/server';

/**
 * The graph explorer in the host app against the real server with the sample medical graph
 * (412 nodes). The first account is the admin. Tests share the database and run in order.
 * Needs `npm run build` first.
 */
test.describe.configure({ mode: 'serial' });

let server: TestServer;
const app = graphApp(() => server);
const { api, dialog, graphCalls, nodeId, openGraph, find } = app;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer({ KG_SAMPLE_DATA: '1' });
  await app.registerAdmin();
});
test.afterAll(async () => {
  await server?.stop();
});

const zoomText = (page: Page) => dialog(page).getByLabel('Zoom level');

test('opens from the dashboard button: loading, header, toolbar, filters, zoom limits, one GET /graph', async ({ page }) => {
  const calls = graphCalls(page);
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/graph*', async (route) => {
    await held;
    await route.continue();
  });
  await app.signIn(page);
  await page.getByRole('button', { name: 'Open knowledge graph' }).click();
  await expect(dialog(page).getByText('Loading knowledge graph...')).toBeVisible();
  release();
  await expect(dialog(page).getByText('Loading knowledge graph...')).toBeHidden();
  const start = await settled(page);
  expect(calls).toHaveLength(1);

  const d = dialog(page);
  // Hubs hold relations back: the header says so instead of a count that looks like the total.
  await expect(d.getByTestId('graph-subtitle')).toHaveText(/^412 nodes · [\d,]+ of 1,311 connections \(hubs show their \d+ strongest\)$/);
  await expect(d.getByRole('group', { name: 'Node Types' }).getByRole('button')).toHaveText(['None', 'Disease', 'Drug', 'Symptom']);
  await expect(d.getByRole('group', { name: 'Relations' }).getByRole('button')).toHaveText(['None', 'symptom of', 'treats (disease-modifying)', 'treats (symptomatic)']);
  await expect(d.getByText('Mouse wheel to zoom, drag the background to pan')).toBeVisible();
  for (const name of ['Zoom In', 'Zoom Out', 'Reset View', 'Refresh Graph Data', 'Export PNG']) await expect(d.getByRole('button', { name })).toBeVisible();
  await expect(d.getByRole('radio')).toHaveText(['Circle', 'Grid', 'Force-directed']);
  await expect(d.getByRole('radio', { name: 'Force-directed' })).toBeChecked();

  // Fit zoom is clamped to 0.3–1; Zoom In ×1.1, Zoom Out ×0.9 down to 0.3; the wheel ×1.05 / ×0.95 within 0.5–2.5.
  expect(start.zoom).toBeGreaterThanOrEqual(0.3);
  expect(start.zoom).toBeLessThanOrEqual(1);
  await expect(zoomText(page)).toHaveText(`${Math.round(start.zoom * 100)}%`);
  await d.getByRole('button', { name: 'Zoom In' }).click();
  await expect.poll(async () => (await positions(page))!.zoom).toBeCloseTo(Math.min(2.5, start.zoom * 1.1), 3);
  await expect(zoomText(page)).toHaveText(`${Math.round(start.zoom * 110)}%`);
  for (let i = 0; i < 15; i++) await d.getByRole('button', { name: 'Zoom Out' }).click();
  await expect.poll(async () => (await positions(page))!.zoom).toBeCloseTo(0.3, 3);
  await expect(zoomText(page)).toHaveText('30%');
  const box = (await d.getByTestId('graph-canvas').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, 100); // below 0.5 the wheel does not zoom out further
  await page.waitForTimeout(100);
  expect((await positions(page))!.zoom).toBeCloseTo(0.3, 3);
  await page.mouse.wheel(0, -100);
  await expect.poll(async () => (await positions(page))!.zoom).toBeCloseTo(0.315, 3);
  await d.getByRole('button', { name: 'Reset View' }).click();
  await expect.poll(async () => (await positions(page))!.zoom).toBeCloseTo(start.zoom, 2);

  await d.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog(page)).toBeHidden();
});

test('node popover: a click opens it after the double-click window, a right-click at once', async ({ page }) => {
  await openGraph(page);
  const d = dialog(page);
  const hypertension = await find(page, 'hypertension');

  await clickAt(page, hypertension);
  const popover = d.getByRole('dialog', { name: 'hypertension' });
  await expect(popover).toBeVisible();
  await expect(popover.getByRole('heading')).toHaveText('hypertension');
  await expect(popover).toContainText('TypeDisease');
  await expect(popover).toContainText('SNOMED38341003');
  await expect(popover).toContainText('Disease Ontology DOID:10763');
  await expect(popover).toContainText(`Created${new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' })}`);
  for (const name of ['Add Relation', 'Edit Node', 'Delete Node']) await expect(popover.getByRole('button', { name })).toBeVisible();
  // Escape closes the popover, not the graph dialog.
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
  await expect(d).toBeVisible();

  const area = (await d.getByTestId('graph-canvas').boundingBox())!;
  const other = clearNode((await positions(page))!, area, (n) => n.id !== hypertension.id);
  await clickAt(page, other, { button: 'right' });
  await expect(d.getByRole('dialog', { name: other.name })).toBeVisible();
});

test('double-click opens the in-dialog Edit Knowledge Node form; Update Node saves', async ({ page }) => {
  await openGraph(page);
  const d = dialog(page);
  await clickAt(page, await find(page, 'asthma'), { clickCount: 2 });

  const form = page.getByRole('dialog', { name: 'Edit Knowledge Node' });
  await expect(form).toBeVisible();
  await expect(d.getByRole('dialog', { name: 'asthma' })).toHaveCount(0); // a double click is not two clicks
  await expect(form.getByLabel(/^Name/)).toHaveValue('asthma');
  await expect(form.getByLabel(/^Node Type/)).toBeDisabled();
  await expect(form.getByText('Relations exist, update of node type is disabled.')).toBeVisible();
  await form.getByLabel('Description').fill('Chronic inflammatory airway disease (edited in the graph)');
  await form.getByRole('button', { name: 'Update Node' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Node updated successfully' })).toBeVisible();
  await expect(form).toBeHidden();
  const saved = await api<{ description: string }>(`/nodes/${await nodeId('asthma')}`);
  expect(saved.body.description).toBe('Chronic inflammatory airway disease (edited in the graph)');
});

test('filters: node type and relation chips, None, Clear Filters — all local', async ({ page }) => {
  const calls = graphCalls(page);
  await openGraph(page);
  const d = dialog(page);
  const subtitle = d.getByTestId('graph-subtitle');
  await expect(d.getByRole('button', { name: 'Clear Filters' })).toHaveCount(0);

  await chip(d, 'Node Types', 'Drug').click();
  await expect(subtitle).toHaveText(/^131 nodes · 0 connections$/);
  await expectPressed(chip(d, 'Node Types', 'None'), false);
  await chip(d, 'Node Types', 'Symptom').click();
  await expect(subtitle).toHaveText(/^331 nodes · /);
  await chip(d, 'Node Types', 'None').click();
  await expect(subtitle).toHaveText(/^412 nodes · /);
  await expectPressed(chip(d, 'Node Types', 'None'), true);

  await chip(d, 'Relations', 'treats (symptomatic)').click();
  await expectPressed(chip(d, 'Relations', 'treats (symptomatic)'), true);
  const filtered = await settled(page);
  expect(filtered.nodes.length).toBeLessThan(412);
  await expect(subtitle).toHaveText(new RegExp(`^${filtered.nodes.length} nodes · `));
  await chip(d, 'Node Types', 'Disease').click();
  await d.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(subtitle).toHaveText(/^412 nodes · /);
  await expect(d.getByRole('button', { name: 'Clear Filters' })).toHaveCount(0);
  await expectPressed(chip(d, 'Relations', 'None'), true);
  expect(calls).toHaveLength(1);
});

test('layouts: circle, grid and force-directed', async ({ page }) => {
  await openGraph(page);
  const d = dialog(page);
  const round = (v: number) => Math.round(v);
  await d.getByRole('radio', { name: 'Circle' }).click();
  await expect(d.getByRole('radio', { name: 'Circle' })).toBeChecked();
  const circle = await settled(page);
  const cx = circle.nodes.reduce((s, n) => s + n.x, 0) / circle.nodes.length;
  const cy = circle.nodes.reduce((s, n) => s + n.y, 0) / circle.nodes.length;
  // Concentric rings: few distinct radii.
  expect(new Set(circle.nodes.map((n) => round(Math.hypot(n.x - cx, n.y - cy) / 4))).size).toBeLessThan(20);

  await d.getByRole('radio', { name: 'Grid' }).click();
  const grid = await settled(page);
  const rows = new Set(grid.nodes.map((n) => round(n.y)));
  expect(rows.size).toBeLessThan(40);
  expect(rows.size).toBeGreaterThan(5);

  await d.getByRole('radio', { name: 'Force-directed' }).click();
  const force = await settled(page);
  expect(new Set(force.nodes.map((n) => round(n.y))).size).toBeGreaterThan(100);
});
