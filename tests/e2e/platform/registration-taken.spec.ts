import { expect, test } from '@playwright/test';
import { startServer, type TestServer } from '../support/server';
import { contextsClosedAfterEach } from '../support/contexts';

/**
 * Registration answers a taken username and a taken email with one message, which does not say
 * which of the two exists, in the page's language.
 */
let server: TestServer;
const newContext = contextsClosedAfterEach();
const existing = { username: 'ada', email: 'ada@example.org', password: 'first-pass-1' };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer();
  const res = await fetch(`${server.url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(existing) });
  expect(res.status).toBe(201);
});
test.afterAll(async () => {
  await server?.stop();
});

const CASES = [
  { locale: 'en-US', text: 'This username or email is already in use' },
  { locale: 'de-DE', text: 'Dieser Benutzername oder diese E-Mail-Adresse wird bereits verwendet' },
  { locale: 'fr-FR', text: "Ce nom d'utilisateur ou cette adresse e-mail est déjà utilisé" },
];

for (const { locale, text } of CASES) {
  test(`a taken username and a taken email get the same message (${locale})`, async ({ browser }) => {
    const context = await newContext(browser, { locale });
    const page = await context.newPage();
    for (const who of [
      { username: 'ADA', email: 'someone@example.org' },
      { username: 'someone', email: 'Ada@Example.org' },
      { username: '\u0430da', email: 'someone@example.org' },
    ]) {
      await page.goto(`${server.url}/register`);
      const inputs = page.locator('form input');
      await inputs.nth(0).fill(who.username);
      await inputs.nth(1).fill(who.email);
      await inputs.nth(2).fill('another-pass-2');
      await inputs.nth(3).fill('another-pass-2');
      await page.locator('form button[type="submit"]').click();
      await expect(page.getByRole('alert')).toHaveText(text);
    }
    await context.close();
  });
}
