import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { freePort, startServer, type TestServer } from '../support/server';

/**
 * The embedding contract (docs/EMBEDDING.md) end to end, every example page as "another site": the
 * page is opened as http://localhost:PORT/examples/… and loads the widgets from, and calls the API
 * of, http://127.0.0.1:PORT (?kg=), a different origin, which the server allows through
 * KG_CORS_ORIGINS (both origins are listed: the examples load scripts only from listed origins). Needs `npm run build` first.
 */
let server: TestServer;
let pageOrigin: string;
let kg: string;
const admin = { username: 'embed.admin', email: 'embed@example.org', password: 'embed-pass-1' };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  pageOrigin = `http://localhost:${port}`;
  // Both origins listed: the page's, to call the API; the server's other name, for the page to load it (?kg=).
  server = await startServer({ PORT: String(port), KG_SAMPLE_DATA: '1', KG_CORS_ORIGINS: `${pageOrigin},http://127.0.0.1:${port}` });
  kg = server.url; // http://127.0.0.1:PORT
  const res = await fetch(`${kg}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
  expect(res.ok).toBe(true);
});
test.afterAll(async () => {
  await server?.stop();
});

/** Opens an example as the other site and records page errors and which origins served what. */
async function openExample(page: Page, file: string) {
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('request', (req) => requests.push(req.url()));
  await page.goto(`${pageOrigin}/examples/${file}${file.includes('?') ? '&' : '?'}kg=${encodeURIComponent(kg)}`);
  return { errors, requests };
}

/** Collects every kg-* event that reaches the document, with its detail. */
async function recordEvents(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { kgEvents: Array<{ type: string; detail: unknown; bubbles: boolean; composed: boolean }> };
    w.kgEvents = [];
    for (const type of ['kg-node-select', 'kg-navigate', 'kg-relation-change', 'kg-session-change']) {
      document.addEventListener(type, (e) => w.kgEvents.push({ type, detail: (e as CustomEvent).detail, bubbles: e.bubbles, composed: e.composed }));
    }
  });
  return (type: string) => page.evaluate((t) => (window as unknown as { kgEvents: Array<{ type: string }> }).kgEvents.filter((e) => e.type === t), type);
}

async function signInWithin(page: Page, selector: string) {
  const el = page.locator(selector);
  await el.getByLabel('Username or Email').fill(admin.username);
  await el.getByLabel('Password').fill(admin.password);
  await el.getByRole('button', { name: 'Sign In' }).click();
}

test('clinical portal: only the graph explorer, from another origin; its sign-in, then events with their documented detail', async ({ page }) => {
  test.setTimeout(60_000);
  const events = await recordEvents(page);
  const { errors, requests } = await openExample(page, 'portal.html');
  const el = page.locator('kg-graph-explorer');

  await expect(el.getByText('Sign in to explore the knowledge graph.')).toBeVisible();
  await signInWithin(page, 'kg-graph-explorer');
  await expect(el.getByTestId('graph-subtitle')).toHaveText(/^412 nodes · /);

  // The widget came from the other origin, through its own entry only; the API calls went there too.
  const widgetFiles = requests.filter((u) => u.includes('/widgets/'));
  expect(widgetFiles.every((u) => u.startsWith(`${kg}/widgets/`))).toBe(true);
  expect(widgetFiles).toContain(`${kg}/widgets/kg-graph-explorer.js`);
  expect(widgetFiles).not.toContain(`${kg}/widgets/kg-elements.js`);
  expect(requests.some((u) => u.startsWith(`${kg}/api/graph`))).toBe(true);
  expect(requests.some((u) => u.startsWith(`${pageOrigin}/api/`))).toBe(false);
  // force-graph's own CSS does not stay in the page's <head>.
  expect(await page.evaluate(() => [...document.head.querySelectorAll('style')].some((s) => /force-graph-container|float-tooltip-kap/.test(s.textContent ?? '')))).toBe(false);

  await el.getByRole('combobox', { name: 'Find a node' }).fill('asthma');
  await el.getByRole('option', { name: /^asthma/ }).click();
  await expect(page.locator('#selected')).toHaveText('asthma (Disease)');
  const [select] = await events('kg-node-select');
  expect(select).toMatchObject({ bubbles: true, composed: true, detail: { name: 'asthma', nodeType: 'Disease' } });
  const detail = (select as unknown as { detail: Record<string, unknown> }).detail;
  expect(Object.keys(detail).sort()).toEqual(['name', 'nodeId', 'nodeType']);
  expect(detail.nodeId).toMatch(/^[0-9a-f-]{36}$/);

  // Attributes live: set focus-node-id, then remove it: back to the whole graph.
  await page.getByRole('button', { name: 'Focus on selection' }).click();
  await expect(el.getByTestId('graph-subtitle')).toHaveText('Relations for asthma');
  await page.getByRole('button', { name: 'Whole graph' }).click();
  await expect(el).not.toHaveAttribute('focus-node-id');
  await expect(el.getByTestId('graph-subtitle')).toHaveText(/^412 nodes · /);
  await expectNoSeriousA11yViolations(page, 'portal');
  expect(errors).toEqual([]);
});

test('intranet SNOMED admin from another origin: a token handed over through the session property', async ({ page }) => {
  const { errors } = await openExample(page, 'intranet-snomed.html');
  const el = page.locator('kg-snomed-admin');
  await expect(el.getByText('Sign in to manage SNOMED CT concepts.')).toBeVisible();

  // The page signs in through the API itself (cross-origin, allowed by KG_CORS_ORIGINS) and hands the tokens over.
  await page.evaluate(
    async ({ kg, admin }) => {
      const res = await fetch(`${kg}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: admin.username, password: admin.password }) });
      const { accessToken, refreshToken } = await res.json();
      (document.querySelector('kg-snomed-admin') as HTMLElement & { session: unknown }).session = { accessToken, refreshToken };
    },
    { kg, admin },
  );
  await expect(el.getByRole('heading', { name: 'SNOMED CT Management' })).toBeVisible();
  await expect(el.getByText('Sign in to manage SNOMED CT concepts.')).toHaveCount(0);
  await expect(el.getByRole('table')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'intranet SNOMED');

  // session = null signs out again: the widget's own sign-in is back.
  await page.evaluate(() => ((document.querySelector('kg-snomed-admin') as HTMLElement & { session: unknown }).session = null));
  await expect(el.getByText('Sign in to manage SNOMED CT concepts.')).toBeVisible();
  expect(errors).toEqual([]);
});

