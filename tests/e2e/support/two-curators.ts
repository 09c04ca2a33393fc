import type { Browser, Page } from '@playwright/test';
import { contextsClosedAfterEach } from './contexts';
import type { TestServer } from './server';
import { openSignedIn } from './session';

/**
 * Two curators on one server, for the co-curation specs: Ada registers first (and so is the
 * admin), Bea is made by her with the role a spec needs. `api` calls as either of them;
 * `signedIn` opens a page in a fresh browser context already signed in, so two contexts can
 * hold the same record open the way two people would.
 */
export const ada = { username: 'ada', email: 'ada@example.org', password: 'first-pass' };
export const bea = { username: 'bea', email: 'bea@example.org', password: 'second-pass' };
export type Curator = typeof ada;

/** `second` is the other person (Bea unless a spec needs someone else, e.g. a viewer named Vic). */
export function twoCurators(server: () => TestServer, second: Curator = bea) {
  const tokens: Record<string, string> = {};
  // Called at a spec's top level: the contexts `signedIn` opens close after each of its tests.
  const newContext = contextsClosedAfterEach();
  const url = (p: string) => `${server().url}${p}`;

  async function api<T>(p: string, init: { method?: string; body?: unknown; as?: string } = {}): Promise<{ status: number; body: T }> {
    const token = tokens[init.as ?? 'ada'];
    const res = await fetch(url(`/api${p}`), {
      method: init.method ?? 'GET',
      // No token yet (registering, signing in): no header, for a stale "Bearer undefined" is refused with 401.
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.body ? { 'content-type': 'application/json' } : {}) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  }

  async function login(who: Curator) {
    const { status, body } = await api<{ accessToken: string; refreshToken: string }>('/auth/login', { method: 'POST', body: { login: who.username, password: who.password } });
    if (status !== 200) throw new Error(`${who.username} could not sign in: ${status}`);
    return body;
  }

  /** Ada registers (the first account is the admin) and makes the second person with `role`; both get tokens. */
  async function setUp(role: string) {
    if ((await api('/auth/register', { method: 'POST', body: ada })).status !== 201) throw new Error('registering ada failed');
    tokens.ada = (await login(ada)).accessToken;
    if ((await api('/users', { method: 'POST', body: { ...second, role } })).status !== 201) throw new Error(`creating ${second.username} failed`);
    tokens[second.username] = (await login(second)).accessToken;
  }

  /** `beforeOpen` runs on the page before it opens `p` (e.g. to listen for its socket). */
  async function signedIn(browser: Browser, who: Curator, p: string, o: { language?: string; width?: number; beforeOpen?: (page: Page) => void } = {}): Promise<Page> {
    const context = await newContext(browser, { viewport: { width: o.width ?? 1440, height: 900 } });
    const page = await context.newPage();
    await openSignedIn(page, server().url, who, p, o);
    return page;
  }

  return { tokens, url, api, setUp, signedIn };
}
