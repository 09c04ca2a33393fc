import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startServer, type TestServer } from '../support/server';
import { ada, bea, twoCurators, type Curator } from '../support/two-curators';

/**
 * Edit conflicts (docs/architecture/versions.md): two curators in two browser contexts open the
 * same node; the first saves, the second's save is refused (412) and opens the conflict dialog
 * with what they typed kept. Each choice — keep mine, take theirs, choose per field — ends with
 * the record it says. Screenshots of the dialog (en, de; 1440 and 390 wide) go to
 * docs/screenshots/wave3/. Needs `npm run build` first.
 */
test.describe.configure({ mode: 'serial' });

let server: TestServer;
const { api, setUp, signedIn } = twoCurators(() => server);
/** A curator's page on a node's edit form, once the form is there. */
async function editing(browser: Browser, who: Curator, p: string, o: { language?: string; width?: number } = {}): Promise<Page> {
  const page = await signedIn(browser, who, p, o);
  await expect(page.locator('form.kg-node-form')).toBeVisible();
  return page;
}
const shots = path.resolve(import.meta.dirname, '../../../docs/screenshots/wave3');

interface NodeDetail {
  id: string;
  description: string | null;
  note: string | null;
  version: number;
}
const getNode = async (id: string) => (await api<NodeDetail>(`/nodes/${id}`)).body;
const createNode = async (name: string) =>
  (await api<{ id: string }>('/nodes', { method: 'POST', body: { name, nodeType: 'Disease', description: 'Original description' } })).body.id;

const description = (page: Page) => page.locator('form.kg-node-form textarea').first();
const note = (page: Page) => page.locator('form.kg-node-form textarea').nth(1);
const save = (page: Page) => page.locator('form.kg-node-form button[type="submit"]').click();
const dialog = (page: Page) => page.locator('dialog.kg-conflict');

/** Ada saves a new description in her context; then Bea, whose form still has the old copy, types a note and saves. */
async function conflictOn(browser: Browser, id: string): Promise<Page> {
  const [first, second] = [await editing(browser, ada, `/nodes/${id}/edit`), await editing(browser, bea, `/nodes/${id}/edit`)];
  await description(first).fill('Ada’s description');
  await save(first);
  await expect.poll(async () => (await getNode(id)).description).toBe('Ada’s description');
  await first.context().close();
  await note(second).fill('Bea’s note');
  await save(second);
  await expect(dialog(second)).toBeVisible();
  await expect(dialog(second)).toContainText('Changed by ada at');
  await expect(dialog(second).locator('tr[data-field="description"] [data-side="theirs"]')).toHaveText('Ada’s description');
  await expect(dialog(second).locator('tr[data-field="description"] [data-side="yours"]')).toHaveText('Original description');
  await expect(dialog(second).locator('tr[data-field="note"] [data-side="yours"]')).toHaveText('Bea’s note');
  // What Bea typed is still in her form.
  await expect(note(second)).toHaveValue('Bea’s note');
  return second;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer();
  await setUp('editor');
  expect((await api('/nodetypes', { method: 'POST', body: { name: 'Disease' } })).status).toBe(201);
});
test.afterAll(async () => {
  await server?.stop();
});

test('keep mine: the second save goes over the new version with what was typed', async ({ browser }) => {
  const id = await createNode('Asthma');
  const page = await conflictOn(browser, id);
  await dialog(page).getByRole('button', { name: 'Keep mine' }).click();
  await expect.poll(async () => (await getNode(id)).note).toBe('Bea’s note');
  expect(await getNode(id)).toMatchObject({ description: 'Original description', note: 'Bea’s note', version: 3 });
  await page.context().close();
});

test('take theirs: the form shows the record as it now is and nothing is written', async ({ browser }) => {
  const id = await createNode('Bronchitis');
  const page = await conflictOn(browser, id);
  await dialog(page).getByRole('button', { name: 'Take theirs' }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(description(page)).toHaveValue('Ada’s description');
  await expect(note(page)).toHaveValue('');
  expect(await getNode(id)).toMatchObject({ description: 'Ada’s description', note: null, version: 2 });
  await page.context().close();
});

test('choose per field: their description, my note', async ({ browser }) => {
  const id = await createNode('Croup');
  const page = await conflictOn(browser, id);
  await dialog(page).getByRole('button', { name: 'Choose per field' }).click();
  await dialog(page).locator('tr[data-field="description"] [data-side="theirs"] input[type="radio"]').check();
  await dialog(page).locator('tr[data-field="note"] [data-side="yours"] input[type="radio"]').check();
  await dialog(page).getByRole('button', { name: 'Save the chosen values' }).click();
  await expect.poll(async () => (await getNode(id)).note).toBe('Bea’s note');
  expect(await getNode(id)).toMatchObject({ description: 'Ada’s description', note: 'Bea’s note', version: 3 });
  await page.context().close();
});

test('screenshots of the conflict dialog in English and German, wide and narrow', async ({ browser }) => {
  fs.mkdirSync(shots, { recursive: true });
  for (const language of ['en', 'de']) {
    for (const width of [1440, 390]) {
      const id = await createNode(`Shot ${language} ${width}`);
      const page = await editing(browser, bea, `/nodes/${id}/edit`, { language: language === 'en' ? undefined : language, width });
      // Someone else changes the node while the form is open.
      expect((await api(`/nodes/${id}`, { method: 'PUT', body: { name: `Shot ${language} ${width}`, nodeType: 'Disease', description: 'Changed by Ada meanwhile' } })).status).toBe(200);
      await note(page).fill('A note typed meanwhile');
      await save(page);
      await expect(dialog(page)).toBeVisible();
      if (language === 'de') await expect(dialog(page)).toContainText('Geändert von ada');
      await page.screenshot({ path: path.join(shots, `edit-conflict-${language}-${width}.png`) });
      await page.context().close();
    }
  }
});