test('admin intranet: widgets share one session and one token refresh', async ({ page }) => {
  const events = await recordEvents(page);
  const { errors } = await openExample(page, 'admin.html');
  const users = page.locator('kg-user-admin');
  await expect(users.getByText('Sign in to manage users.')).toBeVisible();
  await signInWithin(page, 'kg-user-admin');
  await expect(users.getByRole('heading', { name: 'User Management' })).toBeVisible();
  // The header's kg-sign-in and the role widget are signed in by that one sign-in.
  await expect(page.locator('kg-sign-in').getByRole('button', { name: 'Logout' })).toBeVisible();
  await page.getByRole('link', { name: 'Roles & permissions' }).click();
  await expect(page.locator('kg-role-admin').getByRole('heading', { name: 'Role Management' })).toBeVisible();
  await expect.poll(async () => (await events('kg-session-change')).at(-1)).toMatchObject({ detail: { user: { username: admin.username, role: 'admin' } } });

  // An access token that the server no longer accepts: every widget needs the API at once, one refresh serves them all.
  let refreshes = 0;
  page.on('request', (req) => {
    if (req.url().endsWith('/api/auth/refresh')) refreshes++;
  });
  await page.evaluate((base) => localStorage.setItem(`kg:${base}:accessToken`, 'expired.token.value'), kg); // the widgets' server, not the page's origin
  await page.reload();
  await expect(page.locator('kg-role-admin').getByRole('heading', { name: 'Role Management' })).toBeVisible();
  await page.getByRole('link', { name: 'People & accounts' }).click();
  await expect(users.getByRole('heading', { name: 'User Management' })).toBeVisible();
  await expect(users.getByRole('cell', { name: admin.username }).first()).toBeVisible();
  await expect(page.locator('kg-sign-in').getByRole('button', { name: 'Logout' })).toBeVisible();
  expect(refreshes).toBe(1);
  expect(errors).toEqual([]);
});

