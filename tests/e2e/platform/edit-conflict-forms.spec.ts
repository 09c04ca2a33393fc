import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { graphApp } from '../support/graph-app';
import { clickAt } from '../support/graph-helpers';
import { startServer, type TestServer } from '../support/server';
import { ada, bea, twoCurators } from '../support/two-curators';

/**
 * Edit conflicts beyond the node form (docs/architecture/versions.md), each with two curators in
 * two browser contexts: the relation form's save over someone else's change opens the comparison
 * and each choice ends with the record it says; the graph's in-dialog node edit does the same; a
 * node or relation changed after its delete was asked for is asked about again, showing what
 * changed; the changed banner's Review opens the comparison without losing what was typed.
 * Screenshots (en, de; 1440 and 390 wide) go to docs/screenshots/wave3/. Needs `npm run build` first.
 */
test.describe.configure({ mode: 'serial' });

let server: TestServer;
const app = graphApp(() => server);
const { api, setUp, signedIn } = twoCurators(() => server);
const shots = path.resolve(import.meta.dirname, '../../../docs/screenshots/wave3');

interface Saved {
  id: string;
  description: string | null;
  relationName?: string;
  version: number;
}
const createNode = async (name: string) => (await api<{ id: string }>('/nodes', { method: 'POST', body: { name, nodeType: 'Disease', description: 'Original description' } })).body.id;
async function createRelation(name: string) {
  const [source, target] = [await createNode(`${name} source`), await createNode(`${name} target`)];
  const res = await api<{ id: string }>('/relations', {
    method: 'POST',
    body: { sourceNodeId: source, targetNodeId: target, relationName: name, relationType: 'causes', weight: 50, description: 'Original description' },
  });
  expect(res.status).toBe(201);
  return res.body.id;
}
const getRecord = async (p: string) => api<Saved>(p);

const conflict = (page: Page) => page.locator('dialog.kg-conflict');
const side = (dialog: Locator, field: string, which: string) => dialog.locator(`tr[data-field="${field}"] [data-side="${which}"]`);
const relationForm = (page: Page) => page.locator('form.kg-relation-form__form');
const relationName = (page: Page) => relationForm(page).getByLabel(/^(Relation Name|Relationsname)/);
const relationDescription = (page: Page) => relationForm(page).locator('textarea').first();

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer();
  await setUp('editor');
  expect((await api('/nodetypes', { method: 'POST', body: { name: 'Disease' } })).status).toBe(201);
  expect((await api('/relationtypes', { method: 'POST', body: { name: 'causes' } })).status).toBe(201);
});
test.afterAll(async () => {
  await server?.stop();
});

/** Ada saves a new description in the relation form; Bea, whose form holds the old copy, renames the relation and saves. */
async function relationConflict(browser: Browser, id: string): Promise<Page> {
  const [first, second] = [await signedIn(browser, ada, `/relations/${id}/edit`), await signedIn(browser, bea, `/relations/${id}/edit`)];
  await expect(relationForm(first)).toBeVisible();
  await expect(relationForm(second)).toBeVisible();
  await relationDescription(first).fill('Ada’s description');
  await relationForm(first).locator('button[type="submit"]').click();
  await expect.poll(async () => (await getRecord(`/relations/${id}`)).body.description).toBe('Ada’s description');
  await first.context().close();
  await relationName(second).fill('Bea’s name');
  await relationForm(second).locator('button[type="submit"]').click();
  await expect(conflict(second)).toBeVisible();
  await expect(conflict(second)).toContainText('Changed by ada at');
  await expect(side(conflict(second), 'description', 'theirs')).toHaveText('Ada’s description');
  await expect(side(conflict(second), 'description', 'yours')).toHaveText('Original description');
  await expect(side(conflict(second), 'relationName', 'yours')).toHaveText('Bea’s name');
  await expect(relationName(second)).toHaveValue('Bea’s name');
  return second;
}

