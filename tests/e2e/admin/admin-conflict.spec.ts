import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { startServer, type TestServer } from '../support/server';
import { ada, bea, twoCurators } from '../support/two-curators';

/**
 * Edit conflicts on the admin dialogs (docs/architecture/versions.md): two administrators in two
 * browser contexts have the same node type or role open; the first saves, the second's save is
 * refused (412) and opens the comparison with what was typed kept, and each choice ends with the
 * record it says. A delete of a user changed since the list loaded asks again, naming the change.
 * Screenshots of a type conflict (en, de; 1440 and 390 wide) go to docs/screenshots/wave3/.
 * Needs `npm run build` first.
 */
test.describe.configure({ mode: 'serial' });

let server: TestServer;
const { api, setUp, signedIn } = twoCurators(() => server);
const shots = path.resolve(import.meta.dirname, '../../../docs/screenshots/wave3');

interface Versioned {
  id: string;
  name: string;
  version: number;
}
interface NodeType extends Versioned {
  color: string | null;
}
interface Role extends Versioned {
  description: string;
}
const nodeType = async (id: string) => (await api<NodeType>(`/nodetypes/${id}`)).body;
const createType = async (name: string) => (await api<NodeType>('/nodetypes', { method: 'POST', body: { name, color: '#2e7d32' } })).body.id;
const role = async (id: string) => (await api<Role[]>('/roles')).body.find((r) => r.id === id)!;

const conflict = (page: Page) => page.locator('dialog.kg-conflict');
const side = (page: Page, field: string, which: 'theirs' | 'yours') => conflict(page).locator(`tr[data-field="${field}"] [data-side="${which}"]`);

