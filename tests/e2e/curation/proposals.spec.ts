import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startServer, type TestServer } from '../support/server';
import { ada, bea, twoCurators } from '../support/two-curators';

/**
 * Review mode from the proposer's side (docs/architecture/review.md, Screens): the admin turns
 * review on for one node type on /admin/review; the editor's save of a node of that type is sent for
 * review (the node stays as it was), "My proposals" lists it, the node detail shows it pending, the
 * editor withdraws it; a node of another type saves at once. Screenshots (en/de, 1440/390) of
 * "My proposals" and the settings to docs/screenshots/wave3/. Needs `npm run build` first.
 */
test.describe.configure({ mode: 'serial' });

let server: TestServer;
const curators = twoCurators(() => server);
const { api } = curators;
const shots = path.resolve(import.meta.dirname, '../../../docs/screenshots/wave3');
const ids = { asthma: '', aspirin: '' };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer();
  await curators.setUp('editor');
  for (const name of ['Disease', 'Drug']) expect((await api('/nodetypes', { method: 'POST', body: { name } })).status).toBe(201);
  ids.asthma = (await api<{ id: string }>('/nodes', { method: 'POST', body: { name: 'Asthma', nodeType: 'Disease', description: 'Chronic airway inflammation' } })).body.id;
  ids.aspirin = (await api<{ id: string }>('/nodes', { method: 'POST', body: { name: 'Aspirin', nodeType: 'Drug', description: 'Analgesic' } })).body.id;
});
test.afterAll(async () => {
  await server?.stop();
});

const description = async (id: string) => (await api<{ description: string | null }>(`/nodes/${id}`)).body.description;

test('the admin puts one node type under review on the settings screen', async ({ browser }) => {
  const page = await curators.signedIn(browser, ada, '/dashboard');
  await page.getByRole('button', { name: 'Admin' }).click();
  await page.getByRole('menuitem', { name: 'Review mode' }).click();
  await expect(page).toHaveURL(curators.url('/admin/review'));
  const disease = page.getByRole('checkbox', { name: 'Disease' });
  await expect(disease).toBeDisabled(); // review mode is off: the types wait for the switch
  await page.getByRole('switch', { name: 'Review changes before they go live' }).check();
  await expect(page.getByText('No type chosen in either list: every node type and relation type is under review.')).toBeVisible();
  await disease.check();
  await expect(page.getByText('None chosen here: no type of this kind is under review.')).toBeVisible(); // relation types
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Review settings saved' })).toBeVisible();
  expect((await api('/review/settings')).body).toEqual({ enabled: true, nodeTypes: ['Disease'], relationTypes: [] });
  await page.context().close();
});

test("the editor's change to a reviewed type is sent for review; the node stays; My proposals lists it", async ({ browser }) => {
  const page = await curators.signedIn(browser, bea, `/nodes/${ids.asthma}/edit`);
  await expect(page.getByRole('note')).toHaveText('Changes to this type are reviewed before they go live.');
  await page.getByRole('textbox', { name: 'Description' }).fill('Chronic inflammatory disease of the airways');
  await page.getByRole('button', { name: 'Update Node' }).click();
  const sent = page.getByRole('status').filter({ hasText: 'Sent for review' });
  await expect(sent).toBeVisible();
  // Nothing was saved: the form keeps what was typed, the node is as it was.
  await expect(page).toHaveURL(curators.url(`/nodes/${ids.asthma}/edit`));
  await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue('Chronic inflammatory disease of the airways');
  expect(await description(ids.asthma)).toBe('Chronic airway inflammation');
  await page.screenshot({ path: test.info().outputPath('sent-for-review.png'), fullPage: true });

  await sent.getByRole('link', { name: 'My proposals' }).click();
  await expect(page).toHaveURL(curators.url('/proposals'));
  const card = page.locator('.kg-proposal').filter({ hasText: 'Asthma' });
  await expect(card).toContainText('Waiting for review');
  await expect(card).toContainText('Change · Node · Asthma');
  await expect(card).toContainText('Description: Chronic airway inflammation → Chronic inflammatory disease of the airways');
  await page.context().close();
});