test('relation form, keep mine: saved over the new version with what was typed', async ({ browser }) => {
  const id = await createRelation('keeps');
  const page = await relationConflict(browser, id);
  await conflict(page).getByRole('button', { name: 'Keep mine' }).click();
  await expect.poll(async () => (await getRecord(`/relations/${id}`)).body.relationName).toBe('Bea’s name');
  expect((await getRecord(`/relations/${id}`)).body).toMatchObject({ description: 'Original description', version: 3 });
  await page.context().close();
});

test('relation form, take theirs: the form shows the relation as it now is; nothing is written', async ({ browser }) => {
  const id = await createRelation('takes');
  const page = await relationConflict(browser, id);
  await conflict(page).getByRole('button', { name: 'Take theirs' }).click();
  await expect(conflict(page)).toBeHidden();
  await expect(relationDescription(page)).toHaveValue('Ada’s description');
  await expect(relationName(page)).toHaveValue('takes');
  expect((await getRecord(`/relations/${id}`)).body).toMatchObject({ relationName: 'takes', description: 'Ada’s description', version: 2 });
  await page.context().close();
});

test('relation form, per field: their description, my name', async ({ browser }) => {
  const id = await createRelation('chooses');
  const page = await relationConflict(browser, id);
  await conflict(page).getByRole('button', { name: 'Choose per field' }).click();
  await side(conflict(page), 'description', 'theirs').locator('input[type="radio"]').check();
  await side(conflict(page), 'relationName', 'yours').locator('input[type="radio"]').check();
  await conflict(page).getByRole('button', { name: 'Save the chosen values' }).click();
  await expect.poll(async () => (await getRecord(`/relations/${id}`)).body.relationName).toBe('Bea’s name');
  expect((await getRecord(`/relations/${id}`)).body).toMatchObject({ description: 'Ada’s description', version: 3 });
  await page.context().close();
});

test('graph dialog: the node edit over a change made in another context opens the comparison; keep mine saves', async ({ browser }) => {
  const id = await createNode('Gout');
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await app.openGraph(page);
  await clickAt(page, await app.find(page, 'Gout'), { clickCount: 2 });
  const form = page.getByRole('dialog', { name: 'Edit Knowledge Node' });
  await expect(form).toBeVisible();
  // Bea saves the node in her own context while Ada's graph dialog is open.
  const other = await signedIn(browser, bea, `/nodes/${id}/edit`);
  await other.locator('form.kg-node-form textarea').first().fill('Bea’s description');
  await other.locator('form.kg-node-form button[type="submit"]').click();
  await expect.poll(async () => (await getRecord(`/nodes/${id}`)).body.description).toBe('Bea’s description');
  await other.context().close();

  await form.getByLabel(/^Name/).fill('Gout (gouty arthritis)');
  await form.getByRole('button', { name: 'Update Node' }).click();
  await expect(conflict(page)).toBeVisible();
  await expect(conflict(page)).toContainText('Changed by bea at');
  await expect(side(conflict(page), 'description', 'theirs')).toHaveText('Bea’s description');
  await expect(side(conflict(page), 'name', 'yours')).toHaveText('Gout (gouty arthritis)');
  await conflict(page).getByRole('button', { name: 'Choose per field' }).click();
  await side(conflict(page), 'description', 'theirs').locator('input[type="radio"]').check();
  await conflict(page).getByRole('button', { name: 'Save the chosen values' }).click();
  await expect(form).toBeHidden();
  expect((await getRecord(`/nodes/${id}`)).body).toMatchObject({ name: 'Gout (gouty arthritis)', description: 'Bea’s description', version: 3 });
  await page.close();
});

/** Bea asks to delete; before she confirms, Ada (in her own context) changes the record; the dialog asks again. */
async function deleteReAsk(browser: Browser, p: string, open: (page: Page) => Promise<void>, change: (page: Page) => Promise<void>, o: { language?: string; width?: number } = {}) {
  const page = await signedIn(browser, bea, p, o);
  await open(page);
  const confirm = page.locator('dialog.kg-dialog--confirm');
  await expect(confirm).toBeVisible();
  // Ada changes it in her own context, in the form for it.
  const other = await signedIn(browser, ada, p.startsWith('/nodes/view/') ? `${p.replace('/nodes/view/', '/nodes/')}/edit` : p);
  await change(other);
  await other.context().close();
  return { page, confirm };
}

