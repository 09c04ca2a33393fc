import { expect, test } from '@playwright/test';
import { startServer, type TestServer } from '../support/server';

/**
 * The widget bundle end to end: examples/sign-in.html (a plain intranet page) loads
 * /widgets/kg-elements.js and uses <kg-sign-in> against the real server.
 * Needs `npm run build:widgets` first (the server serves ./dist/widgets).
 */
let server: TestServer;

test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server?.stop();
});

const user = { username: 'dr.jones', email: 'jones@example.org', password: 'correct-horse-7' };

test('kg-sign-in signs in and out on a plain page, reports kg-session-change, keeps page CSS out', async ({ page }) => {
  const res = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
  expect(res.ok, await res.clone().text()).toBe(true);

  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));

  await page.goto(`${server.url}/examples/sign-in.html`);
  const widget = page.locator('kg-sign-in');
  const lastEvent = page.locator('#session-event');
  const login = widget.getByLabel('Username or Email');
  const password = widget.getByLabel('Password');
  const submit = widget.getByRole('button', { name: 'Sign In' });

  // Signed out: the form lives in the element's open shadow root; the page heard { user: null }.
  await expect(login).toBeVisible();
  expect(await widget.evaluate((el) => !!el.shadowRoot?.querySelector('form'))).toBe(true);
  await expect(lastEvent).toContainText('"user": null');

  // The page's global `button`/`body` styles do not reach the widget (its own blue, its own font).
  const pageButton = page.getByRole('button', { name: 'Search' });
  await expect(pageButton).toHaveCSS('background-color', 'rgb(183, 28, 28)');
  await expect(submit).toHaveCSS('background-color', 'rgb(21, 101, 192)');
  await expect(submit).toHaveCSS('text-transform', 'none');
  expect(await submit.evaluate((el) => getComputedStyle(el).fontFamily)).not.toContain('Georgia');

  // Wrong password: the server's message in an alert.
  await login.fill(user.username);
  await password.fill('wrong-password');
  await submit.click();
  await expect(widget.getByRole('alert')).toHaveText('Invalid username/email or password');

  // Right password (held back a moment so the busy state is visible): the badge.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/auth/login', async (route) => {
    await held;
    await route.continue();
  });
  await password.fill(user.password);
  await submit.click();
  await expect(widget.getByRole('button', { name: 'Signing In...' })).toBeDisabled();
  release();
  await expect(widget.getByText(user.username, { exact: true })).toBeVisible();
  await expect(widget.getByText('admin', { exact: true })).toBeVisible(); // first account on a fresh install
  await expect(widget.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(widget.getByRole('alert')).toHaveCount(0);
  await expect(lastEvent).toContainText(`"username": "${user.username}"`);
  await expect(lastEvent).toContainText('"role": "admin"');
  const tokens = await page.evaluate(() => [localStorage.getItem(`kg:${location.origin}:accessToken`), localStorage.getItem(`kg:${location.origin}:refreshToken`)]);
  expect(tokens.every(Boolean)).toBe(true);

  // A reload restores the session from the stored tokens and reports it again.
  await page.reload();
  await expect(widget.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(widget.getByText(user.username, { exact: true })).toBeVisible();
  await expect(lastEvent).toContainText(`"username": "${user.username}"`);

  // Loading the bundle a second time (another URL, so the module runs again) is harmless.
  await page.addScriptTag({ type: 'module', url: '/widgets/kg-elements.js?again' });
  await expect(widget.getByRole('button', { name: 'Logout' })).toBeVisible();

  // Logout: back to an empty form, the page hears { user: null }, the tokens are gone.
  await widget.getByRole('button', { name: 'Logout' }).click();
  await expect(login).toBeVisible();
  await expect(login).toHaveValue('');
  await expect(password).toHaveValue('');
  await expect(lastEvent).toContainText('"user": null');
  expect(await page.evaluate(() => localStorage.getItem(`kg:${location.origin}:accessToken`))).toBeNull();

  expect(errors).toEqual([]);
});
