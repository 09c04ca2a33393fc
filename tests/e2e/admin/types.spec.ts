import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { startServer, type TestServer } from '../support/server';
import { openSignedIn, type Credentials } from '../support/session';

/**
 * Node Type Management and Relation Type Management against the real server: the host routes
 * /node-types and /relation-types (table, cards, add/edit/delete dialogs, the 409 refusal of a
 * type in use) and the kg-type-admin example page with only api-base set. One server for the
 * file; the tests run in order on its database. Needs `npm run build` first.
 */
test.describe.configure({ mode: 'serial' });

let server: TestServer;
let token = '';
const admin = { username: 'ada', email: 'ada@example.org', password: 'first-pass' };
const viewer = { username: 'victor', email: 'victor@example.org', password: 'viewer-pass' };
const url = (path: string) => `${server.url}${path}`;
const field = (label: string) => new RegExp(`^${label}\\*?$`);

async function call<T>(path: string, init: { method?: string; body?: unknown; as?: string } = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(url(`/api${path}`), {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${init.as ?? token}` },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}
const names = async (path: string) => (await call<Array<{ name: string }>>(path)).body.map((t) => t.name);

const signIn = (page: Page, path: string, who: Credentials = admin) => openSignedIn(page, server.url, who, path);

const pageOf = (scope: Page | Locator): Page => ('goto' in scope ? scope : scope.page());
/** The table row whose name cell says exactly `name`. */
const row = (scope: Page | Locator, name: string) => scope.getByRole('row').filter({ has: pageOf(scope).locator('.kg-type__name').getByText(name, { exact: true }) });
const toast = (scope: Page | Locator, text: string) => scope.getByRole('status').filter({ hasText: text });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer();
  const res = await fetch(url('/api/auth/register'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
  token = ((await res.json()) as { accessToken: string }).accessToken;
  // Twelve node types: two pages at the default page size of 10.
  for (const name of ['Anatomy', 'Biomarker', 'Device', 'Disease', 'Drug', 'Gene', 'Organism', 'Pathway', 'Procedure', 'Protein', 'Symptom', 'Test']) {
    expect((await call('/nodetypes', { method: 'POST', body: { nodeType: name } })).status).toBe(201);
  }
  for (const name of ['TREATS', 'CAUSES']) expect((await call('/relationtypes', { method: 'POST', body: { relationType: name } })).status).toBe(201);
});
test.afterAll(async () => {
  await server?.stop();
});

test('node types: list, search, paging, add and edit (Save disabled when blank)', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  // The first load fails: the spec's message with Retry.
  let failures = 2; // a failed read: its first try and the one retry of a GET (api/http.ts)
  await page.route('**/api/nodetypes', (route) => (failures-- > 0 ? route.fulfill({ status: 500, json: { error: 'boom', code: 'internal_error' } }) : route.continue()));
  await signIn(page, '/node-types');
  await expect(page.getByRole('heading', { name: 'Node Type Management' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Failed to load node types.');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Define and manage the types of nodes in your knowledge graph.')).toBeVisible();

  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Created Date', 'Created By', 'Actions']);
  // Paging: 10 of 12 by default, in name order; 5/10/25 offered.
  await expect(table.getByRole('row')).toHaveCount(11);
  await expect(page.getByText('1–10 of 12')).toBeVisible();
  await expect(page.getByLabel('Rows per page:').locator('option')).toHaveText(['5', '10', '25']);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('11–12 of 12')).toBeVisible();
  await expect(row(page, 'Symptom')).toBeVisible();
  await page.getByLabel('Rows per page:').selectOption('5');
  await expect(page.getByText('1–5 of 12')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(6);
  await page.getByLabel('Rows per page:').selectOption('25');
  await expect(table.getByRole('row')).toHaveCount(13);
  await expect(row(page, 'Anatomy')).toContainText('ada');
  await expect(row(page, 'Anatomy')).toContainText('Unused');

  // Search: client-side, case-insensitive, back to page 1.
  const search = page.getByRole('searchbox', { name: 'Search' });
  await expect(search).toHaveAttribute('placeholder', 'Search node types...');
  await search.fill('PRO');
  await expect(table.getByRole('row')).toHaveCount(3); // header + Procedure, Protein
  await expect(page.getByText('1–2 of 2')).toBeVisible();
  await search.fill('zzz');
  await expect(page.getByText('No node types match your search')).toBeVisible();
  await search.fill('');

  // Add: Save is disabled while blank; Enter saves once it is not; a duplicate is refused in the dialog.
  await page.getByRole('button', { name: 'Add Node Type' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Node Type' });
  const name = dialog.getByLabel(field('Node Type Name'));
  await expect(name).toBeFocused();
  const save = dialog.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await name.fill('   ');
  await expect(save).toBeDisabled();
  await name.press('Enter');
  await expect(dialog).toBeVisible();
  await name.fill('disease');
  await name.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('A node type named "disease" already exists');
  await name.fill('Cell Type');
  await name.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Node type created successfully')).toBeVisible();
  await expect(row(page, 'Cell Type')).toContainText('ada');
  expect(await names('/nodetypes')).toContain('Cell Type');

  // Edit: the current name is filled in; blank disables Save; the rename is saved.
  await row(page, 'Cell Type').getByRole('button', { name: 'Edit Cell Type' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Node Type' });
  await expect(edit.getByLabel(field('Node Type Name'))).toHaveValue('Cell Type');
  await edit.getByLabel(field('Node Type Name')).fill('');
  await expect(edit.getByRole('button', { name: 'Save' })).toBeDisabled();
  await edit.getByLabel(field('Node Type Name')).fill('Cell Line');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(toast(page, 'Node type updated successfully')).toBeVisible();
  await expect(row(page, 'Cell Line')).toBeVisible();
  await expect(row(page, 'Cell Type')).toHaveCount(0);
  expect(await names('/nodetypes')).toContain('Cell Line');

  await expectNoSeriousA11yViolations(page, '/node-types');
  expect(errors).toEqual([]);
});

test('node types: delete needs DELETE typed exactly; a type in use cannot be confirmed, and a stale count meets the server message', async ({ page }) => {
  // A node of type Drug: the server refuses to delete Drug.
  expect((await call('/nodes', { method: 'POST', body: { name: 'Aspirin', nodeType: 'Drug' } })).status).toBe(201);
  await signIn(page, '/node-types');
  await expect(row(page, 'Drug')).toContainText('1 node');

  // The dialog says the type is in use, so it asks for no confirmation: no word, no Delete, only Close.
  await row(page, 'Drug').getByRole('button', { name: 'Delete Drug' }).click();
  const del = page.getByRole('dialog', { name: 'Delete Node Type' });
  await expect(del).toContainText('Drug is used by 1 node; a node type in use cannot be deleted.');
  await expect(del).not.toContainText('Warning: This action cannot be undone.');
  const confirm = del.getByRole('button', { name: 'Delete', exact: true });
  const word = del.getByLabel('Type DELETE to confirm');
  await expect(word).toHaveCount(0);
  await expect(confirm).toHaveCount(0);
  await expect(del.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await expect(del.getByRole('button', { name: 'Close', exact: true })).toBeFocused();
  await del.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(del).toBeHidden();

  // A type that came into use after the list loaded: the count says unused, the server refuses.
  expect((await call('/nodes', { method: 'POST', body: { name: 'BRCA1', nodeType: 'Gene' } })).status).toBe(201);
  await row(page, 'Gene').getByRole('button', { name: 'Delete Gene' }).click();
  await expect(word).toBeFocused();
  await expect(confirm).toBeDisabled();
  for (const attempt of ['delete', 'DELET', 'DELETE ']) {
    await word.fill(attempt);
    await expect(confirm).toBeDisabled();
  }
  await word.fill('DELETE');
  await confirm.click();
  await expect(del.getByRole('alert')).toHaveText('Cannot delete node type "Gene": 1 node still uses it.');
  await expect(del).toBeVisible();
  await del.getByRole('button', { name: 'Cancel' }).click();
  await expect(del).toBeHidden();
  await expect(row(page, 'Gene')).toBeVisible();
  expect(await names('/nodetypes')).toContain('Gene');

  // An unused type goes; Escape closes without deleting first.
  await row(page, 'Cell Line').getByRole('button', { name: 'Delete Cell Line' }).click();
  await page.keyboard.press('Escape');
  await expect(del).toBeHidden();
  await row(page, 'Cell Line').getByRole('button', { name: 'Delete Cell Line' }).click();
  await del.getByLabel('Type DELETE to confirm').fill('DELETE');
  await del.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(del).toBeHidden();
  await expect(toast(page, 'Node type deleted successfully')).toBeVisible();
  await expect(row(page, 'Cell Line')).toHaveCount(0);
  expect(await names('/nodetypes')).not.toContain('Cell Line');
});

test('relation types: add, rename, refused and allowed deletes on /relation-types', async ({ page }) => {
  const [a, b] = await Promise.all(
    ['Ibuprofen', 'Headache'].map(async (n, i) => (await call<{ id: string }>('/nodes', { method: 'POST', body: { name: n, nodeType: i ? 'Symptom' : 'Drug' } })).body.id),
  );
  expect((await call('/relations', { method: 'POST', body: { sourceNodeId: a, targetNodeId: b, relationName: 'relieves', relationType: 'TREATS', weight: 50 } })).status).toBe(201);

  await signIn(page, '/relation-types');
  await expect(page.getByRole('heading', { name: 'Relation Type Management' })).toBeVisible();
  await expect(page.getByText('Define and manage the types of relations in your knowledge graph.')).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveAttribute('placeholder', 'Search relation types...');
  await expect(row(page, 'TREATS')).toContainText('1 relation');

  await page.getByRole('button', { name: 'Add Relation Type' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Relation Type' });
  await dialog.getByLabel(field('Relation Type Name')).fill('PREVENTS');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Relation type created successfully')).toBeVisible();
  await row(page, 'PREVENTS').getByRole('button', { name: 'Edit PREVENTS' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Relation Type' });
  await edit.getByLabel(field('Relation Type Name')).fill('PREVENTS_RISK');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Relation type updated successfully')).toBeVisible();

  // The success toast does not stay up beside the dialog that says the type is in use.
  const del = page.getByRole('dialog', { name: 'Delete Relation Type' });
  await row(page, 'TREATS').getByRole('button', { name: 'Delete TREATS' }).click();
  await expect(del).toContainText('TREATS is used by 1 relation; a relation type in use cannot be deleted.');
  await expect(toast(page, 'Relation type updated successfully')).toHaveCount(0);
  await expect(del.getByLabel('Type DELETE to confirm')).toHaveCount(0);
  await expect(del.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  await del.getByRole('button', { name: 'Close', exact: true }).click();

  await row(page, 'PREVENTS_RISK').getByRole('button', { name: 'Delete PREVENTS_RISK' }).click();
  await expect(del).toContainText('Warning: This action cannot be undone. Deleting a relation type may affect existing relations.');
  await del.getByLabel('Type DELETE to confirm').fill('DELETE');
  await del.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toast(page, 'Relation type deleted successfully')).toBeVisible();
  expect(await names('/relationtypes')).toEqual(['CAUSES', 'TREATS']);
  await expectNoSeriousA11yViolations(page, '/relation-types');
});

test('narrow screens show cards with the same actions', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, '/node-types');
  await expect(page.getByRole('heading', { name: 'Node Type Management' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  const cards = page.getByRole('list', { name: 'Node types' });
  await expect(cards.getByRole('listitem')).toHaveCount(10);
  const drug = cards.getByRole('listitem').filter({ hasText: 'Drug' });
  await expect(drug).toContainText('2 nodes');
  await expect(drug).toContainText('Created By');
  await drug.getByRole('button', { name: 'Edit Drug' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Node Type' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expectNoSeriousA11yViolations(page, '/node-types narrow');
});

test('the example page: kg-type-admin with only api-base signs in by itself; both kinds share the session', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto(url('/examples/index.html'));
  await page.getByRole('link', { name: /Graph vocabulary/ }).click();
  await expect(page).toHaveURL(url('/examples/types.html'));

  const nodeTypes = page.locator('kg-type-admin').first();
  const relationTypes = page.locator('kg-type-admin[kind="relation"]');
  await expect(nodeTypes.getByText('Sign in to manage node types.')).toBeVisible();
  await nodeTypes.getByLabel(/^Username or Email/).fill(admin.username);
  await nodeTypes.getByLabel(/^Password/).fill(admin.password);
  await nodeTypes.getByRole('button', { name: 'Sign In' }).click();
  await expect(nodeTypes.getByRole('heading', { name: 'Node Type Management' })).toBeVisible();
  await expect(relationTypes.getByRole('heading', { name: 'Relation Type Management' })).toBeVisible();
  await expect(row(relationTypes, 'CAUSES')).toBeVisible();
  // Themed by the page through --kg-* custom properties.
  await expect(nodeTypes.getByRole('button', { name: 'Add Node Type' })).toHaveCSS('background-color', 'rgb(180, 71, 43)');

  await nodeTypes.getByRole('button', { name: 'Add Node Type' }).click();
  const dialog = nodeTypes.getByRole('dialog', { name: 'Add Node Type' });
  await dialog.getByLabel(field('Node Type Name')).fill('Vaccine');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(nodeTypes, 'Node type created successfully')).toBeVisible();
  await nodeTypes.getByRole('searchbox', { name: 'Search' }).fill('vacc');
  await expect(row(nodeTypes, 'Vaccine')).toBeVisible();
  // Nothing floating landed in the page's own document.
  expect(await page.evaluate(() => document.body.querySelectorAll('.kg-toast-region, .kg-dialog').length)).toBe(0);
  await expectNoSeriousA11yViolations(page, 'examples/types.html');
  expect(errors).toEqual([]);
});

test('a viewer sees the lists read-only in the element; the host keeps them off the admin routes', async ({ page }) => {
  expect((await fetch(url('/api/auth/register'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(viewer) })).status).toBe(201);
  await signIn(page, '/node-types', viewer);
  await expect(page).toHaveURL(url('/dashboard'));

  await page.goto(url('/examples/types.html'));
  const nodeTypes = page.locator('kg-type-admin').first();
  await expect(nodeTypes.getByText('Only administrators can add, edit or delete node types.')).toBeVisible();
  await expect(row(nodeTypes, 'Drug')).toBeVisible();
  await expect(nodeTypes.getByRole('button', { name: 'Add Node Type' })).toHaveCount(0);
  await expect(nodeTypes.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
  await expect(nodeTypes.getByRole('columnheader')).toHaveText(['Name', 'Created Date', 'Created By']);
});
