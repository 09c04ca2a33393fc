import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startServer, type TestServer } from '../support/server';
import { ada, twoCurators, type Curator } from '../support/two-curators';
import { liveConnection } from '../support/live-connection';

/**
 * Discussions on the node detail (docs/architecture/knowledge.md, Discussions): an editor and a viewer
 * have the same node open; what one posts, edits or deletes the other sees live, without a reload.
 * Links in a comment are links (http/https only), markup stays text. The viewer may discuss but not
 * edit or delete the editor's comment. Screenshots (en/de, 1440/390) to docs/screenshots/wave3/.
 * Needs `npm run build` first.
 */
test.describe.configure({ mode: 'serial' });

let server: TestServer;
const vic = { username: 'vic', email: 'vic@example.org', password: 'second-pass' };
const curators = twoCurators(() => server, vic);
const { api } = curators;
const shots = path.resolve(import.meta.dirname, '../../../docs/screenshots/wave3');
let nodeId = '';

/** A person's page on a record with its thread shown; with `live`, once its socket listens. */
async function signedIn(browser: Browser, who: Curator, p: string, { live = false, ...o }: { language?: string; width?: number; live?: boolean } = {}): Promise<Page> {
  let listening = Promise.resolve();
  const page = await curators.signedIn(browser, who, p, { ...o, beforeOpen: (opening) => {
      if (live) listening = liveConnection(opening);
    },
  });
  await expect(thread(page)).toBeVisible();
  await listening;
  return page;
}

const thread = (page: Page) => page.locator('.kg-discussion-card');
const item = (page: Page, text: string) => thread(page).locator('.kg-discussion__item', { hasText: text });
async function post(page: Page, text: string) {
  await thread(page).locator('textarea').fill(text);
  await thread(page).locator('button[type="submit"]').click();
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer();
  await curators.setUp('viewer');
  expect((await api('/nodetypes', { method: 'POST', body: { name: 'Disease' } })).status).toBe(201);
  nodeId = (await api<{ id: string }>('/nodes', { method: 'POST', body: { name: 'Asthma', nodeType: 'Disease', description: 'Chronic airway inflammation' } })).body.id;
});
test.afterAll(async () => {
  await server?.stop();
});

test('two curators discuss a node: posts, edits and deletes arrive live; links are safe', async ({ browser }) => {
  test.setTimeout(90_000);
  const [mine, theirs] = await Promise.all([signedIn(browser, ada, `/nodes/view/${nodeId}`, { live: true }), signedIn(browser, vic, `/nodes/view/${nodeId}`, { live: true })]);
  await expect(thread(theirs)).toContainText('No comments yet. Start the discussion.');

  await post(mine, 'Is the SNOMED code right? See https://example.org/asthma. <b>not bold</b> javascript:alert(1)');
  const inTheirs = item(theirs, 'Is the SNOMED code right?');
  await expect(inTheirs).toBeVisible({ timeout: 3000 });
  await expect(inTheirs).toContainText('ada');
  await expect(inTheirs.getByRole('link', { name: 'https://example.org/asthma' })).toHaveAttribute('href', 'https://example.org/asthma');
  await expect(inTheirs.getByRole('link', { name: 'https://example.org/asthma' })).toHaveAttribute('rel', /noopener/);
  await expect(inTheirs.locator('a')).toHaveCount(1);
  await expect(inTheirs.locator('b')).toHaveCount(0);
  await expect(inTheirs).toContainText('<b>not bold</b> javascript:alert(1)');
  // The viewer may not edit or delete the editor's comment: no buttons for it.
  await expect(inTheirs.getByRole('button')).toHaveCount(0);
  await expect(thread(theirs).locator('.kg-card__title')).toHaveText('Discussion (1)');

  await post(theirs, 'I checked it: it is fine.');
  await expect(item(mine, 'I checked it')).toBeVisible({ timeout: 3000 });
  // The admin holds nodes.delete: Delete on the viewer's comment, never Edit.
  await expect(item(mine, 'I checked it').getByRole('button', { name: 'Delete' })).toBeVisible();
  await expect(item(mine, 'I checked it').getByRole('button', { name: 'Edit' })).toHaveCount(0);

  // By its id: while edited its text is in a textarea, which a text filter does not see.
  const ownId = await item(mine, 'Is the SNOMED code right?').getAttribute('data-comment-id');
  const own = thread(mine).locator(`[data-comment-id="${ownId}"]`);
  await own.getByRole('button', { name: 'Edit' }).click();
  await own.locator('textarea').fill('Is the SNOMED code 195967001 right?');
  await own.getByRole('button', { name: 'Save' }).click();
  await expect(item(theirs, 'Is the SNOMED code 195967001 right?')).toBeVisible({ timeout: 3000 });
  await expect(item(theirs, 'Is the SNOMED code 195967001 right?')).toContainText('(edited)');

  // Too long: said at the field, Post is disabled.
  await thread(theirs).locator('textarea').fill('x'.repeat(4001));
  await expect(thread(theirs)).toContainText('A comment must be 4,000 characters or less');
  await expect(thread(theirs).locator('button[type="submit"]')).toBeDisabled();
  await thread(theirs).locator('textarea').fill('');

  await item(theirs, 'I checked it').getByRole('button', { name: 'Delete' }).click();
  await expect(item(theirs, 'I checked it')).toContainText('Delete this comment?');
  await item(theirs, 'I checked it').getByRole('button', { name: 'Delete' }).last().click();
  await expect(item(mine, 'I checked it')).toHaveCount(0, { timeout: 3000 });
  await expect(thread(mine).locator('.kg-card__title')).toHaveText('Discussion (1)');
  const audit = await api<{ data: { action: string; entityType: string }[] }>('/audit?entityType=comment');
  expect(audit.body.data.map((e) => e.action).sort()).toEqual(['create', 'create', 'delete', 'update']);
  await mine.context().close();
  await theirs.context().close();
});

test('screenshots of a discussion in English and German, wide and narrow', async ({ browser }) => {
  test.setTimeout(90_000);
  await api(`/nodes/${nodeId}/comments`, { method: 'POST', as: 'vic', body: { body: 'Guideline: https://ginasthma.org/reports — see the 2024 update, step 2.' } });
  for (const language of ['en', 'de']) {
    for (const width of [1440, 390]) {
      const page = await signedIn(browser, vic, `/nodes/view/${nodeId}`, { language, width });
      await expect(thread(page).locator('.kg-discussion__item')).toHaveCount(2);
      if (language === 'de') await expect(thread(page).locator('.kg-card__title')).toHaveText('Diskussion (2)');
      await thread(page).scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shots, `discussion-${language}-${width}.png`) });
      await page.context().close();
    }
  }
});
