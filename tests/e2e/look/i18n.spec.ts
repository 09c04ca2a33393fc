import { expect, test, type Page } from '@playwright/test';
import { startServer, type TestServer } from '../support/server';
import { contextsClosedAfterEach } from '../support/contexts';

/**
 * Languages against the real server and the built bundles:
 * - an element follows `<html lang>` and its own `lang` attribute as they change, takes `texts`
 *   overrides, shows the server's English messages in its language, and lays out right to left
 *   for the RTL stub (dir=rtl on the element);
 * - the host's Settings switch applies at once and is remembered on the user: a fresh browser
 *   signing in gets it back.
 * Needs `npm run build` first.
 */
let server: TestServer;
const newContext = contextsClosedAfterEach();
const user = { username: 'dr.weber', email: 'weber@example.org', password: 'correct-horse-9' };

test.beforeAll(async () => {
  server = await startServer();
  const res = await fetch(`${server.url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(user) });
  expect(res.ok, await res.clone().text()).toBe(true);
});
test.afterAll(async () => {
  await server?.stop();
});

const shots = (name: string) => `test-results/i18n-${name}.png`;

test('an element follows <html lang> and its lang attribute, takes texts overrides and lays out RTL', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto(`${server.url}/examples/sign-in.html`);
  const widget = page.locator('kg-sign-in');
  await expect(widget.getByLabel('Username or Email')).toBeVisible();

  // The page's language, changed after load: the element follows.
  await page.evaluate(() => (document.documentElement.lang = 'de-DE'));
  await expect(widget.getByLabel('Benutzername oder E-Mail')).toBeVisible();
  await expect(widget.getByRole('button', { name: 'Anmelden' })).toBeVisible();

  // The server answers in English; a known message is shown in the element's language.
  await widget.getByLabel('Benutzername oder E-Mail').fill(user.username);
  await widget.getByLabel('Passwort').fill('wrong-password');
  await widget.getByRole('button', { name: 'Anmelden' }).click();
  await expect(widget.getByRole('alert')).toHaveText('Ungültiger Benutzername/E-Mail oder ungültiges Passwort');

  // Its own lang attribute wins over the page's.
  await widget.evaluate((el) => el.setAttribute('lang', 'fr'));
  await expect(widget.getByLabel('Nom d’utilisateur ou e-mail')).toBeVisible();
  await expect(widget).toHaveAttribute('dir', 'ltr');

  // A portal's own words for any message id, plain or ICU.
  await widget.evaluate((el) => ((el as HTMLElement & { texts: Record<string, string> }).texts = { 'signIn.submit': 'Entrer' }));
  await expect(widget.getByRole('button', { name: 'Entrer' })).toBeVisible();
  await widget.evaluate((el) => ((el as HTMLElement & { texts: Record<string, string> | null }).texts = null));
  await expect(widget.getByRole('button', { name: 'Se connecter' })).toBeVisible();

  // The RTL stub: dir=rtl on the element, the form laid out right to left, English where the stub has no text.
  await widget.evaluate((el) => el.setAttribute('lang', 'ar'));
  await expect(widget.getByRole('button', { name: 'تسجيل الدخول' })).toBeVisible();
  await expect(widget).toHaveAttribute('dir', 'rtl');
  await expect(widget.getByLabel('Username or Email')).toBeVisible();
  expect(await widget.evaluate((el) => getComputedStyle(el.shadowRoot!.querySelector('form')!).direction)).toBe('rtl');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: shots('sign-in-rtl-1280'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: shots('sign-in-rtl-390'), fullPage: true });

  // Unsupported languages fall back to English.
  await widget.evaluate((el) => el.setAttribute('lang', 'pt-BR'));
  await expect(widget.getByLabel('Username or Email')).toBeVisible();
  await expect(widget).toHaveAttribute('dir', 'ltr');
  expect(errors).toEqual([]);
});

async function signIn(page: Page) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel(/^Username or Email/).fill(user.username);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('the Settings language switch applies at once and is remembered across sign-ins', async ({ browser }) => {
  const first = await newContext(browser, { viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const page = await first.newPage();
  await signIn(page);
  await page.goto(`${server.url}/settings`);
  const select = page.getByLabel('Language of the app');
  await expect(select).toHaveValue('en');
  await select.selectOption('de');
  await expect(page.getByLabel('Sprache der Anwendung')).toHaveValue('de');
  await expect(page.getByRole('region', { name: 'Sitzungen' }).or(page.getByLabel('Sitzungen'))).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.screenshot({ path: shots('settings-de-1280'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: shots('settings-de-390'), fullPage: true });
  await first.close();

  // Another browser (nothing in its storage, English by default): signing in brings German back.
  const second = await newContext(browser, { viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const other = await second.newPage();
  await signIn(other);
  await expect(other.locator('html')).toHaveAttribute('lang', 'de');
  await other.goto(`${server.url}/settings`);
  await expect(other.getByLabel('Sprache der Anwendung')).toHaveValue('de');
  expect(await other.evaluate(() => localStorage.getItem(`kg:${location.origin}:language`))).toBe('de');
  await second.close();
});

test('the host lays out right to left for the RTL stub (screenshots)', async ({ browser }) => {
  const context = await newContext(browser, { viewport: { width: 1280, height: 800 }, locale: 'ar' });
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.evaluate(() => localStorage.removeItem(`kg:${location.origin}:language`));
  await signIn(page);
  // The user chose German above; the RTL look is checked on a page with the stub forced locally.
  await page.evaluate(() => localStorage.setItem(`kg:${location.origin}:language`, 'ar'));
  await page.route('**/api/auth/me', async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    const strip = (u: { language?: string | null } | null) => u && { ...u, language: null };
    await route.fulfill({ response: res, json: body.user ? { ...body, user: strip(body.user) } : strip(body) });
  });
  await page.goto(`${server.url}/admin/users`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByText('إدارة المستخدمين').first()).toBeVisible();
  await page.screenshot({ path: shots('host-rtl-1280'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: shots('host-rtl-390'), fullPage: true });
  await context.close();
});

test('the curation screens speak German: analytics, the relation import dialog, relation type rules (screenshots)', async ({ browser }) => {
  const context = await newContext(browser, { viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await signIn(page);
  await page.goto(`${server.url}/settings`);
  await page.getByLabel(/^(Language of the app|Sprache der Anwendung)$/).selectOption('de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  // One node type, so the rule fields have a checkbox to lay out.
  await page.evaluate(async (origin) => {
    const token = localStorage.getItem(`kg:${origin}:accessToken`);
    await fetch('/api/nodetypes', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ name: 'Arzneimittel' }) });
  }, server.url);

  // The Analytics page: headings, the findings' labels, numbers in German.
  await page.goto(`${server.url}/admin/analytics`);
  await expect(page.getByRole('heading', { name: 'Qualitätsbefunde' })).toBeVisible();
  await expect(page.getByText('Knoten ohne Relationen (verwaist)')).toBeVisible();
  await expect(page.getByText('Gesamtzahlen im Zeitverlauf')).toBeVisible();
  await expect(page.locator('.kg-topbar').getByText('Analysen')).toBeVisible();
  await page.screenshot({ path: shots('analytics-de-1280'), fullPage: true });
  // A phone loads the page at its own width (the desktop drawer would stay open through a resize).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Qualitätsbefunde' })).toBeVisible();
  await expect(page.locator('.kg-analytics__chart canvas').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: shots('analytics-de-390'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The relation list's Import relations and its dialog.
  await page.goto(`${server.url}/relations`);
  await page.getByRole('button', { name: 'Relationen importieren', exact: true }).click();
  const upload = page.getByRole('dialog', { name: 'Relationen importieren' });
  await expect(upload.getByText('Dateiformat')).toBeVisible();
  await expect(upload.getByText('Maximale Dateigröße: 20 MB.')).toBeVisible();
  await expect(upload.getByRole('button', { name: 'Datei prüfen' })).toBeVisible();
  await upload.getByRole('button', { name: 'Abbrechen' }).click();

  // The relation type dialog's rule fields.
  await page.goto(`${server.url}/relation-types`);
  await page.getByRole('button', { name: 'Relationstyp hinzufügen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Relationstyp hinzufügen' });
  await expect(dialog.getByRole('group', { name: 'Erlaubte Knotentypen der Quelle' })).toContainText('Jeder Knotentyp');
  await expect(dialog.getByRole('checkbox', { name: 'Symmetrisch (eine Relation gilt in beide Richtungen)' })).toBeVisible();
  await dialog.getByLabel('Standardgewicht').fill('0');
  await expect(dialog.getByText('Das Standardgewicht muss zwischen 1 und 100 liegen')).toBeVisible();
  await page.screenshot({ path: shots('relation-rules-de-1280') });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await page.screenshot({ path: shots('relation-rules-de-390'), fullPage: true });
  expect(errors).toEqual([]);
  await context.close();
});
