import { expect, test } from '@playwright/test';
import { clearEdge, clickAt, enableGraphDebug, nodeNamed, settled } from '../support/graph-helpers';
import { startServer, type TestServer } from '../support/server';

/**
 * <kg-graph-explorer> alone on examples/portal.html (a plain clinical portal page with its own
 * styles) against the real server with the sample graph: its own sign-in, the graph in its
 * shadow root, attributes driven by the page and its kg-* events heard by the page.
 * Needs `npm run build` first.
 */
let server: TestServer;
const user = { username: 'dr.grey', email: 'grey@example.org', password: 'portal-pass-1' };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer({ KG_SAMPLE_DATA: '1' });
  const res = await fetch(`${server.url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(user) });
  expect(res.ok).toBe(true);
  // A relation type without rules, so any edge may take it (the sample graph's types have rules).
  const { accessToken } = (await res.json()) as { accessToken: string };
  const type = await fetch(`${server.url}/api/relationtypes`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` }, body: JSON.stringify({ name: 'related to' }) });
  expect(type.ok).toBe(true);
});
test.afterAll(async () => {
  await server?.stop();
});

test('the explorer on a clinical portal: sign-in, graph, events to the page, attributes from the page', async ({ page }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await enableGraphDebug(page);
  await page.goto(`${server.url}/examples/portal.html`);
  const el = page.locator('kg-graph-explorer');
  const events = page.locator('#events');

  // Signed out: the element's own compact sign-in.
  await expect(el.getByText('Sign in to explore the knowledge graph.')).toBeVisible();
  await el.getByLabel('Username or Email').fill(user.username);
  await el.getByLabel('Password').fill(user.password);
  await el.getByRole('button', { name: 'Sign In' }).click();
  await expect(el.getByRole('heading', { name: 'Enhanced Knowledge Graph Visualization' })).toBeVisible();
  await expect(el.getByTestId('graph-subtitle')).toHaveText(/^412 nodes · /);
  await expect.poll(() => el.evaluate((e) => !!e.shadowRoot?.querySelector('canvas'))).toBe(true);
  await settled(page);

  // The portal's teal reaches the widget through --kg-* only; its fonts and button styles do not.
  await expect(el.getByRole('radio', { name: 'Force-directed' })).toHaveCSS('color', 'rgb(0, 121, 107)');
  expect(await el.getByRole('radio', { name: 'Circle' }).evaluate((b) => getComputedStyle(b).backgroundColor)).not.toBe('rgb(0, 121, 107)');

  // A click on a node: the popover in the shadow root, kg-node-select on the page.
  await el.getByRole('combobox', { name: 'Find a node' }).fill('asthma');
  await el.getByRole('option', { name: /^asthma/ }).click();
  await expect(page.locator('#selected')).toHaveText('asthma (Disease)');
  await expect(events).toContainText('kg-node-select');
  const asthma = nodeNamed(await settled(page), 'asthma');
  await clickAt(page, asthma);
  const popover = el.getByRole('dialog', { name: 'asthma' });
  await expect(popover).toBeVisible();
  expect(await el.evaluate((e) => !!e.shadowRoot?.querySelector('.kg-graph-popover'))).toBe(true);
  // Edit Node asks the page to navigate (kg-navigate); this portal only records it.
  await popover.getByRole('button', { name: 'Edit Node' }).click();
  await expect(events.locator('li').first()).toContainText(`kg-navigate {"path":"/nodes/${asthma.id}/edit"}`);
  await expect(page).toHaveURL(`${server.url}/examples/portal.html`);

  // The page sets focus-node-id and layout; removing the attribute returns to the whole graph.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Focus on selection' }).click();
  await expect(el).toHaveAttribute('focus-node-id', asthma.id);
  await expect(el.getByTestId('graph-subtitle')).toHaveText('Relations for asthma');
  await expect(el.getByText('Focusing on: asthma')).toBeVisible();
  await page.locator('#layout').selectOption('circle');
  await expect(el.getByRole('radio', { name: 'Circle' })).toBeChecked();
  await settled(page);
  for (let i = 0; i < 4; i++) await el.getByRole('button', { name: 'Zoom In' }).click();

  // An edge's type changed in the widget: kg-relation-change on the page.
  const stage = (await el.getByTestId('graph-canvas').boundingBox())!;
  const edge = clearEdge(await settled(page), stage);
  await clickAt(page, edge);
  const edgePopover = el.getByRole('dialog', { name: /^Relation / });
  await edgePopover.getByRole('button', { name: 'Edit Relation Type' }).click();
  const select = edgePopover.getByLabel('New relation type');
  const choice = 'related to';
  await select.selectOption(choice);
  await edgePopover.getByRole('button', { name: 'Save' }).click();
  await expect(el.getByRole('status').filter({ hasText: 'Relation type updated successfully' })).toBeVisible();
  await expect(events.locator('li').first()).toContainText(`kg-relation-change {"relationId":"${edge.id}","change":"updated","relationType":"${choice}"}`);

  await page.getByRole('button', { name: 'Whole graph' }).click();
  await expect(el).not.toHaveAttribute('focus-node-id');
  await expect(el.getByTestId('graph-subtitle')).toHaveText(/^412 nodes · /);
  expect(errors).toEqual([]);
});
