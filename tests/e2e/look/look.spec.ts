import { expect, test, type Page } from '@playwright/test';
import { graphApp } from '../support/graph-app';
import { startServer, type TestServer } from '../support/server';
import { axeBuilder } from '../support/axe';

/**
 * The look on the sample graph, signed in as admin: the host's Inter comes from
 * our own origin; widgets keep the platform font unless the page sets --kg-font-family; a type
 * chip stays readable in any stored colour; every main screen, and the dark example page, passes
 * axe's colour-contrast rule at desktop and phone size. Needs `npm run build` first.
 */
test.describe.configure({ mode: 'serial' });

let server: TestServer;
const app = graphApp(() => server);

test.beforeAll(async () => {
  server = await startServer({ KG_SAMPLE_DATA: '1' });
  await app.registerAdmin();
});
test.afterAll(async () => {
  await server?.stop();
});

async function contrastViolations(page: Page): Promise<string[]> {
  const results = await axeBuilder(page).withRules(['color-contrast']).analyze();
  return results.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n').pop()?.trim()}`));
}

/** Waits for the screen's data (no spinner left) and the fonts. */
async function rendered(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[role="progressbar"]')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
}

test('the host app sets Inter, loaded from its own origin, and nothing from another origin', async ({ page }) => {
  const requests: URL[] = [];
  page.on('request', (r) => requests.push(new URL(r.url())));
  await app.signIn(page);
  await rendered(page);

  const origin = new URL(server.url).origin;
  expect(requests.filter((u) => u.protocol.startsWith('http') && u.origin !== origin).map(String)).toEqual([]);
  const fonts = requests.filter((u) => u.pathname.endsWith('.woff2'));
  expect(fonts.length).toBeGreaterThan(0);
  for (const f of fonts) expect(f.pathname).toMatch(/^\/assets\/inter-[a-z-]+-wght-normal-[\w-]+\.woff2$/);
  // An English page needs only the Latin subset (unicode-range): no Cyrillic or Greek download.
  expect(fonts.some((f) => f.pathname.includes('inter-latin-wght'))).toBe(true);
  expect(fonts.some((f) => /cyrillic|greek|vietnamese/.test(f.pathname))).toBe(false);

  const heading = page.getByRole('heading', { name: 'Welcome, ada' });
  expect(await heading.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/^"Inter Variable"/);
  expect(await page.evaluate(() => document.fonts.check('16px "Inter Variable"'))).toBe(true);
  expect(await page.evaluate(() => [...document.fonts].some((f) => f.family === 'Inter Variable' && f.status === 'loaded'))).toBe(true);
});

test('a widget keeps the platform font by default and takes --kg-font-family from the page', async ({ page }) => {
  await app.signIn(page);
  await page.goto(app.url('/examples/dark.html'));
  const widget = page.locator('kg-snomed-admin');
  const title = widget.getByRole('heading', { name: 'SNOMED CT Management' });
  await expect(title).toBeVisible();
  const font = () => title.evaluate((el) => getComputedStyle(el).fontFamily);
  expect(await font()).toMatch(/^system-ui/);
  await widget.evaluate((el: HTMLElement) => el.style.setProperty('--kg-font-family', 'Georgia, serif'));
  expect(await font()).toBe('Georgia, serif');
});

test('a type chip in a pale stored colour gets black text, a palette colour keeps white', async ({ page }) => {
  const created = await app.api<{ id: string }>('/nodetypes', { method: 'POST', body: { name: 'Pale finding', color: '#ffeb3b' } });
  expect(created.status).toBe(201);
  expect((await app.api('/nodes', { method: 'POST', body: { name: 'Pale test node', nodeType: 'Pale finding' } })).status).toBe(201);
  await app.signIn(page);
  await page.goto(app.url('/nodes'));
  await page.getByRole('searchbox').or(page.getByPlaceholder('Search nodes...')).first().fill('Pale test node');
  const pale = page.locator('.kg-chip', { hasText: 'Pale finding' }).first();
  await expect(pale).toHaveCSS('background-color', 'rgb(255, 235, 59)');
  // Black (lch(0 0 0)) on the pale yellow: 19:1; white would be 1.2:1.
  await expect(pale).toHaveCSS('color', /^(lch\(0 0 0\)|rgb\(0, 0, 0\))$/);
  await page.getByPlaceholder('Search nodes...').fill('asthma');
  await expect(page.locator('.kg-chip', { hasText: 'Disease' }).first()).toHaveCSS('color', /^(lch\(100 0 0\)|rgb\(255, 255, 255\))$/);
  expect(await contrastViolations(page)).toEqual([]);
});

// Phone: the screens whose layout changes most (cards instead of tables, stacked forms).
for (const size of [
  { name: 'desktop', width: 1440, height: 900, all: true },
  { name: 'phone', width: 390, height: 844, all: false },
]) {
  test(`the main screens pass axe colour contrast (${size.name})`, async ({ page }) => {
    // Fifteen screens, each with an axe pass: on a loaded 2-core machine this alone can take two minutes.
    test.setTimeout(240_000);
    await page.setViewportSize(size);
    await app.signIn(page);
    const asthma = await app.nodeId('asthma');
    const relation = (await app.api<{ data: { id: string }[] }>('/relations?limit=1')).body.data[0];
    const main = ['/dashboard', '/nodes', `/nodes/view/${asthma}`, `/relations/${relation.id}/edit`];
    const screens = size.all ? [...main, '/relations', '/node-types', '/admin/users', '/admin/roles', '/snomed', '/search?q=asthma', '/settings'] : main;
    const failures: string[] = [];
    for (const path of screens) {
      await page.goto(app.url(path));
      await rendered(page);
      failures.push(...(await contrastViolations(page)).map((v) => `${path} ${v}`));
    }
    // The graph dialog over the dashboard.
    await page.goto(app.url('/dashboard'));
    await page.getByRole('button', { name: 'Open knowledge graph' }).click();
    await expect(app.dialog(page)).toBeVisible();
    await rendered(page);
    failures.push(...(await contrastViolations(page)).map((v) => `graph ${v}`));
    // The dark example page: the widgets themed with --kg-* tokens only.
    await page.goto(app.url('/examples/dark.html'));
    await expect(page.locator('kg-snomed-admin').getByRole('heading', { name: 'SNOMED CT Management' })).toBeVisible();
    await rendered(page);
    failures.push(...(await contrastViolations(page)).map((v) => `dark example ${v}`));
    expect(failures).toEqual([]);
  });
}

test('on a phone, a dialog with three actions wraps them inside the dialog (none is pushed off its left edge)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await app.signIn(page);
  await page.goto(app.url('/snomed'));
  await rendered(page);
  await page.getByRole('button', { name: 'Import SNOMED' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import SNOMED Concepts' });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
  const box = (await dialog.boundingBox())!;
  for (const name of ['Cancel', 'Check file', 'Upload & Import']) {
    const button = (await dialog.getByRole('button', { name }).boundingBox())!;
    expect(button.x, name).toBeGreaterThanOrEqual(box.x);
    expect(button.x + button.width, name).toBeLessThanOrEqual(box.x + box.width);
  }
});
