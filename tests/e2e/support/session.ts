import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';

export interface Credentials {
  username: string;
  password: string;
}

export interface Session {
  accessToken: string;
  refreshToken: string;
}

/** Signs in through the API (POST /api/auth/login), as the sign-in form does. */
export async function apiSession(baseUrl: string, who: Credentials): Promise<Session> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: who.username, password: who.password }),
  });
  if (res.status !== 200) throw new Error(`${who.username} could not sign in: ${res.status}`);
  return (await res.json()) as Session;
}

/**
 * Opens `path` already signed in, without the sign-in form: the session goes where the app keeps it
 * (localStorage) before the app's first script runs, so the app loads once, signed in, as after a
 * sign-in. Specs about signing in type the form instead; everything else starts here (or from
 * twoCurators' signedIn), which saves the form and a page load per test.
 *
 * The session is put there by an init script of this tab that acts once per call: it remembers in
 * the tab's sessionStorage that it did, so a reload keeps what the app did since (a refreshed token,
 * a sign-out, a language chosen), and a later call signs in again with its own session and language
 * (two sign-ins within a second may get the same access token: the call, not the token, is the key).
 */
export async function openSignedIn(
  page: Page,
  baseUrl: string,
  who: Credentials | Session,
  path: string,
  /** `beforeOpen` runs on the page, signed in, before it opens `path` (e.g. to listen for its socket). */
  o: { language?: string; beforeOpen?: (page: Page) => void } = {},
): Promise<void> {
  const session = 'accessToken' in who ? who : await apiSession(baseUrl, who);
  await page.addInitScript(
    ([origin, call, a, r, lang]) => {
      const done = `kg-e2e-signed-in:${call}`;
      if (location.origin !== origin || sessionStorage.getItem(done)) return;
      sessionStorage.setItem(done, '1');
      localStorage.setItem(`kg:${origin}:accessToken`, a);
      localStorage.setItem(`kg:${origin}:refreshToken`, r);
      if (lang) localStorage.setItem(`kg:${origin}:language`, lang);
    },
    [new URL(baseUrl).origin, randomUUID(), session.accessToken, session.refreshToken, o.language ?? ''] as const,
  );
  o.beforeOpen?.(page);
  await page.goto(`${baseUrl}${path}`);
}
