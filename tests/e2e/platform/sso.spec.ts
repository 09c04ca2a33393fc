import { expect, test, type Page } from '@playwright/test';
import { SignJWT, importJWK } from 'jose';
import path from 'node:path';
import type { TestProvider } from '../../../src/server/test/identity-provider';
import type { TestServer } from '../support/server';
import { startSsoServer } from '../support/sso-server';
import { contextsClosedAfterEach } from '../support/contexts';

/**
 * Single sign-on in the browser against a real OpenID provider (oidc-provider, in this process,
 * with a plain login form): the app's sign-in page into the app, a widget on a portal page, the
 * portal handing its user's token over, and sign-out at the provider. Needs `npm run build` first.
 */
const SCREENS = path.resolve('.tmp/screens');
const newContext = contextsClosedAfterEach();
let idp: TestProvider;
let server: TestServer;

test.beforeAll(async () => {
  ({ idp, server } = await startSsoServer({ portalClientId: 'ward-portal' }));
  idp.accounts.set('nurse.kim', { preferred_username: 'nurse.kim', email: 'kim@hospital.example', email_verified: true, groups: ['kg-editors'] });
  idp.accounts.set('dr.lee', { preferred_username: 'dr.lee', email: 'lee@hospital.example', email_verified: true, groups: [] });
});
test.afterAll(async () => {
  await server?.stop();
  await idp?.close();
});

async function loginAtProvider(page: Page, staffId: string) {
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
  await page.getByLabel('Staff ID').fill(staffId);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('the sign-in page sends staff to the provider and back into the app, with the mapped role', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${server.url}/nodes`);
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fnodes$/);
  const button = page.getByRole('button', { name: 'Sign in with Hospital Login' });
  await expect(button).toBeVisible();
  await page.screenshot({ path: path.join(SCREENS, 'sso-login-1440-en.png'), fullPage: true });
  await button.click();
  await loginAtProvider(page, 'nurse.kim');
  // Back on the page it started from; the one-time code is gone from the address bar.
  await expect(page).toHaveURL(`${server.url}/nodes`);
  await page.getByRole('button', { name: 'Account' }).click();
  await expect(page.getByRole('menu')).toContainText('nurse.kim');
  await expect(page.getByRole('menu')).toContainText('editor');
  await page.keyboard.press('Escape');

  // Sign-out ends the sign-in at the provider too (RP-initiated logout): the provider asks to confirm.
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/session/end`));
});

test('the sign-in page in German and narrow, and what it says when the sign-in comes back refused', async ({ browser }) => {
  const context = await newContext(browser, { viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/login#kg-sso-error=account_exists`);
  await expect(page.getByRole('alert')).toContainText('An account with your e-mail address already exists here');
  expect(new URL(page.url()).hash).toBe('');
  await page.screenshot({ path: path.join(SCREENS, 'sso-login-390-en.png'), fullPage: true });
  await page.evaluate(() => localStorage.setItem(`kg:${location.origin}:language`, 'de'));
  for (const [width, height] of [[390, 844], [1440, 900]]) {
    await page.setViewportSize({ width, height });
    await page.goto(`${server.url}/login`);
    await expect(page.getByRole('button', { name: 'Anmelden mit Hospital Login' })).toBeVisible();
    await page.screenshot({ path: path.join(SCREENS, `sso-login-${width}-de.png`), fullPage: true });
  }
  await context.close();
});

test('a widget on a portal page signs in with the provider, and a token the portal hands over signs the widget in', async ({ browser }) => {
  const context = await newContext(browser, { viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/examples/sso-portal.html`);
  const widget = page.locator('kg-sign-in');
  await expect(widget.getByRole('button', { name: 'Sign in with Hospital Login' })).toBeVisible();
  await page.screenshot({ path: path.join(SCREENS, 'sso-portal-1440-en.png'), fullPage: true });
  await widget.getByRole('button', { name: 'Sign in with Hospital Login' }).click();
  await loginAtProvider(page, 'dr.lee');
  await expect(page).toHaveURL(`${server.url}/examples/sso-portal.html`);
  await expect(widget.locator('.kg-signin__name')).toHaveText('dr.lee');
  await expect(widget.locator('.kg-signin__role')).toHaveText('viewer');
  await widget.getByRole('button', { name: 'Logout' }).click();
  await expect(widget.getByRole('button', { name: 'Sign in with Hospital Login' })).toBeVisible();

  // The portal signed its user in itself and hands the token (issued to the portal's client) over.
  const key = await importJWK(idp.privateJwk as never, 'RS256');
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ iss: idp.issuer, aud: 'ward-portal', sub: 'nurse.kim', preferred_username: 'nurse.kim', groups: ['kg-editors'], iat: now, exp: now + 300 })
    .setProtectedHeader({ alg: 'RS256', kid: 'hospital-key-1' })
    .sign(key);
  await page.getByLabel('An access or ID token').fill(token);
  await page.getByRole('button', { name: 'Hand over' }).click();
  await expect(widget.locator('.kg-signin__name')).toHaveText('nurse.kim');
  await expect(page.locator('#session-event')).toContainText('"username": "nurse.kim"');

  // The property works too, and a refused token changes nothing.
  await widget.evaluate((el) => {
    (el as HTMLElement & { providerToken: string }).providerToken = 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.';
  });
  await expect(widget.locator('.kg-signin__name')).toHaveText('nurse.kim');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SCREENS, 'sso-portal-390-en.png'), fullPage: true });
  await context.close();
});
