import { expect, test, type Page } from '@playwright/test';
import { startServer, type TestServer } from '../support/server';
import { openSignedIn } from '../support/session';

/**
 * Page titles and the unsaved-changes rule, each as a user meets it: one title per page (the
 * top bar's, with the spec's page titles), the phone top bar keeping a long title whole, the
 * floating graph button clear of the last card, stat cards never 3 + 1, the relation card's end
 * types in their colours, Settings saying a username is taken while it is typed, and forms that
 * ask before their changes are lost. Screenshots go to .tmp/screens. Needs `npm run build` first.
 */
test.describe.configure({ mode: 'serial' });

const admin = { username: 'ada', email: 'ada@example.org', password: 'first-pass' };
const other = { username: 'taken-name', email: 'taken@example.org', password: 'other-pass' };
const shots = '.tmp/screens';
let server: TestServer;
let token = '';
const field = (label: string) => new RegExp(`^${label}\\*?$`);

async function call<T>(path: string, body?: unknown, method = body === undefined ? 'GET' : 'POST'): Promise<T> {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

const signIn = (page: Page, path: string) => openSignedIn(page, server.url, admin, path);

const topBarTitle = (page: Page) => page.locator('.kg-topbar__title');

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer();
  token = (await call<{ accessToken: string }>('/auth/register', admin)).accessToken;
  await call('/auth/register', other);
  for (const name of ['Disease', 'Symptom']) await call('/nodetypes', { name });
  await call('/relationtypes', { name: 'symptom of' });
  const ids: Record<string, string> = {};
  for (const [name, nodeType] of [['Migraine', 'Disease'], ['Headache', 'Symptom'], ['Nausea', 'Symptom']]) {
    ids[name] = (await call<{ id: string }>('/nodes', { name, nodeType })).id;
  }
  for (const source of ['Headache', 'Nausea']) {
    await call('/relations', { relationName: `${source.toLowerCase()} in migraine`, sourceNodeId: ids[source], targetNodeId: ids.Migraine, relationType: 'symptom of' });
  }
});
test.afterAll(async () => {
  await server?.stop();
});

test('one title per page: the top bar shows the spec page title and the screen does not repeat it', async ({ page }) => {
  await signIn(page, '/nodes');
  await expect(topBarTitle(page)).toHaveText('Knowledge Nodes');
  await expect(page.getByText('Manage your knowledge nodes')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Knowledge Nodes' })).toHaveCount(1);
  await page.screenshot({ path: `${shots}/nodes-1440.png` });

  await page.goto(`${server.url}/snomed`);
  await expect(topBarTitle(page)).toHaveText('SNOMED CT Management');
  await expect(page.getByRole('heading', { name: 'SNOMED CT Management' })).toHaveCount(1);

  // The relation form: one title and one Back (the top bar's), not two of each.
  await page.goto(`${server.url}/relations/new`);
  await expect(topBarTitle(page)).toHaveText('Create New Relation');
  await expect(page.getByLabel(field('Relation Name'))).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create New Relation' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: /^Back/ })).toHaveCount(1);
  await page.screenshot({ path: `${shots}/relation-form-1440.png` });
});

test('phone: the top bar keeps "Create New Knowledge Node" whole, and Back keeps its name', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, '/nodes/new');
  const title = topBarTitle(page);
  await expect(title).toHaveText('Create New Knowledge Node');
  // Clamped to two lines: cut text would overflow the box (it read 'Crea…').
  const fits = await title.evaluate((el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1);
  expect(fits).toBe(true);
  await expect(page.getByRole('button', { name: 'Back', exact: true })).toBeVisible();
  await page.screenshot({ path: `${shots}/node-form-390.png` });
});

test('phone: the floating graph button leaves the last card\'s Delete clickable', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, '/dashboard');
  const cards = page.getByTestId('relation-card');
  await expect(cards).toHaveCount(2);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const remove = cards.last().getByRole('button', { name: 'Delete' });
  await expect(remove).toBeInViewport();
  const hit = await remove.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!top && el.contains(top);
  });
  expect(hit).toBe(true);
  const [fab, del] = [await page.getByRole('button', { name: 'Open knowledge graph' }).boundingBox(), await remove.boundingBox()];
  expect(fab!.y).toBeGreaterThanOrEqual(del!.y + del!.height);
  await page.screenshot({ path: `${shots}/dashboard-bottom-390.png` });
});

test('relation cards show each end\'s type in its stored colour', async ({ page }) => {
  await signIn(page, '/dashboard');
  const colors = Object.fromEntries((await call<{ name: string; color: string }[]>('/nodetypes')).map((t) => [t.name, t.color]));
  const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
  const card = page.getByTestId('relation-card').filter({ hasText: 'headache in migraine' });
  const chips = card.locator('.kg-dash-end__chip');
  await expect(chips).toHaveText(['Symptom', 'Disease']);
  await expect(chips.first()).toHaveCSS('background-color', rgb(colors.Symptom));
  await expect(chips.last()).toHaveCSS('background-color', rgb(colors.Disease));
});

