import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { freePort, seedDataDir } from '../support/server';
import { liveConnection } from '../support/live-connection';
import { contextsClosedAfterEach } from '../support/contexts';

/**
 * Live changes in the browser: two pages of one user; an edit in one shows up in the other's node
 * list, node detail and graph without a reload. The server is src/server/test/instance-process.ts
 * (the app of main.ts plus a control line on stdin that makes an audited change): each edit made
 * through the UI is followed by the same change recorded through audited(), which is what the
 * write routes do once they are wired to the audit trail. With that wiring each edit
 * sends two messages; the screens reload once more, and the test holds either way.
 * Needs `npm run build` first. KG_SHOTS=1 saves screenshots to .tmp/shots/.
 */
test.describe.configure({ mode: 'serial' });

const newContext = contextsClosedAfterEach();
const root = path.resolve(import.meta.dirname, '../../..');
const admin = { username: 'ada', email: 'ada@example.org', password: 'first-pass' };
let base = '';
let server: ChildProcess;
let dataDir = '';
let token = '';
let adminId = '';

async function call<T>(url: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${base}/api${url}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), authorization: `Bearer ${token}` },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  expect(res.ok, `${init.method ?? 'GET'} ${url}: ${res.status} ${text}`).toBe(true);
  return (text ? JSON.parse(text) : null) as T;
}