test('React app from another origin: elements as JSX, events into React state, attributes from state', async ({ page }) => {
  test.setTimeout(60_000);
  const { errors } = await openExample(page, 'react-app/');
  await expect(page.getByTestId('react-user')).toHaveText('Not signed in');
  await signInWithin(page, 'kg-sign-in');
  await expect(page.getByTestId('react-user')).toHaveText(`Signed in as ${admin.username}`);
  const el = page.locator('kg-graph-explorer');
  await expect(el.getByTestId('graph-subtitle')).toHaveText(/^412 nodes · /);
  await el.getByRole('combobox', { name: 'Find a node' }).fill('asthma');
  await el.getByRole('option', { name: /^asthma/ }).click();
  await expect(page.getByTestId('react-selection')).toHaveText('asthma (Disease)');
  await page.getByRole('button', { name: 'Focus in graph' }).click();
  await expect(el.getByTestId('graph-subtitle')).toHaveText('Relations for asthma');
  // React removes the attribute (focus = undefined): the element shows the whole graph again.
  await page.getByRole('button', { name: 'Whole graph' }).click();
  await expect(el).not.toHaveAttribute('focus-node-id');
  await expect(el.getByTestId('graph-subtitle')).toHaveText(/^412 nodes · /);
  expect(errors).toEqual([]);
});

test('hostile global CSS: the widgets (classic script) look exactly as on a calm page', async ({ page }) => {
  test.setTimeout(60_000);
  /** Computed styles of the widgets' parts, and their sizes. */
  const look = () =>
    page.evaluate(() => {
      const props = ['font-family', 'font-size', 'font-style', 'font-weight', 'color', 'background-color', 'letter-spacing', 'text-transform', 'line-height', 'padding-top', 'border-top-width', 'border-top-style', 'border-top-left-radius', 'display', 'box-sizing', 'width', 'height'];
      const pick = (el: Element | null | undefined) => (el ? Object.fromEntries(props.map((p) => [p, getComputedStyle(el).getPropertyValue(p)])) : null);
      const signIn = document.querySelector('kg-sign-in')!.shadowRoot!;
      const graph = document.querySelector('kg-graph-explorer')!.shadowRoot!;
      return {
        button: pick(signIn.querySelector('button[type=submit]')),
        input: pick(signIn.querySelector('input')),
        label: pick(signIn.querySelector('label')),
        form: pick(signIn.querySelector('form')),
        prompt: pick(graph.querySelector('.kg-widget__signin-text')),
        graphButton: pick(graph.querySelector('button[type=submit]')),
        graphBox: pick(graph.querySelector('.kg-widget__signin')),
      };
    });
  const ready = async () => {
    await expect(page.locator('kg-sign-in').getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(page.locator('kg-graph-explorer').getByText('Sign in to explore the knowledge graph.')).toBeVisible();
  };

  const calm = await openExample(page, 'hostile.html?calm');
  await ready();
  const expected = await look();
  expect(await page.evaluate(() => !!document.getElementById('hostile-css'))).toBe(false);

  const { errors, requests } = await openExample(page, 'hostile.html');
  await ready();
  // The sign-in box takes its container's width, which the page decides; everything else must match.
  delete expected.graphBox?.width;
  expect(await page.evaluate(() => getComputedStyle(document.querySelector('h1')!).fontSize)).toBe('60px'); // the page is hostile
  const actual = await look();
  delete actual.graphBox?.width;
  expect(actual).toEqual(expected);
  // Look-alike --kg-* variables on :root do not leak in: the widget's own blue, not magenta.
  expect(expected.button?.['background-color']).toBe('rgb(21, 101, 192)');
  // Loaded through the classic-script loader.
  expect(requests).toContain(`${kg}/widgets/kg-elements.classic.js`);

  // Signed in, the graph draws, and its popover-free toolbar keeps its size too.
  await signInWithin(page, 'kg-sign-in');
  const el = page.locator('kg-graph-explorer');
  await expect(el.getByTestId('graph-subtitle')).toHaveText(/^412 nodes · /);
  const toolbarFont = await el.getByRole('button', { name: 'Zoom In' }).evaluate((b) => [getComputedStyle(b).backgroundColor, getComputedStyle(b).width, getComputedStyle(b).borderTopStyle]);
  expect(toolbarFont).not.toContain('rgb(255, 0, 0)');
  expect(toolbarFont[1]).toBe('36px');
  // The canvas comes with force-graph, imported lazily: it may still load when the subtitle shows.
  await expect.poll(() => el.evaluate((e) => !!e.shadowRoot?.querySelector('canvas') && getComputedStyle(e.shadowRoot.querySelector('canvas')!).display)).toBe('block');
  expect([...calm.errors, ...errors]).toEqual([]);
});
