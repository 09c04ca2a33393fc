import { expect, test, type Browser, type Page } from '@playwright/test';
import path from 'node:path';
import type { TestProvider } from '../../../src/server/test/identity-provider';
import { startServer, type TestServer } from '../support/server';
import { startSsoServer } from '../support/sso-server';
import { openSignedIn } from '../support/session';
import { contextsClosedAfterEach } from '../support/contexts';

/**
 * The Users screen's single sign-on part of the edit dialog, on a server signing in with a real
 * OpenID provider (oidc-provider in this process): an admin links a local account to the person's
 * subject (the person then signs in with the provider into it), sees the server's refusals, and
 * unlinks; a user manager who is no admin sees the link only; without SSO the part is not there.
 * Screenshots (1440 and 390, English and German) go to .tmp/screens. Needs `npm run build` first.
 */
test.describe.configure({ mode: 'serial' });

const newContext = contextsClosedAfterEach();
const SCREENS = path.resolve('.tmp/screens');
let idp: TestProvider;
let server: TestServer;
const admin = { username: 'ada', email: 'ada@example.org', password: 'first-pass' };
const manager = { username: 'mia', email: 'mia@example.org', password: 'Str0ng-pass-1' };

async function call<T>(base: string, path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}
const tokenOf = async (base: string, who: { username: string; password: string }) =>
  (await call<{ accessToken: string }>(base, '/auth/login', { method: 'POST', body: { login: who.username, password: who.password } })).body.accessToken;
async function createUser(base: string, username: string, role = 'viewer') {
  const res = await call<{ id: string }>(base, '/users', {
    method: 'POST',
    token: await tokenOf(base, admin),
    body: { username, email: `${username}@hospital.example`, password: 'Str0ng-pass-1', role },
  });
  expect(res.status).toBe(201);
  return res.body.id;
}
const linkByApi = async (base: string, id: string, subject: string) =>
  expect((await call(base, `/users/${id}/sso-identity`, { method: 'PUT', token: await tokenOf(base, admin), body: { subject } })).status).toBe(200);