/** The change the write route records (and the live message it becomes), made in the server process. */
function recorded(entityType: string, entityId: string, action: string, fields: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const onData = (b: Buffer) => {
      const text = b.toString();
      if (!text.includes('change')) return;
      server.stdout!.off('data', onData);
      if (text.includes('changed ')) resolve();
      else reject(new Error(text));
    };
    server.stdout!.on('data', onData);
    const changes = fields.map((field) => ({ field, before: null, after: null }));
    server.stdin!.write(`${JSON.stringify({ actor: { id: adminId, username: admin.username }, events: [{ action, entityType, entityId, changes }] })}\n`);
  });
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kg-e2e-live-'));
  seedDataDir(dataDir, 'empty');
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server/test/instance-process.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, KG_SAMPLE_DATA: '0', LOG_LEVEL: 'warn', KG_AUTH_RATE_LIMIT: '10000', KG_AUTH_ACCOUNT_RATE_LIMIT: '10000' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error('server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  const reg = await fetch(`${base}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
  const body = (await reg.json()) as { accessToken: string; user: { id: string } };
  token = body.accessToken;
  adminId = body.user.id;
  await call('/nodetypes', { method: 'POST', body: { name: 'Disease' } });
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Two pages of one signed-in user (one browser context: the session is shared, as in two tabs). */
async function twoPages(browser: Browser, viewport = { width: 1440, height: 900 }): Promise<[Page, Page]> {
  const context = await newContext(browser, { viewport });
  const first = await context.newPage();
  await first.goto(`${base}/login`);
  await first.getByLabel(/^Username or Email/).fill(admin.username);
  await first.getByLabel(/^Password/).fill(admin.password);
  await first.getByRole('button', { name: 'Sign In' }).click();
  await expect(first).toHaveURL(`${base}/dashboard`);
  return [first, await context.newPage()];
}

async function shot(page: Page, name: string) {
  if (process.env.KG_SHOTS) await page.screenshot({ path: `.tmp/shots/${name}.png`, fullPage: true });
}

const nodeList = (page: Page) => page.getByRole('region', { name: 'Knowledge Nodes' });

test('a node renamed on one page shows renamed in the other page’s list and detail, without a reload', async ({ browser }) => {
  const node = await call<{ id: string }>('/nodes', { method: 'POST', body: { name: 'Live Alpha', nodeType: 'Disease', description: 'Watched from two pages.' } });
  const [editor, watcher] = await twoPages(browser);
  const connected = liveConnection(watcher);
  await watcher.goto(`${base}/nodes`);
  await expect(nodeList(watcher).getByText('Live Alpha', { exact: true })).toBeVisible();
  await connected;
  let navigations = 0;
  watcher.on('framenavigated', () => navigations++);

  await editor.goto(`${base}/nodes/${node.id}/edit`);
  await editor.getByLabel(/^Name/).fill('Live Alpha Renamed');
  await editor.getByRole('button', { name: 'Update Node' }).click();
  await expect(editor).toHaveURL(new RegExp(`/nodes/view/${node.id}$`));
  await recorded('node', node.id, 'update', ['name']);
  await expect(nodeList(watcher).getByText('Live Alpha Renamed', { exact: true })).toBeVisible({ timeout: 3000 });

  // The detail on the watcher follows the next edit too.
  const reconnected = liveConnection(watcher);
  await watcher.goto(`${base}/nodes/view/${node.id}`);
  await expect(watcher.getByRole('heading', { name: 'Live Alpha Renamed' })).toBeVisible();
  await reconnected;
  navigations = 0;
  await call(`/nodes/${node.id}`, { method: 'PUT', body: { name: 'Live Alpha Final', nodeType: 'Disease', description: 'Edited on the other page.' } });
  await recorded('node', node.id, 'update', ['name', 'description']);
  await expect(watcher.getByRole('heading', { name: 'Live Alpha Final' })).toBeVisible({ timeout: 3000 });
  await expect(watcher.getByText('Edited on the other page.')).toBeVisible();
  expect(navigations).toBe(0);
  await editor.context().close();
});

test('a node deleted on one page says so on the other page’s detail, with who deleted it', async ({ browser }) => {
  for (const [viewport, suffix] of [
    [{ width: 1440, height: 900 }, 'desktop'],
    [{ width: 390, height: 844 }, 'phone'],
  ] as const) {
    const node = await call<{ id: string }>('/nodes', { method: 'POST', body: { name: `Live Doomed ${suffix}`, nodeType: 'Disease' } });
    const [, watcher] = await twoPages(browser, viewport);
    const connected = liveConnection(watcher);
    await watcher.goto(`${base}/nodes/view/${node.id}`);
    await expect(watcher.getByRole('heading', { name: `Live Doomed ${suffix}` })).toBeVisible();
    await connected;
    await call(`/nodes/${node.id}`, { method: 'DELETE' });
    await recorded('node', node.id, 'delete', []);
    await expect(watcher.getByText('This node was deleted by ada.')).toBeVisible({ timeout: 3000 });
    await expect(watcher.getByRole('heading', { name: 'Node not found' })).toBeVisible();
    await shot(watcher, `live-node-deleted-${suffix}`);
    await watcher.context().close();
  }
});

test('the open graph says it changed elsewhere and reloads on request', async ({ browser }) => {
  for (const [viewport, suffix] of [
    [{ width: 1440, height: 900 }, 'desktop'],
    [{ width: 390, height: 844 }, 'phone'],
  ] as const) {
    const [, watcher] = await twoPages(browser, viewport);
    const connected = liveConnection(watcher);
    await watcher.goto(`${base}/dashboard`);
    await watcher.getByRole('button', { name: 'Open knowledge graph' }).click();
    const dialog = watcher.getByRole('dialog', { name: 'Enhanced Knowledge Graph Visualization' });
    const subtitle = dialog.getByTestId('graph-subtitle');
    await expect(subtitle).toHaveText(/^\d+ nodes? · /);
    const before = await subtitle.textContent();
    await connected;
    const node = await call<{ id: string }>('/nodes', { method: 'POST', body: { name: `Live Newcomer ${suffix}`, nodeType: 'Disease' } });
    await recorded('node', node.id, 'create', ['name', 'nodeType']);
    const notice = dialog.getByRole('status').filter({ hasText: 'The graph has changed since it was loaded.' });
    await expect(notice).toBeVisible({ timeout: 3000 });
    await expect(subtitle).toHaveText(before ?? ''); // nothing moved under the user's eyes
    await shot(watcher, `live-graph-changed-${suffix}`);
    await notice.getByRole('button', { name: 'Reload' }).click();
    await expect(notice).toHaveCount(0);
    await expect(subtitle).not.toHaveText(before ?? '');
    await watcher.context().close();
  }
});

test('relations: the list follows a rename, the open form offers a review, a deletion is said (phone size)', async ({ browser }) => {
  await call('/relationtypes', { method: 'POST', body: { name: 'treats' } });
  const source = await call<{ id: string }>('/nodes', { method: 'POST', body: { name: 'Live Source', nodeType: 'Disease' } });
  const target = await call<{ id: string }>('/nodes', { method: 'POST', body: { name: 'Live Target', nodeType: 'Disease' } });
  const saved = (relationName: string, weight: number) => ({ relationName, sourceNodeId: source.id, targetNodeId: target.id, relationType: 'treats', weight });
  const relation = await call<{ id: string }>('/relations', { method: 'POST', body: saved('Live link', 10) });
  const [, watcher] = await twoPages(browser, { width: 390, height: 844 });

  const connected = liveConnection(watcher);
  await watcher.goto(`${base}/relations`);
  await expect(watcher.getByText('Live link', { exact: true })).toBeVisible();
  await connected;
  await call(`/relations/${relation.id}`, { method: 'PUT', body: saved('Live link renamed', 10) });
  await recorded('relation', relation.id, 'update', ['relationName']);
  await expect(watcher.getByText('Live link renamed', { exact: true })).toBeVisible({ timeout: 3000 });

  // The form being edited is not replaced under the user's hands: it says so and reloads on request.
  const reconnected = liveConnection(watcher);
  await watcher.goto(`${base}/relations/${relation.id}/edit`);
  const name = watcher.getByLabel(/^Relation Name/);
  await expect(name).toHaveValue('Live link renamed');
  await reconnected;
  await call(`/relations/${relation.id}`, { method: 'PUT', body: saved('Live link final', 20) });
  await recorded('relation', relation.id, 'update', ['relationName', 'weight']);
  const notice = watcher.getByRole('status').filter({ hasText: 'Changed by ada — review' });
  await expect(notice).toBeVisible({ timeout: 3000 });
  await expect(name).toHaveValue('Live link renamed');
  await shot(watcher, 'live-relation-changed-phone');
  // Review compares the form with the record as saved now; taking theirs loads the new values.
  await notice.getByRole('button', { name: 'Review' }).click();
  const comparison = watcher.locator('dialog.kg-conflict');
  await expect(comparison).toBeVisible();
  await comparison.getByRole('button', { name: 'Take theirs' }).click();
  await expect(comparison).toBeHidden();
  await expect(name).toHaveValue('Live link final');
  await expect(notice).toHaveCount(0);

  await call(`/relations/${relation.id}`, { method: 'DELETE' });
  await recorded('relation', relation.id, 'delete', []);
  await expect(watcher.getByText('This relation was deleted by ada.')).toBeVisible({ timeout: 3000 });
  await watcher.context().close();
});
