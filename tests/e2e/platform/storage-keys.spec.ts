import { expect, test, type Page } from '@playwright/test';
import { freePort, startServer, type TestServer } from '../support/server';

/**
 * Browser storage is per server (DESIGN §9): two elements pointed at two servers
 * on one page keep two sessions, a portal's own bare `accessToken` survives our sign-in and
 * sign-out, and the host moves the bare keys an earlier version wrote. Needs `npm run build` first.
 *
 * The page is examples/two-servers.html, opened as http://localhost:A (another site), with one
 * kg-sign-in on server A (http://127.0.0.1:A) and one on server B (http://127.0.0.1:B).
 */
let hospital: TestServer;
let research: TestServer;
let pageOrigin: string;
const alice = { username: 'alice.hospital', email: 'alice@hospital.test', password: 'alice-pass-1' };
const bob = { username: 'bob.research', email: 'bob@research.test', password: 'bob-pass-1' };

async function register(server: TestServer, who: typeof alice) {
  const res = await fetch(`${server.url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(who) });
  expect(res.ok).toBe(true);
  return (await res.json()) as { accessToken: string; refreshToken: string };
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const port = await freePort();
  const secondPort = await freePort();
  pageOrigin = `http://localhost:${port}`;
  // One after the other: two embedded databases starting at once are slow on a small machine.
  // The page's server lists the origins its examples may load (?kg=, ?kg2=); both list the page's, to be called.
  hospital = await startServer({ PORT: String(port), KG_CORS_ORIGINS: `${pageOrigin},http://127.0.0.1:${port},http://127.0.0.1:${secondPort}` });
  research = await startServer({ PORT: String(secondPort), KG_CORS_ORIGINS: pageOrigin });
  await register(hospital, alice);
  await register(research, bob);
});
test.afterAll(async () => {
  await Promise.all([hospital?.stop(), research?.stop()]);
});

async function signIn(page: Page, id: string, who: typeof alice) {
  const el = page.locator(`kg-sign-in#${id}`);
  await el.getByLabel('Username or Email').fill(who.username);
  await el.getByLabel('Password').fill(who.password);
  await el.getByRole('button', { name: 'Sign In' }).click();
  await expect(el.getByText(who.username, { exact: true })).toBeVisible();
}

const storedKeys = (page: Page) => page.evaluate(() => Object.fromEntries(Object.keys(localStorage).sort().map((k) => [k, localStorage.getItem(k)])));

test('two elements on two servers keep two sessions; the portal’s own accessToken is never touched', async ({ page }) => {
  test.setTimeout(60_000);
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto(`${pageOrigin}/examples/two-servers.html?kg=${encodeURIComponent(hospital.url)}&kg2=${encodeURIComponent(research.url)}`);
  const first = page.locator('kg-sign-in#hospital');
  const second = page.locator('kg-sign-in#research');
  await expect(first.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(second.getByRole('button', { name: 'Sign In' })).toBeVisible();

  // Signing in on one server leaves the other element signed out.
  await signIn(page, 'hospital', alice);
  await expect(second.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await signIn(page, 'research', bob);
  await expect(first.getByText(alice.username, { exact: true })).toBeVisible();

  const keys = await storedKeys(page);
  expect(keys.accessToken).toBe('portal-own-session');
  const a = `kg:${hospital.url}`;
  const b = `kg:${research.url}`;
  expect(Object.keys(keys)).toEqual(expect.arrayContaining([`${a}:accessToken`, `${a}:refreshToken`, `${a}:user`, `${b}:accessToken`, `${b}:refreshToken`, `${b}:user`]));
  expect(keys[`${a}:accessToken`]).not.toBe(keys[`${b}:accessToken`]);
  expect(JSON.parse(keys[`${b}:user`]!)).toMatchObject({ username: bob.username });
  expect(Object.keys(keys).filter((k) => !k.startsWith('kg:'))).toEqual(['accessToken']); // no other bare key

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: '.tmp/test-results/two-servers-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '.tmp/test-results/two-servers-390.png', fullPage: true });

  // A reload restores both sessions, each from its own keys.
  await page.reload();
  await expect(first.getByText(alice.username, { exact: true })).toBeVisible();
  await expect(second.getByText(bob.username, { exact: true })).toBeVisible();

  // Signing out of one server ends only that session; the portal's token is still there.
  await first.getByRole('button', { name: 'Logout' }).click();
  await expect(first.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(second.getByText(bob.username, { exact: true })).toBeVisible();
  const after = await storedKeys(page);
  expect(after[`${a}:accessToken`]).toBeUndefined();
  expect(after[`${b}:accessToken`]).toBeTruthy();
  expect(after.accessToken).toBe('portal-own-session');
  await second.getByRole('button', { name: 'Logout' }).click();
  await expect(second.getByRole('button', { name: 'Sign In' })).toBeVisible();
  expect((await storedKeys(page)).accessToken).toBe('portal-own-session');
  expect(errors).toEqual([]);
});

test('the host moves the bare keys of an earlier version to its own server once and removes them', async ({ page }) => {
  const session = await (await fetch(`${hospital.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: alice.username, password: alice.password }) })).json() as { accessToken: string; refreshToken: string };
  // A page of the host's origin that is not the host app, to write storage as an earlier host did.
  await page.goto(`${hospital.url}/api/health`);
  await page.evaluate(([a, r]) => {
    localStorage.setItem('accessToken', a);
    localStorage.setItem('refreshToken', r);
    localStorage.setItem('kg.dashboard.nodes.view', 'table');
  }, [session.accessToken, session.refreshToken]);

  await page.goto(`${hospital.url}/dashboard`);
  await expect(page.getByRole('heading', { name: `Welcome, ${alice.username}` })).toBeVisible();
  const keys = await storedKeys(page);
  const base = `kg:${hospital.url}`;
  expect(keys[`${base}:accessToken`]).toBeTruthy();
  expect(keys[`${base}:refreshToken`]).toBeTruthy();
  expect(keys[`${base}:dashboard.nodes.view`]).toBe('table');
  expect(Object.keys(keys).filter((k) => !k.startsWith('kg:'))).toEqual([]);
});
