import { expect, test, type Page } from '@playwright/test';
import { admin, graphApp } from '../support/graph-app';
import { startServer, type TestServer } from '../support/server';

/**
 * Relation notes are internal (contract/relation-notes.ts): the relation form shows the Internal
 * Note field only to users holding relations.update. A custom role that may create relations but
 * not edit them gets the form without it. Needs `npm run build` first.
 */
test.describe.configure({ mode: 'serial' });

let server: TestServer;
const app = graphApp(() => server);
const { api, url } = app;
const linker = { username: 'linker', email: 'linker@example.org', password: 'Linker-pass-8261' };
let relationId = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer();
  await app.registerAdmin();
  await api('/nodetypes', { method: 'POST', body: { name: 'Disease' } });
  await api('/relationtypes', { method: 'POST', body: { name: 'related to' } });
  const ids: string[] = [];
  for (const name of ['Asthma', 'Eczema']) ids.push((await api<{ id: string }>('/nodes', { method: 'POST', body: { name, nodeType: 'Disease' } })).body.id);
  const rel = await api<{ id: string }>('/relations', {
    method: 'POST',
    body: { relationName: 'atopic march', sourceNodeId: ids[1], targetNodeId: ids[0], relationType: 'related to', note: 'editors only' },
  });
  expect(rel.status).toBe(201);
  relationId = rel.body.id;
  expect((await api('/roles', { method: 'POST', body: { name: 'Linker', permissions: ['nodes.read', 'relations.create'], isActive: true } })).status).toBe(201);
  expect((await api('/users', { method: 'POST', body: { ...linker, role: 'Linker' } })).status).toBe(201);
});
test.afterAll(async () => {
  await server?.stop();
});

async function signIn(page: Page, path: string, who: { username: string; password: string }) {
  await page.goto(url(`/login?returnTo=${encodeURIComponent(path)}`));
  await page.getByLabel(/^Username or Email/).fill(who.username);
  await page.getByLabel(/^Password/).fill(who.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(url(path));
}

test('an editor sees and edits the Internal Note', async ({ page }) => {
  await signIn(page, `/relations/${relationId}/edit`, admin);
  await expect(page.getByLabel('Internal Note')).toHaveValue('editors only');
  await expect(page.getByText('Internal notes (not visible to all users)')).toBeVisible();
});

test('a user who may create but not edit relations gets the form without the Internal Note', async ({ page }) => {
  await signIn(page, '/relations/new', linker);
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Relation' })).toBeVisible();
  await expect(page.getByLabel('Description')).toBeVisible();
  await expect(page.getByLabel('Internal Note')).toHaveCount(0);
  await expect(page.getByText('Internal notes (not visible to all users)')).toHaveCount(0);
  await expect(page.getByText('editors only')).toHaveCount(0);
});
