import { expect, test, type Page } from '@playwright/test';
import { startServer, type TestServer } from '../support/server';
import { openSignedIn } from '../support/session';
import { contextsClosedAfterEach } from '../support/contexts';

/**
 * The dashboard's sections in grid and table, English and German, 1440 and 390 wide, on the
 * sample graph: the German table headers are the spec's. KG_SHOTS=1 writes the screenshots to
 * docs/screenshots/wave3 (KG_SHOTS_DIR elsewhere), to compare the look after a change.
 */
test.describe.configure({ mode: 'serial' });

const newContext = contextsClosedAfterEach();
const admin = { username: 'ada', email: 'ada@example.org', password: 'first-pass' };
let server: TestServer;
let session = { accessToken: '', refreshToken: '' };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer({ KG_SAMPLE_DATA: '1' });
  const post = (path: string, body: unknown) =>
    fetch(`${server.url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
  await post('/auth/register', admin);
  session = await post('/auth/login', { login: admin.username, password: admin.password });
});
test.afterAll(async () => {
  await server?.stop();
});

const sections = (page: Page) => page.locator('section.kg-dash-section');

async function open(page: Page) {
  await openSignedIn(page, server.url, session, '/dashboard');
  await expect(sections(page).first().getByTestId('node-card').first()).toBeVisible();
}

const shot = async (page: Page, name: string) => {
  if (process.env.KG_SHOTS) await page.screenshot({ path: `${process.env.KG_SHOTS_DIR ?? 'docs/screenshots/wave3'}/${name}.png`, fullPage: true });
};

for (const lang of ['en', 'de'] as const) {
  test(`grid and table, ${lang}`, async ({ browser }) => {
    const context = await newContext(browser, { locale: lang === 'de' ? 'de-DE' : 'en-US', viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await open(page);
    const suffix = lang === 'de' ? '-de' : '';
    await shot(page, `dashboard-grid-desktop${suffix}`);
    for (const s of await sections(page).all()) await s.locator('.kg-view-toggle__btn').nth(1).click();
    const nodes = sections(page).first().getByRole('table');
    await expect(nodes.getByRole('row')).toHaveCount(11);
    await expect(nodes.getByRole('columnheader')).toHaveText(
      lang === 'de' ? ['Knotenname', 'Typ', 'SNOMED', 'Beschreibung', 'Aktionen'] : ['Node Name', 'Type', 'SNOMED', 'Description', 'Actions'],
    );
    await expect(sections(page).nth(1).getByRole('table').getByRole('row')).toHaveCount(11);
    await shot(page, `dashboard-table-desktop${suffix}`);
    await page.setViewportSize({ width: 390, height: 844 });
    // Laid out afresh at the phone's width (the table choice is remembered).
    await page.reload();
    await expect(sections(page).first().getByRole('table').getByRole('row')).toHaveCount(11);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, `dashboard-table-phone${suffix}`);
    for (const s of await sections(page).all()) await s.locator('.kg-view-toggle__btn').nth(0).click();
    await expect(sections(page).first().getByTestId('node-card').first()).toBeVisible();
    await shot(page, `dashboard-grid-phone${suffix}`);
    await context.close();
  });
}