test('stat cards at 1,024 px: two by two, at 1,440 px: four in a row, never three and one', async ({ page }) => {
  const rows = async () => {
    const tops = await page.locator('.kg-stat').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    const perRow = new Map<number, number>();
    for (const t of tops) perRow.set(t, (perRow.get(t) ?? 0) + 1);
    return [...perRow.values()];
  };
  await page.setViewportSize({ width: 1024, height: 768 });
  await signIn(page, '/dashboard');
  await expect(page.getByTestId('stat-nodeCount')).toContainText('3');
  expect(await rows()).toEqual([2, 2]);
  await page.screenshot({ path: `${shots}/dashboard-1024.png` });
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect.poll(rows).toEqual([4]);
});

test('Settings says "This username is already taken" while it is typed, before Save', async ({ page }) => {
  const checks: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/auth/check-username')) checks.push(r.postData() ?? '');
  });
  await signIn(page, '/settings');
  await page.getByRole('button', { name: 'Edit' }).click();
  const username = page.getByLabel(field('Username'));
  await username.fill('');
  // Keys one after another without a pause: a delay between them, stretched past the debounce by a
  // busy machine, made the test see two checks where a typist pausing there would see two too.
  await username.pressSequentially(other.username);
  await expect(page.getByText('This username is already taken')).toBeVisible();
  expect(checks).toHaveLength(1); // debounced: one check for the value the user stopped at
  await username.fill('free-name');
  await expect(page.getByText('This username is already taken')).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancel' }).click();
});

test.describe('unsaved changes', () => {
  test('node form: leaving through the drawer asks; Stay keeps the text, Leave goes', async ({ page }) => {
    await signIn(page, '/nodes/new');
    const name = page.getByRole('textbox', { name: field('Name') });
    await name.fill('Half-typed node');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' }).click();
    const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(ask).toContainText('You have unsaved changes.');
    await page.screenshot({ path: `${shots}/unsaved-prompt-1440.png` });
    await ask.getByRole('button', { name: 'Stay' }).click();
    await expect(ask).toBeHidden();
    await expect(page).toHaveURL(/\/nodes\/new$/);
    await expect(name).toHaveValue('Half-typed node');

    // The top bar's Back asks too; Leave goes.
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await ask.getByRole('button', { name: 'Leave' }).click();
    await expect(page).not.toHaveURL(/\/nodes\/new$/);
  });

  test('an untouched form, a cancelled one and a saved one leave without asking', async ({ page }) => {
    await signIn(page, '/relations/new');
    await expect(page.getByLabel(field('Relation Name'))).toBeVisible();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // Cancel is the user's own choice to drop the changes.
    await page.getByRole('button', { name: 'Add New Relation' }).click();
    await page.getByLabel(field('Relation Name')).fill('dropped on purpose');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toHaveCount(0);

    await page.goto(`${server.url}/nodes/new`);
    await page.getByRole('textbox', { name: field('Name') }).fill('Saved node');
    const type = page.getByRole('combobox', { name: field('Node Type') });
    await type.click();
    await type.fill('Dis');
    await page.getByRole('listbox', { name: field('Node Type') }).getByRole('option', { name: 'Disease', exact: true }).click();
    await page.getByRole('button', { name: 'Create Node' }).click();
    await expect(page).toHaveURL(/\/nodes$/); // saved: straight on, no question
    await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toHaveCount(0);
  });

  test('relation form: the browser back button asks', async ({ page }) => {
    await signIn(page, '/dashboard');
    await page.getByRole('button', { name: 'Add New Relation' }).click(); // in the app: one document
    await expect(page).toHaveURL(/\/relations\/(new|create)$/);
    await page.getByLabel(field('Relation Name')).fill('draft relation');
    await page.goBack();
    const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(/\/relations\/(new|create)$/);
    await expect(page.getByLabel(field('Relation Name'))).toHaveValue('draft relation');
  });

  test('closing the tab asks (beforeunload) while a type dialog or Settings holds changes', async ({ page }) => {
    await signIn(page, '/dashboard');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Node Types' }).click();
    await page.getByRole('button', { name: 'Add Node Type' }).click();
    await page.getByRole('dialog', { name: 'Add Node Type' }).getByLabel(field('Node Type Name')).fill('Anatomy');
    const asked: string[] = [];
    page.on('dialog', (d) => {
      asked.push(d.type());
      void d.dismiss(); // stay
    });
    const tryToClose = () => page.close({ runBeforeUnload: true });
    await tryToClose();
    await expect.poll(() => asked).toEqual(['beforeunload']);
    await expect(page.getByRole('dialog', { name: 'Add Node Type' }).getByLabel(field('Node Type Name'))).toHaveValue('Anatomy');

    // In-app navigation asks from the dialog too (the modal dialog leaves only the browser's back button).
    await page.goBack();
    await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toBeVisible();
    await page.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // Settings: editing with a change asks; an unchanged edit does not.
    await page.goto(`${server.url}/settings`);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Mobile Number').fill('+1 555 0100');
    await tryToClose();
    await expect.poll(() => asked).toEqual(['beforeunload', 'beforeunload']);
    await expect(page.getByLabel('Mobile Number')).toHaveValue('+1 555 0100');
    // Back to what it was: nothing to lose, the tab closes without asking.
    await page.getByLabel('Mobile Number').fill('');
    await tryToClose();
    await expect.poll(() => page.isClosed()).toBe(true);
    expect(asked).toHaveLength(2);
  });
});