/** Opens the edit dialog of the row named `name` (its Edit button's accessible name is "Edit {name}"). */
async function openEdit(page: Page, name: string, title: string): Promise<Locator> {
  await page.getByRole('button', { name: `Edit ${name}`, exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Bea has the node type's dialog open; Ada renames it in her own context; Bea types another name and saves. */
async function typeConflict(browser: Browser, name: string): Promise<{ page: Page; dialog: Locator; id: string }> {
  const id = await createType(name);
  const second = await signedIn(browser, bea, '/node-types');
  const dialog = await openEdit(second, name, 'Edit Node Type');
  const first = await signedIn(browser, ada, '/node-types');
  const hers = await openEdit(first, name, 'Edit Node Type');
  await hers.locator('input[name="name"]').fill(`${name} (Ada)`);
  await hers.getByRole('button', { name: 'Save' }).click();
  await expect.poll(async () => (await nodeType(id)).name).toBe(`${name} (Ada)`);
  await first.context().close();
  await dialog.locator('input[name="name"]').fill(`${name} (Bea)`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(conflict(second)).toBeVisible();
  await expect(conflict(second)).toContainText('Changed by ada at');
  await expect(side(second, 'name', 'theirs')).toHaveText(`${name} (Ada)`);
  await expect(side(second, 'name', 'yours')).toHaveText(`${name} (Bea)`);
  await expect(dialog.locator('input[name="name"]')).toHaveValue(`${name} (Bea)`);
  return { page: second, dialog, id };
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer();
  await setUp('admin');
});
test.afterAll(async () => {
  await server?.stop();
});

test('node type, keep mine: the second save goes over the new version with the typed name', async ({ browser }) => {
  const { page, id } = await typeConflict(browser, 'Cell Type');
  await conflict(page).getByRole('button', { name: 'Keep mine' }).click();
  await expect.poll(async () => (await nodeType(id)).name).toBe('Cell Type (Bea)');
  expect(await nodeType(id)).toMatchObject({ version: 3 });
  await expect(page.getByRole('row').filter({ hasText: 'Cell Type (Bea)' })).toBeVisible();
  await page.context().close();
});

test('node type, take theirs: the form shows the type as it now is and nothing is written', async ({ browser }) => {
  const { page, dialog, id } = await typeConflict(browser, 'Organism');
  await conflict(page).getByRole('button', { name: 'Take theirs' }).click();
  await expect(conflict(page)).toBeHidden();
  await expect(dialog.locator('input[name="name"]')).toHaveValue('Organism (Ada)');
  expect(await nodeType(id)).toMatchObject({ name: 'Organism (Ada)', version: 2 });
  // Saving now goes over the version taken: no second conflict.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  expect(await nodeType(id)).toMatchObject({ name: 'Organism (Ada)', version: 3 });
  await page.context().close();
});

test('node type, per field: my name, their colour', async ({ browser }) => {
  const id = await createType('Tissue');
  const page = await signedIn(browser, bea, '/node-types');
  const dialog = await openEdit(page, 'Tissue', 'Edit Node Type');
  // Meanwhile the type gets a new name and colour elsewhere.
  expect((await api(`/nodetypes/${id}`, { method: 'PUT', body: { name: 'Tissue (Ada)', color: '#c62828' } })).status).toBe(200);
  await dialog.locator('input[name="name"]').fill('Tissue (Bea)');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(conflict(page)).toBeVisible();
  await conflict(page).getByRole('button', { name: 'Choose per field' }).click();
  await side(page, 'name', 'yours').locator('input[type="radio"]').check();
  await side(page, 'color', 'theirs').locator('input[type="radio"]').check();
  await conflict(page).getByRole('button', { name: 'Save the chosen values' }).click();
  await expect(dialog).toBeHidden();
  expect(await nodeType(id)).toMatchObject({ name: 'Tissue (Bea)', color: '#c62828', version: 3 });
  await page.context().close();
});

test('role, two contexts: per field keeps their description and my active state', async ({ browser }) => {
  const created = await api<Role>('/roles', { method: 'POST', body: { name: 'Reviewers', description: 'Reads', permissions: ['nodes.read'] } });
  const id = created.body.id;
  const second = await signedIn(browser, bea, '/admin/roles');
  const dialog = await openEdit(second, 'Reviewers', 'Edit Role');
  const first = await signedIn(browser, ada, '/admin/roles');
  const hers = await openEdit(first, 'Reviewers', 'Edit Role');
  await hers.getByLabel('Description').fill('Reviews the clinical content');
  await hers.getByRole('button', { name: 'Update', exact: true }).click();
  await expect.poll(async () => (await role(id)).description).toBe('Reviews the clinical content');
  await first.context().close();

  await dialog.getByLabel('Description').fill('Reads only');
  await dialog.getByRole('switch', { name: 'Active Role' }).uncheck();
  await dialog.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(conflict(second)).toBeVisible();
  await expect(side(second, 'description', 'theirs')).toHaveText('Reviews the clinical content');
  await expect(side(second, 'isActive', 'yours')).toHaveText('Inactive');
  await conflict(second).getByRole('button', { name: 'Choose per field' }).click();
  await side(second, 'description', 'theirs').locator('input[type="radio"]').check();
  await side(second, 'isActive', 'yours').locator('input[type="radio"]').check();
  await conflict(second).getByRole('button', { name: 'Save the chosen values' }).click();
  await expect(dialog).toBeHidden();
  expect(await role(id)).toMatchObject({ description: 'Reviews the clinical content', isActive: false, version: 3 });
  await second.context().close();
});

test('user delete of a changed user asks again, naming the change; confirming then deletes', async ({ browser }) => {
  const created = await api<Versioned>('/users', { method: 'POST', body: { username: 'cyd', email: 'cyd@example.org', password: 'third-pass', role: 'viewer' } });
  const page = await signedIn(browser, bea, '/admin/users');
  await page.getByRole('button', { name: 'Delete cyd' }).click();
  const del = page.getByRole('dialog', { name: 'Delete User' });
  expect((await api(`/users/${created.body.id}`, { method: 'PUT', body: { email: 'cyd.new@example.org' } })).status).toBe(200);
  await del.getByLabel('Type DELETE to confirm').fill('DELETE');
  await del.getByRole('button', { name: 'Delete User' }).click();
  const note = del.getByTestId('stale-delete');
  await expect(note).toContainText('Changed by ada at');
  await expect(note).toContainText('Delete it anyway?');
  await expect(note).toContainText('cyd@example.org → cyd.new@example.org');
  expect((await api<{ data: Versioned[] }>('/users')).body.data.some((u) => u.id === created.body.id)).toBe(true);
  await del.getByRole('button', { name: 'Delete User' }).click();
  await expect(del).toBeHidden();
  expect((await api<{ data: Versioned[] }>('/users')).body.data.some((u) => u.id === created.body.id)).toBe(false);
  await page.context().close();
});

test('screenshots of a node type conflict in English and German, wide and narrow', async ({ browser }) => {
  fs.mkdirSync(shots, { recursive: true });
  for (const language of ['en', 'de']) {
    for (const width of [1440, 390]) {
      const name = `Shot ${language} ${width}`;
      const id = await createType(name);
      const page = await signedIn(browser, bea, '/node-types', { language: language === 'en' ? undefined : language, width });
      await page.getByRole('button', { name: language === 'en' ? `Edit ${name}` : `${name} bearbeiten`, exact: true }).first().click();
      const dialog = page.locator('dialog.kg-type-form');
      await expect(dialog).toBeVisible();
      expect((await api(`/nodetypes/${id}`, { method: 'PUT', body: { name: `${name} renamed`, color: '#c62828' } })).status).toBe(200);
      await dialog.locator('input[name="name"]').fill(`${name} typed meanwhile`);
      await dialog.locator('button[type="submit"]').click();
      await expect(conflict(page)).toBeVisible();
      if (language === 'de') await expect(conflict(page)).toContainText('Geändert von ada');
      await page.screenshot({ path: path.join(shots, `admin-conflict-${language}-${width}.png`) });
      await page.context().close();
    }
  }
});
