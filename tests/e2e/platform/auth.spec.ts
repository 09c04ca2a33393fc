import { expect, test, type Page } from '@playwright/test';
import { startServer, type TestServer } from '../support/server';

/**
 * Sign-in, registration, the guard and roles against the real server with a fresh embedded
 * database. The tests share that database and run in order: the first account registered
 * becomes admin, later ones viewers.
 */
test.describe.configure({ mode: 'serial' });

let server: TestServer;
const admin = { username: 'ada', email: 'ada@example.org', password: 'first-pass' };
const viewer = { username: 'victor', email: 'victor@example.org', password: 'viewer-pass' };
const ADMIN_ENTRIES = ['Node Types', 'Relation Types', 'SNOMED Management', 'User Management', 'Role Management'];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer();
});
test.afterAll(async () => {
  await server?.stop();
});

const url = (path: string) => `${server.url}${path}`;
/** A field label, exactly, with or without the required-field asterisk. */
const field = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`);
const drawer = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

async function register(page: Page, who: { username: string; email: string; password: string }, confirm = who.password) {
  await page.goto(url('/register'));
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await page.getByLabel(field('Username')).fill(who.username);
  await page.getByLabel(field('Email Address')).fill(who.email);
  await page.getByLabel(field('Password')).fill(who.password);
  await page.getByLabel(field('Confirm Password')).fill(confirm);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

async function signIn(page: Page, login: string, password: string) {
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByLabel(field('Username or Email'))).toBeFocused();
  await page.getByLabel(field('Username or Email')).fill(login);
  await page.getByLabel(field('Password')).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function logout(page: Page) {
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(url('/login'));
}

test('the first account becomes admin and lands on the dashboard', async ({ page }) => {
  await register(page, admin);
  await expect(page).toHaveURL(url('/dashboard'));
  await expect(page.getByRole('heading', { name: `Welcome, ${admin.username}` })).toBeVisible();

  for (const label of ['Total Nodes', 'Total Relations', 'Total Users', 'Node Types']) {
    await expect(page.locator('.kg-stat', { hasText: label })).toBeVisible();
  }
  await expect(page.getByTestId('stat-userCount')).toContainText('1');
  await expect(page.getByTestId('stat-nodeCount')).toContainText('0');

  for (const label of ['Dashboard', 'Knowledge Nodes', 'Relations', ...ADMIN_ENTRIES]) {
    await expect(drawer(page).getByRole('link', { name: label, exact: true })).toBeVisible();
  }

  await page.getByRole('button', { name: 'Admin' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Users', 'Roles', 'Audit Log', 'Analytics', 'Backup', 'Terminology', 'Review mode']);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Account' }).click();
  const who = page.getByRole('menuitem', { name: new RegExp(admin.username) });
  await expect(who).toHaveAttribute('aria-disabled', 'true');
  await expect(who).toContainText('admin');
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(url('/login'));

  // Logged out for real: the guard sends a protected page back to sign-in.
  await page.goto(url('/dashboard'));
  await expect(page).toHaveURL(url('/login'));
});

test('signs in with the email; the guard returns to the wanted page', async ({ page }) => {
  await page.goto(url('/login'));
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(url('/dashboard'));
  await logout(page);

  await page.goto(url('/settings'));
  await expect(page).toHaveURL(url('/login?returnTo=%2Fsettings'));
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(url('/settings'));
  await expect(page.getByRole('heading', { name: 'Personal Information' })).toBeVisible();
  await expect(page.getByText('ADMIN', { exact: true })).toBeVisible();

  // / and unknown paths go to the dashboard; a reload keeps the session.
  await page.goto(url('/no/such/page'));
  await expect(page).toHaveURL(url('/dashboard'));
});

test("a wrong password shows the server's message", async ({ page }) => {
  await page.goto(url('/login'));
  await signIn(page, admin.username, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('Invalid username/email or password');
  await expect(page).toHaveURL(url('/login'));
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
});

test('mismatched passwords are caught before any call to the server', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/auth/register')) calls.push(req.url());
  });
  await register(page, { username: 'mallory', email: 'mallory@example.org', password: 'secret-1' }, 'secret-2');
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
  await expect(page).toHaveURL(url('/register'));

  await page.getByLabel(field('Password')).fill('short');
  await page.getByLabel(field('Confirm Password')).fill('short');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert')).toHaveText('Password must be at least 6 characters');
  expect(calls).toEqual([]);
});

test('a second account is a viewer: no admin entries, admin pages go to the dashboard', async ({ page }) => {
  await register(page, viewer);
  await expect(page).toHaveURL(url('/dashboard'));
  await expect(drawer(page).getByRole('link')).toHaveText(['Dashboard', 'Knowledge Nodes', 'Relations']);
  await expect(page.getByRole('button', { name: 'Admin' })).toHaveCount(0);

  await page.goto(url('/admin/users'));
  await expect(page).toHaveURL(url('/dashboard'));
  await expect(page.getByRole('heading', { name: `Welcome, ${viewer.username}` })).toBeVisible();
  for (const label of ADMIN_ENTRIES) await expect(drawer(page).getByRole('link', { name: label })).toHaveCount(0);

  // A viewer opens the node list from the drawer.
  await drawer(page).getByRole('link', { name: 'Knowledge Nodes' }).click();
  await expect(page.getByRole('heading', { name: 'Knowledge Nodes', level: 1 })).toBeVisible();
});

test('account settings: verify the password, change it, and sign in with the new one', async ({ page }) => {
  await page.goto(url('/login?returnTo=%2Fsettings'));
  await signIn(page, viewer.username, viewer.password);
  await expect(page).toHaveURL(url('/settings'));
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByLabel(field('New Password'))).toBeDisabled();

  await page.getByRole('button', { name: 'Verify Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verify Password' });
  await expect(dialog.getByText('Please enter your current password to continue updating your profile.')).toBeVisible();
  await dialog.getByLabel(field('Current Password')).fill('wrong-pass');
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog.getByText('The password is incorrect')).toBeVisible();
  await dialog.getByLabel(field('Current Password')).fill(viewer.password);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog).toBeHidden();

  await page.getByLabel(field('Mobile Number')).fill('+44 20 7946 0000');
  await page.getByLabel(field('New Password')).fill('changed-pass');
  await page.getByLabel(field('Confirm New Password')).fill('changed-pass');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Profile updated successfully!');
  await expect(page.getByLabel(field('Mobile Number'))).toHaveValue('+44 20 7946 0000');

  await logout(page);
  await signIn(page, viewer.username, 'changed-pass');
  await expect(page).toHaveURL(url('/dashboard'));
});

test('an expired session that cannot be refreshed ends on the sign-in page', async ({ page }) => {
  await page.goto(url('/login'));
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(url('/dashboard'));
  await expect(page.getByTestId('stat-userCount')).toContainText('2');
  // Both tokens go bad; the reload on window focus gets a 401 and the refresh fails too.
  await page.evaluate(() => {
    localStorage.setItem(`kg:${location.origin}:accessToken`, 'expired');
    localStorage.setItem(`kg:${location.origin}:refreshToken`, 'revoked');
    window.dispatchEvent(new Event('focus'));
  });
  await expect(page).toHaveURL(url('/login'));
  expect(await page.evaluate(() => localStorage.getItem(`kg:${location.origin}:accessToken`))).toBeNull();
});