test('a node changed after its delete was asked for is asked about again, showing what changed', async ({ browser }) => {
  const id = await createNode('Measles');
  const { page, confirm } = await deleteReAsk(
    browser,
    `/nodes/view/${id}`,
    (page) => page.getByRole('button', { name: 'Delete', exact: true }).first().click(),
    async (other) => {
      await other.locator('form.kg-node-form textarea').first().fill('Changed while Bea was asked');
      await other.locator('form.kg-node-form button[type="submit"]').click();
      await expect.poll(async () => (await getRecord(`/nodes/${id}`)).body.description).toBe('Changed while Bea was asked');
    },
  );
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(confirm).toContainText('Changed by ada at');
  await expect(confirm).toContainText('Delete it anyway?');
  await expect(side(confirm, 'description', 'now')).toHaveText('Changed while Bea was asked');
  await expect(side(confirm, 'description', 'seen')).toHaveText('Original description');
  expect((await getRecord(`/nodes/${id}`)).status).toBe(200);
  await confirm.getByRole('button', { name: 'Delete anyway' }).click();
  await expect.poll(async () => (await getRecord(`/nodes/${id}`)).status).toBe(404);
  await page.context().close();
});

test('the dashboard asks again when a node changed after its delete was asked for', async ({ browser }) => {
  const id = await createNode('Rubella');
  const page = await signedIn(browser, bea, '/dashboard');
  const card = page.getByRole('article', { name: 'Rubella', exact: true });
  await card.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Node' });
  await expect(dialog).toContainText('Are you sure you want to delete Rubella?');
  // Ada changes it before Bea confirms.
  const changed = await api<Saved>(`/nodes/${id}`, { method: 'PUT', body: { name: 'Rubella', nodeType: 'Disease', description: 'Changed while Bea was asked' } });
  expect(changed.status).toBe(200);
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(dialog).toContainText('Changed by ada at');
  await expect(dialog).toContainText('Delete it anyway?');
  await expect(side(dialog, 'description', 'now')).toHaveText('Changed while Bea was asked');
  await expect(side(dialog, 'description', 'seen')).toHaveText('Original description');
  if (process.env.KG_SHOTS) await page.screenshot({ path: path.join(shots, 'dashboard-delete-reask-en-1440.png') });
  await expect(page.getByRole('status').filter({ hasText: 'Failed to delete' })).toHaveCount(0);
  expect((await getRecord(`/nodes/${id}`)).status).toBe(200);
  await dialog.getByRole('button', { name: 'Delete anyway' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Node deleted successfully' })).toBeVisible();
  await expect.poll(async () => (await getRecord(`/nodes/${id}`)).status).toBe(404);
  await page.context().close();
});

async function relationDeleteReAsk(browser: Browser, id: string, o: { language?: string; width?: number } = {}) {
  return deleteReAsk(
    browser,
    `/relations/${id}/edit`,
    (page) => page.getByRole('button', { name: o.language === 'de' ? 'Relation löschen' : 'Delete Relation' }).click(),
    async (other) => {
      await relationDescription(other).fill('Changed while Bea was asked');
      await relationForm(other).locator('button[type="submit"]').click();
      await expect.poll(async () => (await getRecord(`/relations/${id}`)).body.description).toBe('Changed while Bea was asked');
    },
    o,
  );
}

test('a relation changed after its delete was asked for is asked about again; confirming deletes the new version', async ({ browser }) => {
  const id = await createRelation('deletes');
  const { page, confirm } = await relationDeleteReAsk(browser, id);
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(confirm).toContainText('Changed by ada at');
  await expect(side(confirm, 'description', 'now')).toHaveText('Changed while Bea was asked');
  await expect(side(confirm, 'description', 'seen')).toHaveText('Original description');
  expect((await getRecord(`/relations/${id}`)).status).toBe(200);
  await confirm.getByRole('button', { name: 'Delete anyway' }).click();
  await expect.poll(async () => (await getRecord(`/relations/${id}`)).status).toBe(404);
  await page.context().close();
});

test('the changed banner’s Review opens the comparison in the node and relation forms, keeping what was typed', async ({ browser }) => {
  test.setTimeout(150_000);
  const nodeId = await createNode('Mumps');
  const relationId = await createRelation('reviews');
  for (const [p, typed, otherSave] of [
    [
      `/nodes/${nodeId}/edit`,
      async (page: Page) => page.locator('form.kg-node-form textarea').nth(1).fill('Bea’s note'),
      async (other: Page) => {
        await other.locator('form.kg-node-form textarea').first().fill('Ada’s description');
        await other.locator('form.kg-node-form button[type="submit"]').click();
      },
    ],
    [
      `/relations/${relationId}/edit`,
      async (page: Page) => relationName(page).fill('Bea’s name'),
      async (other: Page) => {
        await relationDescription(other).fill('Ada’s description');
        await relationForm(other).locator('button[type="submit"]').click();
      },
    ],
  ] as const) {
    const page = await signedIn(browser, bea, p);
    await expect(page.locator('form').first()).toBeVisible();
    await typed(page);
    // Let the socket subscribe before the other save, so the banner can arrive.
    await page.waitForTimeout(1500);
    const other = await signedIn(browser, ada, p);
    await expect(other.locator('form').first()).toBeVisible();
    await otherSave(other);
    const banner = page.locator('.kg-changed-banner');
    await expect(banner).toBeVisible({ timeout: 10_000 });
    await banner.getByRole('button', { name: 'Review' }).click();
    await expect(conflict(page)).toBeVisible();
    await expect(side(conflict(page), 'description', 'theirs')).toHaveText('Ada’s description');
    await expect(side(conflict(page), 'description', 'yours')).toHaveText('Original description');
    await conflict(page).getByRole('button', { name: 'Keep mine' }).click();
    await expect(conflict(page)).toBeHidden();
    await other.context().close();
    const saved = (await getRecord(p.replace('/edit', ''))).body as Saved & { note?: string | null };
    expect(saved.description).toBe('Original description');
    expect(p.startsWith('/nodes') ? saved.note : saved.relationName).toBe(p.startsWith('/nodes') ? 'Bea’s note' : 'Bea’s name');
    await page.context().close();
  }
});

test('screenshots: the relation form’s conflict dialog and the delete asked again, English and German, wide and narrow', async ({ browser }) => {
  test.setTimeout(300_000);
  fs.mkdirSync(shots, { recursive: true });
  for (const language of ['en', 'de']) {
    for (const width of [1440, 390]) {
      const o = { language: language === 'en' ? undefined : language, width };
      const id = await createRelation(`shot ${language} ${width}`);
      const page = await signedIn(browser, bea, `/relations/${id}/edit`, o);
      await expect(relationForm(page)).toBeVisible();
      const body = { ...(await api<{ sourceNode: { id: string }; targetNode: { id: string } }>(`/relations/${id}`)).body };
      expect(
        (await api(`/relations/${id}`, { method: 'PUT', body: { sourceNodeId: body.sourceNode.id, targetNodeId: body.targetNode.id, relationName: `shot ${language} ${width}`, relationType: 'causes', weight: 50, description: 'Changed by Ada meanwhile' } }))
          .status,
      ).toBe(200);
      await relationName(page).fill('A name typed meanwhile');
      await relationForm(page).locator('button[type="submit"]').click();
      await expect(conflict(page)).toBeVisible();
      if (language === 'de') await expect(conflict(page)).toContainText('Geändert von ada');
      await page.screenshot({ path: path.join(shots, `relation-conflict-${language}-${width}.png`) });
      await page.context().close();

      const gone = await createRelation(`gone ${language} ${width}`);
      const { page: asked, confirm } = await relationDeleteReAsk(browser, gone, o);
      await confirm.locator('button[type="submit"]').click();
      await expect(side(confirm, 'description', 'now')).toBeVisible();
      await asked.screenshot({ path: path.join(shots, `delete-reask-${language}-${width}.png`) });
      await asked.context().close();
    }
  }
});
