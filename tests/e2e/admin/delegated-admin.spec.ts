import { expect, test, type Page } from '@playwright/test';
import { startServer, type TestServer } from '../support/server';
import { openSignedIn, type Credentials } from '../support/session';

/**
 * Delegated administration on the screens: a helpdesk role with users.* and
 * roles.manage but not the rest sees only the roles and permissions it may grant, cannot change
 * its own role or its own role's permissions, and cannot touch admins or users above it.
 * Needs `npm run build` first.
 */
test.describe.configure({ mode: 'serial' });

let server: TestServer;
const admin = { username: 'ada', email: 'ada@example.org', password: 'first-pass' };
const hal = { username: 'hal', email: 'hal@example.org', password: 'helpdesk-pass-7' };
const HELPDESK = ['nodes.read', 'search.advanced', 'users.read', 'users.create', 'users.update', 'roles.manage'];
const url = (path: string) => `${server.url}${path}`;

async function call<T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<T> {
  const res = await fetch(url(`/api${path}`), {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
const login = (who: { username: string; password: string }) =>
  call<{ accessToken: string; refreshToken: string }>('/auth/login', { method: 'POST', body: { login: who.username, password: who.password } });

const signIn = (page: Page, path: string, who: Credentials) => openSignedIn(page, server.url, who, path);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer();
  await call('/auth/register', { method: 'POST', body: admin });
  const token = (await login(admin)).accessToken;
  await call('/roles', { method: 'POST', token, body: { name: 'helpdesk', permissions: HELPDESK } });
  await call('/users', { method: 'POST', token, body: { ...hal, role: 'helpdesk' } });
  await call('/users', { method: 'POST', token, body: { username: 'eve', email: 'eve@example.org', password: 'editor-pass-7', role: 'editor' } });
});
test.afterAll(async () => {
  await server?.stop();
});

test('users: the form offers only roles within your own; admins, users above you and your own role are locked', async ({ page }) => {
  await signIn(page, '/admin/users', hal);
  const rowOf = (text: string) => page.getByRole('row').filter({ hasText: text });
  await expect(rowOf('ada@example.org')).toBeVisible();

  const adminEdit = rowOf('ada@example.org').getByRole('button', { name: 'Edit ada' });
  await expect(adminEdit).toHaveAttribute('aria-disabled', 'true');
  await expect(adminEdit).toHaveAccessibleDescription('Only administrators can create, edit, deactivate or delete administrators.');
  const editorDelete = rowOf('eve@example.org').getByRole('button', { name: 'Delete eve' });
  await expect(editorDelete).toHaveAttribute('aria-disabled', 'true');
  await expect(editorDelete).toHaveAccessibleDescription('You cannot manage a user whose role grants permissions you do not hold.');

  await page.getByRole('button', { name: 'Add New User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New User' });
  // System roles first, then custom ones; admin and editor (above hal) are not offered.
  await expect(dialog.getByRole('combobox', { name: /Role/ }).locator('option:not([value=""])')).toHaveText(['viewer', 'helpdesk']);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await rowOf('hal@example.org').getByRole('button', { name: 'Edit hal' }).click();
  const own = page.getByRole('dialog', { name: 'Edit User' });
  await expect(own.getByRole('combobox', { name: /Role/ })).toBeDisabled();
  await expect(own.getByText('You cannot change your own role.')).toBeVisible();
});

test("roles: the checklist offers only permissions you hold; your own role's permissions are locked", async ({ page }) => {
  await signIn(page, '/admin/roles', hal);
  await page.getByRole('button', { name: 'Create Role' }).click();
  const create = page.getByRole('dialog', { name: 'Create New Role' });
  await expect(create.getByRole('checkbox', { name: /View Nodes/ })).toBeEnabled();
  await expect(create.getByRole('checkbox', { name: /System Configuration/ })).toBeDisabled();
  await expect(create.getByRole('checkbox', { name: /Delete Users/ })).toBeDisabled();
  await create.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('row').filter({ hasText: 'helpdesk' }).getByRole('button', { name: 'Edit helpdesk' }).click();
  const own = page.getByRole('dialog', { name: 'Edit Role' });
  await expect(own.getByText('You cannot change the permissions of your own role.')).toBeVisible();
  await expect(own.getByRole('checkbox', { name: /View Nodes/ })).toBeDisabled();
});
