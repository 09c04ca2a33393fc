import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { actionBoxes, clippedButtons, clippedSelects, intersects } from '../support/fit';
import { startServer, type TestServer } from '../support/server';
import { settled } from '../support/shown-texts';
import { contextsClosedAfterEach } from '../support/contexts';

/**
 * Nothing cut off, covered or squeezed, on the sample graph (many node and relation types):
 * - the graph's filter chips wrap inside the viewport on a phone and inside a narrow embedded
 *   element, and the phone's graph canvas gets most of the screen's height;
 * - the dashboard's floating graph button covers none of the page's controls once the page is
 *   scrolled to its end, at 1440 and 390 px;
 * - no select on any host route cuts its longest option, and no button's label spills over its
 *   border, in English, German and French, at 390 px (a hub's node detail included).
 * Needs `npm run build` first.
 */
let server: TestServer;
const newContext = contextsClosedAfterEach();
let tokens: { accessToken: string; refreshToken: string };
let hubId: string;
const admin = { username: 'dr.adler', email: 'adler@example.org', password: 'correct-horse-9' };

test.beforeAll(async () => {
  // The server's start and the data's import: minutes on a loaded machine.
  test.setTimeout(900_000);
  server = await startServer({ KG_SAMPLE_DATA: '1' });
  const reg = await fetch(`${server.url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
  expect(reg.ok, await reg.clone().text()).toBe(true);
  tokens = await reg.json();
  const hubs = await fetch(`${server.url}/api/nodes?search=rheumatoid%20arthritis`, { headers: { authorization: `Bearer ${tokens.accessToken}` } });
  hubId = ((await hubs.json()) as { data: { id: string; name: string }[] }).data.find((n) => n.name === 'rheumatoid arthritis')!.id;
});
test.afterAll(async () => {
  await server?.stop();
});

async function signedInPage(browser: Browser, width: number, language: string): Promise<Page> {
  const context = await newContext(browser, { viewport: { width, height: width > 600 ? 900 : 844 } });
  await context.addInitScript(
    ([t, r, lang]) => {
      localStorage.setItem(`kg:${location.origin}:language`, lang);
      localStorage.setItem(`kg:${location.origin}:accessToken`, t);
      localStorage.setItem(`kg:${location.origin}:refreshToken`, r);
    },
    [tokens.accessToken, tokens.refreshToken, language],
  );
  return context.newPage();
}

/** Every chip of the graph's filters (under `scope`) lies inside `right`, and no chip row scrolls sideways. */
async function chipsFit(page: Page, scope: string, right: number) {
  const chips = page.locator(`${scope} .kg-graph-chip`);
  expect(await chips.count()).toBeGreaterThan(5);
  const rows = await page.locator(`${scope} .kg-graph-filters__chips`).evaluateAll((els) => els.map((e) => e.scrollWidth <= e.clientWidth + 1));
  expect(rows.every(Boolean), 'a chip row scrolls sideways').toBe(true);
  for (const box of await chips.evaluateAll((els) => els.filter((e) => e.checkVisibility()).map((e) => e.getBoundingClientRect().right)))
    expect(box).toBeLessThanOrEqual(right + 1);
}

test('the graph on a phone: the chips wrap inside the screen and the canvas gets most of its height', async ({ browser }) => {
  const page = await signedInPage(browser, 390, 'de');
  await page.goto(`${server.url}/dashboard`);
  await page.locator('.kg-graph-fab').click();
  await page.locator('.kg-graph-dialog .kg-graph__stage').waitFor();
  await settled(page);
  await chipsFit(page, '.kg-graph-dialog', 390);
  const stage = (await page.locator('.kg-graph-dialog .kg-graph__stage').boundingBox())!;
  expect(stage.height, `canvas ${stage.height} px of 844`).toBeGreaterThanOrEqual(844 * 0.5);
  // The whole stage is on the screen (nothing below it pushed out of the dialog).
  expect(stage.y + stage.height).toBeLessThanOrEqual(844);
  await page.context().close();
});

test('the graph embedded in a narrow column of a desktop page: the chips wrap inside the element', async ({ browser }) => {
  const page = await signedInPage(browser, 1440, 'en');
  const probe = `${server.url}/__fit-probe/graph.html`;
  await page.route(probe, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Narrow column</title><script type="module" src="/widgets/kg-elements.js"></script></head>
        <body style="margin:0"><aside style="width:360px;height:860px;display:flex;flex-direction:column"><kg-graph-explorer api-base="" style="flex:1"></kg-graph-explorer></aside></body></html>`,
    }),
  );
  await page.goto(probe);
  await page.locator('kg-graph-explorer .kg-graph__stage').waitFor();
  await settled(page);
  await chipsFit(page, 'kg-graph-explorer', 360);
  await page.context().close();
});

for (const width of [1440, 390]) {
  test(`the dashboard's floating graph button covers none of its controls at the end of the page (${width} px)`, async ({ browser }) => {
    const page = await signedInPage(browser, width, 'en');
    await page.goto(`${server.url}/dashboard`);
    await settled(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(300);
    const fab = (await page.locator('.kg-graph-fab').boundingBox())!;
    const covered = (await actionBoxes(page.locator('.kg-dashboard'))).filter((b) => b.y < (width > 600 ? 900 : 844) && intersects(b, fab));
    expect(covered).toEqual([]);
    await page.context().close();
  });
}

/** The route table's list pages and forms (the ones with selects; an id route shows what its list does). */
function routes(): string[] {
  const app = readFileSync(path.resolve(import.meta.dirname, '../../../src/host/App.tsx'), 'utf8');
  return [...app.matchAll(/<Route path="(\/[^":]*)"/g)].map((m) => m[1]).filter((p) => p !== '/' && p !== '/login' && p !== '/register');
}

for (const language of ['en', 'de', 'fr']) {
  test(`no select cuts its longest option and no button label spills on a phone, in ${language}`, async ({ browser }) => {
    test.setTimeout(240_000);
    const page = await signedInPage(browser, 390, language);
    const clipped: string[] = [];
    for (const route of [...routes(), `/nodes/${hubId}`]) {
      await page.goto(`${server.url}${route}`);
      await settled(page);
      clipped.push(...(await clippedSelects(page)).map((c) => `${route}: ${c}`));
      clipped.push(...(await clippedButtons(page)).map((c) => `${route}: ${c}`));
    }
    expect(clipped).toEqual([]);
    await page.context().close();
  });
}