test('the node detail shows the pending proposal to a reviewer, with the way to the queue', async ({ browser }) => {
  const page = await curators.signedIn(browser, ada, `/nodes/view/${ids.asthma}`);
  const pending = page.locator('.kg-pending-proposals');
  await expect(pending.getByRole('heading', { name: 'Pending proposals' })).toBeVisible();
  await expect(pending).toContainText('by bea');
  await expect(pending).toContainText('Description: Chronic airway inflammation → Chronic inflammatory disease of the airways');
  await expect(pending.getByRole('link', { name: 'Open the review queue' })).toHaveAttribute('href', '/review');
  await pending.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('pending-proposals.png') });
  await page.context().close();
});

test('the editor withdraws the proposal after a confirm; a node of another type saves at once', async ({ browser }) => {
  const page = await curators.signedIn(browser, bea, '/proposals');
  const card = page.locator('.kg-proposal').filter({ hasText: 'Asthma' });
  await card.getByRole('button', { name: 'Withdraw' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Withdraw this proposal?');
  await dialog.getByRole('button', { name: 'Withdraw' }).click();
  await expect(card).toContainText('Withdrawn');
  await expect(card.getByRole('button', { name: 'Withdraw' })).toHaveCount(0);
  const mine = await api<{ data: { state: string }[] }>('/proposals?mine=1', { as: 'bea' });
  expect(mine.body.data.map((p) => p.state)).toEqual(['withdrawn']);

  await page.goto(curators.url(`/nodes/${ids.aspirin}/edit`));
  await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue('Analgesic');
  await expect(page.getByRole('note')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Description' }).fill('Analgesic and antiplatelet');
  await page.getByRole('button', { name: 'Update Node' }).click();
  await expect(page).toHaveURL(curators.url(`/nodes/view/${ids.aspirin}`));
  expect(await description(ids.aspirin)).toBe('Analgesic and antiplatelet');
  await page.context().close();
});

async function settle(page: Page) {
  await page.evaluate(() => document.fonts.ready);
}

test('screenshots of My proposals and the review settings, English and German, wide and narrow', async ({ browser }) => {
  test.setTimeout(120_000);
  // One open proposal and one rejected one, so the page shows both kinds.
  const open = await api<{ proposal: { id: string } }>(`/nodes/${ids.asthma}`, { method: 'PUT', as: 'bea', body: { name: 'Asthma', nodeType: 'Disease', description: 'Airway disease with reversible obstruction' } });
  expect(open.status).toBe(202);
  const rejected = await api<{ proposal: { id: string } }>('/nodes', { method: 'POST', as: 'bea', body: { name: 'Astma', nodeType: 'Disease' } });
  expect((await api(`/proposals/${rejected.body.proposal.id}/reject`, { method: 'POST', body: { reason: 'Misspelt duplicate of Asthma' } })).status).toBe(200);
  for (const language of ['en', 'de']) {
    for (const width of [1440, 390]) {
      const mine = await curators.signedIn(browser, bea, '/proposals', { language, width });
      await expect(mine.locator('.kg-proposal')).toHaveCount(3);
      if (language === 'de') await expect(mine.locator('.kg-proposal').first()).toContainText(/Wartet auf Prüfung|Abgelehnt/);
      await settle(mine);
      await mine.screenshot({ path: path.join(shots, `my-proposals-${language}-${width}.png`), fullPage: true });
      await mine.context().close();
      const settings = await curators.signedIn(browser, ada, '/admin/review', { language, width });
      await expect(settings.getByRole('switch')).toBeChecked();
      await settle(settings);
      await settings.screenshot({ path: path.join(shots, `review-settings-${language}-${width}.png`), fullPage: true });
      await settings.context().close();
    }
  }
});
