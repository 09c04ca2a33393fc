import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { startServer, type TestServer } from '../support/server';
import { openSignedIn } from '../support/session';

/**
 * Relation-type rules in the browser: the relation type dialog edits the rule
 * (keyboard only), and the relation form's pickers then offer only nodes that fit, say why when
 * none does, and start the weight at the type's default. Needs `npm run build` first.
 */
test.describe.configure({ mode: 'serial' });

let server: TestServer;
let token = '';
const admin = { username: 'ada', email: 'ada@example.org', password: 'first-pass' };
const url = (path: string) => `${server.url}${path}`;

async function call<T>(path: string, method = 'GET', body?: unknown): Promise<T> {
  const res = await fetch(url(`/api${path}`), {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as T;
}

const signIn = (page: Page, path: string) => openSignedIn(page, server.url, admin, path);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer();
  const res = await fetch(url('/api/auth/register'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
  token = ((await res.json()) as { accessToken: string }).accessToken;
  for (const name of ['Disease', 'Drug', 'Gene']) await call('/nodetypes', 'POST', { name });
  for (const name of ['treats', 'encodes']) await call('/relationtypes', 'POST', { name });
  for (const [name, nodeType] of [
    ['Migraine', 'Disease'],
    ['Aspirin', 'Drug'],
    ['Ibuprofen', 'Drug'],
  ]) {
    await call('/nodes', 'POST', { name, nodeType });
  }
});
test.afterAll(async () => {
  await server?.stop();
});

test('the relation type dialog edits the rule with the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, '/relation-types');
  await page.getByRole('row').filter({ hasText: 'treats' }).getByRole('button', { name: 'Edit treats' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Relation Type' });
  const source = dialog.getByRole('group', { name: 'Allowed source node types' });
  const target = dialog.getByRole('group', { name: 'Allowed target node types' });
  await expect(source).toContainText('Any node type');
  await source.getByRole('checkbox', { name: 'Drug' }).focus();
  await page.keyboard.press('Space');
  await target.getByRole('checkbox', { name: 'Disease' }).check();
  await dialog.getByLabel('Default weight').fill('0');
  await expect(dialog.getByText('Default weight must be between 1 and 100')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByLabel('Default weight').fill('70');
  await expectNoSeriousA11yViolations(page, 'relation type rule dialog');
  await page.screenshot({ path: 'test-results/relation-rules-dialog-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/relation-rules-dialog-390.png', fullPage: true });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const types = await call<Array<{ name: string; sourceNodeTypes: string[]; targetNodeTypes: string[]; defaultWeight: number | null }>>('/relationtypes');
  expect(types.find((t) => t.name === 'treats')).toMatchObject({ sourceNodeTypes: ['Drug'], targetNodeTypes: ['Disease'], defaultWeight: 70 });
  await call(`/relationtypes/${(types.find((t) => t.name === 'encodes') as unknown as { id: string }).id}`, 'PUT', { name: 'encodes', sourceNodeTypes: ['Gene'] });
});

test('the relation form offers only nodes that fit and says why when none does', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, '/relations/new');
  const type = page.getByRole('combobox', { name: 'Relation Type' });
  await type.click();
  await type.fill('treats');
  await page.getByRole('option', { name: 'treats' }).click();
  await expect(page.getByRole('slider')).toHaveValue('70');

  const source = page.getByRole('combobox', { name: 'Source Node' });
  await source.click();
  const options = page.getByRole('listbox');
  await expect(options.getByRole('option', { name: /^Aspirin/ })).toBeVisible();
  await expect(options.getByRole('option', { name: /^Ibuprofen/ })).toBeVisible();
  await expect(options.getByRole('option', { name: /^Migraine/ })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/relation-rules-form-1280.png' });
  await page.keyboard.press('Escape');

  await type.click();
  await type.fill('encodes');
  await page.getByRole('option', { name: 'encodes' }).click();
  await source.click();
  await expect(page.getByText('No node fits: relation type "encodes" allows source node types "Gene" only')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'relation form with a rule');
});

test('with both ends chosen, the relation form offers only the relation types that fit them', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, '/relations/new');
  const pick = async (label: string, name: string) => {
    const box = page.getByRole('combobox', { name: label });
    await box.click();
    await box.fill(name);
    await page.getByRole('listbox').getByRole('option', { name: new RegExp(`^${name}`) }).click();
  };
  const type = page.getByRole('combobox', { name: 'Relation Type' });
  const listbox = page.getByRole('listbox');

  // Drug → Disease: "treats" (Drug → Disease) fits; "encodes" (Gene sources only) does not.
  await pick('Source Node', 'Aspirin');
  await pick('Target Node', 'Migraine');
  await type.click();
  await expect(listbox.getByRole('option', { name: 'treats' })).toBeVisible();
  await expect(listbox.getByRole('option', { name: 'encodes' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Disease → Drug: no type fits, and the picker says why.
  await signIn(page, '/relations/new');
  await pick('Source Node', 'Migraine');
  await pick('Target Node', 'Aspirin');
  await type.click();
  await expect(page.getByText('No relation type fits: none allows a "Disease" source node with a "Drug" target node')).toBeVisible();
});
