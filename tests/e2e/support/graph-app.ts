import { expect, type Page } from '@playwright/test';
import { clickAt, enableGraphDebug, nodeNamed, settled } from './graph-helpers';
import type { TestServer } from './server';
import { openSignedIn } from './session';

/** The host app's graph dialog on a server with the sample graph, signed in as the first (admin) account. */
export const admin = { username: 'ada', email: 'ada@example.org', password: 'first-pass' };

export function graphApp(getServer: () => TestServer) {
  let token = '';
  const url = (path: string) => `${getServer().url}${path}`;

  async function registerAdmin() {
    const res = await fetch(url('/api/auth/register'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
    token = ((await res.json()) as { accessToken: string }).accessToken;
  }

  async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
    const res = await fetch(url(`/api${path}`), {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  }

  const nodeId = async (name: string) => (await api<{ data: { id: string; name: string }[] }>(`/nodes?search=${encodeURIComponent(name)}`)).body.data.find((n) => n.name === name)!.id;

  const dialog = (page: Page) => page.getByRole('dialog', { name: 'Enhanced Knowledge Graph Visualization' });

  /** Every GET /api/graph the page makes. */
  const graphCalls = (page: Page) => {
    const calls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/graph') calls.push(r.url());
    });
    return calls;
  };

  /** The dashboard, signed in as the admin (through the API: see session.ts). */
  async function signIn(page: Page) {
    await enableGraphDebug(page);
    await openSignedIn(page, getServer().url, admin, '/dashboard');
    await expect(page).toHaveURL(url('/dashboard'));
  }

  async function openGraph(page: Page) {
    await signIn(page);
    await page.getByRole('button', { name: 'Open knowledge graph' }).click();
    await expect(dialog(page)).toBeVisible();
    return settled(page);
  }

  /** Centres a node with the find box. */
  async function find(page: Page, name: string) {
    await dialog(page).getByRole('combobox', { name: 'Find a node' }).fill(name);
    await dialog(page).getByRole('option', { name: new RegExp(`^${name}`) }).first().click();
    return nodeNamed(await settled(page), name);
  }

  /** The focused view through the find box and the node popover's 'Focus on this node'. */
  async function focusOn(page: Page, name: string) {
    await clickAt(page, await find(page, name), { button: 'right' });
    await dialog(page).getByRole('dialog', { name }).getByRole('button', { name: 'Focus on this node' }).click();
    await expect(dialog(page).getByTestId('graph-subtitle')).toHaveText(`Relations for ${name}`);
    return settled(page);
  }

  return { url, registerAdmin, api, nodeId, dialog, graphCalls, signIn, openGraph, find, focusOn };
}
