import { expect, test, type Locator, type Page } from '@playwright/test';
import { startServer, type TestServer } from '../support/server';
import { openSignedIn, type Credentials } from '../support/session';

/**
 * User and role administration against the real server: the host routes /admin/users and
 * /admin/roles, the embedding example (kg-user-admin, kg-role-admin in shadow roots) and what a
 * viewer sees. One server for the file; the tests run in order on its database.
 * Needs `npm run build` first (the server serves dist/host and dist/widgets).
 */
test.describe.configure({ mode: 'serial' });

let server: TestServer;
const admin = { username: 'ada', email: 'ada@example.org', password: 'first-pass' };
const url = (path: string) => `${server.url}${path}`;
/** A field label, exactly, with or without the required-field asterisk. */
const field = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`);

interface Session {
  accessToken: string;
  refreshToken: string;
}
async function call<T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(url(`/api${path}`), {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}
const login = (login: string, password: string) => call<Session & { error?: string }>('/auth/login', { method: 'POST', body: { login, password } });
async function adminToken() {
  return (await login(admin.username, admin.password)).body.accessToken;
}

/** Opens a host page already signed in (tokens in localStorage, as after a sign-in). */
const signIn = (page: Page, path: string, who: Credentials = admin) => openSignedIn(page, server.url, who, path);

const row = (scope: Page | Locator, text: string) => scope.getByRole('row').filter({ hasText: text });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer();
  const res = await call('/auth/register', { method: 'POST', body: admin });
  expect(res.status).toBe(201);
});
test.afterAll(async () => {
  await server?.stop();
});

test('users: create (who can then sign in), edit, deactivate (who then cannot), delete with DELETE typed', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  // The first load fails: the spec's message with a Retry button.
  let failures = 2; // a failed read: its first try and the one retry of a GET (api/http.ts)
  await page.route('**/api/users?*', (route) =>
    failures-- > 0 ? route.fulfill({ status: 500, json: { error: 'Something went wrong', code: 'internal_error' } }) : route.continue(),
  );
  await signIn(page, '/admin/users');
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Failed to load users');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Manage users, roles, and access across the platform.')).toBeVisible();
  const adminRow = row(page, admin.email);
  await expect(adminRow.getByText('admin', { exact: true })).toBeVisible();
  await expect(adminRow.locator('.kg-user__badge')).toHaveAttribute('title', 'Admin'); // the admin badge
  // Admins cannot be deleted: the button is inert and says why.
  const adminDelete = adminRow.getByRole('button', { name: `Delete ${admin.username}` });
  await expect(adminDelete).toHaveAttribute('aria-disabled', 'true');
  await expect(adminDelete).toHaveAccessibleDescription('Cannot delete admin user');
  await adminDelete.hover();
  await expect(page.locator('.kg-tooltip')).toHaveText('Cannot delete admin user');

  // Create: required fields first, then a server refusal in the dialog, then success.
  await page.getByRole('button', { name: 'Add New User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New User' });
  await expect(dialog.getByLabel(field('Username'))).toBeFocused();
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(dialog.getByText('Username is required')).toBeVisible();
  await expect(dialog.getByText('Password is required')).toBeVisible();
  await dialog.getByLabel(field('Username')).fill(admin.username);
  await dialog.getByLabel(field('Email Address')).fill('kim@example.org');
  await dialog.getByLabel(field('Mobile Number (Optional)')).fill('+44 20 7946 0018');
  await dialog.getByLabel(field('Password')).fill('nurse-pass');
  await dialog.getByLabel(field('Confirm Password')).fill('nurse-pass');
  await expect(dialog.getByLabel(field('Password'))).toHaveAttribute('type', 'password');
  await dialog.getByRole('button', { name: 'Show password' }).click();
  await expect(dialog.getByLabel(field('Password'))).toHaveAttribute('type', 'text');
  await dialog.getByLabel(field('Role')).selectOption({ label: 'editor' });
  await expect(dialog.getByRole('switch', { name: 'Active Account' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('This username is already taken');
  await dialog.getByLabel(field('Username')).fill('nurse.kim');
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'User created successfully' })).toBeVisible();
  const kim = row(page, 'nurse.kim');
  await expect(kim).toContainText('kim@example.org');
  await expect(kim).toContainText('+44 20 7946 0018');
  await expect(kim.getByText('editor', { exact: true })).toBeVisible();
  await expect(kim.getByText('Never')).toBeVisible();
  await expect(kim.locator('.kg-user__badge')).toHaveCount(0);
  expect((await login('nurse.kim', 'nurse-pass')).status).toBe(200);

  // Filters: a search narrows the list and enables Clear All, which restores it.
  const clearAll = page.getByRole('button', { name: 'Clear All' });
  await expect(clearAll).toBeDisabled();
  await page.getByRole('searchbox', { name: 'Search' }).fill('KIM@');
  await expect(page.getByRole('row')).toHaveCount(2); // header + nurse.kim
  await expect(clearAll).toBeEnabled();
  await clearAll.click();
  await expect(page.getByRole('row')).toHaveCount(3);

  // Edit: no password fields; new email and role.
  await kim.getByRole('button', { name: 'Edit nurse.kim' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await expect(edit.getByLabel(field('Password'))).toHaveCount(0);
  await expect(edit.getByLabel(field('Username'))).toHaveValue('nurse.kim');
  await edit.getByLabel(field('Email Address')).fill('kim.lee@example.org');
  await edit.getByLabel(field('Role')).selectOption({ label: 'viewer' });
  await edit.getByRole('button', { name: 'Update User' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'User updated successfully' })).toBeVisible();
  await expect(kim).toContainText('kim.lee@example.org');
  await expect(kim.getByText('viewer', { exact: true })).toBeVisible();

  // Deactivate: the switch reads 'Inactive Account'; the account can no longer sign in.
  await kim.getByRole('button', { name: 'Edit nurse.kim' }).click();
  await edit.getByRole('switch', { name: 'Active Account' }).uncheck();
  await expect(edit.getByRole('switch', { name: 'Inactive Account' })).not.toBeChecked();
  await edit.getByRole('button', { name: 'Update User' }).click();
  await expect(edit).toBeHidden();
  await expect(kim.getByText('Inactive', { exact: true })).toBeVisible();
  const refused = await login('nurse.kim', 'nurse-pass');
  expect(refused.status).toBeGreaterThanOrEqual(400);
  expect(refused.body.error).toBe('This account has been deactivated. Please contact an administrator.');
  await page.getByLabel(field('Status')).selectOption({ label: 'Inactive' });
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Clear All' }).click();

  // Delete: DELETE must be typed exactly.
  await kim.getByRole('button', { name: 'Delete nurse.kim' }).click();
  const del = page.getByRole('dialog', { name: 'Delete User' });
  await expect(del).toContainText('Warning: This action cannot be undone');
  await expect(del).toContainText('The user will be permanently removed from the system');
  const confirm = del.getByRole('button', { name: 'Delete User' });
  await expect(confirm).toBeDisabled();
  await del.getByLabel('Type DELETE to confirm').fill('delete');
  await expect(confirm).toBeDisabled();
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/users/*', async (route) => {
    if (route.request().method() === 'DELETE') await held;
    await route.continue();
  });
  await del.getByLabel('Type DELETE to confirm').fill('DELETE');
  await confirm.click();
  await expect(del.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
  release();
  await expect(del).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'User deleted successfully' })).toBeVisible();
  await expect(row(page, 'nurse.kim')).toHaveCount(0);
  const users = await call<{ data: Array<{ username: string }> }>('/users', { token: await adminToken() });
  expect(users.body.data.map((u) => u.username)).toEqual([admin.username]);
  expect(errors).toEqual([]);
});

test('roles: create a custom role with permissions, toggle it, delete it (its users become viewers)', async ({ page }) => {
  await signIn(page, '/admin/roles');
  await expect(page.getByRole('heading', { name: 'Role Management' })).toBeVisible();
  await expect(page.getByText('Define roles and permissions to control user access throughout the system.')).toBeVisible();
  await expect(page.getByTestId('role-tile-total')).toContainText('3');
  await expect(page.getByTestId('role-tile-permissions')).toContainText('—');
  await expect(page.getByRole('heading', { name: 'System Roles' })).toBeVisible();
  // System roles: no toggle, no delete.
  await expect(page.getByRole('switch', { name: 'admin active' })).toBeDisabled();
  await expect(row(page, 'Full access').getByRole('button', { name: 'Delete admin' })).toHaveAttribute('aria-disabled', 'true');

  await page.getByRole('button', { name: 'Create Role' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Role' });
  await expect(dialog.getByLabel(field('Role Name'))).toBeFocused();
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(dialog.getByText('Role Name is required')).toBeVisible();
  await dialog.getByLabel(field('Role Name')).fill('auditor');
  await dialog.getByLabel('Description').fill('Reads the logs for compliance reviews');
  await expect(dialog.getByRole('heading', { name: 'Permissions (0/20)' })).toBeVisible();
  await dialog.getByRole('checkbox', { name: /^View Nodes/ }).check();
  await dialog.getByRole('checkbox', { name: /^System Logs/ }).check();
  await dialog.getByRole('button', { name: 'Select all: Analytics & Reporting' }).click();
  await expect(dialog.getByRole('heading', { name: 'Permissions (4/20)' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Role created successfully' })).toBeVisible();
  const auditor = row(page, 'Reads the logs for compliance reviews');
  await expect(auditor.getByRole('cell').nth(1)).toHaveText('4');
  await expect(page.getByTestId('role-tile-total')).toContainText('4');

  // Two users hold the role.
  const token = await adminToken();
  const roles = await call<Array<{ id: string; name: string; permissions: string[] }>>('/roles', { token });
  const created = roles.body.find((r) => r.name === 'auditor')!;
  expect(created.permissions.sort()).toEqual(['analytics.export', 'analytics.view', 'nodes.read', 'system.logs']);
  for (const name of ['aud.one', 'aud.two']) {
    const res = await call('/users', { method: 'POST', token, body: { username: name, email: `${name}@example.org`, password: 'secret-1', roleId: created.id, isActive: true } });
    expect(res.status).toBe(201);
  }
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(auditor.getByRole('cell').nth(2)).toHaveText('2');
  await expect(page.getByTestId('role-tile-users')).toContainText('3');

  // Toggle: saved and reloaded.
  const toggle = page.getByRole('switch', { name: 'auditor active' });
  await expect(toggle).toBeChecked();
  await toggle.uncheck();
  await expect(page.getByRole('status').filter({ hasText: 'Role "auditor" deactivated' })).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await expect(page.getByTestId('role-tile-active')).toContainText('3');
  const afterToggle = await call<Array<{ name: string; isActive: boolean }>>('/roles', { token });
  expect(afterToggle.body.find((r) => r.name === 'auditor')?.isActive).toBe(false);

  // Delete: the dialog names how many users it affects; they become viewers.
  await auditor.getByRole('button', { name: 'Delete auditor' }).click();
  const del = page.getByRole('dialog', { name: 'Delete Role' });
  await expect(del).toContainText('This action cannot be undone');
  await expect(del).toContainText('This will affect 2 users');
  await del.getByRole('button', { name: 'Delete Role' }).click();
  await expect(del).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Role deleted successfully' })).toBeVisible();
  await expect(auditor).toHaveCount(0);
  const users = await call<{ data: Array<{ username: string; role: string }> }>('/users', { token });
  expect(users.body.data.filter((u) => u.username.startsWith('aud.')).map((u) => u.role)).toEqual(['viewer', 'viewer']);
});

test('the admin example page: widgets sign in with the shared session and keep floating UI inside their shadow roots', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto(url('/examples/index.html'));
  await page.getByRole('link', { name: /Access administration/ }).click();
  await expect(page).toHaveURL(url('/examples/admin.html'));

  const users = page.locator('kg-user-admin');
  await expect(users.getByText('Sign in to manage users.')).toBeVisible();
  await users.getByLabel('Username or Email').fill(admin.username);
  await users.getByLabel('Password').fill(admin.password);
  await users.getByRole('button', { name: 'Sign In' }).click();
  await expect(users.getByRole('heading', { name: 'User Management' })).toBeVisible();
  // The header badge shares the session.
  await expect(page.locator('kg-sign-in').getByRole('button', { name: 'Logout' })).toBeVisible();
  // The table comes with the list's answer, after the heading: inside the element's shadow root.
  await expect.poll(() => users.evaluate((el) => !!el.shadowRoot?.querySelector('table'))).toBe(true);
  // Themed by the page through --kg-* custom properties.
  await expect(users.getByRole('button', { name: 'Add New User' })).toHaveCSS('background-color', 'rgb(11, 110, 99)');

  await users.getByRole('button', { name: 'Delete ada' }).hover();
  await expect(users.locator('.kg-tooltip')).toHaveText('Cannot delete admin user');

  await users.getByRole('button', { name: 'Add New User' }).click();
  const dialog = users.getByRole('dialog', { name: 'Create New User' });
  await dialog.getByLabel(field('Username')).fill('embedded.eve');
  await dialog.getByLabel(field('Email Address')).fill('eve@example.org');
  await dialog.getByLabel(field('Password')).fill('secret-eve');
  await dialog.getByLabel(field('Confirm Password')).fill('secret-eve');
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(users.getByRole('status').filter({ hasText: 'User created successfully' })).toBeVisible();
  await expect(row(users, 'embedded.eve').getByText('viewer', { exact: true })).toBeVisible();
  // Nothing floating landed in the page's own document.
  expect(await page.evaluate(() => document.body.querySelectorAll('.kg-toast-region, .kg-tooltip, .kg-menu').length)).toBe(0);

  await page.getByRole('link', { name: 'Roles & permissions' }).click();
  const roles = page.locator('kg-role-admin');
  await expect(roles.getByRole('heading', { name: 'Role Management' })).toBeVisible();
  await expect(roles.getByTestId('role-tile-total')).toContainText('3');
  await roles.getByRole('button', { name: 'Edit admin' }).click();
  const edit = roles.getByRole('dialog', { name: 'Edit Role' });
  await expect(edit.getByLabel(field('Role Name'))).toBeDisabled();
  await expect(edit.getByLabel('Description')).toBeFocused();
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(roles.getByRole('button', { name: 'Edit admin' })).toBeFocused();
  expect(errors).toEqual([]);
});

test('a viewer sees the non-admin messages, and the host sends them away from the admin routes', async ({ page }) => {
  const viewer = { username: 'victor', email: 'victor@example.org', password: 'viewer-pass' };
  expect((await call('/auth/register', { method: 'POST', body: viewer })).status).toBe(201);

  await signIn(page, '/admin/users', viewer);
  await expect(page).toHaveURL(url('/dashboard'));

  await page.goto(url('/examples/admin.html'));
  await expect(page.locator('kg-user-admin').getByRole('alert')).toHaveText('You do not have permission to access this page.');
  await page.getByRole('link', { name: 'Roles & permissions' }).click();
  await expect(page.locator('kg-role-admin').getByRole('alert')).toHaveText('Access Denied. Only administrators can access role management.');
});