/** Opens the Users screen signed in (tokens in localStorage, as after a sign-in), in a language. */
async function openUsers(browser: Browser, base: string, who: { username: string; password: string }, width: number, language = 'en'): Promise<Page> {
  const context = await newContext(browser, { viewport: { width, height: 900 } });
  const page = await context.newPage();
  await openSignedIn(page, base, who, '/admin/users', { language });
  return page;
}
async function editDialog(page: Page, username: string, german = false) {
  const title = german ? 'Benutzer bearbeiten' : 'Edit User';
  await page.getByRole('button', { name: german ? `${username} bearbeiten` : `Edit ${username}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  ({ idp, server } = await startSsoServer());
  idp.accounts.set('hana.s', { preferred_username: 'hana.s', email: 'hana@hospital.example', email_verified: true, groups: [] });
  expect((await call(server.url, '/auth/register', { method: 'POST', body: admin })).status).toBe(201);
});
test.afterAll(async () => {
  await server?.stop();
  await idp?.close();
});

test('an admin links a local account to the provider subject; the person then signs in with the provider into it', async ({ browser }) => {
  const hana = await createUser(server.url, 'hana');
  const page = await openUsers(browser, server.url, admin, 1440);
  const dialog = await editDialog(page, 'hana');
  const sso = dialog.getByRole('region', { name: 'Single sign-on' });
  await expect(sso).toContainText('Not linked to Hospital Login');

  // Bad input is said at the field, before anything is sent.
  await sso.getByRole('button', { name: 'Link' }).click();
  await expect(sso.getByLabel('Subject at the provider')).toHaveAccessibleDescription(/Enter the subject: 1 to 255 characters\./);
  await sso.getByLabel('Subject at the provider').fill('hana.s');
  await page.screenshot({ path: path.join(SCREENS, 'sso-link-1440-en.png') });
  await sso.getByLabel('Subject at the provider').press('Enter');
  await expect(sso).toContainText('Linked to Hospital Login');
  await expect(sso.locator('.kg-user-sso__subject')).toHaveText('hana.s');
  await expect(sso.getByRole('status')).toHaveText('The account is linked.');
  // Enter linked the subject and left the user form open.
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: path.join(SCREENS, 'sso-linked-1440-en.png') });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The person signs in with the provider and lands in the linked account.
  const person = await newContext(browser, { viewport: { width: 1440, height: 900 } });
  const personPage = await person.newPage();
  await personPage.goto(`${server.url}/login`);
  await personPage.getByRole('button', { name: 'Sign in with Hospital Login' }).click();
  await personPage.getByLabel('Staff ID').fill('hana.s');
  await personPage.getByRole('button', { name: 'Continue' }).click();
  await expect(personPage).toHaveURL(new RegExp(`^${server.url}/`));
  await personPage.getByRole('button', { name: 'Account' }).click();
  await expect(personPage.getByRole('menu')).toContainText('hana');
  await expect(personPage.getByRole('menu')).not.toContainText('hana.s');
  await person.close();

  // Reopened, the dialog shows the link with its last sign-in; the admin unlinks it.
  await page.reload();
  const again = await editDialog(page, 'hana');
  const linked = again.getByRole('region', { name: 'Single sign-on' });
  await expect(linked).toContainText('Linked to Hospital Login');
  await expect(linked).not.toContainText('Never');
  await linked.getByRole('button', { name: 'Unlink' }).click();
  // It asks first: Cancel keeps the link, the confirming Unlink removes it.
  const confirm = linked.getByRole('group', { name: 'Unlink' });
  await expect(confirm).toContainText('Its sign-ins through Hospital Login end now');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(linked).toContainText('Linked to Hospital Login');
  await linked.getByRole('button', { name: 'Unlink' }).click();
  await linked.getByRole('group', { name: 'Unlink' }).getByRole('button', { name: 'Unlink' }).click();
  await expect(linked).toContainText('Not linked to Hospital Login');
  await expect(linked.getByRole('status')).toContainText('The link is removed');
  const users = await call<{ data: { id: string; ssoIdentity?: unknown }[] }>(server.url, '/users', { token: await tokenOf(server.url, admin) });
  expect(users.body.data.find((u) => u.id === hana)?.ssoIdentity).toBeNull();
  await page.context().close();
});

test('the dialog shows the server’s refusals: a subject another account holds, an account linked meanwhile', async ({ browser }) => {
  const ivan = await createUser(server.url, 'ivan');
  await linkByApi(server.url, ivan, 'ivan.k');
  const jo = await createUser(server.url, 'jo');
  const page = await openUsers(browser, server.url, admin, 1440);
  const sso = (await editDialog(page, 'jo')).getByRole('region', { name: 'Single sign-on' });
  await sso.getByLabel('Subject at the provider').fill('ivan.k');
  await sso.getByRole('button', { name: 'Link' }).click();
  await expect(sso.getByLabel('Subject at the provider')).toHaveAccessibleDescription(/already belongs to an account here/);
  await expect(sso.getByLabel('Subject at the provider')).toHaveAttribute('aria-invalid', 'true');

  // Another admin links jo while this dialog is open: this one is told, not silently re-linked.
  await linkByApi(server.url, jo, 'jo.p');
  await sso.getByLabel('Subject at the provider').fill('jo.q');
  await sso.getByRole('button', { name: 'Link' }).click();
  await expect(sso.getByRole('alert')).toHaveText('This account is already linked to the identity provider.');
  await page.context().close();
});

test('a user manager who is no admin sees the link but cannot change it', async ({ browser }) => {
  const adminToken = await tokenOf(server.url, admin);
  // The grant rules let a role manage only accounts whose role it covers: the viewer's permissions and the users'.
  const roles = await call<{ name: string; permissions: string[] }[]>(server.url, '/roles', { token: adminToken });
  const viewer = roles.body.find((r) => r.name === 'viewer')!.permissions;
  const role = await call(server.url, '/roles', { method: 'POST', token: adminToken, body: { name: 'User managers', permissions: [...viewer, 'users.read', 'users.update'] } });
  expect(role.status).toBe(201);
  expect((await call(server.url, '/users', { method: 'POST', token: adminToken, body: { ...manager, role: 'User managers' } })).status).toBe(201);
  const page = await openUsers(browser, server.url, manager, 1440);
  const sso = (await editDialog(page, 'ivan')).getByRole('region', { name: 'Single sign-on' });
  await expect(sso).toContainText('Linked to Hospital Login');
  await expect(sso.locator('.kg-user-sso__subject')).toHaveText('ivan.k');
  await expect(sso).toContainText('Only administrators can link an account to the identity provider.');
  await expect(sso.getByRole('button')).toHaveCount(0);
  await page.context().close();
});

test('screenshots in English and German, wide and narrow', async ({ browser }) => {
  for (const [language, width] of [['en', 390], ['de', 1440], ['de', 390]] as const) {
    const page = await openUsers(browser, server.url, admin, width, language);
    const de = language === 'de';
    const dialog = await editDialog(page, 'ivan', de);
    const sso = dialog.getByRole('region', { name: de ? 'Single Sign-on' : 'Single sign-on' });
    await expect(sso).toContainText(de ? 'Verknüpft mit Hospital Login' : 'Linked to Hospital Login');
    await sso.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENS, `sso-linked-${width}-${language}.png`) });
    await sso.getByRole('button', { name: de ? 'Verknüpfung lösen' : 'Unlink' }).click();
    const confirm = sso.getByRole('group');
    await expect(confirm).toContainText(de ? 'Verknüpfung dieses Kontos lösen?' : 'Unlink this account?');
    await page.screenshot({ path: path.join(SCREENS, `sso-unlink-confirm-${width}-${language}.png`) });
    await confirm.getByRole('button', { name: de ? 'Abbrechen' : 'Cancel' }).click();
    await dialog.getByRole('button', { name: de ? 'Abbrechen' : 'Cancel' }).click();
    const unlinked = (await editDialog(page, 'hana', de)).getByRole('region', { name: de ? 'Single Sign-on' : 'Single sign-on' });
    await unlinked.getByRole('button', { name: de ? 'Verknüpfen' : 'Link' }).click();
    await expect(unlinked.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
    await unlinked.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENS, `sso-link-${width}-${language}.png`) });
    await page.context().close();
  }
});

test('without single sign-on the dialog has no single sign-on part', async ({ browser }) => {
  test.setTimeout(120_000);
  const plain = await startServer();
  try {
    expect((await call(plain.url, '/auth/register', { method: 'POST', body: admin })).status).toBe(201);
    await createUser(plain.url, 'lena');
    const page = await openUsers(browser, plain.url, admin, 1440);
    const dialog = await editDialog(page, 'lena');
    await expect(dialog.getByLabel('Email Address')).toBeVisible();
    await expect(dialog).not.toContainText('Single sign-on');
    await expect(dialog.getByRole('region', { name: 'Single sign-on' })).toHaveCount(0);
    await page.context().close();
  } finally {
    await plain.stop();
  }
});
