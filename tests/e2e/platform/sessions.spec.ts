import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { contextsClosedAfterEach } from '../support/contexts';
import { startServer, type TestServer } from '../support/server';

/**
 * "Sign out everywhere" on the Settings page: the server revokes every refresh
 * sign-in of the user, this browser signs out, and another browser's access token is refused
 * on its next request and its session can no longer be renewed.
 */
let server: TestServer;
const newContext = contextsClosedAfterEach();
const who = { username: 'wanderer', email: 'wanderer@example.org', password: 'Tidal-Orchard-63' };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer();
  const res = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  expect(res.status).toBe(201);
});
test.afterAll(async () => {
  await server?.stop();
});

const url = (path: string) => `${server.url}${path}`;

async function signedInPage(browser: Browser, path: string): Promise<Page> {
  const page = await (await newContext(browser)).newPage();
  await page.goto(url(`/login?returnTo=${encodeURIComponent(path)}`));
  await page.getByLabel(/^Username or Email\*?$/).fill(who.username);
  await page.getByLabel(/^Password\*?$/).fill(who.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(url(path));
  return page;
}

test('sign out everywhere ends this session and the ones in other browsers', async ({ browser }) => {
  const elsewhere = await signedInPage(browser, '/dashboard');
  const otherRefreshToken = await elsewhere.evaluate(() => localStorage.getItem(`kg:${location.origin}:refreshToken`));
  expect(otherRefreshToken).toBeTruthy();

  const page = await signedInPage(browser, '/settings');
  const card = page.getByRole('region', { name: 'Sessions' });
  await expect(card.getByRole('button', { name: 'Sign out everywhere' })).toBeVisible();
  await page.screenshot({ path: '.tmp/test-results/settings-sign-out-everywhere.png', fullPage: true });
  await expectNoSeriousA11yViolations(page, 'settings with the sessions card');

  // Cancel changes nothing.
  await card.getByRole('button', { name: 'Sign out everywhere' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' });
  await expect(dialog.getByText('this one included, will have to sign in again')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'sign out everywhere dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(url('/settings'));

  await card.getByRole('button', { name: 'Sign out everywhere' }).click();
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(url('/login'));
  expect(await page.evaluate(() => localStorage.getItem(`kg:${location.origin}:refreshToken`))).toBeNull();

  // The other browser's session is over at once: its access token (still minutes from expiring)
  // neither reads nor writes, it cannot be renewed, and its next request lands on the sign-in page.
  const otherAccessToken = await elsewhere.evaluate(() => localStorage.getItem(`kg:${location.origin}:accessToken`));
  const headers = { authorization: `Bearer ${otherAccessToken}` };
  expect((await elsewhere.request.get(url('/api/nodes'), { headers })).status()).toBe(401);
  expect((await elsewhere.request.post(url('/api/nodetypes'), { headers, data: { name: 'After sign-out' } })).status()).toBe(401);
  const refused = await elsewhere.request.post(url('/api/auth/refresh'), { data: { refreshToken: otherRefreshToken } });
  expect(refused.status()).toBe(401);
  await elsewhere.reload();
  await expect(elsewhere).toHaveURL(/\/login/);
});
