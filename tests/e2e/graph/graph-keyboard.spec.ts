import { expect, test, type Page } from '@playwright/test';
import { enableGraphDebug, positions, settled } from '../support/graph-helpers';
import { startServer, type TestServer } from '../support/server';

/**
 * The graph by keyboard alone (keys in docs/elements/kg-graph-explorer.md) on the
 * hostile example page: Tab reaches the canvas (named, with a visible focus ring), arrow keys move
 * a ringed keyboard focus between nodes and a live region reads each one out, Enter opens the
 * popover, Escape closes it and gives the keys back to the canvas, the popover's actions are
 * reachable with Tab, E opens the edit form, Shift+arrows walk the node's edges and Enter opens
 * the edge's popover. Needs `npm run build` first.
 */
let server: TestServer;
const admin = { username: 'keys.admin', email: 'keys@example.org', password: 'keys-pass-1' };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer({ KG_SAMPLE_DATA: '1' });
  const res = await fetch(`${server.url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
  expect(res.ok).toBe(true);
});
test.afterAll(async () => {
  await server?.stop();
});

/** The focused element's accessible role and name, looking into shadow roots. */
const focused = (page: Page) =>
  page.evaluate(() => {
    let el: Element | null = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return { role: el?.getAttribute('role') ?? el?.tagName.toLowerCase() ?? '', name: el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '', outline: el ? getComputedStyle(el).outlineStyle : '' };
  });

async function tabTo(page: Page, role: string, name: string) {
  for (let i = 0; i < 60; i++) {
    const f = await focused(page);
    if (f.role === role && f.name === name) return f;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${role} "${name}"`);
}

test('hostile page: nodes, popovers, the edit form and edges, by keyboard only', async ({ page }) => {
  test.setTimeout(90_000);
  await enableGraphDebug(page);
  await page.addInitScript(() => {
    const w = window as unknown as { navigations: unknown[] };
    w.navigations = [];
    document.addEventListener('kg-navigate', (e) => w.navigations.push((e as CustomEvent).detail));
  });
  await page.goto(`${server.url}/examples/hostile.html`);
  const signIn = page.locator('kg-sign-in');
  await signIn.getByLabel('Username or Email').fill(admin.username);
  await signIn.getByLabel('Password').fill(admin.password);
  await page.keyboard.press('Enter');
  const el = page.locator('kg-graph-explorer');
  await expect(el.getByTestId('graph-subtitle')).toHaveText(/^412 nodes · /);
  const drawn = await settled(page);
  const announcer = el.getByTestId('graph-announcer');
  const byId = new Map(drawn.nodes.map((n) => [n.id, n]));

  // Tab reaches the canvas: an application named "Knowledge graph" with a visible ring.
  const canvasFocus = await tabTo(page, 'application', 'Knowledge graph');
  expect(canvasFocus.outline).toBe('solid');
  await expect(el.getByRole('application', { name: 'Knowledge graph' })).toHaveAccessibleDescription(/Arrow keys move between nodes/);

  // The first arrow chooses a start node; the next ones move right, then down; each is announced and ringed.
  const step = async (key: string) => {
    const before = (await positions(page))!.keyNode;
    await page.keyboard.press(key);
    await expect.poll(async () => (await positions(page))!.keyNode).not.toBe(before);
    const p = (await positions(page))!;
    const at = (id: string) => p.nodes.find((n) => n.id === id)!;
    return { id: p.keyNode!, at };
  };
  const start = await step('ArrowRight');
  expect(start.id).toBeTruthy();
  await expect(announcer).toHaveText(new RegExp(`^${byId.get(start.id)!.name}, `));
  const right = await step('ArrowRight');
  expect(right.at(right.id).x).toBeGreaterThan(right.at(start.id).x);
  await expect(announcer).toHaveText(new RegExp(`^${byId.get(right.id)!.name}, `));
  const below = await step('ArrowDown');
  expect(below.at(below.id).y).toBeGreaterThan(below.at(right.id).y);
  const down = below.id;
  const name = byId.get(down)!.name;

  // Enter: its popover, with the focus inside; Tab reaches Edit Node, which asks the page to navigate.
  await page.keyboard.press('Enter');
  const popover = el.getByRole('dialog', { name });
  await expect(popover).toBeVisible();
  await tabTo(page, 'button', 'Edit Node');
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => (window as unknown as { navigations: Array<{ path: string }> }).navigations.map((n) => n.path))).toEqual([`/nodes/${down}/edit`]);
  // Escape closes it and the keys go on from the canvas.
  await page.keyboard.press('Escape');
  await expect(popover).toHaveCount(0);
  await expect.poll(async () => (await focused(page)).role).toBe('application');

  // E: the in-graph edit form for the same node; Escape closes it, back on the canvas.
  await page.keyboard.press('e');
  const edit = el.getByRole('dialog', { name: 'Edit Knowledge Node' });
  await expect(edit).toBeVisible();
  await expect(edit.getByLabel(/^Name/)).toHaveValue(name);
  await expect(edit.getByLabel(/^Name/)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(edit).toHaveCount(0);
  await expect.poll(async () => (await focused(page)).role).toBe('application');

  // Shift+Right: the node's first edge, highlighted and announced; Enter opens its popover.
  await page.keyboard.press('Shift+ArrowRight');
  await expect.poll(async () => (await positions(page))!.keyLink).not.toBeNull();
  const link = (await positions(page))!.keyLink!;
  const edge = drawn.links.find((l) => l.id === link)!;
  expect([edge.source, edge.target]).toContain(down);
  await expect(announcer).toHaveText(new RegExp(`: ${byId.get(edge.source)!.name} to ${byId.get(edge.target)!.name}$`));
  await page.keyboard.press('Enter');
  const edgePopover = el.locator('.kg-graph-popover');
  await expect(edgePopover.getByRole('button', { name: 'Edit Relation Type' })).toBeVisible();
  await expect(edgePopover).toContainText(byId.get(edge.source)!.name);
  await page.keyboard.press('Escape');
  await expect(edgePopover).toHaveCount(0);
  await expect.poll(async () => (await focused(page)).role).toBe('application');
  // Escape on the canvas lets go of the edge; the node stays chosen.
  await page.keyboard.press('Escape');
  await expect.poll(async () => (await positions(page))!.keyLink).toBeNull();
  expect((await positions(page))!.keyNode).toBe(down);
  await expect(announcer).toHaveText(new RegExp(`^${name}, `));
});
