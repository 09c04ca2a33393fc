import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startServer, type TestServer } from '../support/server';
import { ada, bea, twoCurators } from '../support/two-curators';

/**
 * Files chosen for a proposed new node (docs/architecture/review.md, "Files of a proposed node"):
 * with review mode on, the editor (Bea) creates a node with an attachment; the create becomes a
 * proposal and the file is kept with it (the form says so before and after); the reviewer (Ada)
 * sees the file's name on the queue card and approves; the new node has the attachment.
 * Screenshots (en/de, 1440/390) of the form's message and of the queue card to
 * docs/screenshots/wave3/. Needs `npm run build` first.
 */
test.describe.configure({ mode: 'serial' });

let server: TestServer;
const curators = twoCurators(() => server);
const { api } = curators;
const shots = path.resolve(import.meta.dirname, '../../../docs/screenshots/wave3');
const leaflet = (name = 'leaflet.txt') => ({ name, mimeType: 'text/plain', buffer: Buffer.from('Patient leaflet\n') });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer();
  await curators.setUp('editor');
  expect((await api('/nodetypes', { method: 'POST', body: { name: 'Disease' } })).status).toBe(201);
  expect((await api('/review/settings', { method: 'PUT', body: { enabled: true, nodeTypes: [], relationTypes: [] } })).status).toBe(200);
});
test.afterAll(async () => {
  await server?.stop();
});

/** Fills the create form (whatever the language: the node type is the form's first combobox) and adds one file. */
async function fillNewNode(page: Page, name: string, file = leaflet()) {
  const form = page.locator('form.kg-node-form');
  await form.getByRole('textbox').first().fill(name);
  const type = form.getByRole('combobox').first();
  await type.click();
  await type.fill('Dis');
  await page.getByRole('listbox').getByRole('option', { name: 'Disease', exact: true }).click();
  await expect(type).toHaveValue('Disease');
  await page.locator('input[type="file"]').setInputFiles([file]);
}

async function settle(page: Page) {
  await page.evaluate(() => document.fonts.ready);
}

test("the editor's new node with a file becomes a proposal keeping the file; the reviewer approves it and the node has the attachment", async ({ browser }) => {
  const page = await curators.signedIn(browser, bea, '/nodes/new');
  await expect(page.getByRole('note')).toHaveText('Changes to this type are reviewed before they go live. Attachments are kept with the proposal and added once it is approved.');
  await fillNewNode(page, 'Bronchiolitis');
  await page.getByRole('button', { name: 'Create Node' }).click();
  const sent = page.getByRole('status').filter({ hasText: 'Sent for review' });
  await expect(sent).toContainText('1 attachment is kept with the proposal and added once it is approved.');
  // The file went with the proposal: the form no longer lists it as waiting for a save.
  await expect(page.getByText('To upload on save')).toHaveCount(0);
  await expect(page.getByText('leaflet.txt')).toHaveCount(0);
  const mine = await api<{ data: { id: string; attachments: { filename: string }[] }[] }>('/proposals?mine=1', { as: 'bea' });
  expect(mine.body.data.map((p) => p.attachments.map((a) => a.filename))).toEqual([['leaflet.txt']]);
  await page.context().close();

  const queue = await curators.signedIn(browser, ada, '/review');
  const card = queue.locator('.kg-review__card', { hasText: 'Bronchiolitis' });
  await expect(card.getByRole('region', { name: 'Attachments, added to the new node once approved' })).toContainText('leaflet.txt');
  await card.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(card).toHaveCount(0);
  const nodes = await api<{ data: { id: string; name: string }[] }>('/nodes?search=Bronchiolitis');
  const node = nodes.body.data.find((n) => n.name === 'Bronchiolitis')!;
  const detail = await api<{ attachments: { filename: string }[] }>(`/nodes/${node.id}`);
  expect(detail.body.attachments.map((a) => a.filename)).toEqual(['leaflet.txt']);
  await queue.goto(curators.url(`/nodes/view/${node.id}`));
  await expect(queue.getByText('leaflet.txt')).toBeVisible();
  await queue.context().close();
});

test("screenshots of the form's message and the queue card, English and German, wide and narrow", async ({ browser }) => {
  test.setTimeout(180_000);
  for (const language of ['en', 'de']) {
    for (const width of [1440, 390]) {
      const page = await curators.signedIn(browser, bea, '/nodes/new', { language, width });
      await fillNewNode(page, `Pertussis ${language} ${width}`, leaflet(`vaccination-schedule-${language}.txt`));
      await page.locator('form.kg-node-form button[type="submit"]').click();
      await expect(page.locator('.kg-proposal-sent')).toContainText(language === 'de' ? '1 Anhang wird mit dem Vorschlag aufbewahrt' : '1 attachment is kept');
      await settle(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(shots, `proposal-files-form-${language}-${width}.png`), fullPage: true });
      await page.context().close();
    }
  }
  for (const language of ['en', 'de']) {
    for (const width of [1440, 390]) {
      const queue = await curators.signedIn(browser, ada, '/review', { language, width });
      const card = queue.locator('.kg-review__card', { hasText: `Pertussis ${language} ${width}` });
      await expect(card.locator('.kg-review__files')).toContainText(`vaccination-schedule-${language}.txt`);
      if (language === 'de') await expect(card.locator('.kg-review__files')).toContainText('Anhänge, die nach der Annahme');
      await settle(queue);
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: path.join(shots, `proposal-files-card-${language}-${width}.png`) });
      await queue.context().close();
    }
  }
});
